/**
 * @file A static approximation of cel-go's runtime cost of evaluating an expression once (cel-go
 * `interpreter/runtimecost.go`, `costTrackerFactory.Observe`): identifiers and field selections cost 1
 * (`common.SelectAndIdentCost`), function calls and operators 1, list literals 10 (`ListCreateBaseCost`), map
 * literals 30 (`MapCreateBaseCost`), literals, `&&`, `||` and `?:` nothing of their own. Presence tests cost
 * nothing of their own (Kubernetes disables their cost, `PresenceTestHasCost(false)`).
 *
 * The budget charges a comprehension this cost of its step once per iteration (budget.ts), instead of observing
 * every evaluated node as cel-go does, which would slow every evaluation down. The approximation counts both
 * operands of `&&`/`||` (cel-go: only those evaluated), the costlier branch of `?:`, and 1 for a function call
 * whatever its arguments' sizes (cel-go charges string functions a tenth of the string's length, `in` the list's
 * size). Nested comprehensions count the evaluation of their range only: their iterations are charged when they
 * run.
 */
import type { CelJsMacro, CelJsNode } from './ast.js';

/** The cost of the accumulator operations of cel-js's comprehension steps, as cel-go's expansions spell them. */
const ACCUMULATOR_COSTS: Readonly<Record<string, number>> = {
  // `accu`
  accuValue: 1,
  // `accu + 1`
  accuInc: 2,
  // `accu + [x]`: the accumulator, a one-element list literal, the concatenation.
  accuPush: 12,
};

/** The static cost of evaluating `node` once (see the file comment). */
export function staticCost(node: CelJsNode): number {
  const meta = node.meta;
  if (meta.alternate) return staticCost(meta.alternate);
  if (meta.macro) return macroCost(node, meta.macro);
  const args = node.args;
  switch (node.op) {
    case 'value':
      return 0;
    case 'id':
      return 1;
    case 'accuValue':
    case 'accuInc':
      return ACCUMULATOR_COSTS[node.op]!;
    case 'accuPush':
      return ACCUMULATOR_COSTS.accuPush! + staticCost(args as CelJsNode);
    case '.':
    case '.?':
      return 1 + staticCost((args as [CelJsNode, string])[0]);
    case '&&':
    case '||':
      return sum(args as CelJsNode[]);
    case '?:': {
      const [condition, yes, no] = args as [CelJsNode, CelJsNode, CelJsNode];
      return staticCost(condition) + Math.max(staticCost(yes), staticCost(no));
    }
    case 'list':
      return 10 + sum(args as CelJsNode[]);
    case 'map':
      return 30 + sum((args as [CelJsNode, CelJsNode][]).flat());
    case 'call':
      return 1 + sum((args as [string, CelJsNode[]])[1]);
    case 'rcall': {
      // A namespace (`math.abs(x)`) is a constant once checked (its identifier has a value as alternate): it costs
      // nothing, being part of the function's name in cel-go.
      const [, receiver, callArgs] = args as [string, CelJsNode, CelJsNode[]];
      return 1 + staticCost(receiver) + sum(callArgs);
    }
    case 'comprehension': {
      const comprehension = args as { iterable: CelJsNode; init: CelJsNode };
      return 1 + staticCost(comprehension.iterable) + staticCost(comprehension.init);
    }
    default:
      // Operators: `[]`, `[?]`, `==`, `+`, `!_`, `-_`, …
      return 1 + (Array.isArray(args) ? sum(args.filter(isNode)) : isNode(args) ? staticCost(args) : 0);
  }
}

function isNode(value: unknown): value is CelJsNode {
  return typeof value === 'object' && value !== null && 'op' in value && 'meta' in value;
}

function sum(nodes: readonly CelJsNode[]): number {
  let total = 0;
  for (const node of nodes) total += staticCost(node);
  return total;
}

/**
 * The cost of a macro call: `has(x.f)` costs its operand's selections but not the presence test; other macros
 * (`cel.bind`, `orValue`, `optMap`, two-variable comprehensions, `sortBy`, …) 1 plus their operands once
 * (comprehensions charge their iterations as they run).
 */
function macroCost(node: CelJsNode, _macro: CelJsMacro): number {
  const [name, receiverOrArgs, maybeArgs] = node.args as [string, CelJsNode | CelJsNode[], CelJsNode[] | undefined];
  const receiver = node.op === 'rcall' ? (receiverOrArgs as CelJsNode) : null;
  const args = node.op === 'rcall' ? maybeArgs! : (receiverOrArgs as CelJsNode[]);
  if (node.op === 'call' && name === 'has') {
    const selection = args[0];
    return selection && selection.op === '.' ? staticCost((selection.args as [CelJsNode])[0]) : 0;
  }
  let total = 1 + (receiver ? staticCost(receiver) : 0);
  // Identifiers among the arguments name the macro's variables.
  for (const arg of args) if (arg.op !== 'id') total += staticCost(arg);
  return total;
}

/** The per-iteration cost of a comprehension's step (at least 1). */
export function iterationCost(step: CelJsNode, overhead = 0): number {
  return Math.max(1, staticCost(step) + overhead);
}
