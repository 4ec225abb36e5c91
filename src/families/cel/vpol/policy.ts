/**
 * @file A ValidatingPolicy / NamespacedValidatingPolicy behind the family-independent `CompiledPolicy`: the policy
 * and its autogen variants, compiled once, evaluated per request as the Kyverno CLI runs them
 * (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go, "validating policies";
 * pkg/cel/policies/vpol/engine/engine.go `handlePolicy`). Every variant keeps the policy's name and kind and
 * gives its own response. An unmatched variant gives no response when its match constraints are "simple"
 * (`hasSelector`: one resource rule without names, no exclusions, no selector requirements), an empty one
 * otherwise. A JSON-mode policy skips the matcher and gives a response whenever it has a rule.
 */
import type { CompiledException, CompiledPolicy, EvaluationRequest, FailureAction, PolicyResponse } from '../../../evaluate/types.js';
import type { JsonObject, RuleResponse } from '../../../types.js';
import type { CelEnvironment } from '../../../lang/cel/index.js';
import { libraryHandles, type ActivationData } from '../environment.js';
import { exceptionsFor } from '../exceptions.js';
import { hasRequirements, matchConstraints, mayMatchRules, type MatchResources } from '../match/index.js';
import type { CompiledSpec } from './compile.js';
import { evaluateSpec, type SpecEvaluation } from './evaluate.js';
import { admissionRequest } from './request.js';
import { CelCompiledPolicy, type CelPolicyIdentity } from '../policy-identity.js';
import { withoutStackTraces } from '../../../util/stack-traces.js';

/** Kyverno CLI `hasSelector` (named the other way round): whether an unmatched policy gives no response. */
export function isSimpleMatch(match: MatchResources | undefined): boolean {
  if (match === undefined) return false;
  if (hasRequirements(match.namespaceSelector) || hasRequirements(match.objectSelector)) return false;
  if ((match.excludeResourceRules ?? []).length > 0) return false;
  const rules = match.resourceRules ?? [];
  return rules.length === 1 && (rules[0]!.resourceNames ?? []).length === 0;
}

export interface ValidatingPolicyData extends CelPolicyIdentity {
  /** The policy first, then its autogen variants. */
  specs: readonly CompiledSpec[];
  env: CelEnvironment;
}

const simpleMatches = new WeakMap<CompiledSpec, boolean>();

/** {@link isSimpleMatch} of a spec's constraints, once per spec. */
function simpleMatch(compiled: CompiledSpec, constraints: MatchResources | undefined): boolean {
  let simple = simpleMatches.get(compiled);
  if (simple === undefined) {
    simple = isSimpleMatch(constraints);
    simpleMatches.set(compiled, simple);
  }
  return simple;
}

/** The compiled policy. */
export class ValidatingPolicy extends CelCompiledPolicy implements CompiledPolicy {
  /** Kyverno's CLI validates with the CEL kinds after every mutation (MutatingAdmissionPolicies, MutatingPolicies). */
  readonly stage = 3;
  readonly specs: readonly CompiledSpec[];
  private readonly env: CelEnvironment;

  constructor(data: ValidatingPolicyData) {
    super(data, { name: '', type: 'Validation' });
    this.specs = data.specs;
    this.env = data.env;
  }

  /** The responses of the policy and its variants (Kyverno CLI order: the policy, then the variants). */
  validate(request: EvaluationRequest): PolicyResponse[] {
    // Errors are values here (a failed match condition is thrown as a StepError and made a response): their stack
    // traces, the bulk of an error's cost, are never read.
    return request.reference === true ? this.validateReference(request) : withoutStackTraces(() => this.validateCompiled(request));
  }

  /**
   * {@link validate} as compiled: a variant whose resource rules cannot accept the request's group, version,
   * resource, subresource and operation is decided by one lookup (match/prefilter.ts); the activation and the
   * `variables` object are built with less work (vpol/evaluate.ts, `SpecEvaluation.compiled`).
   */
  private validateCompiled(request: EvaluationRequest): PolicyResponse[] {
    const { attributes, data } = admissionRequest(request);
    const responses: PolicyResponse[] = [];
    // What every evaluation of the policy's specs on this request shares, made at the first evaluation.
    let shared: SpecEvaluation | undefined;
    for (const compiled of this.specs) {
      const rules: RuleResponse[] = [];
      if (compiled.spec.mode === 'JSON') {
        shared ??= this.specEvaluation(request, data);
        rules.push(evaluateSpec(compiled, { ...shared, data: { object: request.resource, oldObject: null, request: null, namespaceObject: null } }));
      } else {
        const constraints = compiled.spec.matchConstraints;
        if (constraints !== undefined && mayMatchRules(constraints, attributes)) {
          const outcome = matchConstraints(constraints, attributes, data.namespaceObject);
          if (outcome.error !== undefined) rules.push({ name: 'match', type: 'Validation', status: 'error', message: `failed to execute matching: ${outcome.error}` });
          else if (outcome.matched) rules.push(evaluateSpec(compiled, (shared ??= this.specEvaluation(request, data))));
        }
        if (rules.length === 0 && simpleMatch(compiled, constraints)) continue;
      }
      if (compiled.spec.mode === 'JSON' && rules.length === 0) continue;
      responses.push({ policy: this, resource: request.resource, rules });
    }
    return responses;
  }

  /** The compiled evaluation's input for the specs of the policy on a request. */
  private specEvaluation(request: EvaluationRequest, data: ActivationData): SpecEvaluation {
    return {
      data,
      mode: request.numberMode ?? 'float64',
      exceptions: exceptionsFor(request.exceptions as readonly CompiledException[] | undefined, this.name, this.kind),
      env: this.env,
      handles: libraryHandles(this.namespaced ? this.namespace : '', request.external),
      explain: request.explainFailures === true,
      compiled: true,
    };
  }

  /** {@link validate} by the reference interpreter. */
  private validateReference(request: EvaluationRequest): PolicyResponse[] {
    const { attributes, data } = admissionRequest(request);
    const exceptions = exceptionsFor(request.exceptions as readonly CompiledException[] | undefined, this.name, this.kind);
    const mode = request.numberMode ?? 'float64';
    const explain = request.explainFailures === true;
    const handles = libraryHandles(this.namespaced ? this.namespace : '', request.external);
    const responses: PolicyResponse[] = [];
    for (const compiled of this.specs) {
      const rules: RuleResponse[] = [];
      if (compiled.spec.mode === 'JSON') {
        rules.push(evaluateSpec(compiled, { data: { object: request.resource, oldObject: null, request: null, namespaceObject: null }, mode, exceptions, env: this.env, handles, explain }));
      } else {
        const constraints = compiled.spec.matchConstraints;
        const outcome = constraints === undefined ? { matched: false } : matchConstraints(constraints, attributes, data.namespaceObject);
        if (outcome.error !== undefined) rules.push({ name: 'match', type: 'Validation', status: 'error', message: `failed to execute matching: ${outcome.error}` });
        else if (outcome.matched) rules.push(evaluateSpec(compiled, { data, mode, exceptions, env: this.env, handles, explain }));
        if (rules.length === 0 && isSimpleMatch(constraints)) continue;
      }
      if (compiled.spec.mode === 'JSON' && rules.length === 0) continue;
      responses.push({ policy: this, resource: request.resource, rules });
    }
    return responses;
  }

  /**
   * The responses for a JSON payload: a JSON-mode policy and its variants each respond (with a rule, even a `skip`
   * one); a policy of another mode gives none (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go
   * evaluates only the JSON-mode policies on a payload; pkg/cel/policies/vpol/engine/engine.go `Handle`).
   */
  validateJson(request: EvaluationRequest): PolicyResponse[] {
    if (this.specs[0]?.spec.mode !== 'JSON') return [];
    const exceptions = exceptionsFor(request.exceptions as readonly CompiledException[] | undefined, this.name, this.kind);
    const mode = request.numberMode ?? 'float64';
    const handles = libraryHandles(this.namespaced ? this.namespace : '', request.external);
    const data = { object: request.resource, oldObject: null, request: null, namespaceObject: null };
    return this.specs.map((compiled) => ({ policy: this, resource: request.resource, rules: [evaluateSpec(compiled, { data, mode, exceptions, env: this.env, handles })] }));
  }

  /** `validationActions` (default `[Deny]`): Deny blocks admission; Audit and Warn only report. */
  failureAction(): FailureAction {
    const actions = this.specs[0]?.spec.validationActions ?? [];
    return actions.length === 0 || actions.includes('Deny') ? 'Enforce' : 'Audit';
  }
}

/** The document's `metadata` fields the compiled policy keeps. */
export function policyMetadata(document: JsonObject): { name: string; namespace: string; annotations: Record<string, string> } {
  const metadata = document.metadata !== null && typeof document.metadata === 'object' && !Array.isArray(document.metadata) ? document.metadata : {};
  const annotations: Record<string, string> = {};
  const raw = metadata.annotations;
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') annotations[key] = value;
  return {
    name: typeof metadata.name === 'string' ? metadata.name : '',
    namespace: typeof metadata.namespace === 'string' ? metadata.namespace : '',
    annotations,
  };
}
