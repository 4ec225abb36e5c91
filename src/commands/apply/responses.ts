/**
 * @file One engine response as `kyverno apply` counts and prints it, by the kind of its policy (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/result.go, `ResultCounts`; commands/apply/command.go, the failed-rules
 * block; commands/apply/table.go, `printTable`). `kyverno.io` policies: validation failures become warnings for
 * unscored policies or Audit policies with `--audit-warn`, mutate rules count with their status, a generate rule
 * counts as a pass only when it passed. The CEL kinds are counted by kind, never turning a failure into a
 * warning in the counters, and every CEL policy counts as one rule in `Applying N policy rule(s)`.
 */
import { policyKindOf } from '../../evaluate/kinds.js';
import type { ResourceDocument } from '../../evaluate/resource.js';
import { policyReference, type CompiledPolicy, type PolicyResponse } from '../../evaluate/types.js';
import { locate } from '../../source/index.js';
import type { RuleResponse, RuleStatus, SourceLocation } from '../../types.js';
import type { ResourceSet } from '../load/resources.js';
import { resourcePath } from './mutations.js';
import type { ApplyResponse, ApplyResponseKind, ApplyRuleResult } from './output.js';

export interface ApplySettings {
  auditWarn: boolean;
  /** The labels of a namespace: from the values file, else from the mocked cluster's Namespace. */
  namespaceLabels: (namespace: string) => Record<string, string> | undefined;
}

/**
 * How the responses of a CEL policy kind are counted (processor/result.go):
 * - `validating`: `AddValidatingPolicyResponse` (ValidatingPolicy, ImageValidatingPolicy, DeletingPolicy):
 *   pass, fail, error and skip;
 * - `validating-admission`: `addValidatingAdmissionResponse` (ValidatingAdmissionPolicy): pass, fail and error,
 *   a skip is not counted;
 * - `mutating`: `addMutateResponse` (MutatingPolicy): pass, fail, skip and error, and the response is counted
 *   twice (policy_processor.go adds it, then `processMutateEngineResponse` adds it again);
 * - `mutating-admission`: `addMutateResponse` once (MutatingAdmissionPolicy);
 * - `generating`: `addGenerateResponse` (GeneratingPolicy): every status.
 */
type CelCounting = 'validating' | 'validating-admission' | 'mutating' | 'mutating-admission' | 'generating';

const CEL_COUNTING: Readonly<Record<string, CelCounting>> = {
  ValidatingPolicy: 'validating',
  NamespacedValidatingPolicy: 'validating',
  ImageValidatingPolicy: 'validating',
  NamespacedImageValidatingPolicy: 'validating',
  DeletingPolicy: 'validating',
  NamespacedDeletingPolicy: 'validating',
  ValidatingAdmissionPolicy: 'validating-admission',
  MutatingPolicy: 'mutating',
  NamespacedMutatingPolicy: 'mutating',
  MutatingAdmissionPolicy: 'mutating-admission',
  GeneratingPolicy: 'generating',
  NamespacedGeneratingPolicy: 'generating',
};

/** The statuses each counting adds to (a status not listed is not counted). */
const COUNTED: Readonly<Record<CelCounting, ReadonlySet<RuleStatus>>> = {
  validating: new Set(['pass', 'fail', 'error', 'skip']),
  'validating-admission': new Set(['pass', 'fail', 'error']),
  mutating: new Set(['pass', 'fail', 'error', 'skip']),
  'mutating-admission': new Set(['pass', 'fail', 'error', 'skip']),
  generating: new Set(['pass', 'fail', 'warn', 'error', 'skip']),
};

/** How the responses of a policy are counted, when it is of a CEL kind. */
function celCounting(policy: Pick<CompiledPolicy, 'apiVersion' | 'kind'>): CelCounting | undefined {
  return policyKindOf(policy.apiVersion, policy.kind)?.family === 'cel' ? CEL_COUNTING[policy.kind] : undefined;
}

/**
 * The rules a policy adds to `Applying N policy rule(s)` (commands/apply/command.go, `applyCommandHelper`): its
 * computed rules, autogen included, for a `kyverno.io` policy; one for every CEL policy.
 */
export function appliedRuleCount(policy: Pick<CompiledPolicy, 'apiVersion' | 'kind' | 'ruleCount'>): number {
  return policyKindOf(policy.apiVersion, policy.kind)?.family === 'cel' ? 1 : policy.ruleCount;
}

export function sourceOf(resources: ResourceSet, at: { file: string; documentIndex: number }, path: string | undefined): SourceLocation {
  const file = resources.files.get(at.file);
  if (file === undefined) return { file: at.file, line: 1, column: 1 };
  const location = locate(file.path, file.text, at.documentIndex, path ? path.split('/').filter((segment) => segment !== '') : []);
  return { file: at.file, line: location.line, column: location.column };
}

/** `<namespace>/<Kind>/<name>` of the response's resource; `JSON payload` for a payload without any of them. */
function responsePath(response: PolicyResponse): string {
  const printed = resourcePath(response.resource);
  return printed === '//' ? 'JSON payload' : printed;
}

/** Kyverno's text output prints `validation failed` for a failed rule without message. */
function failedMessage(rule: RuleResponse): string {
  return rule.message === '' && rule.status === 'fail' ? 'validation failed' : rule.message;
}

/** One response of a CEL policy kind. */
function celResponse(counting: CelCounting, kind: ApplyResponseKind, response: PolicyResponse, resource: ResourceDocument, resources: ResourceSet, settings: ApplySettings): ApplyResponse {
  const compiled = response.policy;
  // A CEL response has no validation failure action: `GetValidationFailureAction` is "", which reads as Audit
  // (api/kyverno/v1/spec_types.go, `Audit` is `!Enforce`), so `--audit-warn` prints its failures as audit
  // warnings and the table shows them as warnings, while the counters keep them as failures.
  const shownAsWarning = !compiled.scored || settings.auditWarn;
  // Mutate-existing responses (their rules carry the patched targets) are not counted by Kyverno.
  const counted = !(counting === 'mutating' && response.rules.some((rule) => rule.patchedTarget !== undefined));
  const results = response.rules.map((rule): ApplyRuleResult => {
    const result: ApplyRuleResult = {
      rule: rule.name,
      type: rule.type,
      engineStatus: rule.status,
      status: rule.status === 'fail' && shownAsWarning ? 'warn' : rule.status,
      counted: counted && COUNTED[counting].has(rule.status) ? rule.status : null,
      message: failedMessage(rule),
      source: sourceOf(resources, resource, rule.path),
    };
    if (counting === 'mutating' && result.counted !== null) result.countedTimes = 2;
    if (rule.generatedResources !== undefined) result.generatedResources = rule.generatedResources;
    if (rule.patchedTarget !== undefined) result.patchedTarget = rule.patchedTarget;
    return result;
  });
  const out: ApplyResponse = {
    kind,
    policy: compiled.name,
    policyLabel: policyReference(compiled),
    resource: { apiVersion: resource.apiVersion, kind: resource.kind, namespace: resource.namespace, name: resource.name },
    resourcePath: responsePath(response),
    auditWarning: settings.auditWarn,
    ruleless: true,
    results,
  };
  if (kind === 'mutate' && response.patchedResource !== undefined) out.patchedResource = response.patchedResource;
  return out;
}

/**
 * One engine response as counted and printed by `apply` (processor/result.go, `ResultCounts.addEngineResponse`,
 * `addMutateResponse`, `addGenerateResponse`, and the CEL kinds' counters): for `kyverno.io` policies,
 * validation failures become warnings for unscored policies or Audit policies with `--audit-warn`; mutate
 * rules count with their status; a generate rule counts as a pass only when it passed, as a failure otherwise
 * (as `addGenerateResponse` did before Kyverno 1.16, which counts `skip`, `error` and `warn` generate rules as
 * such). The CEL kinds: {@link CelCounting}.
 */
export function applyResponse(kind: ApplyResponseKind, response: PolicyResponse, resource: ResourceDocument, resources: ResourceSet, settings: ApplySettings): ApplyResponse {
  const compiled = response.policy;
  const counting = celCounting(compiled);
  if (counting !== undefined) return celResponse(counting, kind, response, resource, resources, settings);
  const labels = settings.namespaceLabels(resource.namespace) ?? {};
  const auditWarning = settings.auditWarn && compiled.failureAction(undefined, resource.kind, resource.namespace, labels) !== 'Enforce';
  const mapFail = (): RuleStatus => (!compiled.scored || auditWarning ? 'warn' : 'fail');
  const results = response.rules.map((rule): ApplyRuleResult => {
    const validation = kind === 'validate' || kind === 'verifyImages';
    const status = validation && rule.status === 'fail' ? mapFail() : rule.status;
    const result: ApplyRuleResult = {
      rule: rule.name,
      type: rule.type,
      engineStatus: rule.status,
      status,
      counted: kind === 'generate' ? (rule.status === 'pass' ? 'pass' : 'fail') : status,
      message: validation ? failedMessage(rule) : rule.message,
      source: sourceOf(resources, resource, validation && (rule.status === 'fail' || rule.status === 'error') ? rule.path : undefined),
    };
    if (rule.generatedResources !== undefined) result.generatedResources = rule.generatedResources;
    if (rule.patchedTarget !== undefined) result.patchedTarget = rule.patchedTarget;
    return result;
  });
  const out: ApplyResponse = {
    kind,
    policy: compiled.name,
    policyLabel: policyReference(compiled),
    resource: { apiVersion: resource.apiVersion, kind: resource.kind, namespace: resource.namespace, name: resource.name },
    resourcePath: resourcePath(response.resource),
    auditWarning,
    results,
  };
  if (kind === 'mutate' && response.patchedResource !== undefined) out.patchedResource = response.patchedResource;
  return out;
}
