import { describe, expect, it } from 'vitest';
import {
  AUTOGEN_CONTROLLERS_ANNOTATION,
  autogenControllers,
  canAutoGen,
  computeRules,
  createAutogen,
  shiftReferences,
} from '../../../../src/families/kyverno/policy/autogen.js';
import type { Policy, Rule } from '../../../../src/families/kyverno/policy/types.js';

function policy(rules: Rule[], annotations?: Record<string, string>): Policy {
  return {
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: { name: 'p', ...(annotations ? { annotations } : {}) },
    spec: { rules },
  };
}

const podPattern: Rule = {
  name: 'require-labels',
  match: { any: [{ resources: { kinds: ['Pod'] } }] },
  validate: { message: 'label app is required', pattern: { metadata: { labels: { app: '?*' } } } },
};

const names = (rules: Rule[]): string[] => rules.map((r) => r.name);

describe('canAutoGen (Kyverno Test_CanAutoGen)', () => {
  const cases: [string, Rule[], boolean][] = [
    ['match name', [{ name: 't', match: { resources: { kinds: ['Namespace'], name: '*' } } }], false],
    ['match selector', [{ name: 't', match: { resources: { kinds: ['Pod'], selector: { matchLabels: { a: 'b' } } } } }], false],
    ['exclude name', [{ name: 't', match: { resources: { kinds: ['Pod'] } }, exclude: { resources: { name: 'x' } } }], false],
    ['exclude names', [{ name: 't', match: { resources: { kinds: ['Pod'] } }, exclude: { resources: { names: ['x'] } } }], false],
    ['match annotations', [{ name: 't', match: { any: [{ resources: { kinds: ['Pod'], annotations: {} } }] } }], false],
    ['deny rule', [{ name: 't', match: { resources: { kinds: ['Pod'] } }, validate: { deny: {} } }], true],
    ['mixed kinds Pod + controller', [{ name: 't', match: { resources: { kinds: ['Pod', 'Deployment'] } } }], false],
    ['mixed kinds in exclude', [{ name: 't', match: { resources: { kinds: ['Pod'] } }, exclude: { resources: { kinds: ['v1/Pod', 'Deployment'] } } }], false],
    ['Pod only', [podPattern], true],
    ['exclude Pod with namespaces', [{ ...podPattern, exclude: { resources: { kinds: ['Pod'], namespaces: ['test'] } } }], true],
    ['mutate patchesJson6902', [{ name: 't', match: { resources: { kinds: ['Pod'] } }, mutate: { patchesJson6902: '- op: add' } }], false],
    ['mutate foreach patchesJson6902', [{ name: 't', match: { resources: { kinds: ['Pod'] } }, mutate: { foreach: [{ list: 'x', patchesJson6902: '- op: add' }] } }], false],
    ['generate in another rule', [podPattern, { name: 'g', match: { resources: { kinds: ['Namespace'] } }, generate: { kind: 'ConfigMap' } }], false],
    ['only kind written v1/Pod', [{ ...podPattern, match: { resources: { kinds: ['v1/Pod'] } } }], false],
    ['no Pod anywhere', [{ name: 't', match: { resources: { kinds: ['Service'] } }, validate: { deny: {} } }], false],
    ['Deployment kind alone counts as needed', [{ name: 't', match: { resources: { kinds: ['Deployment'] } }, validate: { deny: {} } }], true],
    ['namespaces/namespaceSelector/operations do not disable', [{ ...podPattern, match: { resources: { kinds: ['Pod'], namespaces: ['a'], namespaceSelector: {}, operations: ['CREATE'] } } }], true],
  ];
  it.each(cases)('%s', (_name, rules, expected) => {
    expect(canAutoGen(rules)).toBe(expected);
  });
});

describe('autogenControllers (annotation)', () => {
  it.each([
    [undefined, ['CronJob', 'DaemonSet', 'Deployment', 'Job', 'ReplicaSet', 'ReplicationController', 'StatefulSet']],
    ['none', ['none']],
    ['Deployment,StatefulSet', ['Deployment', 'StatefulSet']],
    ['Deployment, CronJob', [' CronJob', 'Deployment']],
  ])('%s', (annotation, expected) => {
    const p = policy([podPattern], annotation === undefined ? undefined : { [AUTOGEN_CONTROLLERS_ANNOTATION]: annotation });
    expect([...autogenControllers(p)].sort()).toEqual(expected);
  });
  it('is ignored for an ineligible policy', () => {
    const rules: Rule[] = [{ ...podPattern, match: { resources: { kinds: ['Pod'], names: ['x'] } } }];
    expect([...autogenControllers(policy(rules, { [AUTOGEN_CONTROLLERS_ANNOTATION]: 'Deployment' }))]).toEqual(['none']);
  });
});

describe('computeRules: names, kinds and pattern wrapping', () => {
  const p = policy([podPattern]);

  it('evaluates a Pod against the original rules only', () => {
    expect(computeRules(p, 'Pod')).toBe(p.spec.rules);
    expect(computeRules(p, 'Service')).toBe(p.spec.rules);
  });

  it('adds autogen-<rule> for a Deployment with the kind and spec.template wrapping', () => {
    const rules = computeRules(p, 'Deployment');
    expect(names(rules)).toEqual(['require-labels', 'autogen-require-labels']);
    expect(rules[1]).toEqual({
      name: 'autogen-require-labels',
      match: { any: [{ resources: { kinds: ['apps/v1/Deployment'] } }] },
      validate: {
        message: 'label app is required',
        pattern: { spec: { template: { metadata: { labels: { app: '?*' } } } } },
      },
    });
  });

  it.each([
    ['DaemonSet', 'apps/v1/DaemonSet'],
    ['Job', 'batch/v1/Job'],
    ['StatefulSet', 'apps/v1/StatefulSet'],
    ['ReplicaSet', 'apps/v1/ReplicaSet'],
    ['ReplicationController', 'v1/ReplicationController'],
  ])('%s gets kind %s', (kind, gvk) => {
    expect(computeRules(p, kind)[1].match).toEqual({ any: [{ resources: { kinds: [gvk] } }] });
  });

  it('adds autogen-cronjob-<rule> for a CronJob with jobTemplate wrapping', () => {
    const rules = computeRules(p, 'CronJob');
    expect(names(rules)).toEqual(['require-labels', 'autogen-cronjob-require-labels']);
    expect(rules[1].match).toEqual({ any: [{ resources: { kinds: ['batch/v1/CronJob'] } }] });
    expect(rules[1].validate?.pattern).toEqual({
      spec: { jobTemplate: { spec: { template: { metadata: { labels: { app: '?*' } } } } } },
    });
  });

  it('computes every controller at once for kind ""', () => {
    const rules = computeRules(p, '');
    expect(names(rules)).toEqual(['require-labels', 'autogen-require-labels', 'autogen-cronjob-require-labels']);
    expect(rules[1].match?.any?.[0].resources?.kinds).toEqual([
      'apps/v1/DaemonSet',
      'apps/v1/Deployment',
      'batch/v1/Job',
      'apps/v1/ReplicaSet',
      'v1/ReplicationController',
      'apps/v1/StatefulSet',
    ]);
  });

  it('truncates generated names to 63 characters', () => {
    const long = { ...podPattern, name: 'too-long-this-rule-name-will-be-truncated-to-63-characters' };
    const q = policy([long]);
    expect(computeRules(q, 'Deployment')[1].name).toBe('autogen-too-long-this-rule-name-will-be-truncated-to-63-charact');
    expect(computeRules(q, 'CronJob')[1].name).toBe('autogen-cronjob-too-long-this-rule-name-will-be-truncated-to-63');
  });

  it('memoises per policy and kind and does not touch the policy', () => {
    const before = JSON.stringify(p);
    expect(computeRules(p, 'Deployment')).toBe(computeRules(p, 'Deployment'));
    expect(JSON.stringify(p)).toBe(before);
  });

  it('drops rules already named autogen- when rules are generated', () => {
    const q = policy([podPattern, { ...podPattern, name: 'autogen-stale' }]);
    expect(names(computeRules(q, 'Deployment'))).toEqual(['require-labels', 'autogen-require-labels']);
    expect(names(computeRules(q, 'Pod'))).toEqual(['require-labels', 'autogen-stale']);
  });
});

describe('computeRules: annotation handling', () => {
  const withAnnotation = (value: string) => policy([podPattern], { [AUTOGEN_CONTROLLERS_ANNOTATION]: value });
  it.each([
    ['none', 'Deployment', ['require-labels']],
    ['Deployment,StatefulSet', 'Deployment', ['require-labels', 'autogen-require-labels']],
    ['Deployment,StatefulSet', 'CronJob', ['require-labels']],
    ['Deployment, CronJob', 'CronJob', ['require-labels']],
    ['CronJob', 'CronJob', ['require-labels', 'autogen-cronjob-require-labels']],
    ['Rollout', 'Rollout', ['require-labels', 'autogen-require-labels']],
  ])('%s for %s', (annotation, kind, expected) => {
    expect(names(computeRules(withAnnotation(annotation), kind))).toEqual(expected);
  });
  it('uses a listed CRD kind verbatim with the template wrapping', () => {
    const rule = computeRules(withAnnotation('Rollout'), 'Rollout')[1];
    expect(rule.match).toEqual({ any: [{ resources: { kinds: ['Rollout'] } }] });
    expect(rule.validate?.pattern).toEqual({ spec: { template: { metadata: { labels: { app: '?*' } } } } });
  });
});

describe('computeRules: match/exclude rewriting', () => {
  it('rewrites only the any filters that name Pod; CronJob rewrites all', () => {
    const rule: Rule = {
      ...podPattern,
      match: { any: [{ resources: { kinds: ['Pod'] } }, { resources: { kinds: ['Service'] } }] },
    };
    const q = policy([rule]);
    expect(computeRules(q, 'Deployment')[1].match).toEqual({
      any: [{ resources: { kinds: ['apps/v1/Deployment'] } }, { resources: { kinds: ['Service'] } }],
    });
    expect(computeRules(q, 'CronJob')[1].match).toEqual({
      any: [{ resources: { kinds: ['batch/v1/CronJob'] } }, { resources: { kinds: ['batch/v1/CronJob'] } }],
    });
  });

  it('rewrites the inline form and inline exclude kinds only when set', () => {
    const rule: Rule = {
      ...podPattern,
      match: { resources: { kinds: ['Pod'], namespaces: ['prod'] } },
      exclude: { resources: { namespaces: ['kube-system'] } },
    };
    const generated = computeRules(policy([rule]), 'Deployment')[1];
    expect(generated.match).toEqual({ resources: { kinds: ['apps/v1/Deployment'], namespaces: ['prod'] } });
    expect(generated.exclude).toEqual({ resources: { namespaces: ['kube-system'] } });
  });

  it('rewrites exclude any filters naming Pod', () => {
    const rule: Rule = {
      ...podPattern,
      exclude: { any: [{ resources: { kinds: ['Pod'], namespaces: ['kube-system'] } }] },
    };
    expect(computeRules(policy([rule]), 'Job')[1].exclude).toEqual({
      any: [{ resources: { kinds: ['batch/v1/Job'], namespaces: ['kube-system'] } }],
    });
  });

  it('skips a rule whose exclude kinds do not include Pod, and rules not matching Pod', () => {
    const excludesService: Rule = { ...podPattern, name: 'a', exclude: { any: [{ resources: { kinds: ['Service'] } }] } };
    const matchesDeployment: Rule = { ...podPattern, name: 'b', match: { any: [{ resources: { kinds: ['Deployment'] } }] } };
    expect(names(computeRules(policy([excludesService, matchesDeployment, podPattern]), 'Deployment'))).toEqual([
      'a',
      'b',
      'require-labels',
      'autogen-require-labels',
    ]);
    expect(computeRules(policy([excludesService]), 'Deployment')).toHaveLength(1);
  });
});

describe('computeRules: validate and mutate bodies', () => {
  const base = { name: 'r', match: { any: [{ resources: { kinds: ['Pod'] } }] } };

  it('wraps each anyPattern element and keeps only the allowed validate fields', () => {
    const rule: Rule = {
      ...base,
      validate: { message: 'm', failureAction: 'Enforce', allowExistingViolations: false, anyPattern: [{ a: 1 }, { b: 2 }] },
    };
    expect(computeRules(policy([rule]), 'Deployment')[1].validate).toEqual({
      message: 'm',
      failureAction: 'Enforce',
      allowExistingViolations: false,
      anyPattern: [{ spec: { template: { a: 1 } } }, { spec: { template: { b: 2 } } }],
    });
  });

  it('keeps deny, podSecurity and foreach bodies as they are', () => {
    const deny = { conditions: { any: [{ key: '{{ request.operation }}', operator: 'Equals', value: 'DELETE' }] } };
    const podSecurity = { level: 'baseline', version: 'latest' };
    const foreach = [{ list: 'request.object.spec.containers', pattern: { image: '*:*' } }];
    for (const validate of [{ deny }, { podSecurity }, { foreach }]) {
      const generated = computeRules(policy([{ ...base, validate }]), 'Deployment')[1].validate as Record<string, unknown>;
      const [key] = Object.keys(validate);
      expect(Object.keys(generated)).toEqual([key]);
    }
    const rewritten = computeRules(policy([{ ...base, validate: { foreach } }]), 'Deployment')[1];
    expect(rewritten.validate?.foreach?.[0].list).toBe('request.object.spec.template.spec.containers');
  });

  it('does not generate a rule for a validate with none of the handled bodies', () => {
    expect(computeRules(policy([{ ...base, validate: { message: 'only a message' } }]), 'Deployment')).toHaveLength(1);
  });

  it('rewrites request.object.spec/metadata everywhere, and object. for validate.cel', () => {
    const rule: Rule = {
      ...base,
      context: [{ name: 'n', variable: { jmesPath: 'request.object.metadata.name' } }],
      preconditions: { all: [{ key: '{{ request.oldObject.spec.x }}', operator: 'Equals', value: 'y' }] },
      validate: { message: '{{ request.object.metadata.name }}', deny: {} },
    };
    const [deployment, cronjob] = [computeRules(policy([rule]), 'Deployment')[1], computeRules(policy([rule]), 'CronJob')[1]];
    expect(deployment.context?.[0].variable?.jmesPath).toBe('request.object.spec.template.metadata.name');
    expect(deployment.preconditions).toEqual({
      all: [{ key: '{{ request.oldObject.spec.template.spec.x }}', operator: 'Equals', value: 'y' }],
    });
    expect(cronjob.validate?.message).toBe('{{ request.object.spec.jobTemplate.spec.template.metadata.name }}');
    const cel: Rule = { ...base, validate: { cel: { expressions: [{ expression: 'object.spec.x == oldObject.metadata.y' }] } } };
    expect(computeRules(policy([cel]), 'Deployment')[1].validate?.cel).toEqual({
      expressions: [{ expression: 'object.spec.template.spec.x == oldObject.spec.template.metadata.y' }],
    });
  });

  it('shifts $() references in the message', () => {
    const rule: Rule = {
      ...base,
      validate: { message: 'limit is $(./../../pattern/spec/containers/0/limit)', pattern: { spec: {} } },
    };
    expect(computeRules(policy([rule]), 'Deployment')[1].validate?.message).toBe(
      'limit is $(./../../pattern/spec/template/spec/containers/0/limit)',
    );
    expect(computeRules(policy([rule]), 'CronJob')[1].validate?.message).toBe(
      'limit is $(./../../pattern/spec/jobTemplate/spec/template/spec/template/spec/containers/0/limit)',
    );
  });

  it('wraps patchStrategicMerge and mutate foreach entries', () => {
    const psm: Rule = { ...base, mutate: { patchStrategicMerge: { metadata: { labels: { a: 'b' } } }, targets: [] } };
    expect(computeRules(policy([psm]), 'Deployment')[1].mutate).toEqual({
      patchStrategicMerge: { spec: { template: { metadata: { labels: { a: 'b' } } } } },
    });
    const foreach: Rule = {
      ...base,
      mutate: { foreach: [{ list: 'request.object.spec.containers', order: 'Ascending', patchStrategicMerge: { x: 1 } }] },
    };
    expect(computeRules(policy([foreach]), 'CronJob')[1].mutate).toEqual({
      foreach: [
        {
          list: 'request.object.spec.jobTemplate.spec.template.spec.containers',
          patchStrategicMerge: { spec: { jobTemplate: { spec: { template: { x: 1 } } } } },
        },
      ],
    });
  });

  it('copies verifyImages rules', () => {
    const rule: Rule = { ...base, verifyImages: [{ imageReferences: ['*'] }] };
    expect(names(computeRules(policy([rule]), ''))).toEqual(['r', 'autogen-r', 'autogen-cronjob-r']);
  });

  it('wraps object/oldObject of an assert tree', () => {
    const rule: Rule = { ...base, validate: { assert: { object: { spec: { a: 1 } }, other: 2 } } };
    expect(computeRules(policy([rule]), 'Deployment')[1].validate?.assert).toEqual({
      object: { spec: { template: { spec: { a: 1 } } } },
      other: 2,
    });
  });
});

describe('shiftReferences (Kyverno FindAndShiftReferences)', () => {
  it.each([
    ['no references', 'spec/template', 'pattern', 'no references'],
    ['x $(./../pattern/a) y', 'spec/template', 'pattern', 'x $(./../pattern/spec/template/a) y'],
    ['$(anyPattern/1/spec/a)', 'spec/template', 'anyPattern', '$(anyPattern/1/spec/template/spec/a)'],
    ['\\$(pattern/a)', 'spec/template', 'pattern', '\\$(pattern/a)'],
  ])('%s', (value, shift, pivot, expected) => {
    expect(shiftReferences(value, shift, pivot)).toBe(expected);
  });
});

describe('createAutogen', () => {
  it('reports eligibility and controllers', () => {
    const a = createAutogen(policy([podPattern], { [AUTOGEN_CONTROLLERS_ANNOTATION]: 'Job' }));
    expect(a.eligible).toBe(true);
    expect([...a.controllers]).toEqual(['Job']);
    expect(names(a.rulesFor('Job'))).toEqual(['require-labels', 'autogen-require-labels']);
  });
});
