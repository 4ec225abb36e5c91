import { describe, expect, it } from 'vitest';
import { isQualifiedName, isValidLabelValue, selectorMatches } from '../../../../src/families/kyverno/match/selector.js';

describe('selectorMatches', () => {
  const labels = { app: 'nginx', tier: 'frontend', 'app.kubernetes.io/name': 'web' };
  const cases: [string, object, Record<string, string>, boolean][] = [
    ['empty selector matches everything', {}, labels, true],
    ['empty selector matches no labels', {}, {}, true],
    ['matchLabels equal', { matchLabels: { app: 'nginx' } }, labels, true],
    ['matchLabels differ', { matchLabels: { app: 'httpd' } }, labels, false],
    ['matchLabels all must hold', { matchLabels: { app: 'nginx', tier: 'backend' } }, labels, false],
    ['In', { matchExpressions: [{ key: 'tier', operator: 'In', values: ['frontend', 'x'] }] }, labels, true],
    ['In missing label', { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }, labels, false],
    ['NotIn', { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['frontend'] }] }, labels, false],
    ['NotIn on absent label holds', { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, {}, true],
    ['Exists', { matchExpressions: [{ key: 'app', operator: 'Exists' }] }, labels, true],
    ['DoesNotExist on empty set', { matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] }, {}, true],
    ['bad operator is invalid', { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['nginx'] }] }, labels, false],
    ['In without values is invalid', { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: [] }] }, {}, false],
    ['Exists with values is invalid', { matchExpressions: [{ key: 'app', operator: 'Exists', values: ['x'] }] }, labels, false],
    ['invalid label key is invalid', { matchLabels: { 'bad key': 'x' } }, { 'bad key': 'x' }, false],
    ['invalid label value is invalid', { matchLabels: { app: 'a b' } }, { app: 'a b' }, false],
    ['wildcard value rewritten from labels', { matchLabels: { app: 'ng*' } }, labels, true],
    ['wildcard key rewritten from labels', { matchLabels: { 'app.kubernetes.io/*': 'w?b' } }, labels, true],
    ['unmatched wildcard replaced by 0', { matchLabels: { app: 'x*' } }, labels, false],
    ['unmatched wildcard matches a literal 0 label', { matchLabels: { app: 'x*' } }, { app: 'x0' }, true],
    ['wildcards in expressions are literal', { matchExpressions: [{ key: 'app', operator: 'In', values: ['ng*'] }] }, labels, false],
  ];
  it.each(cases)('%s', (_name, selector, actual, expected) => {
    expect(selectorMatches(selector, actual)).toBe(expected);
  });

  it('reuses the compiled form of the same selector object', () => {
    const selector = { matchLabels: { app: 'nginx' } };
    expect(selectorMatches(selector, labels)).toBe(true);
    expect(selectorMatches(selector, { app: 'other' })).toBe(false);
  });
});

describe('label syntax', () => {
  it.each([
    ['app', true],
    ['app.kubernetes.io/name', true],
    ['example.com/', false],
    ['/name', false],
    ['-app', false],
    ['a'.repeat(63), true],
    ['a'.repeat(64), false],
    ['Upper.Case/name', false],
  ])('key %s → %s', (key, expected) => {
    expect(isQualifiedName(key)).toBe(expected);
  });
  it.each([
    ['', true],
    ['v1.2_3-a', true],
    ['-a', false],
    ['a'.repeat(64), false],
  ])('value %j → %s', (value, expected) => {
    expect(isValidLabelValue(value)).toBe(expected);
  });
});
