/**
 * @file `ExpandInMetadata`: wildcard label/annotation keys replaced by matching resource keys,
 * anchors preserved, non-string entries dropped, nothing rewritten when nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { expandMetadataWildcards } from '../../../../../src/families/kyverno/engine/pattern/metadata-wildcards.js';
import type { JsonObject, JsonValue } from '../../../../../src/types.js';

describe('expandMetadataWildcards', () => {
  it.each([
    [
      'wildcard key replaced by the matching label',
      { labels: { 'test/*': 'value1' } },
      { labels: { 'test/bar': 'value1' } },
      { labels: { 'test/bar': 'value1' } },
    ],
    [
      'anchor preserved around the replaced key',
      { '=(labels)': { '=(foo/P*)': 'bar', 'X(app.kubernetes.io/*)': '*' } },
      { labels: { 'foo/PQR': 'bar', 'app.kubernetes.io/name': 'x' } },
      { '=(labels)': { '=(foo/PQR)': 'bar', 'X(app.kubernetes.io/name)': '*' } },
    ],
    [
      'the value is not considered when choosing the key',
      { annotations: { 'a/*': 'nomatch' } },
      { annotations: { 'a/b': 'other' } },
      { annotations: { 'a/b': 'nomatch' } },
    ],
    [
      'no matching resource key keeps the key literal',
      { labels: { 'team-*': '?*' } },
      { labels: { app: 'x' } },
      { labels: { 'team-*': '?*' } },
    ],
    [
      'non-string pattern entries are dropped',
      { labels: { 'X(foo)': null, app: 1, keep: 'v', nested: { a: 'b' } } },
      { labels: { foo: 'x' } },
      { labels: { keep: 'v' } },
    ],
    [
      'labels and annotations both rewritten',
      { labels: { 'a*': 'x' }, annotations: { 'b?': 'y' }, name: 'n' },
      { labels: { abc: 'x' }, annotations: { bc: 'y' } },
      { labels: { abc: 'x' }, annotations: { bc: 'y' }, name: 'n' },
    ],
  ] as [string, JsonObject, JsonValue, JsonObject][])('%s', (_label, pattern, resource, expected) => {
    expect(expandMetadataWildcards(pattern, resource)).toEqual(expected);
  });

  it.each([
    ['resource metadata missing', { labels: { 'a*': 'x' } }, null],
    ['resource labels missing', { labels: { 'a*': 'x' } }, { name: 'n' }],
    ['resource labels not a map', { labels: { 'a*': 'x' } }, { labels: 'x' }],
    ['pattern labels not a map', { labels: '*' }, { labels: { a: 'b' } }],
    ['nothing to rewrite', { labels: { app: 'x' } }, { labels: { app: 'y' } }],
  ] as [string, JsonObject, JsonValue][])('returns the pattern itself when %s', (_label, pattern, resource) => {
    expect(expandMetadataWildcards(pattern, resource)).toBe(pattern);
  });

  it('rewrites against an empty resource map (dropping non-strings)', () => {
    expect(expandMetadataWildcards({ labels: { 'X(foo)': null } }, { labels: {} })).toEqual({ labels: {} });
  });
});
