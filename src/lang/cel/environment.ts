/**
 * @file The CEL language layer: a type-checked @marcbachmann/cel-js environment configured like Kyverno's
 * (kyverno/kyverno `pkg/cel/compiler/env.go`, `DefaultEnvOptionsWithCompat` / `DynamicResourceEnvOptionsWithCompat`):
 * optional types (the parts cel-js lacks: optionals.ts), homogeneous aggregate literals (off for GeneratingPolicy),
 * declared variables, object types with declared fields (`request`, `namespaceObject`, Kyverno's `variables`:
 * object-types.ts), Kyverno's `orValue` compatibility (`OrValueCompatEnvOptions`), the ext.Strings functions cel-js
 * lacks (strings.ts, format.ts), ext.Lists version 3 (lists.ts), ext.Sets (sets.ts), ext.Math (math.ts),
 * ext.Encoders (encoders.ts), ext.Regex version 1 and RE2 `matches` (regex.ts), two-variable comprehensions
 * (comprehensions.ts), Kubernetes list `indexOf`/`lastIndexOf`, and a runtime budget standing in for cel-go's cost
 * limit (budget.ts, cost.ts). `cel.bind` (ext.Bindings) is cel-js's own.
 *
 * Values: activations are plain JSON-like values. JSON numbers stay JavaScript numbers, i.e. CEL `double`, as in
 * the Kyverno CLI, which converts every number of a loaded resource to float64 (kyverno/kyverno
 * `cmd/cli/kubectl-kyverno/commands/test/test.go`, `ProcessResources`). CEL `int` values are bigints.
 *
 * Compile once, evaluate many times: errors of either step are returned as values, never thrown.
 */
import { Environment, EvaluationError, Optional, type ParseResult } from '@marcbachmann/cel-js';
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { parseGoDuration } from '../../util/go-duration.js';
import {
  type CelJsChecker,
  type CelJsEvaluator,
  type CelJsMacro,
  type CelJsNode,
  afterEvaluate,
  evaluateOriginal,
  markPatched,
  overrideEvaluate,
  walk,
} from './ast.js';
import {
  Budget,
  charge,
  COST_LIMIT_EXCEEDED,
  DEFAULT_COST_LIMIT,
  exhausted,
  SAFETY_COST_LIMIT,
  SAFETY_LIMIT_EXCEEDED,
  runWithBudget,
  withBudget,
} from './budget.js';
import { type ClosureProgram, closuresEnabled, compileClosures, Raised } from './closures.js';
import { iterationCost } from './cost.js';
import { FormatError, formatCel, STRING_CLAUSE_TYPES, validateFormatCall } from './format.js';
import { patchHas } from './has.js';
import { isTwoVarComprehension, registerTwoVarComprehensions } from './comprehensions.js';
import { registerEncoders } from './encoders.js';
import { patchFlattenCall, registerLists } from './lists.js';
import { registerMath } from './math.js';
import { type CelObjectTypes, KUBERNETES_OBJECT_TYPES, ObjectTypeScope, patchObjectTypeNode, registerKubernetesObjectTypes, registerObjectType } from './object-types.js';
import { attachOptionalEntries, blankMarkers, findOptionalEntryMarkers, registerOptionals } from './optionals.js';
import { re2Matches, registerRegex } from './regex.js';
import { attachStructLiterals, blankStructNames, findStructLiterals, registerStructTypes } from './struct-literals.js';
import { compileRe2 } from '../../util/go-regexp.js';
import { patchSetsCall, registerSets } from './sets.js';
import {
  type EqualityEvaluator,
  equalsIn,
  listIndexOf,
  listLastIndexOf,
  registerStringFunctions,
  stringIndexOf,
  stringLastIndexOf,
  substring,
} from './strings.js';

/** How to build a CEL environment. */
export interface CelEnvironmentOptions {
  /**
   * Declared variables: name → CEL type (`'dyn'`, `'map<string, dyn>'`, …); `undefined` means `dyn`. The type may
   * be an object type: `'kubernetes.AdmissionRequest'` (`ADMISSION_REQUEST_TYPE`, for `request`),
   * `'kubernetes.Namespace'` (`NAMESPACE_TYPE`, for `namespaceObject`), or one of `objectTypes`.
   */
  readonly variables?: Readonly<Record<string, string | undefined>>;
  /**
   * Object types to declare, type name → field name → CEL type, e.g. Kyverno's `variables`:
   * `{objectTypes: {'kyverno.variables': {a: 'dyn', b: 'string'}}, variables: {variables: 'kyverno.variables'}}`
   * makes `variables.c` a compile error and `variables.b` a string (object-types.ts). The names must differ from the
   * built-in types (`kubernetes.*`).
   */
  readonly objectTypes?: CelObjectTypes;
  /**
   * cel-go `HomogeneousAggregateLiterals`: mixed-type list/map literals are compile errors. Default true; Kyverno
   * turns it off for GeneratingPolicy (`DynamicResourceEnvOptions`).
   */
  readonly homogeneousAggregateLiterals?: boolean;
  /**
   * The runtime budget of one evaluation (see budget.ts), `null` for none (Kyverno's GeneratingPolicy and
   * DeletingPolicy programs have no cost limit); an evaluation then still stops at {@link SAFETY_COST_LIMIT}, so
   * that no expression runs for minutes. Default 1,000,000.
   */
  readonly costLimit?: number | null;
  /**
   * Reject invalid literal regex patterns of `matches` at compile time, as the Kubernetes base environment's AST
   * validators do (`k8s.io/apiserver/pkg/cel/library/regex.go`, `regexValidator`). Default true.
   */
  readonly validateRegexLiterals?: boolean;
  /**
   * Two-variable comprehensions (`all(k, v, p)`, `transformList`, …). Default true: the Kubernetes base environment
   * of ValidatingPolicy, MutatingPolicy, ImageValidatingPolicy, `validate.cel`, VAP and MAP has them; Kyverno's
   * GeneratingPolicy and DeletingPolicy environments (plain cel-go with `DefaultEnvOptions`) do not, and there they
   * are compile errors.
   */
  readonly twoVariableComprehensions?: boolean;
  /**
   * Libraries to register on the environment (functions, types, variables of library handles), after the
   * built-in ones and before the declared variables.
   */
  readonly libraries?: readonly CelLibrary[];
  /**
   * Kyverno's `orValue` compatibility (`OrValueCompatEnvOptions`: `x.orValue(y)` on a non-optional `x` gives `x`).
   * Default true; environments built without Kyverno's compiler (Kyverno Authz) have cel-go's plain `orValue`.
   */
  readonly orValueCompat?: boolean;
  /**
   * Message constructions of Kubernetes' mutation library (`Object{…}`, `Object.spec{…}`, `JSONPatch{…}`:
   * struct-literals.ts), as the environments of MutatingPolicy and MutatingAdmissionPolicy declare them. Default false.
   */
  readonly structLiterals?: boolean;
}

/** Registers a library's functions and types on a cel-js environment. */
export type CelLibrary = (env: Environment) => void;

/** A compile or runtime error, with the character range `[start, end)` of the expression it points at. */
export interface CelError {
  readonly message: string;
  readonly start: number;
  readonly end: number;
}

export type CelEvalResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: CelError };

/** A compiled (parsed and type-checked) expression. */
export interface CelProgram {
  readonly expression: string;
  /** The checked output type, as cel-js names it (`bool`, `string`, `list`, `map`, `dyn`, …). */
  readonly outputType: string;
  /**
   * Evaluates the program; runtime errors (and an exceeded budget) are returned, never thrown. `meter.cost` is
   * increased by what the evaluation charged to its budget (evaluations nested in it have budgets of their own).
   */
  evaluate(activation?: Readonly<Record<string, unknown>>, meter?: CelCostMeter): CelEvalResult;
}

/** Accumulates the cost of evaluations (see {@link CelProgram.evaluate}). */
export interface CelCostMeter {
  cost: number;
}

export type CelCompileResult = { readonly ok: true; readonly program: CelProgram } | { readonly ok: false; readonly error: CelError };

/** A configured environment. */
export interface CelEnvironment {
  compile(expression: string): CelCompileResult;
}

/** The message cel-js errors carry without their source excerpt, and their range. */
function toCelError(err: unknown, expression: string): CelError {
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    return { message: 'expression too deeply nested', start: 0, end: expression.length };
  }
  const e = err as { summary?: unknown; message?: unknown; range?: { start: number; end: number } };
  const message = typeof e.summary === 'string' ? e.summary : typeof e.message === 'string' ? e.message : String(err);
  const range = e.range ?? { start: 0, end: expression.length };
  return { message, start: range.start, end: range.end };
}

/**
 * A runtime error with cel-go's text where cel-js words it differently: a missing map key is cel-go's
 * `no such key: <key>` (interpreter/attributes.go, `missingKey`), which Kyverno's and Kubernetes' messages carry.
 */
function runtimeError(error: CelError): CelError {
  return error.message.startsWith('No such key: ') ? { ...error, message: `no such key: ${error.message.slice('No such key: '.length)}` } : error;
}

/** The error cel-js's evaluator creates for a node (`Evaluator.createError`). */
function nodeError(ev: CelJsEvaluator, message: string, node: CelJsNode): Error {
  const create = (ev as unknown as { createError(code: string, message: string, node: unknown): Error }).createError;
  return create('evaluation_error', message, node);
}

/**
 * Kyverno's `orValue` compatibility (`OrValueCompatEnvOptions`, `orValueCompatMacro`): `x.orValue(y)` becomes
 * `__orValueCompat__(x, y)`, a strict `(dyn, dyn) -> dyn` function returning the optional's value, `y` for an empty
 * optional, and `x` itself for any other value. Both operands are evaluated (strict call), and an error in either
 * propagates. cel-js registers `orValue` as a macro that cannot be overridden, so the macro object of each call is
 * patched instead.
 */
function patchOrValue(node: CelJsNode): void {
  const macro = node.meta.macro as CelJsMacro;
  const receiver = macro.receiver as CelJsNode;
  const arg = macro.arg as CelJsNode;
  macro.typeCheck = (checker: CelJsChecker, _macro: CelJsMacro, ctx: unknown) => {
    checker.check(receiver, ctx);
    checker.check(arg, ctx);
    return checker.getType('dyn');
  };
  markPatched(node, 'orvalue-compat');
  macro.evaluate = (ev: CelJsEvaluator, _macro: CelJsMacro, ctx: unknown) => {
    const x = ev.run(receiver, ctx);
    const y = ev.run(arg, ctx);
    if (x instanceof Optional) return x.hasValue() ? x.value() : y;
    return x;
  };
}

/** `matches` on RE2 (regex.ts) instead of cel-js's JavaScript `RegExp`. */
function patchMatches(node: CelJsNode, text: CelJsNode, pattern: CelJsNode): void {
  overrideEvaluate(
    node,
    (ev, self, ctx) => {
      const s = ev.run(text, ctx);
      const p = ev.run(pattern, ctx);
      if (typeof s !== 'string' || typeof p !== 'string') return evaluateOriginal(ev, self, ctx);
      try {
        return re2Matches(s, p);
      } catch (err) {
        throw nodeError(ev, (err as Error).message, self);
      }
    },
    'matches-re2',
  );
}

/** The operands of a `matches` call (`s.matches(p)` or `matches(s, p)`), or null. */
function matchesOperands(node: CelJsNode): [CelJsNode, CelJsNode] | null {
  if (node.op === 'rcall') {
    const [name, receiver, args] = node.args as [string, CelJsNode, CelJsNode[]];
    if (name === 'matches' && args.length === 1) return [receiver, args[0]!];
  } else if (node.op === 'call') {
    const [name, args] = node.args as [string, CelJsNode[]];
    if (name === 'matches' && args.length === 2) return [args[0]!, args[1]!];
  }
  return null;
}

/**
 * `indexOf`/`lastIndexOf`/`substring` calls. On lists, whatever the element type: cel-js dispatches
 * `list<A>.indexOf(A)` on the runtime types and finds no overload for, e.g., a list of doubles (JSON numbers)
 * searched for an int, where cel-go binds the type parameter and Kubernetes compares with heterogeneous equality
 * (`lists.go`, `indexOf`). On strings, on code points as cel-go `ext/strings.go` counts (cel-js counts UTF-16
 * units). Other operand types go to cel-js (and its overload errors).
 */
function patchIndexCall(node: CelJsNode, name: 'indexOf' | 'lastIndexOf' | 'substring', receiver: CelJsNode, args: readonly CelJsNode[]): void {
  overrideEvaluate(node, (ev, self, ctx) => {
    const target = ev.run(receiver, ctx);
    const values = args.map((arg) => ev.run(arg, ctx));
    if (Array.isArray(target) && name !== 'substring' && values.length === 1) {
      const equals = equalsIn(ev as unknown as EqualityEvaluator);
      return name === 'lastIndexOf' ? listLastIndexOf(target, values[0], equals) : listIndexOf(target, values[0], equals);
    }
    if (typeof target === 'string') {
      const [first, second] = values;
      const secondOk = second === undefined || typeof second === 'bigint';
      try {
        if (name === 'substring' && typeof first === 'bigint' && secondOk) return substring(target, first, second);
        if (name === 'indexOf' && typeof first === 'string' && secondOk) return stringIndexOf(target, first, second);
        if (name === 'lastIndexOf' && typeof first === 'string' && secondOk) return stringLastIndexOf(target, first, second);
      } catch (err) {
        throw nodeError(ev, (err as Error).message, self);
      }
    }
    return evaluateOriginal(ev, self, ctx);
  });
}

/**
 * `duration(string)` parses as cel-go parses it, with Go's `time.ParseDuration` (util/go-duration.ts): `"0"` and
 * the Greek mu of `"1μs"` are durations there, not in cel-js. Other strings, and other operands, go to cel-js (and
 * its errors).
 */
function patchDurationCall(node: CelJsNode, arg: CelJsNode): void {
  overrideEvaluate(node, (ev, self, ctx) => {
    const value = ev.run(arg, ctx);
    const nanoseconds = typeof value === 'string' ? parseGoDuration(value) : null;
    if (nanoseconds === null) return evaluateOriginal(ev, self, ctx);
    // google.protobuf.Duration: seconds and nanos of the same sign.
    return new Duration(nanoseconds / 1_000_000_000n, Number(nanoseconds % 1_000_000_000n));
  });
}

/**
 * cel-go exempts the aggregate literals inside a `format` call from the homogeneous-literal rule
 * (`ext/formatting.go`, `stringFormatValidator.Configure` adds `format` to
 * `HomogeneousAggregateLiteralExemptFunctions`; cel-go `cel/validator.go`, `inExemptFunction`, looks at every
 * ancestor call), so `'%s is %d'.format(['x', 1])` compiles. Those literals are checked element by element and
 * typed `list<dyn>` / `map<dyn, dyn>`.
 */
function exemptFromHomogeneity(call: CelJsNode): void {
  walk(call, (node) => {
    if (node.op === 'list' || node.op === 'map') node.setMeta('homogeneityExempt', true);
    if (node.op === 'list') {
      node.setMeta('check', (checker: CelJsChecker, self: CelJsNode, ctx: unknown) => {
        for (const element of self.args as CelJsNode[]) checker.check(element, ctx);
        return checker.getType('list');
      });
    } else if (node.op === 'map') {
      node.setMeta('check', (checker: CelJsChecker, self: CelJsNode, ctx: unknown) => {
        for (const [key, value] of self.args as [CelJsNode, CelJsNode][]) {
          checker.check(key, ctx);
          checker.check(value, ctx);
        }
        return checker.getType('map');
      });
    }
  });
}

/**
 * Charges each comprehension iteration the static cost of its step (cost.ts), plus 3 for the accumulator tests of
 * `all` and `exists` (cel-go's expansion: `@not_strictly_false(accu)` and `accu && …`). Once the budget is
 * exhausted, a quantifier (`all`, `exists`) would absorb the error of each further step and go on iterating, so its
 * step returns an accumulator value that ends the loop instead (its `condition` is false for it); the evaluation's
 * result is the cost error in any case.
 */
function meterStep(comprehension: { step: CelJsNode; condition?: (accu: unknown) => boolean }): void {
  const condition = comprehension.condition;
  // Computed on first use, after type checking has resolved constants (namespaces cost nothing).
  let cost: number | undefined;
  overrideEvaluate(
    comprehension.step,
    (ev, self, ctx) => {
      if (condition && exhausted()) return condition(false) ? true : false;
      charge((cost ??= iterationCost(comprehension.step, condition ? 3 : 0)));
      return evaluateOriginal(ev, self, ctx);
    },
    'step-cost',
  );
}

/**
 * `c ? m : null` and `c ? null : m` with `m` of a message type: cel-go joins the branch types, null being assignable
 * to message types (cel-go `checker/types.go`, `isAssignable`), so the conditional has the message type; cel-js
 * requires the same type on both branches.
 */
function patchNullBranch(node: CelJsNode): void {
  type Checked = { checkedType?: { kind: string; name: string } };
  const original = (node.meta as unknown as { check: (chk: CelJsChecker, self: CelJsNode, ctx: unknown) => unknown }).check;
  node.setMeta('check', (checker: CelJsChecker, self: CelJsNode, ctx: unknown) => {
    try {
      return original(checker, self, ctx);
    } catch (err) {
      const [, left, right] = self.args as [CelJsNode, CelJsNode, CelJsNode];
      const leftType = (left as unknown as Checked).checkedType;
      const rightType = (right as unknown as Checked).checkedType;
      if (leftType?.name === 'null' && rightType?.kind === 'message') return rightType;
      if (rightType?.name === 'null' && leftType?.kind === 'message') return leftType;
      throw err;
    }
  });
}

/**
 * Charges results that are lists or strings a tenth of their length (cel-go charges string concatenation and the
 * ext.Strings functions `common.StringTraversalCostFactor` per character): `+`, and the string functions whose
 * result can outgrow their operands (`join`, `replace`, `format`, `split`).
 */
function meterOutput(node: CelJsNode): void {
  overrideEvaluate(
    node,
    (ev, self, ctx) => {
      const value = evaluateOriginal(ev, self, ctx);
      if (typeof value === 'string' || Array.isArray(value)) charge(Math.ceil(value.length / 10));
      return value;
    },
    'output-cost',
  );
}

/** Charges a membership test on a list its size. */
function chargeMembership(range: unknown): void {
  if (Array.isArray(range)) charge(range.length);
}

/** The receiver functions metered by {@link meterOutput}. */
const METERED_FUNCTIONS = new Set(['join', 'replace', 'format', 'split']);

let base: Environment | null = null;
/** The converters of the object types registered on the base environment. */
const baseObjectTypes = new ObjectTypeScope();

/**
 * The environment every CEL environment is cloned from: the built-in libraries, registered once. cel-js freezes an
 * environment once it has been cloned, so nothing is registered on it afterwards.
 */
function baseEnvironment(): Environment {
  if (base !== null) return base;
  const env = new Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: true, unlistedVariablesAreDyn: false });
  registerStringFunctions(env);
  registerLists(env);
  registerSets(env);
  registerMath(env);
  registerEncoders(env);
  registerRegex(env);
  registerOptionals(env);
  registerTwoVarComprehensions(env);
  registerKubernetesObjectTypes(env, baseObjectTypes);
  // cel-go's standard library also has the global form `matches(string, string)` (`common/stdlib`); cel-js does not.
  env.registerFunction('matches(string, string): bool', (text: string, pattern: string) => re2Matches(text, pattern));
  env.registerFunction('string.format(list): string', (format: string, args: unknown[]) => {
    try {
      return formatCel(format, args);
    } catch (err) {
      throw err instanceof FormatError ? new EvaluationError(err.message) : err;
    }
  });
  base = env;
  return env;
}

/** Creates a CEL environment (see the file comment and {@link CelEnvironmentOptions}). */
export function createCelEnvironment(options: CelEnvironmentOptions = {}): CelEnvironment {
  // A clone shares the base's registrations (copy on write): creating an environment costs little.
  const env = baseEnvironment().clone({
    enableOptionalTypes: true,
    homogeneousAggregateLiterals: options.homogeneousAggregateLiterals ?? true,
    unlistedVariablesAreDyn: false,
  });
  if (options.objectTypes !== undefined) {
    const scope = new ObjectTypeScope(baseObjectTypes);
    for (const [name, fields] of Object.entries(options.objectTypes)) registerObjectType(env, scope, name, fields);
  }
  if (options.structLiterals) registerStructTypes(env);
  for (const library of options.libraries ?? []) library(env);
  for (const [name, type] of Object.entries(options.variables ?? {})) env.registerVariable(name, type ?? 'dyn');
  // Variables of object types: their identifiers evaluate to null for a null value (object-types.ts).
  const objectVariables = new Set<string>();
  for (const [name, type] of Object.entries(options.variables ?? {})) {
    if (type !== undefined && (type in KUBERNETES_OBJECT_TYPES || (options.objectTypes !== undefined && type in options.objectTypes))) {
      objectVariables.add(name);
    }
  }
  // A variable of an object type whose fields are all `dyn` (Kyverno's `variables`): its fields are read as they are.
  const variablesName = Object.entries(options.variables ?? {}).find(
    ([, type]) => type !== undefined && options.objectTypes?.[type] !== undefined && Object.values(options.objectTypes[type]!).every((field) => field === 'dyn'),
  )?.[0];
  const costLimit = options.costLimit === undefined ? DEFAULT_COST_LIMIT : options.costLimit;
  const validateRegexLiterals = options.validateRegexLiterals ?? true;
  const twoVariableComprehensions = options.twoVariableComprehensions ?? true;
  const orValueCompat = options.orValueCompat ?? true;
  const structLiterals = options.structLiterals ?? false;

  return {
    compile(expression: string): CelCompileResult {
      let parsed: ParseResult;
      try {
        const markers = expression.includes('?') ? findOptionalEntryMarkers(expression) : [];
        const sites = structLiterals && expression.includes('{') ? findStructLiterals(expression) : [];
        let source = markers.length > 0 ? blankMarkers(expression, markers) : expression;
        if (sites.length > 0) source = blankStructNames(source, sites);
        parsed = env.parse(source);
        const root = parsed.ast as unknown as CelJsNode;
        const astError =
          (markers.length > 0 ? attachOptionalEntries(root, markers) : null) ??
          (sites.length > 0 ? attachStructLiterals(root, sites, markers) : null) ??
          patch(root, validateRegexLiterals, objectVariables, twoVariableComprehensions, orValueCompat);
        if (astError !== null) return { ok: false, error: astError };
        const checked = parsed.check();
        if (!checked.valid) return { ok: false, error: toCelError(checked.error, expression) };
        const formatError = expression.includes('format') ? validateFormatCalls(parsed.ast as unknown as CelJsNode) : null;
        if (formatError !== null) return { ok: false, error: formatError };
        const closures = compileClosures(root, variablesName === undefined ? {} : { variablesName });
        return { ok: true, program: makeProgram(expression, parsed, outputTypeName(checked.type ?? 'dyn'), costLimit, closures) };
      } catch (err) {
        return { ok: false, error: toCelError(err, expression) };
      }
    },
  };
}

/**
 * The deepest AST accepted (macro expansions included). cel-js limits the nesting of parentheses, calls and
 * aggregates (`maxDepth`, 250, like cel-go's parser `maxRecursionDepth`), but not of operator chains such as
 * `1 + 1 + … + 1`, whose type check and evaluation recurse once per operator and would overflow the stack.
 */
export const MAX_AST_DEPTH = 1000;

/** Applies the AST patches; returns a compile error for an invalid literal regex pattern or a too deep AST. */
function patch(
  root: CelJsNode,
  validateRegexLiterals: boolean,
  objectVariables: ReadonlySet<string>,
  twoVariableComprehensions: boolean,
  orValueCompat: boolean,
): CelError | null {
  let error: CelError | null = null;
  const membershipRanges: CelJsNode[] = [];
  walk(root, (node, depth) => {
    if (node.op === 'in') membershipRanges.push((node.args as [CelJsNode, CelJsNode])[1]);
    if (depth > MAX_AST_DEPTH && error === null) {
      error = { message: `expression nested too deeply (more than ${MAX_AST_DEPTH} levels)`, start: node.start, end: node.end };
    }
    if (node.op === 'call') {
      patchHas(node);
      const [name, args] = node.args as [string, CelJsNode[]];
      if (name === 'duration' && args.length === 1) patchDurationCall(node, args[0]!);
    }
    if (!twoVariableComprehensions && error === null && node.op === 'rcall' && isTwoVarComprehension(node)) {
      const [name, , args] = node.args as [string, CelJsNode, CelJsNode[]];
      error = { message: `found no matching overload for '${name}' with ${args.length} arguments`, start: node.start, end: node.end };
    }
    if (node.op === '?:') patchNullBranch(node);
    if (node.op === 'rcall' && node.meta.macro && (node.args as unknown[])[0] === 'orValue') {
      if (orValueCompat) patchOrValue(node);
    } else if ((node.op === 'id' && objectVariables.has(node.args as string)) || node.op === '.?') patchObjectTypeNode(node);
    else if (node.op === 'comprehension') meterStep(node.args as { step: CelJsNode; condition?: (accu: unknown) => boolean });
    else if (node.op === '+') meterOutput(node);
    else if (patchSetsCall(node) || patchFlattenCall(node)) return;
    else if (node.op === 'rcall') {
      const [name, receiver, args] = node.args as [string, CelJsNode, CelJsNode[]];
      // `regex.replace` charges its result itself (regex.ts).
      if (METERED_FUNCTIONS.has(name) && !(receiver.op === 'id' && receiver.args === 'regex')) meterOutput(node);
      if (name === 'format' && args.length === 1) exemptFromHomogeneity(node);
      if ((name === 'indexOf' || name === 'lastIndexOf' || name === 'substring') && (args.length === 1 || args.length === 2)) {
        patchIndexCall(node, name, receiver, args);
      }
    }
    const operands = matchesOperands(node);
    if (operands) {
      patchMatches(node, operands[0], operands[1]);
      const pattern = operands[1];
      if (validateRegexLiterals && error === null && pattern.op === 'value' && typeof pattern.args === 'string') {
        const re = compileRe2(pattern.args);
        if (typeof re === 'string') error = { message: `compilation failed: ${re}`, start: pattern.start, end: pattern.end };
      }
    }
  });
  // cel-go charges `x in list` the list's size (`interpreter/runtimecost.go`, `overloads.InList`), after the
  // other patches so that it keeps theirs.
  for (const range of membershipRanges) afterEvaluate(range, chargeMembership, 'membership-cost');
  return error;
}

/**
 * The checked output type as reported to callers: type parameters left unbound by the checker (`lists.range(0)`
 * is `list<int>`, but `[].reverse()` is `list<T>`) are `dyn`, and `list<dyn>`/`map<dyn, dyn>` are `list`/`map`,
 * as cel-js reports them.
 */
function outputTypeName(type: string): string {
  const name = type.replace(/(?<![\w.])[A-Z](?![\w.])/g, 'dyn');
  return name === 'list<dyn>' ? 'list' : name === 'map<dyn, dyn>' ? 'map' : name;
}

/** A checked node's type as cel-go names it (`TypeName()`). */
function checkedTypeName(node: CelJsNode): string {
  const type = (node as unknown as { checkedType?: { kind: string; name: string } }).checkedType;
  if (!type) return 'dyn';
  switch (type.kind) {
    case 'dyn':
    case 'param':
      return 'dyn';
    case 'list':
      return 'list';
    case 'map':
      return 'map';
    case 'optional':
      return 'optional_type';
    default:
      return type.name === 'null' ? 'null_type' : type.name;
  }
}

/** cel-go `stringFormatChecker.verifyString`: the type name of the first part `%s` cannot print, or null. */
function stringProblem(node: CelJsNode): string | null {
  const type = checkedTypeName(node);
  if (!STRING_CLAUSE_TYPES.has(type)) return type;
  if (node.op === 'list') {
    for (const element of node.args as CelJsNode[]) {
      const problem = stringProblem(element);
      if (problem !== null) return problem;
    }
  } else if (node.op === 'map') {
    for (const [key, value] of node.args as [CelJsNode, CelJsNode][]) {
      const problem = stringProblem(key) ?? stringProblem(value);
      if (problem !== null) return problem;
    }
  }
  return null;
}

/**
 * cel-go's compile-time check of `format` calls on a literal format string with a list literal
 * (`ext/formatting.go`, `stringFormatValidator.Validate`): clause syntax, argument count, argument types.
 */
function validateFormatCalls(root: CelJsNode): CelError | null {
  let error: CelError | null = null;
  walk(root, (node) => {
    if (error !== null || node.op !== 'rcall') return;
    const [name, receiver, args] = node.args as [string, CelJsNode, CelJsNode[]];
    if (name !== 'format' || args.length !== 1 || args[0]!.op !== 'list') return;
    if (receiver.op !== 'value' || typeof receiver.args !== 'string') return;
    const elements = args[0]!.args as CelJsNode[];
    const message = validateFormatCall(receiver.args, {
      types: elements.map(checkedTypeName),
      stringProblems: elements.map(stringProblem),
    });
    if (message !== null) error = { message, start: node.start, end: node.end };
  });
  return error;
}

/**
 * The parsed cel-js AST of each program compiled here. Read only by the failure explanation (explain.ts), which
 * re-evaluates a failed program with its nodes instrumented and restores them before returning.
 */
const programAsts = new WeakMap<CelProgram, CelJsNode>();

/** The root AST node of a program made by a {@link CelEnvironment}, or undefined for any other object. */
export function programAst(program: CelProgram): CelJsNode | undefined {
  return programAsts.get(program);
}

function makeProgram(expression: string, parsed: ParseResult, outputType: string, costLimit: number | null, closures: ClosureProgram | null): CelProgram {
  const limit = costLimit ?? SAFETY_COST_LIMIT;
  const exceeded = costLimit === null ? SAFETY_LIMIT_EXCEEDED : COST_LIMIT_EXCEEDED;
  const program: CelProgram = {
    expression,
    outputType,
    evaluate(activation = {}, meter) {
      // Errors are values here: their stack traces, the bulk of an error's cost, are never read.
      const stackTraceLimit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      // The closures first (closures.ts), which charge what cel-js charges; whatever they leave (by throwing), cel-js
      // evaluates afresh, on a budget of its own.
      if (closures !== null && closuresEnabled()) {
        const budget = new Budget(limit);
        let result: CelEvalResult | null = null;
        try {
          const value = runWithBudget(budget, closures, activation);
          if (!budget.exceeded) result = { ok: true, value };
        } catch (error) {
          // An error the closures raise as cel-js would; anything else is evaluated by cel-js below.
          if (error instanceof Raised && !budget.exceeded) result = { ok: false, error: runtimeError(toCelError(error.error, expression)) };
        }
        if (result !== null) {
          Error.stackTraceLimit = stackTraceLimit;
          if (meter !== undefined && costLimit !== null) meter.cost += budget.cost;
          return result;
        }
      }
      const budget = new Budget(limit);
      try {
        const value: unknown = withBudget(budget, () => parsed(activation));
        // An exhausted budget wins even when error absorption (`||`, `&&`, `all`, `exists`) hid the error.
        if (budget.exceeded) return { ok: false, error: toCelError(new Error(exceeded), expression) };
        return { ok: true, value };
      } catch (err) {
        if (budget.exceeded) return { ok: false, error: toCelError(new Error(exceeded), expression) };
        return { ok: false, error: runtimeError(toCelError(err, expression)) };
      } finally {
        Error.stackTraceLimit = stackTraceLimit;
        if (meter !== undefined && costLimit !== null) meter.cost += budget.cost;
      }
    },
  };
  programAsts.set(program, parsed.ast as unknown as CelJsNode);
  return program;
}
