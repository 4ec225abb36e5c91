import { describe, expect, it } from 'vitest';
import { settlesByConstruction } from '../../../../../src/families/kyverno/engine/mutate/idempotent.js';
import type { Policy } from '../../../../../src/families/kyverno/policy/types.js';
import type { JsonObject } from '../../../../../src/types.js';

function policy(...mutations: (JsonObject | undefined)[]): Policy {
  return {
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: { name: 'p' },
    spec: { rules: mutations.map((mutate, index) => ({ name: `r${index}`, match: { any: [{ resources: { kinds: ['Pod'] } }] }, ...(mutate ? { mutate } : { validate: { pattern: {} } }) })) },
  } as unknown as Policy;
}

describe('settlesByConstruction', () => {
  it.each<[string, Policy, boolean]>([
    ['a strategic merge of fixed values', policy({ patchStrategicMerge: { metadata: { labels: { '+(team)': 'web' } } } }), true],
    ['with a validate rule beside it', policy({ patchStrategicMerge: { spec: { priority: 1 } } }, undefined), true],
    ['a variable in the patch', policy({ patchStrategicMerge: { metadata: { labels: { name: '{{request.object.metadata.name}}-x' } } } }), false],
    ['a $( ) reference in the patch', policy({ patchStrategicMerge: { metadata: { labels: { copy: '$(./../name)' } } } }), false],
    ['a JSON patch (may append with /-)', policy({ patchesJson6902: '- op: add\n  path: /spec/tolerations/-\n  value: {key: a}\n' }), false],
    ['foreach', policy({ foreach: [{ list: 'request.object.spec.containers', patchStrategicMerge: { spec: {} } }] }), false],
    ['mutate-existing targets', policy({ targets: [{ apiVersion: 'v1', kind: 'ConfigMap' }], patchStrategicMerge: { data: { a: 'b' } } }), false],
    ['one rule of two that does not settle', policy({ patchStrategicMerge: { spec: { priority: 1 } } }, { patchesJson6902: '[]' }), false],
  ])('%s', (_name, value, expected) => {
    expect(settlesByConstruction(value)).toBe(expected);
  });
});
