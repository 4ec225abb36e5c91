/**
 * Differential evaluation of a validate pattern: the kyverno.io rule through the JMESPath family, the translation
 * as a ValidatingPolicy through the CEL family, both with `acceptPolicy` and the processor (`evaluate`, int64
 * numbers as in admission). Verdicts: `pass`, `fail` (Kyverno's fail and error), `skip` (Kyverno's skip; the
 * ValidatingPolicy's `matchConditions` excluding the resource), `error` (the CEL evaluation failed).
 */
import { acceptPolicy } from '../../src/evaluate/family.js';
import { evaluate } from '../../src/evaluate/evaluate.js';
import type { CompiledPolicy } from '../../src/evaluate/types.js';
import type { JsonObject, JsonValue } from '../../src/types.js';
import type { PatternCel } from '../../src/migrate/pattern.js';

/** `go-text`: the translation's deliberate error where Kyverno compares a non-integral number by its Go text. */
export type Verdict = 'pass' | 'fail' | 'skip' | 'error' | 'go-text';

function accept(document: JsonObject): CompiledPolicy {
  const accepted = acceptPolicy(document);
  if (accepted.status !== 'accepted') throw new Error(`policy not accepted: ${JSON.stringify(accepted).slice(0, 2000)}`);
  return accepted.policy;
}

/** A one-rule ClusterPolicy validating `kind` with the pattern (or anyPattern). */
export function kyvernoPolicy(kind: string, validate: { pattern?: JsonValue; anyPattern?: JsonValue[] }): CompiledPolicy {
  return accept({
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: { name: 'pattern', annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'none' } },
    spec: {
      validationFailureAction: 'Audit',
      background: true,
      rules: [{ name: 'check', match: { any: [{ resources: { kinds: [kind] } }] }, validate: { message: 'denied', ...validate } as JsonObject }],
    },
  });
}

/** A ValidatingPolicy with the translation: the validation, and the skip condition as a match condition. */
export function celPolicy(cel: PatternCel): CompiledPolicy {
  const spec: JsonObject = {
    matchConstraints: { resourceRules: [{ apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], operations: ['CREATE', 'UPDATE'] }] },
    validations: [{ expression: cel.expression, message: 'denied' }],
  };
  if (cel.skipWhen !== undefined) spec.matchConditions = [{ name: 'pattern-applies', expression: `!(${cel.skipWhen})` }];
  return accept({ apiVersion: 'policies.kyverno.io/v1', kind: 'ValidatingPolicy', metadata: { name: 'pattern' }, spec });
}

export function kyvernoVerdict(policy: CompiledPolicy, resource: JsonObject): { verdict: Verdict; message: string } {
  const rules = evaluate([policy], resource).flatMap((r) => r.response.rules);
  if (rules.length !== 1) throw new Error(`expected one rule response, got ${JSON.stringify(rules)}`);
  const { status, message } = rules[0]!;
  if (status === 'pass' || status === 'skip') return { verdict: status, message };
  if (status === 'fail' || status === 'error') return { verdict: 'fail', message };
  throw new Error(`unexpected status ${status}`);
}

export function celVerdict(policy: CompiledPolicy, resource: JsonObject): { verdict: Verdict; message: string } {
  const rules = evaluate([policy], resource).flatMap((r) => r.response.rules);
  if (rules.length === 0) return { verdict: 'skip', message: '' };
  if (rules.length !== 1) throw new Error(`expected one rule response, got ${JSON.stringify(rules)}`);
  const { status, message } = rules[0]!;
  // A false match condition: the policy does not apply.
  if (status === 'pass' || status === 'fail' || status === 'skip') return { verdict: status, message };
  return { verdict: /cannot convert to int/.test(message) ? 'go-text' : 'error', message };
}
