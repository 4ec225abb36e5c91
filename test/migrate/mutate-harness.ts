/**
 * @file Both evaluations of a mutate rule: the kyverno.io ClusterPolicy through the JMESPath family, its migration
 * (MutatingPolicy documents) through the CEL family, on the same resource and request. Outcomes: the rule status
 * (`pass`, `skip`, `error`, or `none` when the rule does not apply) and the resource after the policies.
 */
import { acceptPolicy } from '../../src/evaluate/family.js';
import { evaluate, type EvaluateOptions } from '../../src/evaluate/evaluate.js';
import type { CompiledPolicy } from '../../src/evaluate/types.js';
import type { JsonObject } from '../../src/types.js';
import type { Policy } from '../../src/families/kyverno/policy/types.js';
import { migratePolicy, type PolicyMigration } from '../../src/migrate/policy.js';

export type Status = 'pass' | 'skip' | 'error' | 'none';

export interface MutateOutcome {
  readonly status: Status;
  readonly resource: JsonObject;
  readonly message: string;
}

function accept(document: JsonObject): CompiledPolicy {
  const accepted = acceptPolicy(document);
  if (accepted.status !== 'accepted') throw new Error(`policy not accepted: ${JSON.stringify(accepted).slice(0, 3000)}\n${JSON.stringify(document, null, 2)}`);
  return accepted.policy;
}

/** A one-rule ClusterPolicy. */
export function clusterPolicy(rule: JsonObject, annotations: Record<string, string> = {}): JsonObject {
  return {
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: { name: 'mutation', annotations },
    spec: { rules: [{ name: 'mutate', ...rule }] },
  };
}

export function migrate(document: JsonObject): PolicyMigration {
  return migratePolicy(document as unknown as Policy, document);
}

function outcome(policies: readonly CompiledPolicy[], resource: JsonObject, options: EvaluateOptions): MutateOutcome {
  const responses = evaluate(policies, resource, { numberMode: 'float64', ...options }).filter((r) => r.kind === 'mutate');
  const rules = responses.flatMap((r) => r.response.rules);
  let current = resource;
  for (const r of responses) if (r.response.patchedResource !== undefined) current = r.response.patchedResource;
  if (rules.length === 0) return { status: 'none', resource: current, message: '' };
  if (rules.length !== 1) throw new Error(`expected one rule response, got ${JSON.stringify(rules)}`);
  const { status, message } = rules[0]!;
  if (status !== 'pass' && status !== 'skip' && status !== 'error') throw new Error(`unexpected status ${status}: ${message}`);
  return { status, resource: status === 'error' ? resource : current, message };
}

/** Kyverno's outcome for the policy document. */
export function kyvernoOutcome(document: JsonObject, resource: JsonObject, options: EvaluateOptions = {}): MutateOutcome {
  return outcome([accept(document)], resource, options);
}

/** The outcome of the migrated documents (every rule translated). */
export function celOutcome(migration: PolicyMigration, resource: JsonObject, options: EvaluateOptions = {}): MutateOutcome {
  if (migration.remainder !== null) throw new Error(`not translated: ${JSON.stringify(migration.untranslatable)}`);
  return outcome(
    migration.translated.map((t) => accept(t.document)),
    resource,
    options,
  );
}
