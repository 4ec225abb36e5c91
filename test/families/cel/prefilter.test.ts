import { describe, expect, it } from 'vitest';
import { matchConstraints, mayMatchRules, type AdmissionAttributes, type MatchResources } from '../../../src/families/cel/match/index.js';
import type { JsonObject } from '../../../src/types.js';

const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx', namespace: 'default', labels: { app: 'web' } } };

function attributes(overrides: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  return { group: '', version: 'v1', kind: 'Pod', resource: 'pods', subresource: '', namespace: 'default', name: 'nginx', operation: 'CREATE', object: pod, oldObject: null, ...overrides };
}

const podRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['pods'] };
const badSelector = { matchExpressions: [{ key: 'app', operator: 'Bogus' }] };

describe('mayMatchRules: the resource-rule filter in front of matchConstraints', () => {
  const cases: { name: string; constraints: MatchResources; request?: Partial<AdmissionAttributes>; may: boolean }[] = [
    { name: 'no rules: the matcher decides', constraints: {}, may: true },
    { name: 'the rule accepts the shape', constraints: { resourceRules: [podRule] }, may: true },
    { name: 'another operation', constraints: { resourceRules: [podRule] }, request: { operation: 'DELETE' }, may: false },
    { name: 'another resource', constraints: { resourceRules: [podRule] }, request: { kind: 'Service', resource: 'services' }, may: false },
    { name: 'a subresource', constraints: { resourceRules: [podRule] }, request: { subresource: 'status' }, may: false },
    { name: 'another group', constraints: { resourceRules: [podRule] }, request: { group: 'apps' }, may: false },
    { name: 'names and scope are left to the matcher', constraints: { resourceRules: [{ ...podRule, resourceNames: ['other'], scope: 'Cluster' }] }, may: true },
    { name: 'a selector error on a shape the rules refuse', constraints: { resourceRules: [podRule], objectSelector: badSelector }, request: { operation: 'DELETE' }, may: false },
    { name: 'a selector error on a shape the rules accept', constraints: { resourceRules: [podRule], objectSelector: badSelector }, may: true },
  ];
  it.each(cases)('$name', ({ constraints, request, may }) => {
    const given = attributes(request);
    expect(mayMatchRules(constraints, given)).toBe(may);
    // Asked again (the answer is kept per shape), and for another request of the same shape.
    expect(mayMatchRules(constraints, given)).toBe(may);
    expect(mayMatchRules(constraints, attributes({ ...request, name: 'another', namespace: 'elsewhere' }))).toBe(may);
    // A refused shape is exactly what the matcher answers without matching and without an error.
    if (!may) expect(matchConstraints(constraints, given, null)).toEqual({ matched: false });
  });

  it('answers each constraints object on its own', () => {
    const given = attributes();
    expect(mayMatchRules({ resourceRules: [podRule] }, given)).toBe(true);
    expect(mayMatchRules({ resourceRules: [{ ...podRule, resources: ['services'] }] }, given)).toBe(false);
  });
});
