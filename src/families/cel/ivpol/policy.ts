/**
 * @file ImageValidatingPolicy / NamespacedImageValidatingPolicy behind the family-independent `CompiledPolicy`, as
 * the Kyverno CLI runs them (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test/test.go
 * `applyImageValidatingPolicies`; pkg/cel/policies/ivpol/engine/{provider,engine}.go): on each resource as loaded
 * (not as the mutate policies left it), the policy and its autogen variants (pkg/cel/policies/ivpol/autogen; the
 * variants carry no exceptions) are matched against their `matchConstraints` (absent: everything); an unmatched one
 * gives nothing, a matcher error a `match` error rule. Responses are kept by policy name, so the last variant that
 * responds wins, and the policy gives at most one response. Rule names: the policy's name (pass, fail, error),
 * `exception` (skip), `evaluation` (compile or evaluation error), `match`.
 *
 * A JSON payload is evaluated by the `JSON` evaluation mode policies only, without matching nor exceptions
 * (pkg/image/verification/evaluator/eval.go `Evaluate`).
 */
import type { CompiledException, CompiledPolicy, EvaluationRequest, FailureAction, PolicyResponse } from '../../../evaluate/types.js';
import type { CelEnvironment } from '../../../lang/cel/index.js';
import type { RuleResponse } from '../../../types.js';
import { contextImages, libraryHandles } from '../environment.js';
import { exceptionsFor } from '../exceptions.js';
import { matchConstraints, mayMatchRules, type MatchResources } from '../match/index.js';
import { CelCompiledPolicy, type CelPolicyIdentity } from '../policy-identity.js';
import { admissionRequest } from '../vpol/request.js';
import { builtInExtractors, type CompiledImageSpec, type ImageCompileFailure } from './compile.js';
import { evaluateImageSpec, EvaluationFailure, failureRule, type ImageEvaluation } from './evaluate.js';

/** No match constraints (matching everything). */
const NO_CONSTRAINTS: MatchResources = Object.freeze({});

/** A compiled spec, or the compile error Kyverno reports on each resource the spec matches. */
export type ImageSpecEntry = { readonly compiled: CompiledImageSpec } | { readonly failure: ImageCompileFailure; readonly spec: CompiledImageSpec['spec'] };

export interface ImageValidatingPolicyData extends CelPolicyIdentity {
  /** The policy first, then its autogen variants. */
  specs: readonly ImageSpecEntry[];
  env: CelEnvironment;
}

/** The compiled policy. */
export class ImageValidatingPolicy extends CelCompiledPolicy implements CompiledPolicy {
  readonly specs: readonly ImageSpecEntry[];
  private readonly env: CelEnvironment;

  constructor(data: ImageValidatingPolicyData) {
    super(data, { name: '', type: 'ImageVerify' });
    this.specs = data.specs;
    this.env = data.env;
  }

  private get mode(): string {
    const first = this.specs[0]!;
    return ('compiled' in first ? first.compiled.spec : first.spec).base.mode;
  }

  /** The response for a resource (Kyverno CLI: on the resource as loaded), null when nothing matches it. */
  validateImages(request: EvaluationRequest): PolicyResponse | null {
    const { attributes, data } = admissionRequest(request);
    // Compiled evaluation: a request no spec's resource rules accept matches nothing (match/prefilter.ts).
    if (request.reference !== true && !this.specs.some((entry) => mayMatchRules(('compiled' in entry ? entry.compiled.spec : entry.spec).base.matchConstraints ?? NO_CONSTRAINTS, attributes))) return null;
    const exceptions = exceptionsFor(request.exceptions as readonly CompiledException[] | undefined, this.name, this.kind);
    const base = {
      data,
      kubernetes: true,
      builtIns: builtInExtractors(this.env, attributes.group, attributes.version, attributes.resource),
      mode: request.numberMode ?? 'float64',
      env: this.env,
      handles: libraryHandles(this.namespaced ? this.namespace : '', request.external),
      images: contextImages(request.external),
      name: this.name,
    };
    let last: RuleResponse | undefined;
    this.specs.forEach((entry, index) => {
      const spec = 'compiled' in entry ? entry.compiled.spec : entry.spec;
      const outcome = matchConstraints(spec.base.matchConstraints ?? {}, attributes, data.namespaceObject);
      if (outcome.error !== undefined) {
        last = { name: 'match', type: 'ImageVerify', status: 'error', message: `failed to execute matching: ${outcome.error}` };
        return;
      }
      if (!outcome.matched) return;
      if (!('compiled' in entry)) {
        last = compileFailureRule(entry.failure);
        return;
      }
      // provider.go `NewProvider`: only the policy itself carries its exceptions, not its autogen variants.
      const rule = this.evaluate(entry.compiled, { ...base, exceptions: index === 0 ? exceptions : [] }, false);
      if (rule !== null) last = rule;
    });
    return last === undefined ? null : { policy: this, resource: request.resource, rules: [last] };
  }

  /** The responses for a JSON payload: a `JSON` mode policy's, none for the others. */
  validateJson(request: EvaluationRequest): PolicyResponse[] {
    if (this.mode !== 'JSON') return [];
    const entry = this.specs[0]!;
    if (!('compiled' in entry)) return [{ policy: this, resource: request.resource, rules: [compileFailureRule(entry.failure)] }];
    const input: ImageEvaluation = {
      data: { object: request.resource, oldObject: null, request: null, namespaceObject: null },
      kubernetes: false,
      builtIns: [],
      mode: request.numberMode ?? 'float64',
      exceptions: [],
      env: this.env,
      handles: libraryHandles(this.namespaced ? this.namespace : '', request.external),
      images: contextImages(request.external),
      name: this.name,
    };
    const rule = this.evaluate(entry.compiled, input, true);
    if (rule === null) return [];
    // eval.go: a JSON payload's results carry no audit annotations; an error result is named `evaluation`.
    delete rule.properties;
    if (rule.status === 'error' && rule.name === this.name) {
      rule.name = 'evaluation';
      rule.message = `failed to evaluate policy for JSON: ${rule.message.replace(/^error: /, '')}`;
    }
    return [{ policy: this, resource: request.resource, rules: [rule] }];
  }

  private evaluate(compiled: CompiledImageSpec, input: ImageEvaluation, json: boolean): RuleResponse | null {
    try {
      return evaluateImageSpec(compiled, input);
    } catch (error) {
      if (!(error instanceof EvaluationFailure)) throw error;
      return failureRule(error, json);
    }
  }

  /** `validationActions` (default `[Deny]`): Deny blocks admission; Audit and Warn only report. */
  failureAction(): FailureAction {
    const first = this.specs[0]!;
    const actions = ('compiled' in first ? first.compiled.spec : first.spec).base.validationActions;
    return actions.length === 0 || actions.includes('Deny') ? 'Enforce' : 'Audit';
  }
}

/** engine.go `evaluatePolicies`: a policy that does not compile gives an `evaluation` error rule. */
function compileFailureRule(failure: ImageCompileFailure): RuleResponse {
  return {
    name: 'evaluation',
    type: 'ImageVerify',
    status: 'error',
    message: `failed to compile policy: ${failure.fieldError}`,
    policyPath: failure.path,
    expressionRange: { start: failure.start, end: failure.end },
  };
}
