/**
 * @file Evaluating a compiled ValidatingPolicy spec on one request, after matching (kyverno/kyverno
 * pkg/cel/policies/vpol/compiler/policy.go `evaluateWithData`, `match`; pkg/cel/policies/vpol/engine/engine.go
 * `handlePolicy`): exceptions, match conditions under the failure policy, variables bound lazily (computed on
 * first use, then cached), validations in order up to the first that is not true, audit annotations as
 * properties. The outcome is one rule response: `""` (pass, fail, error, skip), `exception` or `evaluation`.
 */
import { explainFailure, type CelEnvironment, type CelEvalResult, type CelProgram } from '../../../lang/cel/index.js';
import type { NumberMode, RuleResponse, RuleStatus } from '../../../types.js';
import { compiledActivation, validatingPolicyActivation, type ActivationData, type ExceptionsValue } from '../environment.js';
import { compiledLazyVariables, lazyVariables, type VariableProgram } from '../variables.js';
import { exemptionRule, matchExceptions, type CelPolicyException } from '../exceptions.js';
import type { CompiledExpression, CompiledSpec } from './compile.js';

/** The `cel.validationIndex` property of failed and errored validations. */
export const VALIDATION_INDEX = 'cel.validationIndex';

/** An error raised by an evaluation step, with the expression it comes from. */
class StepError extends Error {
  constructor(
    message: string,
    readonly at?: { compiled: CompiledExpression; start: number; end: number },
  ) {
    super(message);
  }
}

function range(compiled: CompiledExpression, error: { start: number; end: number }): { start: number; end: number } {
  // A variant's expression is a rewritten text: point at the whole written expression.
  if (compiled.program.expression !== compiled.written) return { start: 0, end: compiled.written.length };
  return { start: error.start, end: error.end };
}

function evaluate(compiled: CompiledExpression, activation: Record<string, unknown>): CelEvalResult {
  return compiled.program.evaluate(activation);
}

/**
 * `Policy.match`: false at the first false condition; errors and non-bool results are collected and, unless the
 * failure policy is Ignore (then: not matched), returned joined.
 */
function conditionsHold(conditions: readonly CompiledExpression[], activation: Record<string, unknown>, failurePolicy: string): boolean {
  const errors: { message: string; at?: { compiled: CompiledExpression; start: number; end: number } }[] = [];
  for (const condition of conditions) {
    const result = evaluate(condition, activation);
    if (!result.ok) {
      errors.push({ message: result.error.message, at: { compiled: condition, ...range(condition, result.error) } });
      continue;
    }
    if (typeof result.value !== 'boolean') {
      errors.push({ message: `type conversion error from '${celTypeName(result.value)}' to 'bool'`, at: { compiled: condition, start: 0, end: condition.written.length } });
      continue;
    }
    if (!result.value) return false;
  }
  if (errors.length === 0) return true;
  if (failurePolicy === 'Ignore') return false;
  throw new StepError(errors.map((error) => error.message).join('; '), errors[0]!.at);
}

function celTypeName(value: unknown): string {
  if (value === null) return 'null_type';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'map';
  return typeof value;
}

const variableLists = new WeakMap<CompiledSpec, readonly VariableProgram[]>();

/** A spec's variables as programs, in order (one list per spec: the lazy variables build their getters once per list). */
function variablesOf(compiled: CompiledSpec): readonly VariableProgram[] {
  let list = variableLists.get(compiled);
  if (list === undefined) {
    list = compiled.variables.map(({ name, compiled: expression }) => ({ name, program: expression.program }));
    variableLists.set(compiled, list);
  }
  return list;
}

/** `evaluateAuditAnnotations`: non-empty string values by key; an error names the annotation. */
function auditAnnotations(compiled: CompiledSpec, activation: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, compiled: expression } of compiled.auditAnnotations) {
    const result = evaluate(expression, activation);
    if (!result.ok) throw new StepError(`failed to evaluate auditAnnotation '${key}': ${result.error.message}`, { compiled: expression, ...range(expression, result.error) });
    if (typeof result.value === 'string') {
      if (result.value !== '') out[key] = result.value;
    } else if (result.value !== null) {
      throw new StepError(`failed to convert auditAnnotation '${key}' expression: type conversion error from '${celTypeName(result.value)}' to 'string'`, {
        compiled: expression,
        start: 0,
        end: expression.written.length,
      });
    }
  }
  return out;
}

function rule(name: string, status: RuleStatus, message: string, extra?: Pick<RuleResponse, 'properties'>): RuleResponse {
  const response: RuleResponse = { name, type: 'Validation', status, message };
  if (extra?.properties !== undefined) response.properties = extra.properties;
  return response;
}

/** Records on a rule response (built for the purpose) the expression it blames. */
function located(response: RuleResponse, at: { compiled: CompiledExpression; start: number; end: number } | undefined): RuleResponse {
  if (at === undefined) return response;
  response.policyPath = at.compiled.path;
  response.expressionRange = { start: at.start, end: at.end };
  return response;
}

/** What one evaluation reads besides the compiled spec. */
export interface SpecEvaluation {
  data: ActivationData;
  mode: NumberMode;
  /** The CEL exceptions referring to the policy. */
  exceptions: readonly CelPolicyException[];
  env: CelEnvironment;
  /** The Kyverno library handles (`resource`, `http`, `globalContext`, `image`) of the evaluation. */
  handles: Readonly<Record<string, unknown>>;
  /** Find the resource field a failed validation blames (the response's `path`). */
  explain?: boolean;
  /** Build the activation the compiled evaluation's way (`EvaluationRequest.reference` unset): same values, less work. */
  compiled?: boolean;
}

/**
 * The resource field a failed validation blames, as a Kyverno failure path (`/spec/containers/1/image/`), or
 * undefined when nothing finer than the resource is known. Beyond Kyverno, which reports no path for CEL.
 */
function blamedPath(compiled: CompiledSpec, program: CelProgram, activation: Record<string, unknown>): string | undefined {
  const segments = explainFailure(program, activation, { variables: Object.fromEntries(variablesOf(compiled).map(({ name, program }) => [name, program])) });
  return segments.length === 0 ? undefined : `/${segments.join('/')}/`;
}

/** The exceptions' outcome: a full exemption (the matched exceptions), or the partial exceptions' allowances. */
function applyExceptions(input: SpecEvaluation, activation: Record<string, unknown>, failurePolicy: string): CelPolicyException[] | ExceptionsValue {
  const outcome = matchExceptions(
    input.exceptions,
    input.env,
    (programs) => {
      try {
        return conditionsHold(
          programs.map((program, index) => ({ program, path: ['spec', 'matchConditions', index, 'expression'], written: program.expression })),
          activation,
          failurePolicy,
        );
      } catch (error) {
        // The exception's expression is not in the policy document: the error points at nothing.
        throw error instanceof StepError ? new StepError(error.message) : error;
      }
    },
    (message) => new StepError(message),
  );
  return 'exempted' in outcome ? outcome.exempted : outcome.allowances;
}

/** Evaluates a matched spec: the one rule response of the policy. */
export function evaluateSpec(compiled: CompiledSpec, input: SpecEvaluation): RuleResponse {
  const activation = input.compiled ? compiledActivation(input.data, input.mode, input.handles) : Object.assign(validatingPolicyActivation(input.data, input.mode), input.handles);
  const failurePolicy = compiled.spec.failurePolicy;
  try {
    // Without exceptions, `matchExceptions` allows nothing.
    const exceptions = input.compiled && input.exceptions.length === 0 ? { allowedImages: [], allowedValues: [] } : applyExceptions(input, activation, failurePolicy);
    if (Array.isArray(exceptions)) return exemptionRule(exceptions, 'Validation');
    activation.exceptions = exceptions;
    if (!conditionsHold(compiled.matchConditions, activation, failurePolicy)) return rule('', 'skip', 'skip');
    activation.variables = input.compiled ? compiledLazyVariables(variablesOf(compiled), activation) : lazyVariables(variablesOf(compiled), activation);
    for (const [index, validation] of compiled.validations.entries()) {
      const { expression } = validation;
      const result = evaluate(expression, activation);
      if (!result.ok) {
        return located(rule('', 'error', `error: ${result.error.message}`, { properties: { [VALIDATION_INDEX]: String(index) } }), { compiled: expression, ...range(expression, result.error) });
      }
      if (typeof result.value !== 'boolean') {
        const message = `error: type conversion error from '${celTypeName(result.value)}' to 'bool'`;
        return located(rule('', 'error', message, { properties: { [VALIDATION_INDEX]: String(index) } }), { compiled: expression, start: 0, end: expression.written.length });
      }
      if (result.value) continue;
      let message = validation.message;
      if (validation.messageExpression !== undefined) {
        const text = evaluate(validation.messageExpression, activation);
        if (!text.ok) message = `failed to evaluate message expression: ${text.error.message}`;
        else if (typeof text.value !== 'string') message = `failed to convert message expression to string: type conversion error from '${celTypeName(text.value)}' to 'string'`;
        else message = text.value;
      }
      if (message === '') message = `CEL expression validation failed at index ${index}`;
      let annotations: Record<string, string>;
      try {
        annotations = auditAnnotations(compiled, activation);
      } catch (error) {
        if (!(error instanceof StepError)) throw error;
        return located(rule('', 'error', `error: ${error.message}`, { properties: { [VALIDATION_INDEX]: String(index) } }), error.at);
      }
      const failed = rule('', 'fail', message, { properties: { ...annotations, [VALIDATION_INDEX]: annotations[VALIDATION_INDEX] ?? String(index) } });
      const path = input.explain ? blamedPath(compiled, expression.program, activation) : undefined;
      if (path !== undefined) failed.path = path;
      return located(failed, { compiled: expression, start: 0, end: expression.written.length });
    }
    const annotations = auditAnnotations(compiled, activation);
    return Object.keys(annotations).length > 0 ? rule('', 'pass', 'success', { properties: annotations }) : rule('', 'pass', 'success');
  } catch (error) {
    if (!(error instanceof StepError)) throw error;
    return located(rule('evaluation', 'error', `failed to load context: ${error.message}`), error.at);
  }
}
