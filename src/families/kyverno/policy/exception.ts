/**
 * @file PolicyException (`kyverno.io/v2`, `kyverno.io/v2beta1`): decoding, and which exceptions apply to a
 * rule of a policy (kyverno/kyverno api/kyverno/v2/policy_exception_types.go, pkg/engine/utils/exceptions.go).
 */
import type { CompiledException } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { wildcardMatch } from '../../../util/wildcard.js';
import { checkPolicyException } from './check.js';
import type { Conditions, MatchResources, PodSecurityExclude } from './types.js';
import { isObject } from '../../../util/json-value.js';

interface ExceptionTarget {
  /** `<name>` for a ClusterPolicy, `<namespace>/<name>` for a Policy. */
  policyName: string;
  /** Rule names, with `*`/`?` wildcards (autogen names must be listed or wildcarded). */
  ruleNames: string[];
}

/** A `kyverno.io` PolicyException, decoded. */
export interface PolicyException extends CompiledException {
  readonly family: 'kyverno';
  name: string;
  namespace: string;
  /** Kyverno's exception key (`MetaNamespaceKeyFunc`): `<namespace>/<name>`, or `<name>` without namespace. */
  key: string;
  exceptions: ExceptionTarget[];
  match: MatchResources;
  conditions?: Conditions;
  podSecurity?: PodSecurityExclude[];
}

const EXCEPTION_API_VERSIONS = new Set(['kyverno.io/v2', 'kyverno.io/v2beta1']);

/** Whether a document is a Kyverno PolicyException (not the CEL one of policies.kyverno.io). */
export function isPolicyException(value: JsonValue): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    value.kind === 'PolicyException' &&
    typeof value.apiVersion === 'string' &&
    EXCEPTION_API_VERSIONS.has(value.apiVersion)
  );
}

function strings(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Decodes a PolicyException document; returns the error text when its shape is wrong. */
export function decodePolicyException(document: JsonObject): PolicyException | string {
  const metadata = isObject(document.metadata) ? document.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  if (name === '') return 'PolicyException: metadata.name is required';
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : '';
  const spec = document.spec;
  if (!isObject(spec)) return `PolicyException ${name}: spec is required`;
  const shape = checkPolicyException(document)[0];
  if (shape !== undefined) return `PolicyException ${name}: ${shape.message}`;
  if (!Array.isArray(spec.exceptions) || spec.exceptions.length === 0) return `PolicyException ${name}: spec.exceptions is required`;
  const exceptions: ExceptionTarget[] = [];
  for (const entry of spec.exceptions) {
    if (!isObject(entry) || typeof entry.policyName !== 'string') {
      return `PolicyException ${name}: every spec.exceptions entry needs a policyName`;
    }
    exceptions.push({ policyName: entry.policyName, ruleNames: strings(entry.ruleNames) });
  }
  const exception: PolicyException = {
    family: 'kyverno',
    name,
    namespace,
    key: namespace === '' ? name : `${namespace}/${name}`,
    exceptions,
    match: (isObject(spec.match) ? spec.match : {}) as MatchResources,
  };
  if (spec.conditions !== undefined && spec.conditions !== null) exception.conditions = spec.conditions as Conditions;
  if (Array.isArray(spec.podSecurity)) exception.podSecurity = spec.podSecurity as unknown as PodSecurityExclude[];
  return exception;
}

/**
 * The `kyverno.io` exceptions among `exceptions` naming this policy (`policyKey`: `<name>`, or
 * `<namespace>/<name>` for a Policy) and a rule name pattern that matches `ruleName`.
 */
export function exceptionsFor(exceptions: readonly CompiledException[], policyKey: string, ruleName: string): PolicyException[] {
  const out: PolicyException[] = [];
  for (const candidate of exceptions) {
    if (candidate.family !== 'kyverno') continue;
    const exception = candidate as PolicyException;
    if (exception.exceptions.some((target) => target.policyName === policyKey && target.ruleNames.some((pattern) => wildcardMatch(pattern, ruleName)))) out.push(exception);
  }
  return out;
}
