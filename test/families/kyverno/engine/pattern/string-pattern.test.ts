/**
 * @file Compilation of string patterns: `|`/`&` splitting with space trimming, operator detection
 * order (`!` before ranges), range bounds, pre-parsed durations and quantities, caching.
 */
import { describe, expect, it } from 'vitest';
import { compileStringPattern, type Condition } from '../../../../../src/families/kyverno/engine/pattern/string-pattern.js';

function describeCondition(c: Condition): string {
  if (c.kind === 'comparison') return `${c.operator}[${c.operand}]`;
  return `${c.kind}(${describeCondition(c.low)},${describeCondition(c.high)})`;
}

function shape(pattern: string): string[][] {
  return compileStringPattern(pattern).alternatives.map((alt) => alt.map(describeCondition));
}

describe('compileStringPattern', () => {
  it.each([
    ['nginx', [['[nginx]']]],
    ['a | b', [['[a]'], ['[b]']]],
    ['>1 & <20 | >31 & <33', [['>[1]', '<[20]'], ['>[31]', '<[33]']]],
    [' >= 3 ', [['>=[3]']]],
    ['<=1Gi', [['<=[1Gi]']]],
    ['!*:latest', [['![*:latest]']]],
    ['!', [['[!]']]],
    ['>', [['[>]']]],
    ['0-2', [['inRange(>=[0],<=[2])']]],
    ['10!-20', [['notInRange(<[10],>[20])']]],
    ['-10--8', [['inRange(>=[-10],<=[-8])']]],
    ['+0-+1', [['inRange(>=[+0],<=[+1])']]],
    ['128Mi-512Mi', [['inRange(>=[128Mi],<=[512Mi])']]],
    ['1h-2h', [['inRange(>=[1h],<=[2h])']]],
    ['!1-10', [['![1-10]']]],
    ['a-b', [['[a-b]']]],
    ['1-2-3', [['[1-2-3]']]],
    ['', [['[]']]],
    ['a||b', [['[a]'], ['[]'], ['[b]']]],
  ] as [string, string[][]][])('%j', (pattern, expected) => {
    expect(shape(pattern)).toEqual(expected);
  });

  it('pre-parses operands as durations and quantities', () => {
    const [[c]] = compileStringPattern('>= 1h').alternatives as [[Condition]];
    expect(c.kind === 'comparison' && c.duration).toBe(3_600_000_000_000n);
    expect(c.kind === 'comparison' && c.quantity).toBeNull();
    const [[d]] = compileStringPattern('<=1Gi').alternatives as [[Condition]];
    expect(d.kind === 'comparison' && d.duration).toBeNull();
    expect(d.kind === 'comparison' && d.quantity?.unscaled).toBe(1073741824n);
  });

  it('compiles each distinct text once', () => {
    expect(compileStringPattern('>1 & <5')).toBe(compileStringPattern('>1 & <5'));
  });
});
