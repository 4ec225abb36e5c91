/**
 * @file Compiling a `kyverno.io` ClusterPolicy/Policy: the policy data (autogen, kind index) with Kyverno's
 * engine handlers attached (kyverno/kyverno pkg/engine/engine.go: `Mutate`, `Validate`, `VerifyAndPatchImages`,
 * `ApplyBackgroundChecks`), behind the family-independent `CompiledPolicy` interface.
 */
import type { EvaluationRequest, FailureAction, GenerateOutcome, PolicyRuleInfo } from '../../evaluate/types.js';
import type { JsonObject } from '../../types.js';
import { inEvaluationMode } from './engine/evaluation-mode.js';
import { generateObjects, generateResource } from './engine/generate/index.js';
import { clonesFromCluster } from './engine/generate/generator.js';
import { settlesByConstruction } from './engine/mutate/idempotent.js';
import { mutateResource } from './engine/mutate/index.js';
import { validateResource } from './engine/validate/index.js';
import { isEnforce, policyFailureAction, ruleFailureAction } from './failure-action.js';
import { compiledPolicy, type KyvernoHandlers, type KyvernoPolicy } from './policy/compiled.js';
import type { Policy, Rule } from './policy/types.js';

export type { KyvernoPolicy } from './policy/compiled.js';

/** Compiles a policy that passed Kyverno's validation. */
export function compilePolicy(policy: Policy): KyvernoPolicy {
  return compiledPolicy(policy, handlers);
}

/**
 * The handlers of the policy's rule types (undefined for the types it has none of: every compiled policy has
 * the same properties, so the processor and the engine read them at one shape).
 */
function handlers(compiled: KyvernoPolicy): KyvernoHandlers {
  const policy = compiled.policy;
  return {
    rules: ruleInfos(compiled),
    ruleCount: compiled.computedRules('').length,
    mutationsSettle: !compiled.hasMutate || settlesByConstruction(policy),
    failureAction(rule: string | undefined, kind: string, namespace: string, labels: Readonly<Record<string, string>>): FailureAction {
      if (rule === undefined) return isEnforce(policyFailureAction(policy, namespace, labels)) ? 'Enforce' : 'Audit';
      const definition = compiled.rulesForKind(kind).find((candidate) => candidate.name === rule);
      return ruleFailureAction(policy, definition, namespace, labels);
    },
    mutate: compiled.hasMutate ? (request) => inEvaluationMode(request.reference, mutateResource, compiled, request) : undefined,
    // Image verification needs registries and signatures: its responses carry no rule responses, which keeps
    // the matching of `kyverno test` results (Excluded rows) the same as Kyverno's.
    verifyImages: (policy.spec.rules ?? []).some(hasVerifyImages) ? (request) => ({ policy: compiled, resource: request.resource, rules: [] }) : undefined,
    validate: compiled.hasValidate ? (request) => inEvaluationMode(request.reference, validateResource, compiled, request) : undefined,
    generate: compiled.hasGenerate
      ? (request, cloneSources) => inEvaluationMode(request.reference, (policy: KyvernoPolicy, evaluation: EvaluationRequest) => generate(policy, evaluation, cloneSources), compiled, request)
      : undefined,
  };
}

function generate(compiled: KyvernoPolicy, request: EvaluationRequest, cloneSources: () => readonly JsonObject[]): GenerateOutcome | null {
  const response = generateResource(compiled, request);
  // Kyverno emits a generate response only when a rule produced a rule response (`!generateResponse.IsEmpty()`
  // in `PolicyProcessor.ApplyPoliciesOnResource`, cmd/cli/kubectl-kyverno/processor/policy_processor.go).
  if (response === null || response.rules.length === 0) return null;
  const generation = generateObjects(compiled, response, request, cloneSources());
  return generation.error === undefined ? { response } : { response, generationError: generation.error };
}

function hasVerifyImages(rule: Rule): boolean {
  return Array.isArray(rule.verifyImages) && rule.verifyImages.length > 0;
}

/** The rules as written, then those autogen generates (Kyverno `ComputeRules(policy, "")`), each once. */
function ruleInfos(compiled: KyvernoPolicy): PolicyRuleInfo[] {
  const written = compiled.policy.spec.rules ?? [];
  const seen = new Set<string>();
  const out: PolicyRuleInfo[] = [];
  for (const rule of [...written, ...compiled.computedRules('')]) {
    if (seen.has(rule.name)) continue;
    seen.add(rule.name);
    const info: PolicyRuleInfo = { name: rule.name, type: ruleType(rule) };
    if (!written.includes(rule)) info.autogen = true;
    if (rule.verifyImages !== undefined) info.notEvaluated = `rule ${rule.name}: verifyImages rules are not supported yet`;
    if (clonesFromCluster(rule.generate)) info.clones = true;
    out.push(info);
  }
  return out;
}

function ruleType(rule: Rule): PolicyRuleInfo['type'] {
  if (rule.mutate !== undefined) return 'Mutation';
  if (rule.generate !== undefined) return 'Generation';
  if (rule.verifyImages !== undefined) return 'ImageVerify';
  return 'Validation';
}
