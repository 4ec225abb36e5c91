/**
 * @file DeletingPolicy / NamespacedDeletingPolicy as the Kyverno CLI runs them offline: "would this resource be
 * deleted?" (kyverno/kyverno pkg/cel/policies/dpol/engine/engine.go `Handle`, pkg/cel/policies/dpol/compiler/policy.go
 * `Evaluate`, cmd/cli/kubectl-kyverno/commands/test/test.go `applyDeletingPolicies`). In the cluster the policy is a
 * cron job that deletes what matches; offline, a resource is matched against `matchConstraints` with every operation
 * allowed (a JSON payload skips matching), then the exceptions (a matching one means "not deleted"), then the
 * conditions: all true → `pass` "resource matched", a false one → `fail` "resource did not match", errors → `error`.
 * A resource the match constraints leave out gives no response.
 */
import type { CompiledException, CompiledPolicy, DocumentProblem, EvaluationRequest, FailureAction, PolicyResponse } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue, RuleResponse, RuleStatus } from '../../../types.js';
import type { CelEnvironment, CelProgram } from '../../../lang/cel/index.js';
import { libraryHandles, validatingPolicyActivation } from '../environment.js';
import { exceptionConditions, exceptionsFor, type CelPolicyException } from '../exceptions.js';
import { decodeMatchResources, matchConstraints, type MatchResources } from '../match/index.js';
import { isObject, namedExpressions, optionalString, type NamedExpression } from '../decode.js';
import { lazyVariables, type VariableProgram } from '../variables.js';
import { admissionRequest } from '../vpol/request.js';
import { fieldPath } from '../vpol/compile.js';
import { CelCompiledPolicy, type CelPolicyIdentity } from '../policy-identity.js';

type Path = (string | number)[];

export interface DeletingPolicySpec {
  matchConstraints?: MatchResources;
  variables: NamedExpression[];
  conditions: NamedExpression[];
  schedule: string;
  deletionPropagationPolicy?: string;
}

const SPEC_FIELDS = new Set(['matchConstraints', 'conditions', 'variables', 'schedule', 'deletionPropagationPolicy']);

/** The spec of a DeletingPolicy document (policies.kyverno.io `DeletingPolicySpec`); problems at their paths. */
export function decodeDeletingPolicySpec(spec: JsonValue | undefined, problems: DocumentProblem[]): DeletingPolicySpec {
  const path: Path = ['spec'];
  const value: JsonObject = isObject(spec) ? spec : {};
  if (!isObject(spec)) problems.push({ message: 'spec is required', path });
  for (const field of Object.keys(value)) if (!SPEC_FIELDS.has(field)) problems.push({ message: `unknown field "spec.${field}"`, path: [...path, field] });
  const decoded: DeletingPolicySpec = {
    variables: namedExpressions(value.variables, [...path, 'variables'], problems),
    conditions: namedExpressions(value.conditions, [...path, 'conditions'], problems),
    schedule: optionalString(value, 'schedule', path, problems) ?? '',
  };
  // The CRD requires a schedule; its cron syntax is checked only by the admission webhook.
  if (decoded.schedule === '') problems.push({ message: 'spec.schedule is required', path: [...path, 'schedule'] });
  const propagation = optionalString(value, 'deletionPropagationPolicy', path, problems);
  if (propagation !== undefined) decoded.deletionPropagationPolicy = propagation;
  const constraints = decodeMatchResources(value.matchConstraints, [...path, 'matchConstraints'], problems);
  if (constraints !== undefined) decoded.matchConstraints = constraints;
  return decoded;
}

interface CompiledCondition {
  readonly program: CelProgram;
  readonly path: Path;
}

/** A compile error: the field error Kyverno prints and where in the policy the expression is. */
export interface DeletingCompileFailure {
  readonly fieldError: string;
  readonly path: Path;
  readonly start: number;
  readonly end: number;
}

/** Compiles the variables and conditions (pkg/cel/policies/dpol/compiler/compiler.go `Compile`). */
export function compileDeletingPolicy(env: CelEnvironment, spec: DeletingPolicySpec): { ok: true; variables: VariableProgram[]; conditions: CompiledCondition[] } | { ok: false; failure: DeletingCompileFailure } {
  const variables: VariableProgram[] = [];
  const conditions: CompiledCondition[] = [];
  const compile = (expression: string, path: Path, bool: boolean): CelProgram | DeletingCompileFailure => {
    const result = env.compile(expression);
    const invalid = `${fieldPath(path)}: Invalid value: ${JSON.stringify(expression)}: `;
    if (!result.ok) return { fieldError: invalid + result.error.message, path, start: result.error.start, end: result.error.end };
    if (bool && result.program.outputType !== 'bool' && result.program.outputType !== 'dyn') {
      return { fieldError: `${invalid}output is expected to be of type bool`, path, start: 0, end: expression.length };
    }
    return result.program;
  };
  for (const [index, variable] of spec.variables.entries()) {
    const compiled = compile(variable.expression, ['spec', 'variables', index, 'expression'], false);
    if (!('evaluate' in compiled)) return { ok: false, failure: compiled };
    variables.push({ name: variable.name, program: compiled });
  }
  for (const [index, condition] of spec.conditions.entries()) {
    const path: Path = ['spec', 'conditions', index, 'expression'];
    const compiled = compile(condition.expression, path, true);
    if (!('evaluate' in compiled)) return { ok: false, failure: compiled };
    conditions.push({ program: compiled, path });
  }
  return { ok: true, variables, conditions };
}

export interface DeletingPolicyData extends CelPolicyIdentity {
  spec: DeletingPolicySpec;
  variables: readonly VariableProgram[];
  conditions: readonly CompiledCondition[];
  env: CelEnvironment;
}

/** Why the conditions do not hold: a false one, or the errors of those that could not be evaluated. */
class ConditionError extends Error {
  constructor(
    message: string,
    readonly path?: Path,
    readonly range?: { start: number; end: number },
  ) {
    super(message);
  }
}

/** The compiled policy. */
export class DeletingPolicy extends CelCompiledPolicy implements CompiledPolicy {
  readonly spec: DeletingPolicySpec;
  private readonly variables: readonly VariableProgram[];
  private readonly conditions: readonly CompiledCondition[];
  private readonly env: CelEnvironment;

  constructor(data: DeletingPolicyData) {
    // Configured like the other CEL kinds by the policy's name; responses name the rule after the policy, as Kyverno's
    // do. The Kyverno CLI counts a deleting policy's rows as they are (no unscored downgrade).
    super(data, { name: '', type: 'Deletion' }, true);
    this.spec = data.spec;
    this.variables = data.variables;
    this.conditions = data.conditions;
    this.env = data.env;
  }

  /** Whether the resource would be deleted; null when the match constraints leave it out. */
  delete(request: EvaluationRequest): PolicyResponse | null {
    const resource = request.resource;
    const isObjectResource = typeof resource.apiVersion === 'string' && resource.apiVersion !== '' && typeof resource.kind === 'string' && resource.kind !== '';
    let namespaceObject: JsonObject | null = null;
    if (isObjectResource) {
      // engine.go `Handle` matches the object alone: an old object given with the request plays no part.
      const { attributes, data } = admissionRequest(request.oldResource === undefined ? request : withoutOldResource(request));
      namespaceObject = data.namespaceObject ?? namespaceOfNamespace(resource);
      const constraints = this.spec.matchConstraints;
      if (constraints === undefined) return null;
      // engine.go `matchPolicy`: every resource rule matches every operation.
      const anyOperation: MatchResources = { ...constraints, resourceRules: (constraints.resourceRules ?? []).map((rule) => ({ ...rule, operations: ['*'] })) };
      const outcome = matchConstraints(anyOperation, attributes, namespaceObject);
      if (outcome.error !== undefined) return this.response(request, 'error', outcome.error);
      if (!outcome.matched) return null;
    }
    const mode = request.numberMode ?? 'float64';
    const activation: Record<string, unknown> = Object.assign(
      validatingPolicyActivation({ object: resource, oldObject: null, request: null, namespaceObject }, mode),
      libraryHandles(this.namespaced ? this.namespace : '', request.external),
    );
    // compiler/policy.go `Evaluate`: `oldObject` and `request` are not part of the data.
    delete activation.oldObject;
    delete activation.request;
    activation.variables = lazyVariables(this.variables, activation);
    try {
      const exceptions = exceptionsFor(request.exceptions as readonly CompiledException[] | undefined, this.name, this.kind);
      if (exceptions.some((exception) => this.exceptionMatches(exception, activation))) return this.response(request, 'fail', 'resource did not match');
      const matched = holds(this.conditions, activation);
      return matched ? this.response(request, 'pass', 'resource matched') : this.response(request, 'fail', 'resource did not match');
    } catch (error) {
      if (!(error instanceof ConditionError)) throw error;
      const response = this.response(request, 'error', error.message);
      const rule = response.rules[0]!;
      if (error.path !== undefined) rule.policyPath = error.path;
      if (error.range !== undefined) rule.expressionRange = error.range;
      return response;
    }
  }

  private exceptionMatches(exception: CelPolicyException, activation: Record<string, unknown>): boolean {
    const compiled = exceptionConditions(exception, this.env);
    if (!compiled.ok) throw new ConditionError(compiled.message);
    return holds(
      compiled.programs.map((program) => ({ program, path: [] })),
      activation,
    );
  }

  private response(request: EvaluationRequest, status: RuleStatus, message: string): PolicyResponse {
    const rule: RuleResponse = { name: this.name, type: 'Deletion', status, message };
    if (status === 'pass') {
      rule.properties = { schedule: this.spec.schedule };
    }
    return { policy: this, resource: request.resource, rules: [rule] };
  }

  failureAction(): FailureAction {
    return 'Audit';
  }
}

/** A Namespace is its own `namespaceObject` (engine.go `Handle`: its name and labels). */
function namespaceOfNamespace(resource: JsonObject): JsonObject | null {
  if (resource.apiVersion !== 'v1' || resource.kind !== 'Namespace') return null;
  const metadata = isObject(resource.metadata) ? resource.metadata : {};
  const out: JsonObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: typeof metadata.name === 'string' ? metadata.name : '' } };
  if (isObject(metadata.labels)) (out.metadata as JsonObject).labels = metadata.labels;
  return out;
}

/**
 * compiler/policy.go `match`: false at the first false condition; errors (and non-bool results) are collected and,
 * when no condition is false, returned joined.
 */
function holds(conditions: readonly CompiledCondition[], activation: Record<string, unknown>): boolean {
  const errors: { message: string; path: Path; range: { start: number; end: number } }[] = [];
  for (const condition of conditions) {
    const result = condition.program.evaluate(activation);
    if (!result.ok) {
      errors.push({ message: result.error.message, path: condition.path, range: { start: result.error.start, end: result.error.end } });
      continue;
    }
    if (typeof result.value !== 'boolean') {
      errors.push({ message: 'type conversion error to bool', path: condition.path, range: { start: 0, end: condition.program.expression.length } });
      continue;
    }
    if (!result.value) return false;
  }
  if (errors.length === 0) return true;
  throw new ConditionError(errors.map((error) => error.message).join('; '), errors[0]!.path.length > 0 ? errors[0]!.path : undefined, errors[0]!.range);
}

/** The request without its old object (the CLI's request shape). */
function withoutOldResource(request: EvaluationRequest): EvaluationRequest {
  const copy = { ...request };
  delete copy.oldResource;
  return copy;
}
