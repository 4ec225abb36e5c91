/**
 * @file Evaluation order of a pattern map: phase-1 anchors in byte order, phase-2 keys with global
 * anchors and anchored subtrees first (descending), plain keys last (ascending); bookkeeping keys.
 */
import { describe, expect, it } from 'vitest';
import { buildMapPlan, hasNestedAnchors, mapPlan } from '../../../../../src/families/kyverno/engine/pattern/map-plan.js';
import type { JsonObject, JsonValue } from '../../../../../src/types.js';

describe('buildMapPlan', () => {
  it('orders phase 1 by byte order: conditional, equality, negation, existence', () => {
    const plan = buildMapPlan({ '^(d)': [], 'X(c)': null, '=(b)': 1, '(a)': 1, '(z)': 1, plain: 1 });
    expect(plan.phase1.map((k) => k.key)).toEqual(['(a)', '(z)', '=(b)', 'X(c)', '^(d)']);
    expect(plan.tracked.map((k) => k.key)).toEqual(['(a)', '(z)', '^(d)']);
  });

  it('puts global anchors and anchored subtrees first, in descending order, then plain keys', () => {
    const plan = buildMapPlan({
      b: 'x',
      a: 'x',
      '<(g)': 'x',
      spec: { containers: [{ '(image)': '*' }] },
      metadata: { labels: { app: 'x' } },
      '+(add)': 'x',
      deep: [[{ '=(x)': 1 }]],
      addOnly: { '+(k)': 1 },
    });
    expect(plan.phase2.map((k) => k.key)).toEqual(['spec', 'deep', '<(g)', '+(add)', 'a', 'addOnly', 'b', 'metadata']);
    expect(plan.metadataKey).toBe('metadata');
    expect(plan.metadataInPhase2).toBe(true);
    expect(plan.metadataAnchored).toBe(false);
  });

  it('finds an anchored metadata key', () => {
    expect(buildMapPlan({ '=(metadata)': {} })).toMatchObject({ metadataKey: '=(metadata)', metadataInPhase2: false });
    expect(buildMapPlan({ spec: {} }).metadataKey).toBeNull();
  });

  it('orders by the rewritten metadata value when given', () => {
    const dropped = { metadata: { labels: { 'X(foo)': null } }, a: 'x' };
    expect(buildMapPlan(dropped).phase2.map((k) => k.key)).toEqual(['metadata', 'a']);
    expect(buildMapPlan(dropped, { labels: {} }).phase2.map((k) => k.key)).toEqual(['a', 'metadata']);
    const gained = { a: 'x', metadata: {} };
    expect(buildMapPlan(gained).phase2.map((k) => k.key)).toEqual(['a', 'metadata']);
    expect(buildMapPlan(gained, { labels: { '(x)': 'y' } }).phase2.map((k) => k.key)).toEqual(['metadata', 'a']);
  });

  it('caches plans per pattern object', () => {
    const pattern: JsonObject = { a: 'b' };
    expect(mapPlan(pattern)).toBe(mapPlan(pattern));
  });
});

describe('hasNestedAnchors', () => {
  it.each([
    [{ a: { b: [{ '(c)': 1 }] } }, true],
    [{ '<(g)': 1 }, true],
    [{ '+(k)': 1 }, false],
    [{ a: 'b' }, false],
    ['(x)', false],
    [[[{ '^(x)': [] }]], true],
  ] as [JsonValue, boolean][])('%j → %s', (pattern, expected) => {
    expect(hasNestedAnchors(pattern)).toBe(expected);
  });
});
