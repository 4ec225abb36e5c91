/** Environments and evaluation shortcuts shared by the CEL layer's tests. */
import { type CelEnvironment, type CelEvalResult, createCelEnvironment } from '../../../src/lang/cel/environment.js';

/** Kyverno's default environment (homogeneous aggregate literals). */
export const strictEnv = createCelEnvironment({});
/**
 * Without the homogeneous-literal rule, as cel-go's own ext tests run (their environments do not enable it), so
 * that vectors with mixed literals (`[1, 2.0, 3u]`) can be replayed.
 */
export const looseEnv = createCelEnvironment({ homogeneousAggregateLiterals: false });

/** Compiles (throwing on a compile error) and evaluates `expression`. */
export function evaluate(env: CelEnvironment, expression: string, activation: Record<string, unknown> = {}): CelEvalResult {
  const compiled = env.compile(expression);
  if (!compiled.ok) throw new Error(`compile error: ${compiled.error.message} [${compiled.error.start}, ${compiled.error.end})`);
  return compiled.program.evaluate(activation);
}

/** The compile error of `expression`, or null. */
export function compileError(env: CelEnvironment, expression: string) {
  const compiled = env.compile(expression);
  return compiled.ok ? null : compiled.error;
}
