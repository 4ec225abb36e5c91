/**
 * Variants of a resource along what a kyverno.io rule reads (src/migrate/variants.ts): patterns, JMESPath
 * references (conditions, foreach elements), CEL references (macros included), match/exclude blocks; bounded,
 * deterministic, and never breaking what every admitted object has.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../src/types.js';
import { applyEdit, describeEdit, randomPatternOutcome, ruleVariants, variants } from '../../src/migrate/variants.js';

const pod: JsonObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'apps', labels: { app: 'web' } },
  spec: { hostNetwork: false, replicas: 3, containers: [{ name: 'c', image: 'nginx:1.25' }] },
};

const deployment: JsonObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'apps' },
  spec: { replicas: 1, template: { metadata: { labels: { app: 'web' } }, spec: { hostNetwork: true, containers: [{ name: 'c', image: 'nginx' }] } } },
};

function changes(rule: JsonValue, resource: JsonObject, limit = 200): string[] {
  return ruleVariants(rule, resource, { limit }).map((v) => v.change);
}

describe('what a rule reads becomes variants', () => {
  it.each<[string, JsonValue, JsonObject, string[]]>([
    [
      'a pattern with an equality anchor',
      { name: 'r', validate: { pattern: { spec: { '=(hostNetwork)': 'false' } } } },
      pod,
      ['spec.hostNetwork removed', 'spec.hostNetwork set to "false"', 'spec.hostNetwork set to null', 'spec.hostNetwork set to ""'],
    ],
    [
      'a deny condition on a number',
      { name: 'r', validate: { deny: { conditions: { any: [{ key: '{{ request.object.spec.replicas }}', operator: 'LessThan', value: 2 }] } } } },
      pod,
      ['spec.replicas removed', 'spec.replicas set to 2', 'spec.replicas set to 1', 'spec.replicas set to 2.5', 'spec.replicas set to "2"'],
    ],
    [
      'a projection over a list, with the values it is compared with',
      { name: 'r', preconditions: { all: [{ key: '{{ request.object.spec.containers[].image }}', operator: 'AnyIn', value: ['nginx:latest'] }] } },
      pod,
      ['spec.containers[0] removed', 'spec.containers: element {"name":"c-added","image":"nginx:1.25"} appended', 'spec.containers[0].image set to "nginx:latest"'],
    ],
    [
      'a foreach element',
      { name: 'r', validate: { foreach: [{ list: 'request.object.spec.containers', deny: { conditions: [{ key: '{{ element.image }}', operator: 'Equals', value: 'busybox' }] } }] } },
      pod,
      ['spec.containers[0].image removed', 'spec.containers[0].image set to "busybox"'],
    ],
    [
      'a CEL macro over a list',
      { name: 'r', validate: { cel: { expressions: [{ expression: "object.spec.containers.all(c, c.image.startsWith('registry.io/'))" }] } } },
      pod,
      ['spec.containers[0].image removed', 'spec.containers[0].image set to "registry.io/"', 'spec.containers: element {"name":"c-added","image":"nginx:1.25"} appended'],
    ],
    [
      'CEL optional fields and index keys',
      { name: 'r', celPreconditions: [{ name: 'c', expression: 'object.metadata.?labels["tier"].orValue("") == "db"' }] },
      pod,
      ['metadata.labels.tier set to "db"', 'metadata.labels.tier set to null'],
    ],
    [
      'the namespaces and labels of match and exclude',
      {
        name: 'r',
        match: { any: [{ resources: { kinds: ['Pod'], selector: { matchLabels: { app: 'web' } } } }] },
        exclude: { any: [{ resources: { namespaces: ['kube-*'] } }] },
      },
      pod,
      ['metadata.namespace set to "kube-x"', 'metadata.namespace set to "kyverno-lint-proof"', 'metadata.labels.app removed', 'metadata.labels.app set to "kyverno-lint-proof"'],
    ],
  ])('%s', (_name, rule, resource, expected) => {
    const made = changes(rule, resource);
    // No Pod the API server refuses (a container without a name, or two of one name): no policy decides for it.
    expect(made.filter((c) => c.includes('containers: element {} appended') || /containers\[\d+\]\.name (removed|set to)/.test(c))).toEqual([]);
    for (const change of expected) expect(made).toContain(change);
    // Every variant is a change (never the resource itself), of the same kind.
    for (const variant of ruleVariants(rule, resource, { limit: 200 })) {
      expect(variant.resource.kind).toBe(resource.kind);
      if (variant.namespaceLabels === undefined) expect(variant.resource).not.toEqual(resource);
    }
  });

  it('a namespace selector: the same resource in a namespace with other labels', () => {
    const rule = { name: 'r', match: { any: [{ resources: { kinds: ['Pod'], namespaceSelector: { matchLabels: { env: 'prod' } } } }] } };
    const made = ruleVariants(rule, pod, { limit: 50, namespaceLabels: { 'kubernetes.io/metadata.name': 'apps' } });
    const labels = made.filter((v) => v.namespaceLabels !== undefined);
    expect(labels.map((v) => [v.change, v.namespaceLabels])).toEqual([
      ['namespace label "env" set to "prod"', { 'kubernetes.io/metadata.name': 'apps', env: 'prod' }],
      ['namespace label "env" set to "kyverno-lint-proof"', { 'kubernetes.io/metadata.name': 'apps', env: 'kyverno-lint-proof' }],
    ]);
    for (const v of labels) expect(v.resource).toBe(pod);
  });

  it('a Pod controller keeps its pod template and every object its metadata (the API server requires them)', () => {
    const rule = { name: 'autogen-r', validate: { pattern: { metadata: { '=(labels)': { app: '?*' } }, spec: { template: { spec: { '=(hostNetwork)': 'false' } } } } } };
    const made = changes(rule, deployment);
    expect(made).toContain('spec.template.spec.hostNetwork removed');
    for (const required of ['metadata', 'spec', 'spec.template', 'spec.template.spec']) {
      expect(made.filter((c) => c.startsWith(`${required} `))).toEqual([]);
    }
  });

  it('bounded and deterministic: every read path gets its first edit before any gets a second', () => {
    const rule = { name: 'r', validate: { pattern: { spec: { '=(hostNetwork)': 'false', containers: [{ image: '!*:latest', '=(imagePullPolicy)': 'Always' }] } } } };
    const five = changes(rule, pod, 5);
    expect(five).toHaveLength(5);
    expect(changes(rule, pod, 5)).toEqual(five);
    // The first round: one edit per path, removals first.
    expect(five).toEqual(['spec removed', 'spec.hostNetwork removed', 'spec.containers removed', 'spec.containers[0] removed', 'spec.containers[0].image removed']);
    expect(changes(rule, pod, 0)).toEqual([]);
  });

  it('what is not a rule gives no variant', () => {
    expect(changes(null, pod)).toEqual([]);
    expect(changes('rule', pod)).toEqual([]);
    expect(changes({ name: 'r' }, pod)).toEqual([]);
  });
});

describe('edits', () => {
  it.each<[string, Parameters<typeof applyEdit>[1], JsonValue | null]>([
    ['set, creating the missing parents', { path: ['metadata', 'annotations', 'a'], value: 'b' }, { name: 'web', namespace: 'apps', labels: { app: 'web' }, annotations: { a: 'b' } }],
    ['remove a key', { path: ['metadata', 'labels'], remove: true }, { name: 'web', namespace: 'apps' }],
    ['remove a list element', { path: ['spec', 'containers', 0], remove: true }, []],
    ['append to a list', { path: ['spec', 'containers'], value: { name: 'd' }, append: true }, [{ name: 'c', image: 'nginx:1.25' }, { name: 'd' }]],
    ['an index past the end does not apply', { path: ['spec', 'containers', 4, 'image'], value: 'x' }, null],
    ['through a scalar does not apply', { path: ['spec', 'hostNetwork', 'x'], value: 1 }, null],
  ])('%s', (_name, edit, expected) => {
    const before = structuredClone(pod);
    const result = applyEdit(pod, edit);
    expect(pod).toEqual(before);
    if (expected === null) expect(result).toBeNull();
    else if (Array.isArray(expected)) expect((result!.spec as JsonObject).containers).toEqual(expected);
    else expect(result!.metadata).toEqual(expected);
  });

  it.each([
    [{ path: ['spec', 'containers', 0, 'image'], value: 'nginx' }, 'spec.containers[0].image set to "nginx"'],
    [{ path: ['metadata', 'labels', 'app.kubernetes.io/name'], remove: true }, 'metadata.labels["app.kubernetes.io/name"] removed'],
    [{ path: ['spec', 'containers'], value: {}, append: true }, 'spec.containers: element {} appended'],
  ])('%j reads "%s"', (edit, text) => {
    expect(describeEdit(edit)).toBe(text);
  });

  it('the pattern-translation selection: spread over the edits, deduplicated', () => {
    const made = variants({ spec: { '=(hostNetwork)': 'false' } }, pod, 4);
    expect(made).toHaveLength(4);
    expect(new Set(made.map((v) => JSON.stringify(v))).size).toBe(4);
  });
});

describe('where Kyverno’s outcome is random', () => {
  const rule = { name: 'r', validate: { pattern: { metadata: { labels: { 'app.*': '?*' } } } } };
  it.each<[string, JsonValue, Record<string, string>, boolean | null]>([
    ['two labels match the wildcard key', rule, { 'app.a': 'x', 'app.b': '' }, true],
    ['one label matches it', rule, { 'app.a': 'x', other: '' }, false],
    ['no wildcard key', { name: 'r', validate: { pattern: { metadata: { labels: { app: '?*' } } } } }, { 'app.a': 'x', 'app.b': '' }, null],
  ])('%s', (_name, r, labels, expected) => {
    const check = randomPatternOutcome(r);
    if (expected === null) expect(check).toBeNull();
    else expect(check!({ ...pod, metadata: { name: 'p', labels } })).toBe(expected);
  });
});
