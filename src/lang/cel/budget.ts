/**
 * @file A runtime budget for CEL programs. cel-go stops a program whose actual cost passes the limit with
 * `operation cancelled: actual cost limit exceeded` (cel-go `interpreter/runtimecost.go`, `CostTracker`); Kubernetes
 * sets the limit to 1,000,000 per expression (`k8s.io/apiserver/pkg/apis/cel/config.go`, `PerCallLimit`), and
 * Kyverno uses it for ValidatingPolicy, MutatingPolicy, ImageValidatingPolicy, `validate.cel`, VAP and MAP.
 * @marcbachmann/cel-js has no cost tracking, so this is a practical approximation rather than cel-go's cost model:
 * each comprehension iteration costs 1, and `+` producing a list or string costs a tenth of its length (cel-go
 * charges traversals at 0.1 per element, `common.StringTraversalCostFactor`). Only hostile or runaway expressions
 * come near the limit.
 */
import { EvaluationError } from '@marcbachmann/cel-js';

/** cel-go's message (`interpreter/runtimecost.go`, `CostTracker.costLimitExceeded`). */
export const COST_LIMIT_EXCEEDED = 'operation cancelled: actual cost limit exceeded';

/** The cost limit of one evaluation (Kubernetes `PerCallLimit`). */
export const DEFAULT_COST_LIMIT = 1_000_000;

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

/** Whether the running evaluation has exhausted its budget. */
export function exhausted(): boolean {
  return current !== null && current.exceeded;
}

/** Runs `fn` with `budget` as the running evaluation's budget. */
export function withBudget<T>(budget: Budget | null, fn: () => T): T {
  const previous = current;
  current = budget;
  try {
    return fn();
  } finally {
    current = previous;
  }
}
