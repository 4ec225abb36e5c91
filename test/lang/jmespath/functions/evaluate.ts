/**
 * @file Test helpers: evaluating an expression with Kyverno's functions registered, and comparing
 * results the way Go's JSON sees them.
 */
import { JmesPathError, type JmesPathErrorKind, compileJmesPath } from '../../../../src/lang/jmespath/index.js';
import { registerKyvernoFunctions } from '../../../../src/lang/jmespath/functions/index.js';
import { goJsonStringify } from '../../../../src/util/go-json.js';

registerKyvernoFunctions();

export type Outcome = { result: unknown } | { error: string; kind: JmesPathErrorKind };

/** Evaluates `expression` against `data`. */
export function run(expression: string, data: unknown = {}): Outcome {
  try {
    return { result: compileJmesPath(expression).search(data) };
  } catch (err) {
    if (err instanceof JmesPathError) return { error: err.message, kind: err.kind };
    throw err;
  }
}

function withoutNegativeZero(value: unknown): unknown {
  if (Object.is(value, -0)) return 0;
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNegativeZero(v)]));
  }
  return value;
}

/** Go-JSON text of a result, negative zero written as 0 (the oracle files cannot tell them apart). */
export function jsonText(value: unknown): string {
  return goJsonStringify(withoutNegativeZero(value));
}

/** An expected outcome of a table row: a result, or a runtime error with its exact text. */
export type Expected = { result: unknown } | { error: string };

export const ok = (result: unknown): Expected => ({ result });
export const fails = (error: string): Expected => ({ error });

/** The outcome to compare with `toEqual`: errors of spec tables are runtime errors. */
export function expectedOutcome(expected: Expected): Outcome {
  return 'error' in expected ? { error: expected.error, kind: 'runtime' } : expected;
}
