import { describe, expect, it } from 'vitest';
import { assignShards, parseShard, scanUnits } from '../../src/lint/units.js';
import type { ResourceDocument } from '../../src/evaluate/resource.js';

function subject(file: string, builtBy?: string[]): ResourceDocument {
  const doc: ResourceDocument = { value: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: file } }, file: `/repo/${file}`, documentIndex: 0, apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: file, key: file };
  if (builtBy) doc.builtBy = builtBy;
  return doc;
}
const display = (file: string): string => file.replace('/repo/', '');

describe('scanUnits', () => {
  it('makes a unit of each plain file, in the order of first subjects', () => {
    const units = scanUnits([subject('b.yaml'), subject('a.yaml'), subject('b.yaml')], new Map(), display);
    expect(units.map((unit) => [unit.key, unit.subjects])).toEqual([
      ['file:b.yaml', [0, 2]],
      ['file:a.yaml', [1]],
    ]);
  });

  it('joins builds that read a common file, transitively, and keeps others apart', () => {
    const builds = new Map([
      ['overlays/prod', new Set(['base/deploy.yaml', 'overlays/prod/patch.yaml'])],
      ['overlays/dev', new Set(['base/deploy.yaml'])],
      ['other/x', new Set(['other/x/cm.yaml', 'shared/cm.yaml'])],
      ['other/y', new Set(['shared/cm.yaml'])],
      ['lonely', new Set(['lonely/a.yaml'])],
      ['chain', new Set(['overlays/prod/patch.yaml'])],
    ]);
    const units = scanUnits(
      [subject('base/deploy.yaml', ['overlays/prod']), subject('base/deploy.yaml', ['overlays/dev']), subject('lonely/a.yaml', ['lonely']), subject('shared/cm.yaml', ['other/y']), subject('plain.yaml'), subject('patch.yaml', ['chain'])],
      builds,
      display,
    );
    expect(units.map((unit) => ({ key: unit.key, subjects: unit.subjects, builds: unit.builds }))).toEqual([
      { key: 'builds:chain', subjects: [0, 1, 5], builds: ['chain', 'overlays/dev', 'overlays/prod'] },
      { key: 'builds:lonely', subjects: [2], builds: ['lonely'] },
      { key: 'builds:other/x', subjects: [3], builds: ['other/x', 'other/y'] },
      { key: 'file:plain.yaml', subjects: [4], builds: [] },
    ]);
    expect(units[0]!.inputs).toEqual(['base/deploy.yaml', 'overlays/prod/patch.yaml']);
  });
});

describe('parseShard', () => {
  it.each([
    ['1/2', { index: 1, count: 2 }],
    [' 3 / 3 ', { index: 3, count: 3 }],
    ['0/2', 'the shard index must be between 1 and 2, got 0'],
    ['3/2', 'the shard index must be between 1 and 2, got 3'],
    ['1/0', 'the shard count must be between 1 and 1000, got 0'],
    ['1', 'expected k/n (for example 1/3), got "1"'],
    ['a/b', 'expected k/n (for example 1/3), got "a/b"'],
  ])('%s', (text, expected) => {
    expect(parseShard(text)).toEqual(expected);
  });
});

describe('assignShards', () => {
  it('balances by subjects and does not depend on the order of the units', () => {
    const units = [5, 1, 1, 3, 2, 2].map((size, i) => ({ key: `file:${i}`, subjects: Array.from({ length: size }, (_, j) => j), builds: [], inputs: [] }));
    const shards = assignShards(units, 2);
    const load = [0, 0];
    shards.forEach((shard, i) => (load[shard]! += units[i]!.subjects.length));
    expect(load).toEqual([7, 7]);
    const reversed = assignShards([...units].reverse(), 2).reverse();
    expect(reversed).toEqual(shards);
  });

  it('puts everything in the only shard', () => {
    expect(assignShards([{ key: 'a', subjects: [0], builds: [], inputs: [] }], 1)).toEqual([0]);
  });
});
