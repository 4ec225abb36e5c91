import { describe, expect, it } from 'vitest';
import { inEvaluationMode, referenceEvaluation } from '../../../../src/families/kyverno/engine/evaluation-mode.js';

/** The mode seen inside a call asking for `inner`, made within a call asking for `outer`, and the mode after each. */
function modes(outer: boolean | undefined, inner: boolean | undefined, fail = false): { inside: boolean; afterInner: boolean; after: boolean } {
  let inside = false;
  let afterInner = false;
  inEvaluationMode(
    outer,
    (wanted: boolean | undefined, throws: boolean) => {
      try {
        inEvaluationMode(
          wanted,
          (t: boolean, _unused: null) => {
            inside = referenceEvaluation();
            if (t) throw new Error('failed');
          },
          throws,
          null,
        );
      } catch {
        // The inner call's error.
      }
      afterInner = referenceEvaluation();
    },
    inner,
    fail,
  );
  return { inside, afterInner, after: referenceEvaluation() };
}

describe('the evaluation mode of a kyverno.io handler call', () => {
  it.each<[boolean | undefined, boolean | undefined, boolean, { inside: boolean; afterInner: boolean; after: boolean }]>([
    [undefined, true, false, { inside: true, afterInner: false, after: false }],
    [undefined, undefined, false, { inside: false, afterInner: false, after: false }],
    [true, undefined, false, { inside: false, afterInner: true, after: false }],
    [true, false, false, { inside: false, afterInner: true, after: false }],
    [true, true, false, { inside: true, afterInner: true, after: false }],
    [undefined, true, true, { inside: true, afterInner: false, after: false }],
    [true, undefined, true, { inside: false, afterInner: true, after: false }],
  ])('outer %s, inner %s (inner throws: %s): the inner call runs in its mode, each call restores the one before', (outer, inner, fail, expected) => {
    expect(modes(outer, inner, fail)).toEqual(expected);
  });

  it('passes the arguments and returns the result', () => {
    expect(inEvaluationMode(true, (a: number, b: string) => `${a}${b}${String(referenceEvaluation())}`, 1, 'x')).toBe('1xtrue');
    expect(inEvaluationMode(undefined, (a: number, b: string) => `${a}${b}${String(referenceEvaluation())}`, 2, 'y')).toBe('2yfalse');
  });
});
