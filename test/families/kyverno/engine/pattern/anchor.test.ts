/**
 * @file Anchor key parsing (`anchor.Parse`): modifiers, greedy inner key, trimming, non-anchors.
 */
import { describe, expect, it } from 'vitest';
import { anchorString, parseAnchor, type AnchorType } from '../../../../../src/families/kyverno/engine/pattern/index.js';

describe('parseAnchor', () => {
  it.each([
    ['(name)', 'condition', 'name'],
    ['=(hostNetwork)', 'equality', 'hostNetwork'],
    ['X(hostPath)', 'negation', 'hostPath'],
    ['^(containers)', 'existence', 'containers'],
    ['<(image)', 'global', 'image'],
    ['+(foo)', 'addIfNotPresent', 'foo'],
    [' (name) ', 'condition', 'name'],
    ['\t=(a)\n', 'equality', 'a'],
    ['(a)(b)', 'condition', 'a)(b'],
    ['((a))', 'condition', '(a)'],
    ['(app.kubernetes.io/*)', 'condition', 'app.kubernetes.io/*'],
    ['X(a b)', 'negation', 'a b'],
  ] as const)('%j → %s %j', (key, type, inner) => {
    expect(parseAnchor(key)).toEqual({ type, key: inner });
  });

  it.each(['name', '()', '=()', 'Xyz(a)', '=a', '(a', 'a)', '=(a) b', '(a\nb)', '-(a)', 'x(a)', ''])(
    '%j is a plain key',
    (key) => {
      expect(parseAnchor(key)).toBeNull();
    },
  );
});

describe('anchorString', () => {
  it.each([
    ['condition', 'a', '(a)'],
    ['equality', 'a', '=(a)'],
    ['negation', 'a', 'X(a)'],
    ['existence', 'a', '^(a)'],
    ['global', 'a', '<(a)'],
    ['addIfNotPresent', 'a', '+(a)'],
    ['equality', '', ''],
  ] as [AnchorType, string, string][])('%s %j → %j', (type, key, text) => {
    expect(anchorString(type, key)).toBe(text);
  });
});
