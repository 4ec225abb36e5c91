import { describe, expect, it } from 'vitest';
import { autogenVariants, canAutogen, rewriteForAutogen } from '../../../src/families/cel/vpol/autogen.js';
import type { MatchResources } from '../../../src/families/cel/match/index.js';

const podRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['pods'] };

describe('autogen text rewrite', () => {
  it.each([
    ['defaults', 'object.spec.containers', 'object.spec.template.spec.containers'],
    ['defaults', 'object.metadata.labels', 'object.spec.template.metadata.labels'],
    ['defaults', 'oldObject.spec.x == object.spec.x', 'oldObject.spec.template.spec.x == object.spec.template.spec.x'],
    ['defaults', 'object.metadata.namespace', 'object.metadata.namespace'],
    ['defaults', "object.metadata.namespace == 'a'", "object.metadata.namespace == 'a'"],
    ['defaults', 'object.metadata.namespaceFoo', 'object.spec.template.metadata.namespaceFoo'],
    ['defaults', 'namespaceObject.metadata.labels', 'namespaceObject.metadata.labels'],
    ['defaults', "'see object.spec for details'", "'see object.spec.template.spec for details'"],
    ['defaults', 'myobject.spec', 'myobject.spec.template.spec'],
    ['cronjobs', 'object.spec.containers', 'object.spec.jobTemplate.spec.template.spec.containers'],
    ['cronjobs', 'object.metadata.name', 'object.spec.jobTemplate.spec.template.metadata.name'],
    ['cronjobs', 'object.metadata.namespace', 'object.metadata.namespace'],
  ] as const)('%s: %s', (config, text, rewritten) => {
    expect(rewriteForAutogen(text, config)).toBe(rewritten);
  });
});

describe('autogen eligibility', () => {
  const cases: [string, MatchResources | undefined, boolean][] = [
    ['pods only', { resourceRules: [podRule] }, true],
    ['with a namespace selector', { resourceRules: [podRule], namespaceSelector: { matchLabels: { a: 'b' } } }, true],
    ['no constraints', undefined, false],
    ['two rules', { resourceRules: [podRule, podRule] }, false],
    ['resource names', { resourceRules: [{ ...podRule, resourceNames: ['x'] }] }, false],
    ['object selector', { resourceRules: [podRule], objectSelector: { matchLabels: { a: 'b' } } }, false],
    ['exclusions', { resourceRules: [podRule], excludeResourceRules: [podRule] }, false],
    ['another resource', { resourceRules: [{ ...podRule, resources: ['pods', 'services'] }] }, false],
    ['another group', { resourceRules: [{ ...podRule, apiGroups: ['*'] }] }, false],
  ];
  it.each(cases)('%s', (_name, match, expected) => {
    expect(canAutogen(match)).toBe(expected);
  });
});

describe('autogen variants', () => {
  const spec = {
    matchConstraints: { resourceRules: [podRule], namespaceSelector: { matchLabels: { env: 'prod' } } },
    validations: [{ expression: 'object.spec.hostNetwork != true', message: 'object.spec.hostNetwork is forbidden' }],
  };
  it('generates defaults and cronjobs variants with the original operations', () => {
    const variants = autogenVariants(spec, spec.matchConstraints, undefined);
    expect(variants.map((variant) => variant.config)).toEqual(['cronjobs', 'defaults']);
    expect(variants[1]!.spec).toEqual({
      matchConstraints: {
        resourceRules: [
          { apiGroups: ['apps'], apiVersions: ['v1'], resources: ['daemonsets', 'deployments', 'replicasets', 'statefulsets'], operations: ['CREATE', 'UPDATE'] },
          { apiGroups: ['batch'], apiVersions: ['v1'], resources: ['jobs'], operations: ['CREATE', 'UPDATE'] },
        ],
        namespaceSelector: { matchLabels: { env: 'prod' } },
      },
      validations: [{ expression: 'object.spec.template.spec.hostNetwork != true', message: 'object.spec.template.spec.hostNetwork is forbidden' }],
    });
    expect(variants[0]!.spec.matchConstraints).toEqual({
      resourceRules: [{ apiGroups: ['batch'], apiVersions: ['v1'], resources: ['cronjobs'], operations: ['CREATE', 'UPDATE'] }],
      namespaceSelector: { matchLabels: { env: 'prod' } },
    });
  });
  it.each([
    [['deployments'], ['defaults']],
    [['cronjobs'], ['cronjobs']],
    [[], []],
    [['unknown'], []],
  ])('controllers %j give %j', (controllers, configs) => {
    expect(autogenVariants(spec, spec.matchConstraints, controllers).map((variant) => variant.config)).toEqual(configs);
  });
  it('leaves out the match constraints of a rule without operations', () => {
    const noOperations = { matchConstraints: { resourceRules: [{ ...podRule, operations: [] }] } };
    const [variant] = autogenVariants(noOperations, noOperations.matchConstraints, ['deployments']);
    expect(variant!.spec.matchConstraints).toBeUndefined();
  });
});
