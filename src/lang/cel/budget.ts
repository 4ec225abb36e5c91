/**
 * @file A runtime budget for CEL programs. cel-go stops a program whose actual cost passes the limit with
 * `operation cancelled: actual cost limit exceeded` (cel-go `interpreter/runtimecost.go`, `CostTracker`); Kubernetes
 * sets the limit to 1,000,000 per expression (`k8s.io/apiserver/pkg/apis/cel/config.go`, `PerCallLimit`), and
 * Kyverno uses it for ValidatingPolicy, MutatingPolicy, ImageValidatingPolicy, `validate.cel`, VAP and MAP.
 *
 * @marcbachmann/cel-js has no cost tracking, so this approximates cel-go's cost model where costs grow:
 * - each comprehension iteration costs the static cost of its step (cost.ts: identifiers, selections and calls 1,
 *   list literals 10, …) plus the accumulator operations of cel-go's macro expansion (3 for `all`/`exists`, 12
 *   for `map`'s `accu + [x]`, …); cel-go observes each evaluated node instead, so `&&`/`||` operands that were
 *   not evaluated and the cheaper branch of `?:` are charged here and not there;
 * - `+`, `join`, `replace`, `format` and `split` results that are strings or lists cost a tenth of their length
 *   (cel-go charges string traversals 0.1 per character, `common.StringTraversalCostFactor`);
 * - the extension functions charge cel-go's tracked costs before they build their results: `lists.range(n)`,
 *   `slice`, `reverse` n + 11, `flatten` n·depth + 11, `sort`/`sortBy`/`distinct` 2·n² + 11, `sets.*` m·n + 1,
 *   `regex.*` the search and the result size (lists.ts, sets.ts, regex.ts);
 * - everything else (a top-level field access or function call) costs nothing: only comprehensions and growing
 *   values can reach the limit.
 * Without a cost limit (GeneratingPolicy, DeletingPolicy), evaluations still stop at {@link SAFETY_COST_LIMIT}.
 */
import { EvaluationError } from '@marcbachmann/cel-js';

/** cel-go's message (`interpreter/runtimecost.go`, `CostTracker.costLimitExceeded`). */
export const COST_LIMIT_EXCEEDED = 'operation cancelled: actual cost limit exceeded';

/** The cost limit of one evaluation (Kubernetes `PerCallLimit`). */
export const DEFAULT_COST_LIMIT = 1_000_000;

/**
 * The limit of evaluations without a cost limit: ten times Kubernetes' limit per expression (as much as its limit per
 * validation run, `RuntimeCELCostBudget`), far beyond any real policy, so that a runaway expression ends with an
 * error within seconds instead of running for minutes.
 */
export const SAFETY_COST_LIMIT = 10_000_000;

/** The error of an evaluation stopped at {@link SAFETY_COST_LIMIT}. */
export const SAFETY_LIMIT_EXCEEDED = `operation cancelled: evaluation cost exceeded the safety limit of ${SAFETY_COST_LIMIT}`;

/** The budget of one running evaluation. Evaluations are synchronous, so one module-level slot suffices. */
export class Budget {
  cost = 0;
  exceeded = false;
  constructor(readonly limit: number) {}

  /** Adds `units`; throws (and stays exceeded) past the limit. */
  charge(units: number): void {
    this.cost += units;
    if (this.cost > this.limit || this.exceeded) {
      this.exceeded = true;
      throw new EvaluationError(COST_LIMIT_EXCEEDED);
    }
  }
}

let current: Budget | null = null;

/** Charges the running evaluation's budget (no-op when it has none). */
export function charge(units: number): void {
  if (current !== null) current.charge(units);
}

/** What the running evaluation has charged so far (0 without a budget). */
export function spent(): number {
  return current === null ? 0 : current.cost;
}

/** Whether the running evaluation has exhausted its budget. */
export function exhausted(): boolean {
  return current !== null && current.exceeded;
}

/** Runs `fn` with `budget` as the running evaluation's budget. */
export function withBudget<T>(budget: Budget | null, fn: () => T): T {
  return runWithBudget(budget, (run) => run(), fn);
}

/** `fn(argument)` with `budget` as the running evaluation's budget (as {@link withBudget}, without a closure). */
export function runWithBudget<A, T>(budget: Budget | null, fn: (argument: A) => T, argument: A): T {
  const previous = current;
  current = budget;
  try {
    return fn(argument);
  } finally {
    current = previous;
  }
}
