/**
 * @file `matchPattern` beyond the outcome tables: Kyverno's error texts (the detail of skip and
 * error rule messages), the metadata rewrite persisting within one evaluation, anchor bookkeeping
 * across array elements, and the number mode.
 */
import { describe, expect, it } from 'vitest';
import { matchPattern, type PatternResult } from '../../../../../src/families/kyverno/engine/pattern/index.js';
import type { JsonObject, JsonValue, NumberMode } from '../../../../../src/types.js';

const LATEST_PULL_POLICY: JsonValue = {
  spec: { containers: [{ '(image)': '*:latest', imagePullPolicy: '!Always' }] },
};

function pod(...containers: JsonObject[]): JsonValue {
  return { spec: { containers } };
}

describe('matchPattern results and messages', () => {
  it.each([
    [
      'pass has no path and no message',
      LATEST_PULL_POLICY,
      pod({ image: 'nginx:latest', imagePullPolicy: 'Never' }),
      { outcome: 'pass', path: '', message: '' },
    ],
    [
      'conditional skip carries the anchor error text',
      LATEST_PULL_POLICY,
      pod({ image: 'nginx:1', imagePullPolicy: 'Always' }),
      {
        outcome: 'skip',
        path: '',
        message:
          "conditional anchor mismatch: resource value 'nginx:1' does not match '*:latest' at path /spec/containers/0/image/",
      },
    ],
    [
      'several skipped elements are joined with "; "',
      LATEST_PULL_POLICY,
      pod({ image: 'a:1' }, { imagePullPolicy: 'Always' }),
      {
        outcome: 'skip',
        path: '',
        message:
          "conditional anchor mismatch: resource value 'a:1' does not match '*:latest' at path /spec/containers/0/image/; " +
          "conditional anchor mismatch: conditional anchor key doesn't exist in the resource",
      },
    ],
    [
      'plain failure at the value path',
      LATEST_PULL_POLICY,
      pod({ image: 'nginx:latest', imagePullPolicy: 'Always' }),
      {
        outcome: 'fail',
        path: '/spec/containers/0/imagePullPolicy/',
        message: "resource value 'Always' does not match '!Always' at path /spec/containers/0/imagePullPolicy/",
      },
    ],
    [
      '"*" on a missing key fails at the parent path',
      { spec: { f: '*' } },
      { spec: {} },
      { outcome: 'fail', path: '/spec/', message: '/spec//f not found' },
    ],
    [
      'negation anchor',
      { spec: { 'X(foo)': 'bar' } },
      { spec: { foo: 'baz' } },
      { outcome: 'fail', path: '/spec/foo/', message: 'negation anchor matched in resource: /spec/foo/ is not allowed' },
    ],
    [
      'global anchor skip',
      { spec: { '<(a)': '1', b: '2' } },
      { spec: { a: '0', b: '3' } },
      {
        outcome: 'skip',
        path: '',
        message: "global anchor mismatch: resource value '0' does not match '1' at path /spec/a/",
      },
    ],
    [
      'existence anchor on a non-list resource value',
      { spec: { '^(c)': [{ a: '1' }] } },
      { spec: { c: { a: '1' } } },
      {
        outcome: 'fail',
        path: '/spec/c/',
        message:
          'invalid resource type map[string]interface {}: Existence ^ () anchor can be used only on list/array type resource',
      },
    ],
    [
      'existence anchor with a non-list pattern',
      { spec: { '^(c)': { a: '1' } } },
      { spec: { c: [] } },
      {
        outcome: 'fail',
        path: '/spec/c/',
        message: 'invalid pattern type map[string]interface {}: Pattern has to be of list to compare against resource',
      },
    ],
    [
      'existence anchor with scalar pattern elements',
      { spec: { '^(c)': ['x'] } },
      { spec: { c: ['x'] } },
      {
        outcome: 'fail',
        path: '/spec/c/',
        message: 'invalid pattern type []interface {}: Pattern has to be of type map to compare against items in resource',
      },
    ],
    [
      'existence anchor not satisfied',
      { spec: { '^(c)': [{ a: '1' }] } },
      { spec: { c: [] } },
      { outcome: 'fail', path: '/spec/c/', message: 'existence anchor validation failed at path /spec/c/' },
    ],
    [
      'nested array length mismatch is an error without path',
      { spec: { f: [['a'], ['b']] } },
      { spec: { f: [['a']] } },
      {
        outcome: 'error',
        path: '',
        message: 'validate Array failed, array length mismatch, resource Array len is 1 and pattern Array len is 2',
      },
    ],
    [
      'empty pattern array',
      { spec: { f: [] } },
      { spec: { f: ['x'] } },
      { outcome: 'fail', path: '/spec/f/', message: 'pattern Array empty' },
    ],
    [
      'map pattern against a missing value',
      { spec: { f: {} } },
      { spec: {} },
      {
        outcome: 'fail',
        path: '/spec/f/',
        message:
          'pattern and resource have different structures. Path: /spec/f/. Expected map[string]interface {}, found <nil>',
      },
    ],
    [
      'array pattern against a map',
      { spec: { f: [{ a: 'x' }] } },
      { spec: { f: { a: 'x' } } },
      {
        outcome: 'fail',
        path: '/spec/f/',
        message: 'validation rule failed at path /spec/f/, resource does not satisfy the expected overlay pattern',
      },
    ],
    [
      'scalar pattern against an array reports the whole array',
      { spec: { f: 'a' } },
      { spec: { f: ['a', 'b'] } },
      { outcome: 'fail', path: '/spec/f/', message: "resource value '[a b]' does not match 'a' at path /spec/f/" },
    ],
    [
      'numbers print with Go %v',
      { spec: { f: 2000000000 } },
      { spec: { f: 1.5 } },
      { outcome: 'fail', path: '/spec/f/', message: "resource value '1.5' does not match '2e+09' at path /spec/f/" },
    ],
    [
      'a conditional anchor key never found turns a failure into an error',
      { spec: { '^(initContainers)': [{ name: 'x' }], containers: [{ image: '!*:latest' }] } },
      { spec: { containers: [{ image: 'a:latest' }] } },
      {
        outcome: 'error',
        path: '',
        message: "resource value 'a:latest' does not match '!*:latest' at path /spec/containers/0/image/",
      },
    ],
  ] as [string, JsonValue, JsonValue, PatternResult][])('%s', (_label, pattern, resource, expected) => {
    expect(matchPattern(resource, pattern)).toEqual(expected);
  });
});

describe('matchPattern evaluation state', () => {
  it('keeps the metadata wildcard rewrite for later array elements of the same evaluation', () => {
    const pattern: JsonValue = { items: [{ metadata: { labels: { 'app*': 'x' } } }] };
    const first = { metadata: { labels: { app1: 'x' } } };
    const second = { metadata: { labels: { app2: 'x' } } };
    expect(matchPattern({ items: [first, second] }, pattern)).toMatchObject({
      outcome: 'fail',
      path: '/items/1/metadata/labels/app1/',
    });
    // Each evaluation starts from the pattern as written.
    expect(matchPattern({ items: [second] }, pattern).outcome).toBe('pass');
    expect(matchPattern({ items: [first] }, pattern).outcome).toBe('pass');
  });

  it('does not modify the pattern', () => {
    const pattern: JsonObject = { metadata: { labels: { 'app*': 'x', n: 1 } } };
    const copy = structuredClone(pattern);
    matchPattern({ metadata: { labels: { app1: 'x' } } }, pattern);
    expect(pattern).toEqual(copy);
  });

  it('counts a conditional anchor key as seen when any array element has it', () => {
    const pattern: JsonValue = {
      spec: { '=(init)': [{ '(name)': 'a*', image: 'x' }], '=(hostNetwork)': false, c: '3' },
    };
    const withoutName = { spec: { init: [{ image: 'y' }], hostNetwork: false, c: '9' } };
    const nameInSecond: JsonValue = {
      spec: { init: [{ image: 'y' }, { name: 'zzz', image: 'y' }], hostNetwork: false, c: '9' },
    };
    expect(matchPattern(withoutName, pattern)).toMatchObject({ outcome: 'error', path: '' });
    expect(matchPattern(nameInSecond, pattern)).toMatchObject({ outcome: 'fail', path: '/spec/c/' });
  });

  it.each([
    ['float64', 'fail', 'map[string]interface {}, found float64'],
    ['int64', 'fail', 'map[string]interface {}, found int64'],
  ] as [NumberMode, string, string][])('reports resource number types per number mode (%s)', (numberMode, outcome, text) => {
    const result = matchPattern({ spec: { f: 3 } }, { spec: { f: { a: 1 } } }, { numberMode });
    expect(result.outcome).toBe(outcome);
    expect(result.message).toContain(text);
  });

  it('defaults to float64 numbers', () => {
    expect(matchPattern({ spec: { f: 123 } }, { spec: { f: '12?' } }).outcome).toBe('fail');
    expect(matchPattern({ spec: { f: 123 } }, { spec: { f: '12?' } }, { numberMode: 'int64' }).outcome).toBe('pass');
  });
});

describe('matchPattern key lookup', () => {
  it.each(['constructor', 'toString', '__proto__'])('treats %j as an ordinary, absent key', (key) => {
    const pattern = JSON.parse(`{"spec":{"${key}":"*"}}`) as JsonValue;
    expect(matchPattern({ spec: {} }, pattern)).toEqual({ outcome: 'fail', path: '/spec/', message: `/spec//${key} not found` });
    const present = JSON.parse(`{"spec":{"${key}":"x"}}`) as JsonValue;
    expect(matchPattern(present, pattern).outcome).toBe('pass');
  });
});
