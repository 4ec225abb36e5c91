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

/** Pods whose fields take the values the new constructs dispatch on. */
const variantPods: JsonObject[] = [
  pod,
  { ...pod, metadata: { name: 'web-2', namespace: 'team-a', labels: { version: 'v1.2.3', app: 'web' } } },
  { ...pod, metadata: { name: 'web-3', namespace: 'team-a', labels: { version: 'x', 'web-3': 'yes' } }, spec: { ...(pod.spec as JsonObject), replicas: 3.5, schedule: '*/5 * * * *', memory: 7 } },
  { ...pod, metadata: { name: 'web-4', namespace: 'team-a', labels: { version: '{"a":"b"}' } }, spec: { schedule: 5, containers: [], replicas: '3' } },
  { ...pod, metadata: { name: 'web-5', namespace: 'team-a', labels: { version: 7 } as unknown as JsonObject }, spec: { schedule: ['a'], containers: [{ name: 'web-5', command: ['ls', 3, true] }] } },
  { ...pod, metadata: { name: 'web-6', namespace: 'team-a' }, spec: { schedule: null, containers: { a: 1 } } },
];

const variantRequests: Request[] = variantPods.flatMap((resource) => (['CREATE', 'DELETE'] as const).map((operation) => ({ resource, operation, namespaceLabels: {}, userInfo: USER })));

const constructs: [string, JsonValue][] = [
  ['to_array of a projection', [c("{{ contains(to_array(request.object.spec.containers[].name), 'nginx') }}", 'Equals', true)]],
  ['to_array of a scalar or a list', [c('{{ to_array(request.object.metadata.labels.version) }}', 'AnyIn', ['x', 'v1.2.3'])]],
  ['regex_match on a value of any type', [c("{{ regex_match('^[0-9*]', request.object.spec.schedule) }}", 'Equals', true)]],
  ['regex_match on projection elements', [c("{{ request.object.spec.containers[].command[].regex_match('^l', @) }}", 'AnyIn', [true])]],
  ['a variable nested in a string literal', [c("{{ regex_match('^v[0-9].[0-9].[0-9]$', '{{ request.object.metadata.labels.version || 'empty' }}') }}", 'Equals', false)]],
  ['a variable nested in a quoted name', [c("{{ request.object.metadata.labels.\"{{ request.object.metadata.name }}\" || 'none' }}", 'Equals', 'none')]],
  ['a number formatted into a string', [c('replicas={{ request.object.spec.replicas }}', 'Equals', 'replicas=3')]],
  ['a map formatted into a string', [c('{{ request.object.metadata.labels }}', 'NotEquals', '')]],
  ['values of any type formatted into a string', [c('{{ request.object.spec.schedule }}/{{ request.object.spec.memory }}', 'Equals', '*/5 * * * */7')]],
  ['a function on the field of filtered elements', [c("{{ request.object.spec.containers[?name.starts_with(@, 'ng')].image }}", 'AnyIn', ['nginx*'])]],
  ['a failing function inside a flatten', [c("{{ request.object.spec.containers[?contains(command, 'ls')].name[] }}", 'AnyIn', ['web-5'])]],
  ['the quoted empty name', [c('{{ request.object.spec.schedule || "" }}', 'Equals', '*/5 * * * *')]],
  ['a key and a value holding variables', [c('{{ request.object.metadata.name }}', 'AnyIn', '{{ request.object.spec.containers[].name }}')]],
  ['a value holding a list of labels', [c('app', 'AnyNotIn', '{{ request.object.metadata.labels.keys(@) }}')]],
];

describe('new constructs on pods of every field type', () => {
  it.each(constructs)('%s: CEL agrees with the JMESPath family', (_name, conditions) => {
    const translated = translateConditions(conditions, { mayDelete: true }, ['spec', 'rules', 0, 'preconditions']);
    if (!translated.ok) throw new Error(translated.untranslatable.reason);
    const outcomes = variantRequests.map((request) => [kyvernoConditions(conditions, request), celOutcome(translated.value, request)] as const);
    for (const [i, [kyverno, cel]] of outcomes.entries()) expect(cel, JSON.stringify(variantRequests[i]!.resource.metadata)).toBe(kyverno);
    expect(new Set(outcomes.map(([kyverno]) => kyverno)).size).toBeGreaterThan(1);
  });

  it.each([
    ['a quote in a text substituted into a string literal', "{{ regex_match('^a', '{{ request.object.metadata.labels.version }}') }}", { version: "it's" }],
    ['a variable in a substituted text', 'v{{ request.object.metadata.labels.version }}', { version: '{{ request.operation }}' }],
    ['nested braces in a text substituted into a string literal', "{{ regex_match('^a', '{{ request.object.metadata.labels.version }}') }}", { version: '{"a":{"b":1}}' }],
  ] as const)('%s is an evaluation error of the translation (Kyverno evaluates another expression)', (_name, key, labels) => {
    const conditions = [c(key, 'Equals', 'x')];
    const translated = translateConditions(conditions, { mayDelete: false }, ['p']);
    if (!translated.ok) throw new Error(translated.untranslatable.reason);
    const request: Request = { resource: { ...pod, metadata: { name: 'p', namespace: 'team-a', labels } }, operation: 'CREATE', namespaceLabels: {}, userInfo: USER };
    expect(celOutcome(translated.value, request)).toBe('error');
    expect(translated.value).toMatch(/changes the expression Kyverno evaluates|Kyverno substitutes in turn/);
  });
});
