/**
 * @file Kyverno's JMESPath dialect (the kyverno/go-jmespath fork): compile once, cached by
 * expression text, then `search` any number of times.
 *
 * Results share structure with the searched data and with the expression's literals (which are
 * frozen): treat them as read-only.
 */
import { childrenOf, type AstNode } from './ast.js';
import { JmesPathError, notFoundError } from './errors.js';
import { type Evaluator, compileNode } from './closures.js';
import { NotFound, evaluate } from './interpreter.js';
import { parseJmesPath } from './parser.js';
import { registerKyvernoFunctions } from './functions/index.js';

export { BUILTIN_FUNCTIONS } from './builtins.js';
export { JmesPathError, type JmesPathErrorKind, notFoundMessage } from './errors.js';
export { NotFound } from './interpreter.js';
export { formatGoFloat, formatGoValue } from './go-fmt.js';
export { parseGoFloat } from './go-strconv.js';
export { type FunctionDefinition, lookupFunction, registerFunction } from './registry.js';
export { ExpRef, goTypeName, markGoTypedSlice, toPlainJson } from './values.js';

export { KYVERNO_FUNCTIONS } from './functions/index.js';

// Kyverno's function table: go-jmespath's built-ins (registered by builtins.ts, imported above) plus
// Kyverno's custom functions, which replace a built-in of the same name (`sum`).
registerKyvernoFunctions();

/** A compiled expression. */
export interface CompiledJmesPath {
  readonly expression: string;
  /**
   * Evaluates the expression against `data`. Throws `JmesPathError` with kind `notFound`
   * (`Unknown key "k" in path`) or `runtime`.
   */
  search(data: unknown): unknown;
  /**
   * As `search`, but a NotFound comes back as a `NotFound` marker (naming the missing key) instead of
   * being thrown, for callers that recover from it often.
   */
  evaluate(data: unknown): unknown;
  /**
   * As `evaluate`, with the reference interpreter walking the AST (interpreter.ts) instead of the
   * closures compiled from it: the same results and errors, for the differential test of both.
   */
  interpret(data: unknown): unknown;
  /**
   * Whether the result depends on the searched data alone: the expression calls no function that
   * reads the clock or draws random values (`time_now`, `time_now_utc`, `time_since`, `random`).
   */
  readonly deterministic: boolean;
}

/** Functions whose results depend on more than their arguments: the clock, randomness. */
const NONDETERMINISTIC_FUNCTIONS: ReadonlySet<string> = new Set(['random', 'time_now', 'time_now_utc', 'time_since']);

/** Whether `node` and its children call no nondeterministic function (a call without a name panics). */
function isDeterministic(node: AstNode): boolean {
  if (node.type === 'Function' && (node.name === null || NONDETERMINISTIC_FUNCTIONS.has(node.name))) return false;
  return childrenOf(node).every(isDeterministic);
}

class Compiled implements CompiledJmesPath {
  #deterministic: boolean | undefined;
  readonly #run: Evaluator;

  constructor(
    readonly expression: string,
    private readonly ast: AstNode,
  ) {
    this.#run = compileNode(ast);
  }

  get deterministic(): boolean {
    return (this.#deterministic ??= isDeterministic(this.ast));
  }

  search(data: unknown): unknown {
    const result = this.#run(data);
    if (result instanceof NotFound) throw notFoundError(result.key);
    return result;
  }

  evaluate(data: unknown): unknown {
    return this.#run(data);
  }

  interpret(data: unknown): unknown {
    return evaluate(this.ast, data);
  }
}

const cache = new Map<string, CompiledJmesPath | JmesPathError>();

/**
 * Compiles an expression (cached by its text). Throws `JmesPathError` with kind `syntax` and
 * go-jmespath's message, e.g. `SyntaxError: Unknown char: '$'` or, for a non-JSON backtick
 * literal, `invalid character 'o' in literal false (expecting 'a')`.
 */
export function compileJmesPath(expression: string): CompiledJmesPath {
  let entry = cache.get(expression);
  if (entry === undefined) {
    try {
      entry = new Compiled(expression, parseJmesPath(expression));
    } catch (err) {
      if (!(err instanceof JmesPathError)) throw err;
      entry = err;
    }
    cache.set(expression, entry);
  }
  if (entry instanceof JmesPathError) throw entry;
  return entry;
}
