import { describe, expect, it } from 'vitest';
import { mockedCluster } from '../../../src/cluster/index.js';
import { acceptException, acceptPolicy } from '../../../src/evaluate/family.js';
import { evaluateResource } from '../../../src/evaluate/processor.js';
import type { ResourceDocument } from '../../../src/evaluate/resource.js';
import type { KubernetesObject } from '../../../src/source/index.js';
import type { Acceptance, CompiledException, CompiledPolicy, EvaluationRequest, ExternalData } from '../../../src/evaluate/types.js';
import { scanPlaceholders } from '../../../src/families/cel/gpol/template.js';
import { runCli, scratchFolder } from '../../commands/helpers.js';
import type { JsonObject } from '../../../src/types.js';

const namespaceRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['namespaces'] };
const podRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] };

function accept(spec: JsonObject, kind = 'GeneratingPolicy', metadata: JsonObject = { name: 'gen' }): Acceptance {
  return acceptPolicy({ apiVersion: 'policies.kyverno.io/v1', kind, metadata, spec });
}

function compile(spec: JsonObject, kind = 'GeneratingPolicy', metadata: JsonObject = { name: 'gen' }): CompiledPolicy {
  const accepted = accept(spec, kind, metadata);
  if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return accepted.policy;
}

const namespace = (name = 'team-a'): JsonObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
const pod = (labels: Record<string, string> = {}): JsonObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'apps', labels }, spec: {} });

interface Outcome {
  rule: [string, string, string];
  generated?: JsonObject[];
  properties?: Record<string, string>;
}

/** The one rule of the response (name, status, message) and what it generated, or null without a response. */
function run(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): Outcome | null {
  const outcome = policy.generate!({ numberMode: 'float64', ...request }, () => []);
  if (outcome === null) return null;
  expect(outcome.response.rules).toHaveLength(1);
  const rule = outcome.response.rules[0]!;
  const out: Outcome = { rule: [rule.name, rule.status, rule.message] };
  if (rule.generatedResources !== undefined) out.generated = rule.generatedResources;
  if (rule.properties !== undefined) out.properties = rule.properties;
  return out;
}

const configMapExpression = `[{"apiVersion": dyn("v1"), "kind": dyn("ConfigMap"), "metadata": dyn({"name": "cfg-" + object.metadata.name}), "data": dyn({"n": 1})}]`;

describe('GeneratingPolicy: the generate handler', () => {
  const cases: { name: string; spec: JsonObject; resource?: JsonObject; external?: ExternalData; kind?: string; metadata?: JsonObject; expected: Outcome | null }[] = [
    {
      name: 'generator.Apply: the objects, in the namespace given (numbers as doubles)',
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, generate: [{ expression: `generator.Apply(object.metadata.name, ${configMapExpression})` }] },
      expected: {
        rule: ['gen', 'pass', 'policy evaluated successfully'],
        generated: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg-team-a', namespace: 'team-a' }, data: { n: 1 } }],
      },
    },
    {
      name: 'generator.apply (library 1.18 alias), with variables',
      spec: {
        matchConstraints: { resourceRules: [namespaceRule] },
        variables: [
          { name: 'ns', expression: 'object.metadata.name' },
          { name: 'objects', expression: configMapExpression },
        ],
        generate: [{ expression: 'generator.apply(variables.ns, variables.objects)' }],
      },
      expected: {
        rule: ['gen', 'pass', 'policy evaluated successfully'],
        generated: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg-team-a', namespace: 'team-a' }, data: { n: 1 } }],
      },
    },
    {
      name: 'an object with items (a resource.List result) is expanded; the fake context sets the namespace on each',
      spec: {
        matchConstraints: { resourceRules: [namespaceRule] },
        variables: [{ name: 'sources', expression: 'resource.List("v1", "secrets", "default")' }],
        generate: [{ expression: 'generator.Apply(object.metadata.name, [variables.sources])' }],
      },
      external: {
        celContext: {
          resources: [{ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1', namespace: 'default', uid: 'u1', annotations: { a: 'b' } }, data: { k: 'dg==' } }],
          images: [],
        },
      },
      expected: {
        rule: ['gen', 'pass', 'policy evaluated successfully'],
        generated: [{ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1', namespace: 'team-a', uid: 'u1', annotations: { a: 'b' } }, data: { k: 'dg==' } }],
      },
    },
    {
      name: 'the fake context removes the namespace for "", even of a namespaced kind',
      spec: {
        matchConstraints: { resourceRules: [namespaceRule] },
        generate: [{ expression: `generator.Apply("", [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x", "namespace": "elsewhere"}}])` }],
      },
      expected: { rule: ['gen', 'pass', 'policy evaluated successfully'], generated: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }] },
    },
    {
      name: 'with a cluster (clusterResources): uid, annotations and cross-namespace owner references are cleared',
      spec: {
        matchConstraints: { resourceRules: [namespaceRule] },
        variables: [{ name: 'sources', expression: 'resource.List("v1", "secrets", "default")' }],
        generate: [{ expression: 'generator.Apply(object.metadata.name, [variables.sources])' }],
      },
      external: {
        cluster: mockedCluster([
          { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1', namespace: 'default', uid: 'u1', resourceVersion: '7', annotations: { a: 'b' }, ownerReferences: [{ uid: 'o' }] }, data: { k: 'dg==' } },
        ]),
      },
      expected: {
        rule: ['gen', 'pass', 'policy evaluated successfully'],
        generated: [{ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1', namespace: 'team-a' }, data: { k: 'dg==' } }],
      },
    },
    {
      name: 'with a cluster: a cluster-scoped kind gets no namespace',
      spec: {
        matchConstraints: { resourceRules: [namespaceRule] },
        generate: [{ expression: `generator.Apply(object.metadata.name, [{"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": {"name": "r"}}])` }],
      },
      external: { cluster: mockedCluster([]) },
      expected: { rule: ['gen', 'pass', 'policy evaluated successfully'], generated: [{ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'r' } }] },
    },
    {
      name: 'a template with interpolation: whole-value splices and interpolated strings',
      spec: {
        matchConstraints: { resourceRules: [namespaceRule] },
        variables: [{ name: 'labels', expression: '{"team": "platform", "tier": 2}' }],
        generate: [
          {
            template: {
              interpolate: 'cel',
              value: [
                'apiVersion: v1',
                'kind: ConfigMap',
                'metadata:',
                '  name: (( object.metadata.name ))-config',
                '  namespace: (( object.metadata.name ))',
                '  labels: (( variables.labels ))',
                'data:',
                '  size: "(( 1 + 2 )) items"',
                '  ratio: (( 0.5 ))',
                '  literal: \\(( kept ))',
                '  port: 8080',
              ].join('\n'),
            },
          },
        ],
      },
      expected: {
        rule: ['gen', 'pass', 'policy evaluated successfully'],
        generated: [
          {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: 'team-a-config', namespace: 'team-a', labels: { team: 'platform', tier: 2 } },
            data: { size: '3 items', ratio: 0.5, literal: '(( kept ))', port: 8080 },
          },
        ],
      },
    },
    {
      name: 'a template without interpolation is plain YAML; several documents',
      spec: {
        matchConstraints: { resourceRules: [namespaceRule] },
        generate: [{ template: { value: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: (( x ))\n  namespace: ns1\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n' } }],
      },
      expected: {
        rule: ['gen', 'pass', 'policy evaluated successfully'],
        generated: [
          { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '(( x ))', namespace: 'ns1' } },
          { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } },
        ],
      },
    },
    {
      name: 'a structured value inside a string: error',
      spec: {
        matchConstraints: { resourceRules: [namespaceRule] },
        generate: [{ template: { interpolate: 'cel', value: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x-(( [1] ))\n' } }],
      },
      expected: {
        rule: [
          'gen',
          'error',
          'failed to evaluate policy: failed to render generation template: document 1: field "metadata": field "name": placeholder "[1]" embedded in a string must evaluate to a scalar, got []interface {}; use a whole-value placeholder for structured results',
        ],
      },
    },
    {
      name: 'an evaluation error in a generate expression: error, nothing generated',
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, generate: [{ expression: 'generator.Apply(object.metadata.uid, [])' }] },
      expected: { rule: ['gen', 'error', 'failed to evaluate policy: no such key: uid'] },
    },
    {
      name: 'items that are not objects',
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, generate: [{ expression: 'generator.Apply("x", [{"items": ["a"]}])' }] },
      expected: { rule: ['gen', 'error', 'failed to evaluate policy: failed to generate resources: items member is not an object: string'] },
    },
    {
      name: 'a false match condition: no response',
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, matchConditions: [{ name: 'm', expression: "object.metadata.name == 'other'" }], generate: [{ expression: 'generator.Apply("x", [])' }] },
      expected: null,
    },
    {
      name: 'a match condition error: error',
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, matchConditions: [{ name: 'm', expression: 'object.missing == 1' }], generate: [{ expression: 'generator.Apply("x", [])' }] },
      expected: { rule: ['gen', 'error', 'failed to evaluate policy: no such key: missing'] },
    },
    {
      name: 'another kind: no response',
      spec: { matchConstraints: { resourceRules: [podRule] }, generate: [{ expression: 'generator.Apply("x", [])' }] },
      expected: null,
    },
    {
      name: 'no matchConstraints: no response',
      spec: { generate: [{ expression: 'generator.Apply("x", [])' }] },
      expected: null,
    },
    {
      name: 'nothing generated: pass with no objects; audit annotations become properties',
      spec: {
        matchConstraints: { resourceRules: [namespaceRule] },
        generate: [{ expression: 'generator.Apply("x", [])' }],
        auditAnnotations: [
          { key: 'why', valueExpression: "'because'" },
          { key: 'empty', valueExpression: "''" },
        ],
      },
      expected: { rule: ['gen', 'pass', 'policy evaluated successfully'], generated: [], properties: { why: 'because' } },
    },
    {
      name: 'a null audit annotation is an error (gpol converts to string)',
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, generate: [{ expression: 'generator.Apply("x", [])' }], auditAnnotations: [{ key: 'k', valueExpression: 'null' }] },
      expected: { rule: ['gen', 'error', `failed to evaluate policy: failed to convert auditAnnotation "k" expression: type conversion error from 'null_type' to 'string'`] },
    },
    {
      name: 'a namespaced policy generates into its namespace (Apply without namespace)',
      kind: 'NamespacedGeneratingPolicy',
      metadata: { name: 'gen', namespace: 'tenant' },
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, generate: [{ expression: 'generator.apply([{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}}])' }] },
      expected: { rule: ['gen', 'pass', 'policy evaluated successfully'], generated: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'tenant' } }] },
    },
    {
      name: "a namespaced policy's template into another namespace: denied",
      kind: 'NamespacedGeneratingPolicy',
      metadata: { name: 'gen', namespace: 'tenant' },
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, generate: [{ template: { value: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: kube-system\n' } }] },
      expected: { rule: ['gen', 'error', 'failed to evaluate policy: cross-namespace generation denied: a policy in namespace "tenant" cannot generate resources into namespace "kube-system"'] },
    },
    {
      name: 'a namespaced policy with a cluster: a cluster-scoped kind into a namespace is denied',
      kind: 'NamespacedGeneratingPolicy',
      metadata: { name: 'gen', namespace: 'tenant' },
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, generate: [{ expression: 'generator.apply([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "n"}}])' }] },
      external: { cluster: mockedCluster([]) },
      expected: {
        rule: ['gen', 'error', 'failed to evaluate policy: failed to generate resources: cross-scope generation denied: a policy scoped to namespace "tenant" cannot generate cluster-scoped resource v1/Namespace'],
      },
    },
    {
      name: 'mixed-type literals compile (no homogeneous-literal check)',
      spec: { matchConstraints: { resourceRules: [namespaceRule] }, generate: [{ expression: 'generator.Apply("x", [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "m"}, "data": {"a": "b"}}])' }] },
      expected: { rule: ['gen', 'pass', 'policy evaluated successfully'], generated: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'm', namespace: 'x' }, data: { a: 'b' } }] },
    },
  ];

  it.each(cases)('$name', ({ spec, resource, external, kind, metadata, expected }) => {
    const request: Partial<EvaluationRequest> & { resource: JsonObject } = { resource: resource ?? namespace() };
    if (external !== undefined) request.external = external;
    expect(run(compile(spec, kind, metadata), request)).toEqual(expected);
  });

  it('CEL PolicyExceptions: a full exemption answers for the policy (skip, or pass with reportResult)', () => {
    const exception = (name: string, reportResult?: string): CompiledException => {
      const spec: JsonObject = { policyRefs: [{ name: 'gen', kind: 'GeneratingPolicy' }], matchConditions: [{ name: 'm', expression: "object.metadata.name == 'team-a'" }] };
      if (reportResult !== undefined) spec.reportResult = reportResult;
      const accepted = acceptException({ apiVersion: 'policies.kyverno.io/v1', kind: 'PolicyException', metadata: { name, namespace: 'kyverno' }, spec });
      if (accepted.status !== 'accepted') throw new Error(JSON.stringify(accepted));
      return accepted.exception;
    };
    const policy = compile({ matchConstraints: { resourceRules: [namespaceRule] }, generate: [{ expression: 'generator.Apply("x", [])' }] });
    expect(run(policy, { resource: namespace(), exceptions: [exception('e1')] })?.rule).toEqual(['exception', 'skip', 'rule is skipped due to policy exception: kyverno/e1']);
    expect(run(policy, { resource: namespace(), exceptions: [exception('e2', 'pass')] })?.rule).toEqual(['exception', 'pass', 'rule is passed due to policy exception: kyverno/e2']);
    expect(run(policy, { resource: namespace('team-b'), exceptions: [exception('e1')] })?.rule).toEqual(['gen', 'pass', 'policy evaluated successfully']);
  });

  it('the processor emits a generate response, none when the policy does not respond', () => {
    const policy = compile({ matchConstraints: { resourceRules: [podRule] }, generate: [{ expression: 'generator.Apply("x", [])' }] });
    const kinds = (resource: JsonObject) => {
      const document: ResourceDocument = { value: resource as KubernetesObject, file: '/r.yaml', documentIndex: 0, apiVersion: String(resource.apiVersion), kind: String(resource.kind), namespace: '', name: 'r', key: 'k' };
      return evaluateResource([policy], document, { numberMode: 'float64' }).map(({ kind, response }) => [kind, response.rules.map((rule) => rule.status)]);
    };
    expect(kinds(pod())).toEqual([['generate', ['pass']]]);
    expect(kinds(namespace())).toEqual([]);
  });
});

describe('GeneratingPolicy: decoding and compiling', () => {
  it.each<{ name: string; spec: JsonObject; kind?: string; metadata?: JsonObject; status: string; reason?: RegExp }>([
    { name: 'no generate', spec: { matchConstraints: { resourceRules: [namespaceRule] } }, status: 'malformed' },
    { name: 'an unknown field', spec: { generate: [], validations: [] }, status: 'malformed' },
    { name: 'an unknown generate field', spec: { generate: [{ expression: 'true', mutate: 1 }] }, status: 'malformed' },
    { name: 'an unknown interpolation mode', spec: { generate: [{ template: { value: 'a: b', interpolate: 'jinja' } }] }, status: 'malformed' },
    {
      name: 'a generate expression that does not compile',
      spec: { generate: [{ expression: 'generator.Apply(' }] },
      status: 'invalid',
      reason: /^failed to compile policy gen \(\[: Internal error: generating policy compiler 2\.0 error: failed to compile policy, spec\.generate\[0\]\.expression: Invalid value: "generator\.Apply\(": /,
    },
    {
      name: 'a generate expression that is not a bool',
      spec: { generate: [{ expression: "'x'" }] },
      status: 'invalid',
      reason: /spec\.generate\[0\]\.expression: Invalid value: "'x'": output is expected to be of type bool\]\)$/,
    },
    { name: 'both expression and template', spec: { generate: [{ expression: 'true', template: { value: 'a: b' } }] }, status: 'invalid', reason: /only one of expression or template may be set/ },
    { name: 'neither expression nor template', spec: { generate: [{}] }, status: 'invalid', reason: /spec\.generate\[0\]: Required value: one of expression or template must be set/ },
    { name: 'a match condition reading variables (compiled before them)', spec: { variables: [{ name: 'v', expression: '1' }], matchConditions: [{ name: 'm', expression: 'variables.v == 1' }], generate: [] }, status: 'invalid', reason: /spec\.matchConditions\[0\]\.expression/ },
    { name: 'a variable reading a later one', spec: { variables: [{ name: 'a', expression: 'variables.b' }, { name: 'b', expression: '1' }], generate: [] }, status: 'invalid', reason: /spec\.variables\[0\]\.expression/ },
    { name: 'a two-variable comprehension', spec: { generate: [{ expression: '[1].all(i, v, v > 0)' }] }, status: 'invalid' },
    { name: 'a template that is not a mapping', spec: { generate: [{ template: { value: '- a\n- b' } }] }, status: 'invalid', reason: /line 1: document must be a mapping describing a resource/ },
    { name: 'a placeholder in a mapping key', spec: { generate: [{ template: { interpolate: 'cel', value: 'metadata:\n  (( k )): v\n' } }] }, status: 'invalid', reason: /line 2: placeholders are not supported in mapping keys/ },
    { name: 'a placeholder that does not compile', spec: { generate: [{ template: { interpolate: 'cel', value: 'a: (( 1 + ))\n' } }] }, status: 'invalid', reason: /line 1: invalid placeholder expression "1 \+"/ },
    { name: 'an unterminated placeholder', spec: { generate: [{ template: { interpolate: 'cel', value: 'a: (( 1 + 2\n' } }] }, status: 'invalid', reason: /unterminated placeholder starting at offset 0/ },
    { name: 'an empty template', spec: { generate: [{ template: { value: '---\n' } }] }, status: 'invalid', reason: /template must contain at least one YAML document/ },
    {
      name: "a namespaced policy's Apply with a namespace argument",
      kind: 'NamespacedGeneratingPolicy',
      metadata: { name: 'gen', namespace: 'tenant' },
      spec: { generate: [{ expression: 'generator.Apply("kube-system", [])' }] },
      status: 'invalid',
    },
    { name: 'a NamespacedGeneratingPolicy', kind: 'NamespacedGeneratingPolicy', spec: { generate: [] }, status: 'accepted' },
  ])('$name: $status', ({ spec, kind, metadata, status, reason }) => {
    const accepted = accept(spec, kind, metadata);
    expect(accepted.status).toBe(status);
    if (reason !== undefined && accepted.status === 'invalid') expect(accepted.reason).toMatch(reason);
    if (accepted.status === 'invalid') expect(accepted.abortsTest).toBe(true);
  });

  it('refuses a v1alpha1 NamespacedGeneratingPolicy', () => {
    const accepted = acceptPolicy({ apiVersion: 'policies.kyverno.io/v1alpha1', kind: 'NamespacedGeneratingPolicy', metadata: { name: 'g', namespace: 'n' }, spec: { generate: [] } });
    expect(accepted.status).toBe('malformed');
  });
});

describe('template placeholders: the scanner', () => {
  it.each<[string, { literal: string; expression?: string }[] | string]>([
    ['plain', [{ literal: 'plain' }]],
    ['(( a ))', [{ literal: '', expression: 'a' }]],
    ['x-(( a ))-y', [{ literal: 'x-' }, { literal: '', expression: 'a' }, { literal: '-y' }]],
    ['(( string(f(x)) ))', [{ literal: '', expression: 'string(f(x))' }]],
    ['(( ":)".size() ))', [{ literal: '', expression: '":)".size()' }]],
    ['\\(( a ))', [{ literal: '(( a ))' }]],
    ['((  ))', 'empty placeholder at offset 0'],
    ['(( f(a ', "unterminated placeholder starting at offset 0: missing closing '))'"],
    ['(( "a ))', 'unterminated string literal in placeholder starting at offset 0'],
    ['(( a) ))', 'unbalanced parenthesis in placeholder starting at offset 0'],
  ])('%s', (text, expected) => {
    if (typeof expected === 'string') expect(() => scanPlaceholders(text)).toThrow(expected);
    else expect(scanPlaceholders(text)).toEqual(expected);
  });
});

describe('GeneratingPolicy through the commands', () => {
  const scratch = scratchFolder('kyverno-lint-gpol-');
  const POLICY = `apiVersion: policies.kyverno.io/v1
kind: GeneratingPolicy
metadata:
  name: add-quota
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: [""]
      apiVersions: ["v1"]
      operations: ["CREATE"]
      resources: ["namespaces"]
  generate:
  - template:
      interpolate: cel
      value: |
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: quota
          namespace: (( object.metadata.name ))
        spec:
          hard: {pods: "10"}
`;
  const NAMESPACE = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n';

  it('apply prints each generated object and counts the rule', async () => {
    scratch.write('policy.yaml', POLICY);
    scratch.write('ns.yaml', NAMESPACE);
    const { code, stdout } = await runCli(['apply', 'policy.yaml', '--resource', 'ns.yaml'], { cwd: scratch.dir });
    expect(code).toBe(0);
    expect(stdout).toContain('policy add-quota applied to');
    expect(stdout).toContain('kind: ResourceQuota');
    expect(stdout).toContain('namespace: team-a');
    expect(stdout).toContain('Generation completed successfully.');
    expect(stdout).toContain('pass: 1, fail: 0, warn: 0, error: 0, skip: 0');
  });

  it('test compares the generated object with generatedResource', async () => {
    scratch.write('policy.yaml', POLICY);
    scratch.write('ns.yaml', NAMESPACE);
    const expected = (pods: string) => `apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: quota\n  namespace: team-a\nspec:\n  hard: {pods: "${pods}"}\n`;
    scratch.write('good/quota.yaml', expected('10'));
    scratch.write('bad/quota.yaml', expected('20'));
    const testFile = () =>
      `apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [../policy.yaml]\nresources: [../ns.yaml]\nresults:\n- {policy: add-quota, kind: Namespace, resources: [team-a], generatedResource: quota.yaml, result: pass}\n`;
    scratch.write('good/kyverno-test.yaml', testFile());
    scratch.write('bad/kyverno-test.yaml', testFile());
    const good = await runCli(['test', 'good'], { cwd: scratch.dir });
    expect(good.stdout).toContain('1 tests passed and 0 tests failed');
    const bad = await runCli(['test', 'bad'], { cwd: scratch.dir });
    expect(bad.stdout).toMatch(/│ {2}1 │ add-quota │ add-quota │ \/quota +│ Fail +│ Resource diff │/);
    expect(bad.stdout).toContain('0 tests passed and 1 tests failed');
    expect(bad.code).toBe(1);
  });
});
