import { describe, expect, it } from 'vitest';
import type { Policy, Rule } from '../../../../src/families/kyverno/policy/types.js';
import { validatePolicy } from '../../../../src/families/kyverno/policy/validate.js';

type Spec = Omit<Policy['spec'], 'rules'>;

function policy(rules: Rule[], spec: Spec = {}, extra: Partial<Policy> = {}): Policy {
  return { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name: 'p' }, spec: { rules, ...spec }, ...extra };
}

const pods = { any: [{ resources: { kinds: ['Pod'] } }] };
const deny = (extra: Partial<Rule> = {}, validate: Rule['validate'] = {}): Rule => ({
  name: 'r',
  match: pods,
  validate: { deny: {}, ...validate },
  ...extra,
});

const OK = null;

describe('validatePolicy: rules', () => {
  const cases: [string, Policy, string | null][] = [
    ['a valid pattern rule', policy([{ name: 'r', match: pods, validate: { pattern: { metadata: { labels: { app: '?*' } } } } }]), OK],
    [
      'duplicate rule names',
      policy([deny(), deny()]),
      "spec.rules[1].name: Invalid value: v1.Rule{...}: Duplicate rule name: 'r'",
    ],
    [
      'no rule type',
      policy([{ name: 'r', match: pods }]),
      "spec.rules[0]: Invalid value: v1.Rule{...}: No operation defined in the rule 'r'.(supported operations: mutate,validate,generate,verifyImages)",
    ],
    [
      'two rule types',
      policy([{ ...deny(), mutate: { patchStrategicMerge: { metadata: {} } } }]),
      "spec.rules[0]: Invalid value: v1.Rule{...}: Multiple operations defined in the rule 'r', only one operation (mutate,validate,generate,verifyImages) is allowed per rule",
    ],
    [
      'policy name longer than 63',
      { ...policy([deny()]), metadata: { name: 'p'.repeat(64) } },
      'name: Too long: may not be more than 63 bytes',
    ],
    [
      'several API errors are aggregated',
      policy([{ name: 'a', match: pods }, { name: 'a', match: pods }]),
      "[spec.rules[1].name: Invalid value: v1.Rule{...}: Duplicate rule name: 'a', spec.rules[0]: Invalid value: v1.Rule{...}: No operation defined in the rule 'a'.(supported operations: mutate,validate,generate,verifyImages), spec.rules[1]: Invalid value: v1.Rule{...}: No operation defined in the rule 'a'.(supported operations: mutate,validate,generate,verifyImages)]",
    ],
    [
      'validate with two bodies',
      policy([deny({}, { pattern: { a: 1 } })]),
      'path: spec.rules[0].validate..: only one of pattern, anyPattern, deny, foreach, cel can be specified',
    ],
    [
      'unsupported anchor in a validate pattern',
      policy([{ name: 'r', match: pods, validate: { pattern: { spec: { '+(x)': 1 } } } }]),
      'path: spec.rules[0].validate.pattern.//spec/+(x).: unsupported anchor +(x)',
    ],
    [
      'existence anchor needs a list',
      policy([{ name: 'r', match: pods, validate: { pattern: { spec: { '^(containers)': { a: 1 } } } } }]),
      'path: spec.rules[0].validate.pattern.//spec/^(containers).: existence anchor should have value of type list',
    ],
    [
      'foreach without a list',
      policy([{ name: 'r', match: pods, validate: { foreach: [{ list: '', deny: {} }] } }]),
      'path: spec.rules[0].validate..: foreach.list is required',
    ],
    [
      'a match filter without kinds',
      policy([{ name: 'r', match: { any: [{ resources: { namespaces: ['a'] } }] }, validate: { pattern: { metadata: { name: 'x' } } } }]),
      'at least one element must be specified in a kind block, the kind attribute is mandatory when working with the resources element',
    ],
    [
      'a match filter with only subjects',
      policy([{ name: 'r', match: { any: [{ subjects: [{ kind: 'User', name: 'a' }] }] }, validate: { deny: {} } }], { background: false }),
      'path: spec.rules[0].match.resources.: match resources not specified',
    ],
    [
      'any/all with inline resources',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['Pod'] } }], resources: { kinds: ['Pod'] } }, validate: { deny: {} } }]),
      "path: spec.rules[0].match.: can't specify any/all together with match resources",
    ],
    [
      'any and all together',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['Pod'] } }], all: [{ resources: { kinds: ['Pod'] } }] }, validate: { deny: {} } }]),
      "spec.rules[0].match: Invalid value: v1.MatchResources{...}: Can't specify any and all together",
    ],
    [
      'a selector without requirements',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['Pod'], selector: {} } }] }, validate: { deny: {} } }]),
      'spec.rules[0].match.any[0].selector: Invalid value: v1.LabelSelector{...}: The requirements are not specified in selector',
    ],
    [
      'a wildcard selector is not checked',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['Pod'], selector: { matchLabels: { 'app*': '*' } } } }] }, validate: { deny: {} } }]),
      OK,
    ],
    [
      'a rule matching an empty set',
      policy([{ name: 'r', match: pods, exclude: { any: [{ resources: { kinds: ['Pod'] } }] }, validate: { deny: {} } }]),
      'spec.rules[0]: Invalid value: v1.Rule{...}: Rule is matching an empty set',
    ],
    [
      'an invalid role format',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['Pod'] }, roles: ['admin'] }] }, validate: { deny: {} } }], { background: false }),
      'spec.rules[0].match.any[0].roles[0]: Invalid value: "admin": Role is expected to be in namespace:name format',
    ],
    [
      'a ServiceAccount subject without namespace',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['Pod'] }, subjects: [{ kind: 'ServiceAccount', name: 'a' }] }] }, validate: { deny: {} } }], { background: false }),
      'spec.rules[0].match.any[0].subjects[0].namespace: Required value: namespace is required when Kind is ServiceAccount',
    ],
    [
      'a PSS container-level control without images',
      policy([{ name: 'r', match: pods, validate: { podSecurity: { level: 'baseline', exclude: [{ controlName: 'Capabilities' }] } } }]),
      'spec.rules[0].podSecurity.exclude[0].controlName: Invalid value: "Capabilities": exclude.images must be specified for the container level control',
    ],
    [
      'a restricted control at baseline level',
      policy([{ name: 'r', match: pods, validate: { podSecurity: { level: 'baseline', exclude: [{ controlName: 'Volume Types' }] } } }]),
      'spec.rules[0].podSecurity.exclude[0].controlName: Invalid value: "Volume Types": Invalid control name defined at the given level',
    ],
  ];
  it.each(cases)('%s', (_name, p, expected) => {
    expect(validatePolicy(p)).toBe(expected);
  });
});

describe('validatePolicy: variables', () => {
  const cases: [string, Policy, string | null][] = [
    ['request variables are allowed', policy([deny({}, { message: '{{ request.object.metadata.name }}' })]), OK],
    ['function calls are allowed', policy([deny({}, { message: "{{ to_upper('a') }}" })]), OK],
    [
      'context entries define variables',
      policy([
        deny(
          { context: [{ name: 'cm', configMap: { name: 'c', namespace: 'n' } }, { name: 'v', variable: { value: 1 } }] },
          { message: '{{ cm.data.key }} {{ v.x }}' },
        ),
      ]),
      OK,
    ],
    [
      'an undefined variable',
      policy([deny({}, { message: '{{ foo }}' })]),
      'policy contains invalid variables: variable substitution failed for rule r: variable foo must match regex "request\\.|element|elementIndex|@|images|images\\.|image\\.|([a-z_0-9]+\\()[^{}]" or patterns []',
    ],
    [
      'a configMap entry only defines data and metadata',
      policy([deny({ context: [{ name: 'cm', configMap: { name: 'c', namespace: 'n' } }] }, { message: '{{ cm.kind }}' })]),
      'policy contains invalid variables: variable substitution failed for rule r: variable cm.kind must match regex "request\\.|element|elementIndex|@|images|images\\.|image\\.|([a-z_0-9]+\\()[^{}]" or patterns [cm.data cm.metadata cm.data.* cm.metadata.*]',
    ],
    [
      'non-background policies accept serviceAccountName',
      policy([deny({}, { message: '{{ serviceAccountName }}' })], { background: false }),
      OK,
    ],
    [
      'background policies may not use user info',
      policy([deny({}, { message: '{{ serviceAccountName }}' })]),
      'only select variables are allowed in background mode. Set spec.background=false to disable background mode for this policy rule: variable {{ serviceAccountName }} is not allowed ',
    ],
    [
      'background policies may not filter on roles',
      policy([{ ...deny(), match: { any: [{ resources: { kinds: ['Pod'] }, clusterRoles: ['admin'] }] } }]),
      'only select variables are allowed in background mode. Set spec.background=false to disable background mode for this policy rule: invalid variable used at path: spec/rules[0]/match/any[0]/clusterRoles ',
    ],
    [
      'a JMESPath syntax error',
      policy([deny({}, { message: '{{ request.object.[ }}' })]),
      'policy contains invalid variables: variable substitution failed for rule r: failed to resolve request.object.[ at path /validate/message: invalid JMESPath query request.object.[: SyntaxError: Incomplete expression',
    ],
    ['nested variables resolve innermost first', policy([deny({}, { message: '{{ request.object.metadata.{{ request.object.kind }} }}' })]), OK],
    ['escaped variables are ignored', policy([deny({}, { message: '\\{{ foo }}' })]), OK],
    [
      'variables in match are forbidden',
      policy([{ ...deny(), match: { any: [{ resources: { kinds: ['Pod'], names: ['{{ request.object.x }}'] } }] } }]),
      'policy contains invalid variables: rule "r" should not have variables in match section',
    ],
    [
      'element outside foreach',
      policy([deny({}, { message: '{{ element.name }}' })]),
      "variable 'element.name' present outside of foreach at path /validate/message",
    ],
    [
      'element inside foreach',
      policy([{ name: 'r', match: pods, validate: { foreach: [{ list: 'request.object.spec.containers', deny: { conditions: [{ key: '{{ element.name }}', operator: 'Equals', value: 'a' }] } }] } }]),
      OK,
    ],
    [
      'unresolvable $() reference',
      policy([{ name: 'r', match: pods, validate: { pattern: { spec: { a: '$(./../missing)' } } } }]),
      'policy contains invalid variables: variable substitution failed for rule r: got nil resolved variable $(./../missing) at path /validate/pattern/spec/a: <nil>',
    ],
    [
      'resolvable $() reference with an operator',
      policy([{ name: 'r', match: pods, validate: { pattern: { spec: { '=(limits)': { memory: '1Gi' }, requests: { memory: '<=$(./../../limits/memory)' } } } } }]),
      OK,
    ],
  ];
  it.each(cases)('%s', (_name, p, expected) => {
    expect(validatePolicy(p)).toBe(expected);
  });
});

describe('validatePolicy: policy-level checks', () => {
  const cases: [string, Policy, string | null][] = [
    [
      'autogen annotation "all"',
      { ...policy([deny()]), metadata: { name: 'p', annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'all' } } },
      "metadata.annotations: Forbidden: Autogen annotation does not support 'all' anymore, remove the annotation or set it to a valid value",
    ],
    [
      'namespaces in a namespaced Policy',
      { ...policy([{ ...deny(), match: { any: [{ resources: { kinds: ['Pod'], namespaces: ['a'] } }] } }]), kind: 'Policy' },
      'spec.rules[0].match.any[0].namespaces: Forbidden: Filtering namespaces not allowed in namespaced policies',
    ],
    [
      'validationFailureActionOverrides in a namespaced Policy',
      { ...policy([deny()], { validationFailureActionOverrides: [{ action: 'Audit', namespaces: ['a'] }] }), kind: 'Policy' },
      'spec.validationFailureActionOverrides: Forbidden: Use of validationFailureActionOverrides is supported only with ClusterPolicy',
    ],
    [
      'conflicting override namespaces',
      policy([deny()], {
        validationFailureActionOverrides: [
          { action: 'Enforce', namespaces: ['a'] },
          { action: 'Audit', namespaces: ['a'] },
        ],
      }),
      'conflicting namespaces found in path: spec.validationFailureActionOverrides[1].namespaces: a',
    ],
    [
      'override wildcard matching a namespace of the other action',
      policy([deny()], {
        validationFailureActionOverrides: [
          { action: 'Enforce', namespaces: ['prod'] },
          { action: 'Audit', namespaces: ['pr*'] },
        ],
      }),
      "path: spec.validationFailureActionOverrides[1].namespaces: wildcard pattern 'pr*' matches with namespace 'prod'",
    ],
    [
      'webhook timeout out of range',
      policy([deny()], { webhookTimeoutSeconds: 31 }),
      'spec.webhookTimeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds',
    ],
    [
      'admission and background both disabled',
      policy([deny()], { admission: false, background: false }),
      'disabling both admission and background processing is not allowed',
    ],
    [
      'wildcard kind in background mode',
      policy([{ ...deny(), match: { any: [{ resources: { kinds: ['*'] } }] } }]),
      'path: spec.rules[0].match.any[0].kinds: wildcard policy not allowed in background mode. Set spec.background=false to disable background mode for this policy rule ',
    ],
    [
      'wildcard kind with a non-metadata pattern',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['*'] } }] }, validate: { pattern: { spec: {} } } }], { background: false }),
      'path: spec.rules[0].match.any[0].kinds: policy can only deal with the metadata field of the resource if the rule does not match any kind',
    ],
    [
      'wildcard kind with a metadata pattern',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['*'] } }] }, validate: { pattern: { metadata: { labels: { a: 'b' } } } } }], { background: false }),
      OK,
    ],
    [
      'invalid condition operator',
      policy([deny({ preconditions: { any: [{ key: 'a', operator: 'Eq', value: 'b' }] } })]),
      'path: spec.rules[0].validate.preconditions.any[0].: entered value of `operator` is invalid. valid values: ["Equal" "Equals" "NotEqual" "NotEquals" "In" "AnyIn" "AllIn" "NotIn" "AnyNotIn" "AllNotIn" "GreaterThanOrEquals" "GreaterThan" "LessThanOrEquals" "LessThan" "DurationGreaterThanOrEquals" "DurationGreaterThan" "DurationLessThanOrEquals" "DurationLessThan"]',
    ],
    [
      'condition without a value',
      policy([deny({ preconditions: { all: [{ key: 'a', operator: 'Equals' }] } })]),
      'path: spec.rules[0].validate.preconditions.all[0].: entered value of `key`, `value` or `operator` is missing or misspelled',
    ],
    [
      'request.operation compared to an unknown operation',
      policy([deny({ preconditions: [{ key: '{{ request.operation }}', operator: 'Equals', value: 'PATCH' }] })]),
      "path: spec.rules[0].validate.preconditions[0].value: PATCH: unknown value 'PATCH' found under the 'value' field. Only the following values are allowed: [CREATE, UPDATE, DELETE, CONNECT]",
    ],
    [
      'context entry named like a predefined variable',
      policy([deny({ context: [{ name: 'request', variable: { value: 1 } }] })]),
      'path: spec.rules[0]: entry name request is invalid as it conflicts with a pre-defined variable request',
    ],
    [
      'context entries in a validate.cel rule',
      policy([
        {
          name: 'r',
          match: pods,
          context: [{ name: 'v', variable: { value: 1 } }],
          validate: { cel: { expressions: [{ expression: 'true' }] } },
        },
      ]),
      'path: spec.rules[0]: context variables are not supported for CEL expressions in validate rules',
    ],
    [
      'variable entry without value or jmesPath',
      policy([deny({ context: [{ name: 'v', variable: {} }] })]),
      'path: spec.rules[0]: a variable must define a value or a jmesPath expression',
    ],
    [
      'configMap entry without namespace',
      policy([deny({ context: [{ name: 'cm', configMap: { name: 'x' } }] })]),
      'path: spec.rules[0]: a namespace is required for configMap context entry',
    ],
    [
      'non-string labels in a pattern',
      policy([{ name: 'r', match: pods, validate: { pattern: { metadata: { labels: { a: 1 } } } } }]),
      'labels and annotations supports only string values, "use double quotes around the non string values"',
    ],
    [
      'JSON patch path without a leading slash',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['ConfigMap'] } }] }, mutate: { patchesJson6902: '- op: add\n  path: data/x\n  value: y' } }]),
      'path must begin with a forward slash: spec.rules[0]: data/x',
    ],
    [
      'variables in a JSON patch path',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['ConfigMap'] } }] }, mutate: { patchesJson6902: '- op: add\n  path: /data/{{ request.object.kind }}\n  value: y' } }]),
      'policy contains invalid variables: rule "r" should not have variables in patchesJSON6902 path section',
    ],
    [
      'generate without namespace (no cluster-scoped kinds known offline)',
      policy([{ name: 'r', match: { any: [{ resources: { kinds: ['Namespace'] } }] }, generate: { apiVersion: 'v1', kind: 'ConfigMap', name: 'c', data: {} } }]),
      'spec.rules[0].namespace: Forbidden: target namespace must be set for a namespaced resource',
    ],
  ];
  it.each(cases)('%s', (_name, p, expected) => {
    expect(validatePolicy(p)).toBe(expected);
  });

  it('validates autogen rules too', () => {
    const rule: Rule = { name: 'r', match: pods, validate: { message: '{{ request.object.metadata.name }}', pattern: { spec: {} } } };
    expect(validatePolicy(policy([rule]))).toBeNull();
  });
});
