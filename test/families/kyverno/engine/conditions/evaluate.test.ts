/**
 * @file Condition blocks (pkg/engine/variables/evaluate.go semantics): the legacy list and
 * `{any, all}` forms, short-circuiting, message joining, and how substitution and operator errors
 * surface.
 */
import { describe, expect, it } from 'vitest';
import { ConditionError } from '../../../../../src/families/kyverno/engine/conditions/errors.js';
import {
  evaluateConditions,
  joinNonEmpty,
  type ConditionPart,
  type ConditionSubstitute,
} from '../../../../../src/families/kyverno/engine/conditions/evaluate.js';
import { UNKNOWN_OPERATOR_MESSAGE } from '../../../../../src/families/kyverno/engine/conditions/operators.js';
import type { JsonValue } from '../../../../../src/types.js';

const VARIABLES: Record<string, JsonValue> = { name: 'nginx', replicas: 3, labels: { app: 'web' } };

/** Resolves whole-string `{{name}}` references from VARIABLES; throws for unknown ones. */
const substitute: ConditionSubstitute = (value) => {
  if (typeof value !== 'string') return value;
  const match = /^\{\{(\w+)\}\}$/.exec(value);
  if (match === null) return value;
  const resolved = VARIABLES[match[1]!];
  if (resolved === undefined) throw new Error(`Unknown key "${match[1]}" in path`);
  return resolved;
};

/** A substitute that records what it was asked to substitute. */
function recording(): { calls: Array<[JsonValue, ConditionPart]>; substitute: ConditionSubstitute } {
  const calls: Array<[JsonValue, ConditionPart]> = [];
  return {
    calls,
    substitute: (value, part) => {
      calls.push([value, part]);
      return substitute(value, part);
    },
  };
}

const T = (message = ''): JsonValue => ({ key: '{{name}}', operator: 'Equals', value: 'nginx', message });
const F = (message = ''): JsonValue => ({ key: '{{name}}', operator: 'Equals', value: 'apache', message });
/** A condition whose key cannot be resolved: evaluating it is an error. */
const BROKEN: JsonValue = { key: '{{missing}}', operator: 'Equals', value: 'x', message: 'broken' };

describe('evaluateConditions: results and messages', () => {
  it.each<[string, JsonValue | undefined, boolean, string]>([
    ['absent conditions', undefined, true, ''],
    ['null conditions', null, true, ''],
    ['empty list', [], true, ''],
    ['list, all true: true messages joined with ";"', [T('a'), T(''), T('b')], true, 'a;b'],
    ['list, one false: that message only', [T('a'), F('b'), F('c')], false, 'b'],
    ['empty object', {}, true, ''],
    ['any: [] is false', { any: [] }, false, ''],
    ['any: null is absent', { any: null, all: [T('a')] }, true, 'a'],
    ['any, first true wins', { any: [F('a'), T('b'), T('c')] }, true, 'b'],
    ['any, none true: every false message', { any: [F('invalid name'), F('invalid foo')] }, false, 'invalid name; invalid foo'],
    ['any, both true: the first one', { any: [T('invalid name'), T('invalid foo')] }, true, 'invalid name'],
    ['all true', { all: [T('a'), T('b')] }, true, 'a; b'],
    ['all, stops at the first false', { all: [T('a'), F('b'), F('c')] }, false, 'b'],
    ['any true and all true', { any: [F('x'), T('a')], all: [T('b')] }, true, 'a; b'],
    ['any true, all false: false ones of both', { any: [F('x'), T('a')], all: [T('b'), F('c')] }, false, 'x; c'],
    ['any false, all true', { any: [F('x'), F('y')], all: [T('b')] }, false, 'x; y'],
    ['empty messages are dropped', { any: [F(''), F('y')] }, false, 'y'],
    ['unknown members are ignored', { none: [F('x')] }, true, ''],
  ])('%s', (_name, conditions, result, message) => {
    expect(evaluateConditions(conditions, substitute)).toEqual({ result, message });
  });

  it('keeps condition messages raw (no substitution)', () => {
    expect(evaluateConditions([T('{{name}} is fine')], substitute)).toEqual({ result: true, message: '{{name}} is fine' });
  });

  it('evaluates a condition without key with a null key', () => {
    const r = recording();
    expect(evaluateConditions([{ operator: 'NotEquals', value: 'x' }], r.substitute).result).toBe(false);
    expect(r.calls).toEqual([
      [null, 'key'],
      ['x', 'value'],
    ]);
  });

  it('passes typed substituted values to the operators', () => {
    const conditions = {
      all: [
        { key: '{{replicas}}', operator: 'GreaterThan', value: 2 },
        { key: '{{labels}}', operator: 'Equals', value: { app: 'web' } },
        { key: '{{name}}', operator: 'AnyIn', value: ['ngin*', 'apache'] },
      ],
    };
    expect(evaluateConditions(conditions, substitute).result).toBe(true);
  });
});

describe('evaluateConditions: short-circuit and errors', () => {
  it.each<[string, JsonValue]>([
    ['list after a false condition', [F(), BROKEN]],
    ['any after a true condition', { any: [T(), BROKEN] }],
    ['all after a false condition', { all: [F(), BROKEN] }],
  ])('does not evaluate (nor substitute) a condition never reached: %s', (_name, conditions) => {
    const r = recording();
    expect(() => evaluateConditions(conditions, r.substitute)).not.toThrow();
    expect(r.calls.some(([value]) => value === '{{missing}}')).toBe(false);
  });

  it.each<[string, JsonValue]>([
    ['list', [T(), BROKEN]],
    ['any before a true condition', { any: [F(), BROKEN, T()] }],
    ['all after a false any (all is always evaluated)', { any: [F()], all: [BROKEN] }],
  ])('surfaces the error of an evaluated condition: %s', (_name, conditions) => {
    expect(() => evaluateConditions(conditions, substitute)).toThrow(
      new ConditionError('failed to substitute variables in condition key: Unknown key "missing" in path'),
    );
  });

  it('wraps value substitution errors and keeps the cause', () => {
    let caught: unknown;
    try {
      evaluateConditions([{ key: 'a', operator: 'Equals', value: '{{missing}}' }], substitute);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConditionError);
    expect((caught as Error).message).toBe('failed to substitute variables in condition value: Unknown key "missing" in path');
    expect((caught as Error).cause).toBeInstanceOf(Error);
  });

  it('substitutes the key before the value, then looks up the operator', () => {
    const r = recording();
    expect(() => evaluateConditions([{ key: 'k', operator: 'Matches', value: 'v' }], r.substitute)).toThrow(
      new ConditionError(UNKNOWN_OPERATOR_MESSAGE),
    );
    expect(r.calls).toEqual([
      ['k', 'key'],
      ['v', 'value'],
    ]);
    expect(() => evaluateConditions([{ key: '{{missing}}', operator: 'Matches', value: 'v' }], substitute)).toThrow(
      /condition key/,
    );
  });

  it.each<[string, JsonValue]>([
    ['missing operator', [{ key: 'a', value: 'a' }]],
    ['operator with a stray space', [{ key: 'a', operator: ' Equals', value: 'a' }]],
  ])('rejects a %s', (_name, conditions) => {
    expect(() => evaluateConditions(conditions, substitute)).toThrow(new ConditionError(UNKNOWN_OPERATOR_MESSAGE));
  });

  it('surfaces In/NotIn panics as errors', () => {
    expect(() => evaluateConditions([{ key: [1, 2], operator: 'In', value: ['1'] }], substitute)).toThrow(
      new ConditionError('interface conversion: interface {} is float64, not string'),
    );
  });

  it.each<[string, JsonValue]>([
    ['a scalar block', 'Equals'],
    ['a non-list any', { any: { key: 'a', operator: 'Equals', value: 'a' } }],
    ['a non-list all', { all: 'x' }],
  ])('rejects %s as an invalid condition', (_name, conditions) => {
    expect(() => evaluateConditions(conditions, substitute)).toThrow(new ConditionError('invalid condition'));
  });
});

describe('joinNonEmpty', () => {
  it.each<[string[], string, string]>([
    [[], '; ', ''],
    [['', ''], '; ', ''],
    [['a'], '; ', 'a'],
    [['', 'a', '', 'b'], '; ', 'a; b'],
    [['a', 'b', 'c'], ';', 'a;b;c'],
  ])('%j joined with %j', (parts, separator, expected) => {
    expect(joinNonEmpty(parts, separator)).toBe(expected);
  });
});
