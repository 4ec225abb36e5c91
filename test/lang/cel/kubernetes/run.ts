/**
 * Shared runner of the Kubernetes CEL library tests: compiles and evaluates an expression in an environment with
 * the given libraries, and states the outcome as a value, a compile error or a runtime error.
 */
import { expect } from 'vitest';
import { type CelLibrary, createCelEnvironment } from '../../../../src/lang/cel/environment.js';

export type Outcome =
  | { readonly value: unknown }
  | { readonly compileError: RegExp | string }
  | { readonly runtimeError: RegExp | string };

/** A table row: expression and expected outcome. */
export type Case = readonly [expression: string, outcome: Outcome];

/** Compiles and evaluates `expression`; returns the value, or the compile/runtime error message. */
export function evaluate(
  libraries: readonly CelLibrary[],
  expression: string,
  activation: Record<string, unknown> = {},
  variables: Record<string, string> = {},
): { kind: 'value'; value: unknown } | { kind: 'compile' | 'runtime'; message: string } {
  const env = createCelEnvironment({ libraries, variables });
  const compiled = env.compile(expression);
  if (!compiled.ok) return { kind: 'compile', message: compiled.error.message };
  const result = compiled.program.evaluate(activation);
  if (!result.ok) return { kind: 'runtime', message: result.error.message };
  return { kind: 'value', value: result.value };
}

function matches(message: string, expected: RegExp | string): boolean {
  return typeof expected === 'string' ? message === expected : expected.test(message);
}

/** Asserts the outcome of one case. */
export function expectOutcome(libraries: readonly CelLibrary[], expression: string, outcome: Outcome, activation: Record<string, unknown> = {}, variables: Record<string, string> = {}): void {
  const result = evaluate(libraries, expression, activation, variables);
  if ('value' in outcome) {
    expect(result).toEqual({ kind: 'value', value: outcome.value });
  } else if ('compileError' in outcome) {
    expect(result.kind).toBe('compile');
    if (result.kind === 'compile') expect(matches(result.message, outcome.compileError), result.message).toBe(true);
  } else {
    expect(result.kind, JSON.stringify(result, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).toBe('runtime');
    if (result.kind === 'runtime') expect(matches(result.message, outcome.runtimeError), result.message).toBe(true);
  }
}
