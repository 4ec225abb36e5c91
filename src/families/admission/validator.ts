/**
 * @file Kubernetes' validator of admission-policy CEL expressions, as Kyverno runs it for ClusterPolicy
 * `validate.cel` rules and ValidatingAdmissionPolicies: the expressions are compiled once (kyverno/kyverno
 * pkg/admissionpolicy/compiler.go, `Compiler`; k8s.io/apiserver pkg/admission/plugin/cel/compile.go,
 * `CompileCELExpression`, composition.go), then each evaluation gives Kubernetes' policy decisions
 * (k8s.io/apiserver pkg/admission/plugin/policy/validating/validator.go, `validator.Validate`; match conditions
 * as pkg/admission/plugin/webhook/matchconditions/matcher.go, `matcher.Match`).
 *
 * Compile errors are not raised: like Kubernetes, an expression that does not compile gives an evaluation
 * error (`compilation error: …`) when it is evaluated. Audit annotations are compiled but never evaluated:
 * Kyverno reads none of their results.
 */
import { explainFailure, type CelCompileResult, type CelEnvironment, type CelError, type CelProgram } from '../../lang/cel/index.js';
import {
  admissionCelEnvironment,
  CompositedVariables,
  RUNTIME_COST_BUDGET,
  type AdmissionDeclarations,
  type VariableDeclaration,
} from './environment.js';

/** A named expression (`matchConditions[]`, `variables[]`). */
export interface NamedExpression {
  readonly name: string;
  readonly expression: string;
}

/** A `validations[]` entry (admissionregistration/v1 `Validation`). */
export interface ValidationExpression {
  readonly expression: string;
  readonly message?: string;
  readonly messageExpression?: string;
  readonly reason?: string;
}

/** The CEL parts of an admission policy. */
export interface AdmissionExpressions {
  readonly matchConditions: readonly NamedExpression[];
  readonly variables: readonly NamedExpression[];
  readonly validations: readonly ValidationExpression[];
  readonly auditAnnotations?: readonly { readonly key: string; readonly valueExpression: string }[];
  /** The mutations of a MutatingAdmissionPolicy (compiled with `patchTypes`). */
  readonly mutations?: readonly AdmissionMutation[];
}

/** A `mutations[]` entry (admissionregistration/v1 `Mutation`): its patch type and expression. */
export interface AdmissionMutation {
  readonly patchType: 'ApplyConfiguration' | 'JSONPatch';
  readonly expression: string;
}

/**
 * The output types a mutation must have (k8s.io/apiserver pkg/admission/plugin/policy/mutating/patch,
 * `ApplyConfigurationCondition.ReturnTypes`: `Object`; `JSONPatchCondition.ReturnTypes`: `list(JSONPatch)`, whose
 * `JSONPatch{…}` elements are typed `dyn` here and checked when the patch is applied).
 */
const MUTATION_TYPES: Readonly<Record<AdmissionMutation['patchType'], readonly string[]>> = {
  ApplyConfiguration: ['Object'],
  JSONPatch: ['list<JSONPatch>', 'list', 'list<dyn>', 'dyn'],
};

/** The value of a mutation's expression, or why it has none. */
export type MutationOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

export interface ValidatorOptions {
  /** `params` is declared (`paramKind` set). */
  readonly params: boolean;
  /** `authorizer` is declared for validations, variables and match conditions (ClusterPolicy `validate.cel`). */
  readonly authorizer: boolean;
  /** What an evaluation error decides: `Fail` (default) denies, `Ignore` admits. */
  readonly failurePolicy?: 'Fail' | 'Ignore';
  /** The mutation types `Object` and `JSONPatch` are declared (`HasPatchTypes`, MutatingAdmissionPolicies). */
  readonly patchTypes?: boolean;
}

/** Where an expression sits among the policy's expressions. */
export interface ExpressionOrigin {
  readonly list: 'matchConditions' | 'variables' | 'validations' | 'messageExpressions';
  readonly index: number;
  /** The character range `[start, end)` of an error inside the expression. */
  readonly range?: { readonly start: number; readonly end: number };
}

/** One decision (validating `PolicyDecision`). */
export interface PolicyDecision {
  readonly action: 'admit' | 'deny';
  readonly evaluation: 'admit' | 'deny' | 'error';
  readonly message: string;
  /** The expression that decided: the validation, or the expression whose error decided. */
  readonly origin?: ExpressionOrigin;
  /** A denied validation, when asked: the resource field the expression blames (`explainFailure`), if any. */
  readonly blamed?: readonly (string | number)[];
}

/** The result of one validation: match conditions not met, or one decision per validation. */
export type ValidateResult = { readonly matched: false } | { readonly matched: true; readonly decisions: readonly PolicyDecision[] };

/** The values bound to the admission variables for one evaluation. */
export interface AdmissionBindings {
  readonly object: unknown;
  readonly oldObject: unknown;
  readonly request: unknown;
  readonly namespaceObject: unknown;
  /** Bound when the policy declares params (null for none). */
  readonly params?: unknown;
}

/** The largest message a messageExpression may produce, in bytes (pkg/apis/cel/config.go, `MaxEvaluatedMessageExpressionSizeBytes`). */
const MAX_MESSAGE_BYTES = 5 * 1024;

const UTF8 = new TextEncoder();

/** A compiled expression, or why it does not compile (`compilation failed: …`, `must evaluate to …`). */
type Compiled = { readonly ok: true; readonly program: CelProgram } | { readonly ok: false; readonly message: string; readonly error: CelError };

interface CompiledVariable {
  readonly name: string;
  readonly index: number;
  readonly compiled: Compiled;
}

/** cel-go's issue rendering (`common.Errors.ToDisplayString`) without the source excerpt. */
function issue(error: CelError, expression: string): string {
  const before = expression.slice(0, error.start).split('\n');
  const line = before.length;
  const column = before[before.length - 1]!.length + 1;
  return `ERROR: <input>:${line}:${column}: ${error.message}`;
}

/** Kubernetes' `CompileCELExpression`: compile, then check the output type against `returnTypes` (none: any). */
function compileExpression(env: CelEnvironment, expression: string, returnTypes: readonly string[] | null): Compiled {
  const result: CelCompileResult = env.compile(expression);
  if (!result.ok) return { ok: false, message: `compilation failed: ${issue(result.error, expression)}`, error: result.error };
  const type = result.program.outputType;
  if (returnTypes !== null && !returnTypes.includes(type)) {
    const wanted = returnTypes.length === 1 ? returnTypes[0]! : `one of [${returnTypes.join(' ')}]`;
    return { ok: false, message: `must evaluate to ${wanted} but got ${type}`, error: { message: `must evaluate to ${wanted}`, start: 0, end: expression.length } };
  }
  return result;
}

/** Go's `strings.TrimSpace`. */
function trimSpace(text: string): string {
  return text.replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');
}

/** A validator compiled once for a policy's expressions. */
export class AdmissionValidator {
  readonly #expressions: AdmissionExpressions;
  readonly #failurePolicy: 'Fail' | 'Ignore';
  readonly #params: boolean;
  readonly #variables: readonly CompiledVariable[];
  readonly #matchConditions: readonly Compiled[];
  readonly #validations: readonly Compiled[];
  readonly #messages: readonly (Compiled | null)[];
  readonly #mutations: readonly Compiled[];

  constructor(expressions: AdmissionExpressions, options: ValidatorOptions) {
    this.#expressions = expressions;
    this.#failurePolicy = options.failurePolicy ?? 'Fail';
    this.#params = options.params;
    const declarations = (variables: readonly VariableDeclaration[], authorizer: boolean): AdmissionDeclarations => ({
      params: options.params,
      authorizer,
      variables,
      ...(options.patchTypes ? { patchTypes: true } : {}),
    });
    // Variables compile in order, each seeing the earlier ones with their output types (`CompileAndStoreVariables`);
    // one that does not compile is declared `dyn`. A name declared twice keeps its last definition.
    const declared: VariableDeclaration[] = [];
    const compiledVariables = new Map<string, CompiledVariable>();
    expressions.variables.forEach((variable, index) => {
      const env = admissionCelEnvironment(declarations(declared, options.authorizer));
      const compiled = compileExpression(env, variable.expression, null);
      const type = compiled.ok ? compiled.program.outputType : 'dyn';
      const at = declared.findIndex((entry) => entry.name === variable.name);
      if (at >= 0) declared.splice(at, 1);
      declared.push({ name: variable.name, type });
      compiledVariables.set(variable.name, { name: variable.name, index, compiled });
    });
    this.#variables = [...compiledVariables.values()];
    const env = admissionCelEnvironment(declarations(declared, options.authorizer));
    const messageEnv = options.authorizer ? admissionCelEnvironment(declarations(declared, false)) : env;
    this.#matchConditions = expressions.matchConditions.map((condition) => compileExpression(env, condition.expression, ['bool']));
    this.#validations = expressions.validations.map((validation) => compileExpression(env, validation.expression, ['bool']));
    this.#messages = expressions.validations.map((validation) =>
      validation.messageExpression ? compileExpression(messageEnv, validation.messageExpression, ['string']) : null,
    );
    // Audit annotations compile like the others; Kyverno never reads their values.
    for (const annotation of expressions.auditAnnotations ?? []) compileExpression(env, annotation.valueExpression, ['string', 'null']);
    this.#mutations = (expressions.mutations ?? []).map((mutation) => compileExpression(env, mutation.expression, MUTATION_TYPES[mutation.patchType]));
  }

  /**
   * The match conditions alone (matchconditions/matcher.go, `matcher.Match`): whether they hold, or the error that
   * decides under the failure policy `Fail` (under `Ignore` an error is a mismatch).
   */
  matchConditions(bindings: AdmissionBindings, budget = RUNTIME_COST_BUDGET): { readonly matched: boolean; readonly error?: string } {
    const result = this.#match(bindings, budget);
    if (result === null) return { matched: true };
    if (!result.matched) return { matched: false };
    return { matched: true, error: result.decisions[0]?.message ?? 'match conditions failed' };
  }

  /**
   * The value of mutation `index` in a composition context of its own (a mutating evaluator's `ForInput`, as each
   * patcher of k8s.io/apiserver pkg/admission/plugin/policy/mutating/patch evaluates its expression): variables are
   * evaluated afresh for the object the mutation sees.
   */
  mutation(index: number, bindings: AdmissionBindings, budget = RUNTIME_COST_BUDGET): MutationOutcome {
    const compiled = this.#mutations[index];
    const mutation = this.#expressions.mutations?.[index];
    if (compiled === undefined || mutation === undefined) return { ok: false, message: `no mutation ${index}` };
    const scope = new Evaluation(this.#variables, bindings, this.#params, budget);
    try {
      // The origin is not reported: a failed mutation gives no response.
      const result = scope.evaluate(compiled, mutation.expression, 'validations', index);
      return result.ok ? result : { ok: false, message: result.message };
    } catch (error) {
      if (!(error instanceof OutOfBudget)) throw error;
      return { ok: false, message: error.message };
    }
  }

  /**
   * Evaluates the match conditions, then the validations and their messages (validating `validator.Validate`),
   * within `budget` (Kubernetes' `RuntimeCELCostBudget` by default) for the validations and their messages.
   */
  validate(bindings: AdmissionBindings, budget = RUNTIME_COST_BUDGET, explain = false): ValidateResult {
    const match = this.#match(bindings, budget);
    if (match !== null) return match;

    const failed = this.#failurePolicy === 'Ignore' ? 'admit' : 'deny';
    const scope = new Evaluation(this.#variables, bindings, this.#params, budget);
    const results: Outcome[] = [];
    try {
      this.#validations.forEach((compiled, index) => results.push(scope.evaluate(compiled, this.#expressions.validations[index]!.expression, 'validations', index)));
    } catch (error) {
      if (!(error instanceof OutOfBudget)) throw error;
      return { matched: true, decisions: [{ action: failed, evaluation: 'error', message: error.message }] };
    }
    // Every messageExpression is evaluated, with what the validations left of the budget.
    const messages = new Evaluation(this.#variables, bindings, this.#params, scope.remaining);
    const messageResults: (Outcome | null)[] = [];
    let messagesFailed: string | null = null;
    try {
      this.#messages.forEach((compiled, index) =>
        messageResults.push(compiled === null ? null : messages.evaluate(compiled, this.#expressions.validations[index]!.messageExpression!, 'messageExpressions', index)),
      );
    } catch (error) {
      if (!(error instanceof OutOfBudget)) throw error;
      messagesFailed = `failed messageExpression: ${error.message}`;
    }
    const decisions = results.map((result, index): PolicyDecision => {
      const validation = this.#expressions.validations[index]!;
      if (!result.ok) return { action: failed, evaluation: 'error', message: result.message, origin: result.origin };
      if (messagesFailed !== null) return { action: failed, evaluation: 'error', message: messagesFailed };
      if (result.value === true) return { action: 'admit', evaluation: 'admit', message: '' };
      const decision = { action: 'deny', evaluation: 'deny', message: denialMessage(validation, messageResults[index] ?? null), origin: { list: 'validations', index } } as const;
      const compiled = this.#validations[index]!;
      if (!explain || !compiled.ok) return decision;
      // Beyond Kubernetes, which names no field: the field the failed expression read (lang/cel/explain.ts).
      const blamed = explainFailure(compiled.program, scope.activation);
      return blamed.length === 0 ? decision : { ...decision, blamed };
    });
    return { matched: true, decisions };
  }

  /** The match conditions' verdict: null when they all hold, else the result to return (matcher.go, `Match`). */
  #match(bindings: AdmissionBindings, budget: number): ValidateResult | null {
    if (this.#matchConditions.length === 0) return null;
    const scope = new Evaluation(this.#variables, bindings, this.#params, budget);
    const errors: { message: string; origin?: ExpressionOrigin }[] = [];
    try {
      for (let index = 0; index < this.#matchConditions.length; index++) {
        const result = scope.evaluate(this.#matchConditions[index]!, this.#expressions.matchConditions[index]!.expression, 'matchConditions', index);
        if (!result.ok) errors.push({ message: result.message, origin: result.origin });
        else if (result.value === false) return { matched: false };
      }
    } catch (error) {
      if (!(error instanceof OutOfBudget)) throw error;
      errors.splice(0, errors.length, { message: error.message });
    }
    if (errors.length === 0) return null;
    if (this.#failurePolicy === 'Ignore') return { matched: false };
    // k8s.io/apimachinery pkg/util/errors `NewAggregate(...).Error()`: one message as is, several (deduplicated) in brackets.
    const texts = [...new Set(errors.map((error) => error.message))];
    const message = texts.length === 1 ? texts[0]! : `[${texts.join(', ')}]`;
    const origin = errors[0]!.origin;
    return { matched: true, decisions: [origin === undefined ? { action: 'deny', evaluation: 'error', message } : { action: 'deny', evaluation: 'error', message, origin }] };
  }
}

/** The message of a denied validation (validator.go): the messageExpression's, else `message`, else the expression. */
function denialMessage(validation: ValidationExpression, result: Outcome | null): string {
  let message = '';
  if (result !== null && result.ok && typeof result.value === 'string') {
    message = trimSpace(result.value);
    if (UTF8.encode(message).length > MAX_MESSAGE_BYTES) message = '';
    if (message.includes('\n')) message = '';
  }
  if (message === '' && validation.message) message = trimSpace(validation.message);
  if (message === '') message = `failed expression: ${trimSpace(validation.expression)}`;
  return message;
}

/** The evaluation ran out of its cost budget: no further expression runs (activation.go, `Evaluate`). */
class OutOfBudget extends Error {
  constructor() {
    super('validation failed due to running out of cost budget, no further validation rules will be run');
  }
}

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string; readonly origin: ExpressionOrigin };

/**
 * One evaluation context (`compositionContext`): the activation, with composited variables evaluated on first
 * use and kept for the context's other expressions.
 */
class Evaluation {
  readonly #activation: Record<string, unknown>;
  /** Variables whose evaluation failed, by the start of their error message. */
  readonly #failures = new Map<string, ExpressionOrigin>();
  /** The cost of the variables evaluated since the last expression (`compositionContext.GetAndResetCost`). */
  readonly #variablesCost = { cost: 0 };
  /** What is left of the context's cost budget. */
  remaining: number;

  /** The activation the expressions are evaluated in. */
  get activation(): Readonly<Record<string, unknown>> {
    return this.#activation;
  }

  constructor(variables: readonly CompiledVariable[], bindings: AdmissionBindings, params: boolean, budget: number) {
    this.remaining = budget;
    const value = new CompositedVariables();
    this.#activation = {
      object: bindings.object ?? null,
      oldObject: bindings.oldObject ?? null,
      request: bindings.request ?? null,
      namespaceObject: bindings.namespaceObject ?? null,
      authorizer: null,
      variables: value,
    };
    if (params) this.#activation.params = bindings.params ?? null;
    for (const variable of variables) this.#define(value, variable);
  }

  /** Defines the lazy field of a variable (composition.go, `variableAccessor.Callback`). */
  #define(target: CompositedVariables, variable: CompiledVariable): void {
    let result: { value: unknown } | { error: string } | undefined;
    const failures = this.#failures;
    const activation = this.#activation;
    const meter = this.#variablesCost;
    Object.defineProperty(target, variable.name, {
      enumerable: true,
      get(): unknown {
        if (result === undefined) {
          const compiled = variable.compiled;
          if (!compiled.ok) {
            result = { error: `composited variable "${variable.name}" fails to compile: ${compiled.message}` };
            failures.set(`composited variable "${variable.name}" `, { list: 'variables', index: variable.index, range: { start: compiled.error.start, end: compiled.error.end } });
          } else {
            const evaluated = compiled.program.evaluate(activation, meter);
            if (evaluated.ok) {
              result = { value: evaluated.value };
            } else {
              result = { error: `composited variable "${variable.name}" fails to evaluate: ${evaluated.error.message}` };
              failures.set(`composited variable "${variable.name}" `, { list: 'variables', index: variable.index, range: { start: evaluated.error.start, end: evaluated.error.end } });
            }
          }
        }
        if ('error' in result) throw new Error(result.error);
        return result.value;
      },
    });
  }

  /**
   * Evaluates one expression (activation.go, `evaluationActivation.Evaluate`), charging its cost and that of the
   * variables it evaluated to the budget; throws `OutOfBudget` past it.
   */
  evaluate(compiled: Compiled, expression: string, list: ExpressionOrigin['list'], index: number): Outcome {
    if (!compiled.ok) {
      return { ok: false, message: `compilation error: ${compiled.message}`, origin: { list, index, range: { start: compiled.error.start, end: compiled.error.end } } };
    }
    const meter = { cost: 0 };
    this.#variablesCost.cost = 0;
    const result = compiled.program.evaluate(this.#activation, meter);
    this.#charge(this.#variablesCost.cost);
    this.#charge(meter.cost);
    if (result.ok) return { ok: true, value: result.value };
    const message = `expression '${expression}' resulted in error: ${result.error.message}`;
    for (const [prefix, origin] of this.#failures) {
      if (result.error.message.startsWith(prefix)) return { ok: false, message, origin };
    }
    return { ok: false, message, origin: { list, index, range: { start: result.error.start, end: result.error.end } } };
  }

  #charge(cost: number): void {
    if (cost > this.remaining) throw new OutOfBudget();
    this.remaining -= cost;
  }
}
