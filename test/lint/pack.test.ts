import { describe, expect, it } from 'vitest';
import { Packer, unpackFindingList, unpacker } from '../../src/lint/pack.js';

const finding = (line: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ruleId: 'policy/rule',
  policy: 'policy',
  rule: 'rule',
  severity: 'error',
  status: 'fail',
  message: 'a message shared by many findings',
  location: { file: 'a.yaml', line, column: 1 },
  resource: { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: `pod-${line}` },
  ...extra,
});

function roundTrip(value: unknown): unknown {
  const packer = new Packer();
  const packed = JSON.parse(JSON.stringify(packer.pack(value))) as unknown;
  const tables = JSON.parse(JSON.stringify(packer.tables())) as never;
  return unpacker(tables)(packed);
}

describe('packed scan results', () => {
  it.each<[string, unknown]>([
    ['scalars', { text: 'a', number: -1.5, zero: 0, yes: true, no: false, nothing: null }],
    ['nested lists and objects', { list: [1, 'two', [3], { four: 4 }], empty: [], object: {} }],
    ['a list of findings', [finding(1), finding(2), finding(1)]],
    ['one finding', [finding(7)]],
    ['findings with fixes and suppressions (not a flat list)', [finding(1, { fix: [{ file: 'a.yaml', start: 1, end: 2, text: 'x' }] }), finding(2, { suppressions: [{ kind: 'disable', line: 1 }] })]],
    ['findings and other objects in one list', [finding(1), { other: true }]],
    ['a finding without a resource', [finding(3, { resource: undefined }), finding(4)]],
  ])('decode %s to what was packed', (_name, value) => {
    expect(roundTrip(value)).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('keeps the key order of each object (the report serializes the same)', () => {
    const value = [finding(1), finding(2, { category: 'c' })];
    expect(JSON.stringify(roundTrip(value))).toBe(JSON.stringify(value));
  });

  it('writes a list of findings as one flat list of numbers, and shares their repeated fields', () => {
    const packer = new Packer();
    const packed = packer.pack([finding(1), finding(2), finding(3)]) as unknown[];
    expect(packed[0]).toBe(-4);
    expect(packed.every((item) => typeof item === 'number')).toBe(true);
    expect(packer.templates).toHaveLength(1);
    expect(packer.strings.filter((text) => text === 'a message shared by many findings')).toHaveLength(1);
  });

  it('decodes a flat list of findings with the part of the list each comes from', () => {
    const packer = new Packer();
    // Two templates: with and without a resource (one varying field fewer).
    const packed = packer.pack([finding(1), finding(2, { resource: undefined }), finding(3)]);
    const tables = packer.tables();
    const decoded = unpackFindingList(tables, packed)!;
    expect(decoded.findings).toEqual(unpacker(tables)(packed));
    expect(decoded.starts).toHaveLength(4);
    // The parts, put together in another order, decode to the findings in that order.
    const part = (index: number): unknown[] => decoded.flat.slice(decoded.starts[index], decoded.starts[index + 1]);
    const reordered = [-4, ...part(2), ...part(0), ...part(1)];
    expect(unpacker(tables)(reordered)).toEqual([decoded.findings[2], decoded.findings[0], decoded.findings[1]]);
    expect(unpackFindingList(tables, [-1, 1, 2])).toBeNull();
  });

  it('appends to stored tables, keeping the packed form of decoded findings', () => {
    const first = new Packer();
    const stored = first.pack([finding(1), finding(2)]);
    const tables = first.tables();
    const known = new WeakMap<object, unknown>();
    const decoded = unpacker(tables, known)(stored) as Record<string, unknown>[];
    const second = new Packer(tables, known);
    const packed = second.pack([...decoded, finding(3)]);
    // The stored tables are a prefix of the new ones: the stored values decode as before.
    const next = second.tables();
    expect(second.strings.slice(0, first.strings.length)).toEqual(first.strings);
    expect(unpacker(next)(stored)).toEqual(decoded);
    expect(unpacker(next)(packed)).toEqual([finding(1), finding(2), finding(3)]);
  });

  it.each([
    ['a string index out of range', 99],
    ['an object index out of range', [-2, 99]],
    ['a template index out of range', [-3, 99]],
    ['a value of no encoding', { not: 'packed' }],
  ])('rejects %s', (_name, packed) => {
    expect(() => unpacker({ strings: [], shapes: [], objects: [], templates: [] })(packed)).toThrow();
  });
});
