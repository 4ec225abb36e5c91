/**
 * @file A MutatingPolicy / NamespacedMutatingPolicy behind the family-independent `CompiledPolicy`: the policy and its
 * autogen variants, compiled once, evaluated as the Kyverno CLI runs them (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/policy_processor.go, "MutatingPolicies"; pkg/cel/policies/mpol/engine/engine.go
 * `Handle`, `handlePolicy`; pkg/cel/policies/mpol/compiler/policy.go `evaluate`): match, exceptions, variables (lazy),
 * match conditions (false → `skip`), then the mutations in order, each seeing the previous one's result. A response
 * per variant (none for an unmatched variant whose match constraints are "simple"). Mutate-existing policies
 * (`evaluation.mutateExisting.enabled`) also mutate the targets the request offers: objects selected by the
 * target expression, else by `targetMatchConstraints`, else by the match constraints, and accepted by the target
 * match conditions.
 */
import type { CompiledException, CompiledPolicy, EvaluationRequest, FailureAction, PolicyResponse } from '../../../evaluate/types.js';
import type { JsonObject, RuleResponse, RuleStatus } from '../../../types.js';
import type { CelEnvironment } from '../../../lang/cel/index.js';
import { libraryHandles, validatingPolicyActivation, type ActivationData } from '../environment.js';
import { exceptionsFor, exemptionRule, matchExceptions, type CelPolicyException } from '../exceptions.js';
import { matchConstraints, mayMatchRules, metadataString, type AdmissionAttributes, type MatchResources } from '../match/index.js';
import { lazyVariables } from '../variables.js';
import { isSimpleMatch } from '../vpol/policy.js';
import { admissionRequest } from '../vpol/request.js';
import { mergeSchemas, missingTypeError, typeOfKind, type MergeSchemaSource } from '../mutate/structured-merge/index.js';
import { CelCompiledPolicy, type CelPolicyIdentity } from '../policy-identity.js';
import type { CompiledExpression, CompiledMutatingSpec } from './compile.js';
import { applyConfiguration, applyJsonPatchValue, celToJson } from './patch.js';
import { splitApiVersion } from '../../../cluster/resource-types.js';
import { resourceOfKind } from '../match/index.js';
import { jsonEqual } from '../../../util/json-value.js';

export interface MutatingPolicyData extends CelPolicyIdentity {
  /** The policy first, then its autogen variants. */
  specs: readonly CompiledMutatingSpec[];
  env: CelEnvironment;
}

/** An error of an evaluation step, with the expression it comes from. */
class StepError extends Error {
  constructor(
    message: string,
    readonly at?: { path: (string | number)[]; start: number; end: number },
  ) {
    super(message);
  }
}

function at(compiled: CompiledExpression, range: { start: number; end: number }): { path: (string | number)[]; start: number; end: number } {
  if (compiled.program.expression !== compiled.written) return { path: compiled.path, start: 0, end: compiled.written.length };
  return { path: compiled.path, start: range.start, end: range.end };
}

/** compiler/policy.go `match`: false at the first false condition; errors are collected and returned joined. */
function conditionsHold(conditions: readonly CompiledExpression[], activation: Record<string, unknown>): boolean {
  const errors: StepError[] = [];
  for (const condition of conditions) {
    const result = condition.program.evaluate(activation);
    if (!result.ok) {
      errors.push(new StepError(result.error.message, at(condition, result.error)));
      continue;
    }
    if (typeof result.value !== 'boolean') {
      errors.push(new StepError('type conversion error to bool', at(condition, { start: 0, end: condition.written.length })));
      continue;
    }
    if (!result.value) return false;
  }
  if (errors.length === 0) return true;
  throw new StepError(errors.map((error) => error.message).join('; '), errors[0]!.at);
}

const builtins = mergeSchemas();
const withCrds = new WeakMap<readonly JsonObject[], MergeSchemaSource>();

/** The schemas apply configurations merge with: the built-in kinds' and those of the evaluation's CRDs. */
function schemasOf(crds: readonly JsonObject[] | undefined): MergeSchemaSource {
  if (crds === undefined || crds.length === 0) return builtins;
  let found = withCrds.get(crds);
  if (found === undefined) withCrds.set(crds, (found = mergeSchemas(crds)));
  return found;
}

/** What one evaluation of a spec gives: no response rule (conditions false → skip), or a rule and the patched object. */
interface SpecOutcome {
  rule: RuleResponse;
  patched?: JsonObject;
}

/** The compiled policy. */
export class MutatingPolicy extends CelCompiledPolicy implements CompiledPolicy {
  readonly specs: readonly CompiledMutatingSpec[];
  private readonly env: CelEnvironment;
  /** Kyverno's CLI runs MutatingPolicies after MutatingAdmissionPolicies, once the kyverno.io policies have validated. */
  readonly stage = 2;
  /** A JSON patch appending with `/-`, or a value computed from the object, changes its own result again. */
  override readonly mutationsSettle = false;

  /** The mutate-existing handler, for a policy with `evaluation.mutateExisting.enabled` only. */
  readonly mutateTarget?: (request: EvaluationRequest, target: JsonObject) => { responses: PolicyResponse[]; target: JsonObject };

  constructor(data: MutatingPolicyData) {
    super(data, { name: '', type: 'Mutation' });
    this.specs = data.specs;
    this.env = data.env;
    if (data.specs[0]?.spec.mutateExisting) this.mutateTarget = (request, target) => this.targetResponses(request, target);
  }

  /** The responses of the policy and its variants; each sees the object as the previous one left it. */
  mutate(request: EvaluationRequest): PolicyResponse[] {
    const responses: PolicyResponse[] = [];
    // engine.go `Handle`: one admission request for the object received; each policy (and variant) sees the object
    // as the previous one left it, `request.object` and `oldObject` as received.
    const received = request.admissionObject ?? request.resource;
    const admission = admissionRequest(received === request.resource ? request : { ...request, resource: received });
    let current = request.resource;
    for (const compiled of this.specs) {
      const view = current === request.resource ? request : { ...request, resource: current };
      const attributes = current === received ? admission.attributes : { ...admission.attributes, object: current };
      const data = current === received ? admission.data : { ...admission.data, object: current };
      const rules: RuleResponse[] = [];
      const constraints = compiled.spec.matchConstraints;
      // Compiled evaluation: resource rules that cannot accept the request decide without the matcher (match/prefilter.ts).
      const outcome =
        constraints === undefined || (request.reference !== true && !mayMatchRules(constraints, attributes))
          ? { matched: false }
          : matchConstraints(constraints, attributes, data.namespaceObject);
      let patched: JsonObject | undefined;
      // engine.go `handlePolicy` types the matching error as a validation rule.
      if (outcome.error !== undefined) rules.push({ ...rule('match', 'error', `failed to execute matching: ${outcome.error}`), type: 'Validation' });
      else if (outcome.matched) {
        const result = this.evaluate(compiled, view, data, false);
        rules.push(result.rule);
        patched = result.patched;
      }
      if (rules.length === 0 && isSimpleMatch(constraints)) continue;
      if (patched !== undefined) current = patched;
      responses.push({ policy: this, resource: request.resource, rules, patchedResource: current });
    }
    return responses;
  }

  /**
   * A mutate-existing target (engine.go `Evaluate` with policy_processor.go `targetMatchPredicate`): each variant that
   * selects it and whose target match conditions hold mutates it, seeing it as the previous one left it.
   */
  private targetResponses(request: EvaluationRequest, target: JsonObject): { responses: PolicyResponse[]; target: JsonObject } {
    const responses: PolicyResponse[] = [];
    const received = request.admissionObject ?? request.resource;
    const triggerRequest = admissionRequest(received === request.resource ? request : { ...request, resource: received }).data.request;
    let current = target;
    for (const compiled of this.specs) {
      const selected = this.selectsTarget(compiled, request, current);
      if (selected === false) continue;
      const targetRequest: EvaluationRequest = { ...request, resource: current, operation: 'CREATE' };
      delete targetRequest.admissionObject;
      const { data } = admissionRequest(targetRequest);
      // The target is the object; `request` is the trigger's admission request.
      const result = typeof selected === 'string' ? { rule: rule('evaluation', 'error', selected) } : this.evaluate(compiled, targetRequest, { ...data, request: triggerRequest }, true);
      responses.push({ policy: this, resource: request.resource, rules: [result.rule] });
      if ('patched' in result && result.patched !== undefined && result.rule.status === 'pass') current = result.patched;
    }
    return { responses, target: current };
  }

  /**
   * Whether the policy selects `target`: by the target expression (targets named `namespace/name` in its map or its
   * `items`), else by `targetMatchConstraints` with every operation, else by the match constraints. A string is the
   * error of the target expression.
   */
  private selectsTarget(compiled: CompiledMutatingSpec, request: EvaluationRequest, target: JsonObject): boolean | string {
    const key = `${metadataString(target, 'namespace')}/${metadataString(target, 'name')}`;
    if (compiled.targetExpression !== undefined) {
      const activation: Record<string, unknown> = Object.assign(
        validatingPolicyActivation({ object: request.resource, oldObject: null, request: null, namespaceObject: null }, request.numberMode ?? 'float64'),
        libraryHandles(this.namespaced ? this.namespace : '', request.external),
      );
      activation.variables = lazyVariables(compiled.variables, activation);
      const result = compiled.targetExpression.program.evaluate(activation);
      if (!result.ok) return `failed to evaluate target expression: ${result.error.message}`;
      const value = celToJson(result.value);
      const items = value !== null && typeof value === 'object' && !Array.isArray(value) && Array.isArray(value.items) ? value.items : [value];
      return items.some((item) => item !== null && typeof item === 'object' && !Array.isArray(item) && `${metadataString(item, 'namespace')}/${metadataString(item, 'name')}` === key);
    }
    const targetConstraints = compiled.spec.targetMatchConstraints;
    const constraints: MatchResources | undefined =
      targetConstraints !== undefined && (targetConstraints.resourceRules ?? []).length > 0
        ? { ...targetConstraints, resourceRules: (targetConstraints.resourceRules ?? []).map((resourceRule) => ({ ...resourceRule, operations: ['*'] })) }
        : compiled.spec.matchConstraints;
    if (constraints === undefined) return false;
    // policy_processor.go `targetMatchPredicate` matches without a namespace object.
    const outcome = matchConstraints(constraints, targetAttributes(target), null);
    return outcome.error === undefined && outcome.matched;
  }

  /** Exceptions, variables, (target) match conditions, mutations and audit annotations of one matched spec. */
  private evaluate(compiled: CompiledMutatingSpec, request: EvaluationRequest, data: ActivationData, target: boolean): SpecOutcome {
    const mode = request.numberMode ?? 'float64';
    const activation: Record<string, unknown> = Object.assign(validatingPolicyActivation(data, mode), libraryHandles(this.namespaced ? this.namespace : '', request.external));
    try {
      const exceptions = exceptionsFor(request.exceptions as readonly CompiledException[] | undefined, this.name, this.kind);
      const exempted = this.applyExceptions(exceptions, activation);
      if (exempted !== null) return { rule: exempted };
      activation.variables = lazyVariables(compiled.variables, activation);
      if (!conditionsHold(target ? compiled.targetMatchConditions : compiled.matchConditions, activation)) return { rule: rule('', 'skip', 'skip') };
      let object = request.resource;
      const schemas = schemasOf(request.external?.crds);
      const apiVersion = String(object.apiVersion ?? '');
      const kind = String(object.kind ?? '');
      const type = typeOfKind(schemas, apiVersion, kind);
      for (const mutation of compiled.mutations) {
        const result = mutation.expression.program.evaluate(activation);
        if (!result.ok) throw new StepError(result.error.message, at(mutation.expression, result.error));
        const written = { start: 0, end: mutation.expression.written.length };
        // Without a schema for the kind, Kyverno's patcher has no type converter.
        if (mutation.patchType === 'ApplyConfiguration' && type === undefined) throw new StepError(`error applying patch: ${missingTypeError(schemas, apiVersion, kind)}`, at(mutation.expression, written));
        const patched =
          mutation.patchType === 'ApplyConfiguration' ? applyConfiguration(result.value, object, type!, !compiled.spec.useServerSideApply) : applyJsonPatchValue(result.value, object);
        if (!patched.ok) throw new StepError(patched.error, at(mutation.expression, written));
        object = patched.object;
        activation.object = validatingPolicyActivation({ ...data, object }, mode).object;
      }
      const annotations = this.auditAnnotations(compiled, activation);
      const passed = rule('', 'pass', 'success');
      if (Object.keys(annotations).length > 0) passed.properties = annotations;
      if (jsonEqual(object, request.resource, 'type')) passed.unchanged = true;
      return { rule: passed, patched: object };
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
      const failed = rule('evaluation', 'error', `failed to evaluate policy: ${error.message}`);
      if (error.at !== undefined) {
        failed.policyPath = error.at.path;
        failed.expressionRange = { start: error.at.start, end: error.at.end };
      }
      return { rule: failed };
    }
  }

  /** A full exemption's rule (`exception`, skip or pass), or null; an exception's error is the evaluation's. */
  private applyExceptions(exceptions: readonly CelPolicyException[], activation: Record<string, unknown>): RuleResponse | null {
    const outcome = matchExceptions(
      exceptions,
      this.env,
      (programs) => {
        try {
          return conditionsHold(
            programs.map((program, index) => ({ program, path: ['spec', 'matchConditions', index, 'expression'], written: program.expression })),
            activation,
          );
        } catch (error) {
          // The exception's expression is not in the policy document: the error points at nothing.
          throw error instanceof StepError ? new StepError(error.message) : error;
        }
      },
      (message) => new StepError(message),
    );
    if ('exempted' in outcome) return exemptionRule(outcome.exempted, 'Mutation');
    activation.exceptions = outcome.allowances;
    return null;
  }

  /** `evaluateAuditAnnotations`: non-empty string values by key. */
  private auditAnnotations(compiled: CompiledMutatingSpec, activation: Record<string, unknown>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const { key, compiled: expression } of compiled.auditAnnotations) {
      const result = expression.program.evaluate(activation);
      if (!result.ok) throw new StepError(`failed to evaluate auditAnnotation "${key}": ${result.error.message}`, at(expression, result.error));
      if (typeof result.value === 'string') {
        if (result.value !== '') out[key] = result.value;
      } else if (result.value !== null) {
        throw new StepError(`failed to convert auditAnnotation "${key}" expression: type conversion error to string`, at(expression, { start: 0, end: expression.written.length }));
      }
    }
    return out;
  }

  /** A MutatingPolicy reports no failures: its mutations are applied or offered as fixes. */
  failureAction(): FailureAction {
    return 'Audit';
  }
}

function rule(name: string, status: RuleStatus, message: string): RuleResponse {
  return { name, type: 'Mutation', status, message };
}

/** The admission attributes of a mutate-existing target (no operation). */
function targetAttributes(target: JsonObject): AdmissionAttributes {
  const apiVersion = typeof target.apiVersion === 'string' ? target.apiVersion : '';
  const { group, version } = splitApiVersion(apiVersion) ?? { group: '', version: apiVersion };
  const kind = typeof target.kind === 'string' ? target.kind : '';
  return {
    group,
    version,
    kind,
    resource: resourceOfKind(group, kind),
    subresource: '',
    namespace: metadataString(target, 'namespace'),
    name: metadataString(target, 'name'),
    operation: '',
    object: target,
    oldObject: null,
  };
}
