/**
 * @file The outcome of a pattern node as CEL. Kyverno's pattern matching (kyverno/kyverno
 * pkg/engine/validate/validate.go `MatchPattern`) ends a node in one of four ways that matter for the verdict:
 * - 0 pass;
 * - 1 a "raw" skip: a conditional or global anchor whose condition does not hold (`anchor.NewConditionalAnchorError`,
 *   `NewGlobalAnchorError`, pkg/engine/anchor/error.go);
 * - 2 a packaged skip: a map or array whose anchors or elements all skipped (`validateMap`, `validateArrayOfMaps`);
 * - 3 a failure (a plain mismatch or a negation anchor: both fail the rule; Kyverno's `error` status, a mismatch
 *   under a conditional anchor key that never occurred, denies the request under `failurePolicy: Fail` as a failure does).
 * A node that can only pass or fail is a CEL boolean; one that can skip is a CEL int with these codes.
 */
import { ifThen, not, paren } from './cel-text.js';


export type Code = 0 | 1 | 2 | 3;
export const PASS: Code = 0;
export const RAW_SKIP: Code = 1;
export const SKIP: Code = 2;
export const FAIL: Code = 3;

export type Outcome =
  | { readonly kind: 'bool'; readonly expr: string }
  | { readonly kind: 'code'; readonly expr: string; readonly codes: readonly Code[] };

export const passes: Outcome = { kind: 'bool', expr: 'true' };
export const fails: Outcome = { kind: 'bool', expr: 'false' };

export function bool(expr: string): Outcome {
  return { kind: 'bool', expr };
}

export function constant(code: Code): Outcome {
  if (code === PASS) return passes;
  if (code === FAIL) return fails;
  return { kind: 'code', expr: String(code), codes: [code] };
}

export function code(expr: string, codes: Iterable<Code>): Outcome {
  const set = [...new Set(codes)].sort() as Code[];
  if (set.length === 1) return constant(set[0]!);
  if (set.every((c) => c === PASS || c === FAIL)) {
    // An int that is only ever 0 or 3.
    return bool(`${paren(expr)} == 0`);
  }
  return { kind: 'code', expr: paren(expr), codes: set };
}

export function codesOf(o: Outcome): readonly Code[] {
  if (o.kind === 'code') return o.codes;
  if (o.expr === 'true') return [PASS];
  if (o.expr === 'false') return [FAIL];
  return [PASS, FAIL];
}

/** Whether the outcome can only pass or fail. */
export function isBinary(o: Outcome): o is { kind: 'bool'; expr: string } {
  return o.kind === 'bool';
}

/** The CEL int of an outcome. */
export function codeExpr(o: Outcome): string {
  if (o.kind === 'code') return o.expr;
  if (o.expr === 'true') return '0';
  if (o.expr === 'false') return '3';
  return `(${paren(o.expr)} ? 0 : 3)`;
}

/** A CEL boolean: the outcome is a pass. */
export function passExpr(o: Outcome): string {
  if (o.kind === 'bool') return o.expr;
  return o.codes.includes(PASS) ? `${o.expr} == 0` : 'false';
}

/** A CEL boolean: the outcome is a failure. */
export function failExpr(o: Outcome): string {
  if (o.kind === 'bool') return not(o.expr);
  return o.codes.includes(FAIL) ? `${o.expr} == 3` : 'false';
}

/** A CEL boolean: the outcome is a skip (raw or packaged). */
export function skipExpr(o: Outcome): string {
  if (o.kind === 'bool') return 'false';
  const skips = o.codes.filter((c) => c === RAW_SKIP || c === SKIP);
  if (skips.length === 0) return 'false';
  if (skips.length === o.codes.length) return 'true';
  return skips.length === 2 ? `${o.expr} == 1 || ${o.expr} == 2` : `${o.expr} == ${skips[0]}`;
}

/** `c ? a : b`. */
export function choose(c: string, a: Outcome, b: Outcome): Outcome {
  if (c === 'true') return a;
  if (c === 'false') return b;
  if (isBinary(a) && isBinary(b)) return bool(ifThen(c, a.expr, b.expr));
  return code(`(${paren(c)} ? ${codeExpr(a)} : ${codeExpr(b)})`, [...codesOf(a), ...codesOf(b)]);
}
