/**
 * @file Go `strconv.ParseFloat(s, 64)` as the condition operators use it.
 */
import { describe, expect, it } from 'vitest';
import { parseGoFloat } from '../../../../../src/families/kyverno/engine/conditions/go-parse-float.js';

describe('parseGoFloat', () => {
  it.each<[string, number | null]>([
    ['1', 1],
    ['-1.5', -1.5],
    ['+2', 2],
    ['1.', 1],
    ['.5', 0.5],
    ['1e3', 1000],
    ['1E-2', 0.01],
    ['007', 7],
    ['1_000', 1000],
    ['1_000.5', 1000.5],
    ['0x10p0', 16],
    ['0x1.8p1', 3],
    ['-0X_1p-2', -0.25],
    ['inf', Infinity],
    ['-Infinity', -Infinity],
    ['+INF', Infinity],
    ['1e-400', 0],
    ['', null],
    ['.', null],
    ['e5', null],
    ['1e', null],
    ['1e+', null],
    ['_1', null],
    ['1_', null],
    ['1__0', null],
    ['1_.5', null],
    ['0x10', null],
    ['0xp1', null],
    ['1e400', null],
    ['-1e400', null],
    ['+nan', null],
    ['infin', null],
    [' 1', null],
    ['1 ', null],
    ['1.2.3', null],
    ['1Ki', null],
    ['1h', null],
  ])('%j → %s', (input, expected) => {
    expect(parseGoFloat(input)).toBe(expected);
  });

  it.each(['NaN', 'nan', 'nAn'])('%j → NaN', (input) => {
    expect(parseGoFloat(input)).toBeNaN();
  });
});
