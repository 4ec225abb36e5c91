/**
 * @file Condition blocks translated to CEL agree with the JMESPath family on Kyverno's coercions (quantities,
 * numeric strings, durations, wildcards, two-way set matching), missing fields (an error), and the order in
 * which `any`/`all` conditions are evaluated; what has no faithful translation is reported with its path.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../src/types.js';
import { translateConditions } from '../../src/migrate/conditions.js';
import { translateMessage } from '../../src/migrate/jmespath.js';
import { type Request, USER, celOutcome, kyvernoConditions } from './harness.js';

const pod: JsonObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'team-a', labels: { app: 'web', tier: 'front*' }, annotations: { 'example.com/ttl': '90m' } },
  spec: {
    replicas: 3,
    memory: '512Mi',
    count: '12',
    enabled: true,
    containers: [
      { name: 'nginx', image: 'nginx:1.25', ports: [{ containerPort: 80 }] },
      { name: 'side', image: 'busybox', ports: [{ containerPort: 8080 }] },
    ],
    empty: null,
  },
};

const requests: Request[] = (['CREATE', 'UPDATE', 'DELETE'] as const).map((operation) => ({ resource: pod, operation, namespaceLabels: {}, userInfo: USER }));

const c = (key: JsonValue, operator: string, value: JsonValue): JsonValue => ({ key, operator, value });

const agreeing: [string, JsonValue][] = [
  ['Equals on a string', [c('{{ request.object.metadata.name }}', 'Equals', 'web-1')]],
  ['Equals with a wildcard', [c('{{ request.object.metadata.name }}', 'Equals', 'web-*')]],
  ['Equals quantities', [c('{{ request.object.spec.memory }}', 'Equals', '0.5Gi')]],
  ['Equals number and numeric string', [c('{{ request.object.spec.replicas }}', 'Equals', '3')]],
  ['Equals bool', [c('{{ request.object.spec.enabled }}', 'Equals', true)]],
  ['Equals on a missing field (error)', [c('{{ request.object.spec.missing }}', 'Equals', 'x')]],
  ['Equals on a missing field with a default', [c("{{ request.object.spec.missing || 'x' }}", 'Equals', 'x')]],
  ['Equals on null', [c('{{ request.object.spec.empty }}', 'Equals', '')]],
  ['NotEquals on null', [c('{{ request.object.spec.empty }}', 'NotEquals', '')]],
  ['NotEquals on a label', [c('{{ request.object.metadata.labels.app }}', 'NotEquals', 'db')]],
  ['equals spelled in lower case', [c('{{ request.object.metadata.labels.app }}', 'equals', 'web')]],
  ['AnyIn operations', [c("{{ request.operation || 'BACKGROUND' }}", 'AnyIn', ['CREATE', 'UPDATE'])]],
  ['AnyNotIn operations', [c('{{ request.operation }}', 'AnyNotIn', ['DELETE'])]],
  ['AllIn a projection', [c('{{ request.object.spec.containers[].name }}', 'AllIn', ['nginx', 'side', 'x'])]],
  ['AllNotIn a projection', [c('{{ request.object.spec.containers[].name }}', 'AllNotIn', ['ng*'])]],
  ['AnyIn numbers of a nested projection', [c('{{ request.object.spec.containers[].ports[].containerPort }}', 'AnyIn', ['zz'])]],
  ['AnyIn with a key pattern (two-way)', [c('{{ request.object.metadata.labels.tier }}', 'AnyIn', ['front-end'])]],
  ['AnyIn with a string value (one-way)', [c('{{ request.object.metadata.labels.tier }}', 'AnyIn', 'front-end')]],
  ['GreaterThan a numeric string', [c('{{ request.object.spec.count }}', 'GreaterThan', 9)]],
  ['GreaterThan quantities', [c('{{ request.object.spec.memory }}', 'GreaterThan', '256Mi')]],
  ['LessThan a duration', [c('{{ request.object.metadata.annotations."example.com/ttl" }}', 'LessThan', '2h')]],
  ['GreaterThanOrEquals length', [c('{{ length(request.object.spec.containers) }}', 'GreaterThanOrEquals', 2)]],
  ['filter projection and length', [c("{{ request.object.spec.containers[?name == 'nginx'] | length(@) }}", 'Equals', 1)]],
  ['contains on keys', [c("{{ keys(request.object.metadata.labels) | contains(@, 'app') }}", 'Equals', true)]],
  ['starts_with', [c("{{ starts_with(request.object.spec.containers[0].image, 'nginx') }}", 'Equals', true)]],
  ['regex_match on a string', [c("{{ regex_match('^(CREATE|UPDATE)$', request.operation) }}", 'Equals', true)]],
  ['serviceAccountName', [c('{{ serviceAccountName }}', 'Equals', 'deployer')]],
  ['old object on CREATE is null', [c('{{ request.oldObject.metadata.name }}', 'Equals', 'web-1')]],
  ['a string built from variables', [c('{{ request.operation }}/{{ request.namespace }}', 'Equals', 'CREATE/team-a')]],
  ['any: an error after a true condition is not reached', { any: [c('{{ request.object.metadata.name }}', 'Equals', 'web-1'), c('{{ request.object.spec.missing }}', 'Equals', 'x')] }],
  ['any false then all with an error', { any: [c('{{ request.object.metadata.name }}', 'Equals', 'x')], all: [c('{{ request.object.spec.missing }}', 'Equals', 'x')] }],
  ['legacy list: an error before a false condition', [c('{{ request.object.spec.missing }}', 'Equals', 'x'), c('{{ request.object.metadata.name }}', 'Equals', 'x')]],
  ['an empty any', { any: [] }],
];

describe('translateConditions', () => {
  it.each(agreeing)('%s: CEL agrees with the JMESPath family', (_name, conditions) => {
    const translated = translateConditions(conditions, { mayDelete: true }, ['spec', 'rules', 0, 'preconditions']);
    if (!translated.ok) throw new Error(translated.untranslatable.reason);
    const outcomes = requests.map((request) => [kyvernoConditions(conditions, request), celOutcome(translated.value, request)]);
    for (const [kyverno, cel] of outcomes) expect(cel).toBe(kyverno);
  });

  it('covers true, false and error outcomes', () => {
    const seen = new Set(agreeing.flatMap(([, conditions]) => requests.map((request) => kyvernoConditions(conditions, request))));
    expect(seen).toEqual(new Set([true, false, 'error']));
  });

  it.each([
    ['a numeric operator with a value holding variables', [c('{{ request.object.spec.replicas }}', 'GreaterThan', '{{ request.object.spec.count }}')], ['p', 0, 'operator'], 'with a value holding variables'],
    ['the deprecated In', [c('{{ request.operation }}', 'In', ['CREATE'])], ['p', 0, 'operator'], 'the deprecated operator In'],
    ['an unknown operator', [c('{{ request.operation }}', 'Matches', 'x')], ['p', 0, 'operator'], 'the operator "Matches"'],
    ['a function without a counterpart', [c('{{ to_upper(request.operation) }}', 'Equals', 'X')], ['p', 0, 'key'], 'has no faithful CEL counterpart'],
    ['an undeclared context variable', [c('{{ configmap.data.x }}', 'Equals', 'X')], ['p', 0, 'key'], 'not declared in the rule context'],
    ['a function on a field that may be missing', [c('{{ length(request.object.metadata.labels.keys(@)) }}', 'Equals', 1)], ['p', 0, 'key'], 'may be missing'],
    ['a range value', [c('{{ request.object.spec.replicas }}', 'AnyIn', '1-5')], ['p', 0], 'the range'],
    ['numeric patterns against numbers', [c('{{ request.object.spec.replicas }}', 'AnyIn', ['1*'])], ['p', 0], 'rendered by fmt.Sprint'],
    ['a miscased numeric operator', [c('{{ request.object.spec.replicas }}', 'greaterthan', 1)], ['p', 0, 'operator'], 'evaluates it as false'],
  ] as const)('%s is untranslatable, with its path', (_name, conditions, path, reason) => {
    const translated = translateConditions(conditions as unknown as JsonValue, { mayDelete: false }, ['p']);
    expect(translated.ok).toBe(false);
    if (translated.ok) return;
    expect(translated.untranslatable.path).toEqual(path);
    expect(translated.untranslatable.reason).toContain(reason);
  });
});

describe('translateMessage', () => {
  it('turns variables into a string concatenation', () => {
    const message = translateMessage('{{ request.operation }} in {{ request.namespace }} by {{ serviceAccountName }}', { mayDelete: false }, ['m']);
    expect(message.ok).toBe(true);
    if (!message.ok) return;
    const request = requests[0]!;
    expect(celOutcome(`${message.value} == "CREATE in team-a by deployer"`, request)).toBe(true);
  });

  it('formats a value of another type JSON-encoded', () => {
    const message = translateMessage('replicas: {{ request.object.spec.replicas }}, labels: {{ request.object.metadata.labels }}', { mayDelete: false }, ['m']);
    expect(message.ok).toBe(true);
    if (!message.ok) return;
    expect(celOutcome(`${message.value} == 'replicas: 3, labels: {"app":"web","tier":"front*"}'`, requests[0]!)).toBe(true);
  });
});
