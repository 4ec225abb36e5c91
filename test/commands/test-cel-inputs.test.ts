/**
 * The Test inputs of the CEL policies: the `context` file (`cli.kyverno.io/v1alpha1` `Context`) and the
 * `paramResources`, read as Kyverno's test command reads them, into the evaluation's external data.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContextFile, policiesReadContext } from '../../src/commands/load/context-file.js';
import { DiagnosticLog } from '../../src/commands/load/diagnostics.js';
import { loadJsonPayload } from '../../src/commands/load/json-payloads.js';
import { loadExternalData, TestError, type TestInputs } from '../../src/commands/test/runner.js';
import { parseTestCaseSelector } from '../../src/commands/test/selector.js';
import { decodeTest, type TestSpec } from '../../src/commands/test/test-file.js';
import type { JsonObject } from '../../src/types.js';
import { runCli, scratchFolder } from './helpers.js';

const scratch = scratchFolder('kyverno-lint-cel-inputs-');

function quietLog(): { log: DiagnosticLog; stderr: () => string } {
  let stderr = '';
  const log = new DiagnosticLog({ stdout: () => {}, stderr: (text) => (stderr += text), cwd: '/' });
  return { log, stderr: () => stderr };
}

const CONTEXT_HEAD = 'apiVersion: cli.kyverno.io/v1alpha1\nkind: Context\nmetadata:\n  name: context\n';

const VALIDATING_POLICY = `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: check-cm
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: [""]
        apiVersions: [v1]
        operations: [CREATE]
        resources: [pods]
  validations:
    - expression: "true"
`;

const CLUSTER_POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-app
spec:
  rules:
    - name: check-app
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: app label required
        pattern:
          metadata:
            labels:
              app: "?*"
`;

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  labels:\n    app: web\nspec:\n  containers:\n    - name: c\n      image: nginx\n';

describe('loadContextFile', () => {
  it('gives the resources as written and the images as Go encodes ImageData', () => {
    scratch.write(
      'context.yaml',
      `${CONTEXT_HEAD}spec:
  resources:
    - apiVersion: v1
      kind: ConfigMap
      metadata: {name: registries, namespace: default}
      data: {registries: "ghcr.io, myregistry"}
    - apiVersion: autoscaling/v2
      kind: HorizontalPodAutoscaler
      metadata: {name: web}
  images:
    - image: ghcr.io/kyverno/test-busybox:1.35
      manifest:
        annotations: {org.opencontainers.image.base.name: "gcr.io/distroless/static:nonroot"}
    - image: busybox:1.28
      tag: "1.28"
      digest: sha256:abc
      config: {architecture: amd64, Env: [A=1]}
      imageIndex: null
`,
    );
    const { log } = quietLog();
    const loaded = loadContextFile(path.join(scratch.dir, 'context.yaml'), log);
    expect(loaded).toEqual({
      data: {
        resources: [
          { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'registries', namespace: 'default' }, data: { registries: 'ghcr.io, myregistry' } },
          { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' } },
        ],
        images: [
          {
            image: 'ghcr.io/kyverno/test-busybox:1.35',
            resolvedImage: '',
            registry: '',
            repository: '',
            manifest: { annotations: { 'org.opencontainers.image.base.name': 'gcr.io/distroless/static:nonroot' } },
          },
          { image: 'busybox:1.28', resolvedImage: '', registry: '', repository: '', tag: '1.28', digest: 'sha256:abc', config: { architecture: 'amd64', Env: ['A=1'] } },
        ],
      },
    });
    expect(log.errorCount).toBe(0);
  });

  it.each<{ name: string; text: string }>([
    { name: 'an empty file', text: '' },
    { name: 'no spec', text: CONTEXT_HEAD },
    { name: 'an empty spec', text: `${CONTEXT_HEAD}spec: {}\n` },
  ])('reads $name as an empty Context', ({ text }) => {
    scratch.write('context.yaml', text);
    expect(loadContextFile(path.join(scratch.dir, 'context.yaml'), quietLog().log)).toEqual({ data: { resources: [], images: [] } });
  });

  it('reads only the first document, as yaml.UnmarshalStrict does', () => {
    scratch.write('context.yaml', `${CONTEXT_HEAD}spec:\n  images: [{image: a}]\n---\n${CONTEXT_HEAD}spec:\n  images: [{image: b}]\n`);
    const loaded = loadContextFile(path.join(scratch.dir, 'context.yaml'), quietLog().log);
    expect(loaded).toEqual({ data: { resources: [], images: [{ image: 'a', resolvedImage: '', registry: '', repository: '' }] } });
  });

  it.each<{ name: string; spec: string; message: string; line: number }>([
    { name: 'an unknown spec field', spec: 'spec:\n  resource: []\n', message: 'unknown field "resource"', line: 6 },
    { name: 'an unknown top-level field', spec: 'data: {}\n', message: 'unknown field "data"', line: 5 },
    { name: 'an unknown image field', spec: 'spec:\n  images:\n    - image: a\n      labels: {}\n', message: 'unknown field "labels"', line: 8 },
    { name: 'images that are not a list', spec: 'spec:\n  images: {image: a}\n', message: 'cannot decode object as list of object for field "images"', line: 6 },
    { name: 'a resource that is not an object', spec: 'spec:\n  resources:\n    - ConfigMap\n', message: 'cannot decode string as a Kubernetes object', line: 7 },
    {
      name: 'a resource without kind',
      spec: 'spec:\n  resources:\n    - apiVersion: v1\n      metadata: {name: a}\n',
      message: `Object 'Kind' is missing in '{"apiVersion":"v1","metadata":{"name":"a"}}'`,
      line: 7,
    },
    {
      name: 'a custom resource',
      spec: 'spec:\n  resources:\n    - apiVersion: example.com/v1\n      kind: Widget\n      metadata: {name: a}\n',
      message: 'no matches for kind "Widget" in version "example.com/v1"',
      line: 8,
    },
    {
      name: 'a kind in a version Kyverno does not map',
      spec: 'spec:\n  resources:\n    - apiVersion: autoscaling/v2beta2\n      kind: HorizontalPodAutoscaler\n',
      message: 'no matches for kind "HorizontalPodAutoscaler" in version "autoscaling/v2beta2"',
      line: 8,
    },
    {
      name: 'a Kyverno kind (not in the CLI mapper)',
      spec: 'spec:\n  resources:\n    - apiVersion: kyverno.io/v1\n      kind: ClusterPolicy\n',
      message: 'no matches for kind "ClusterPolicy" in version "kyverno.io/v1"',
      line: 8,
    },
  ])('refuses $name, naming the file, line and problem', ({ spec, message, line }) => {
    scratch.write('context.yaml', CONTEXT_HEAD + spec);
    const { log, stderr } = quietLog();
    const file = path.join(scratch.dir, 'context.yaml');
    const loaded = loadContextFile(file, log);
    expect(loaded).toEqual({ error: { message, location: expect.objectContaining({ file, line }) } });
    expect(stderr()).toContain(`${path.relative("/", file)}:${line}:`);
    expect(stderr()).toContain(message);
    expect(log.errorCount).toBeGreaterThan(0);
  });

  it('reports a missing file', () => {
    const { log } = quietLog();
    const loaded = loadContextFile(path.join(scratch.dir, 'absent.yaml'), log);
    expect('error' in loaded && loaded.error.message).toMatch(/no such file or directory/);
    expect(log.errorCount).toBe(1);
  });
});

describe('loadJsonPayload', () => {
  it.each<{ name: string; file: string; text: string; data: JsonObject; numberMode: 'float64' | 'int64' }>([
    { name: 'a JSON object', file: 'payload.json', text: '{"Stages": [{"From": {"Image": "alpine"}}], "n": 1}', data: { Stages: [{ From: { Image: 'alpine' } }], n: 1 }, numberMode: 'float64' },
    { name: 'one YAML document (YAML 1.2: yes is a string)', file: 'payload.yaml', text: '# comment\nkind: x\nflag: yes\n', data: { kind: 'x', flag: 'yes' }, numberMode: 'int64' },
    { name: 'one YAML document among comment-only ones', file: 'payload.yml', text: '# a\n---\nkind: y\n---\n# b\n', data: { kind: 'y' }, numberMode: 'int64' },
    { name: 'a null YAML document (a nil map)', file: 'payload.yaml', text: 'null\n', data: {}, numberMode: 'int64' },
  ])('reads $name', ({ file, text, data, numberMode }) => {
    scratch.write(file, text);
    expect(loadJsonPayload(scratch.dir, file)).toEqual({ payload: { name: file, data, numberMode } });
  });

  it.each<{ name: string; file: string; text?: string; error: string | RegExp }>([
    { name: 'a missing file', file: 'absent.json', error: /^failed to load JSON payload absent\.json \(.*no such file or directory/ },
    { name: 'another extension', file: 'payload.txt', text: '{}', error: /^failed to load JSON payload payload\.txt \(unrecognized payload format, must be yaml or json \(.*payload\.txt\)\)$/ },
    { name: 'invalid JSON', file: 'payload.json', text: '{"a": }', error: "failed to load JSON payload payload.json (invalid character '}' looking for beginning of value)" },
    { name: 'JSON null', file: 'payload.json', text: 'null', error: 'JSON payload payload.json is empty or nil' },
    { name: 'a JSON array', file: 'payload.json', text: '[{}]', error: 'JSON payload payload.json must be a top-level object (map)' },
    { name: 'two YAML documents', file: 'payload.yaml', text: 'a: 1\n---\nb: 2\n', error: 'JSON payload payload.yaml must be a top-level object (map)' },
    { name: 'a YAML file of comments only', file: 'payload.yaml', text: '# nothing\n', error: 'JSON payload payload.yaml must be a top-level object (map)' },
    { name: 'a YAML list', file: 'payload.yaml', text: '- a\n', error: 'failed to load JSON payload payload.yaml (cannot unmarshal !!seq into map[string]interface {})' },
  ])('refuses $name', ({ file, text, error }) => {
    if (text !== undefined) scratch.write(file, text);
    const loaded = loadJsonPayload(scratch.dir, file);
    expect('error' in loaded).toBe(true);
    if ('error' in loaded) {
      if (typeof error === 'string') expect(loaded.error).toBe(error);
      else expect(loaded.error).toMatch(error);
    }
  });
});

describe('policiesReadContext', () => {
  const doc = (apiVersion: string, kind: string): JsonObject => ({ apiVersion, kind, metadata: { name: 'p' } });
  it.each<{ documents: JsonObject[]; reads: boolean }>([
    { documents: [doc('policies.kyverno.io/v1', 'ValidatingPolicy')], reads: true },
    { documents: [doc('kyverno.io/v1', 'ClusterPolicy'), doc('policies.kyverno.io/v1beta1', 'NamespacedMutatingPolicy')], reads: true },
    { documents: [doc('policies.kyverno.io/v1alpha1', 'ImageValidatingPolicy')], reads: true },
    { documents: [doc('policies.kyverno.io/v1', 'GeneratingPolicy'), doc('policies.kyverno.io/v1', 'DeletingPolicy')], reads: true },
    { documents: [doc('kyverno.io/v1', 'ClusterPolicy'), doc('kyverno.io/v1', 'Policy')], reads: false },
    { documents: [doc('admissionregistration.k8s.io/v1', 'ValidatingAdmissionPolicy')], reads: false },
    { documents: [doc('admissionregistration.k8s.io/v1beta1', 'MutatingAdmissionPolicy')], reads: false },
    { documents: [], reads: false },
  ])('$documents.0.kind … → $reads', ({ documents, reads }) => {
    expect(policiesReadContext(documents)).toBe(reads);
  });
});

describe('the external data of a Test', () => {
  const CONFIG_MAP: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'limits', namespace: 'default' }, data: { max: '3' } };
  const vpol: JsonObject = { apiVersion: 'policies.kyverno.io/v1', kind: 'ValidatingPolicy', metadata: { name: 'v' } };

  function spec(fields: JsonObject): TestSpec {
    const { test, errors } = decodeTest({ apiVersion: 'cli.kyverno.io/v1alpha1', kind: 'Test', results: [], ...fields }, 'f');
    expect(errors).toEqual([]);
    return test!;
  }

  function inputs(overrides: Partial<TestInputs> = {}): TestInputs {
    return { clusterObjects: [CONFIG_MAP], params: [CONFIG_MAP], policyDocuments: [vpol], jsonPayloads: [], evaluates: true, ...overrides };
  }

  const options = () => ({ io: { stdout: () => {}, stderr: () => {}, cwd: '/' }, log: quietLog().log, selector: parseTestCaseSelector('') });

  it('gives the Context file to the CEL lookups when there are no cluster resources, and the parameters', () => {
    scratch.write('context.yaml', `${CONTEXT_HEAD}spec:\n  images: [{image: nginx}]\n`);
    const external = loadExternalData(spec({ context: 'context.yaml' }), scratch.dir, inputs(), options(), () => {});
    expect(external.celContext).toEqual({ resources: [], images: [{ image: 'nginx', resolvedImage: '', registry: '', repository: '' }] });
    expect(external.params).toEqual([CONFIG_MAP]);
    expect(external.cluster).toBeUndefined();
  });

  it.each<{ name: string; fields: JsonObject; overrides: Partial<TestInputs> }>([
    { name: 'no context file', fields: {}, overrides: {} },
    { name: 'no policy reading it (a missing file is not opened)', fields: { context: 'absent.yaml' }, overrides: { policyDocuments: [{ apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy' }] } },
    { name: 'nothing evaluated (a missing file is not opened)', fields: { context: 'absent.yaml' }, overrides: { evaluates: false } },
  ])('gives the CEL lookups nothing with $name', ({ fields, overrides }) => {
    const external = loadExternalData(spec(fields), scratch.dir, inputs(overrides), options(), () => {});
    expect(external.celContext).toEqual({ resources: [], images: [] });
  });

  it('with cluster resources, serves the parameters from the cluster and ignores the Context file', () => {
    scratch.write('cluster.yaml', 'apiVersion: cli.kyverno.io/v1alpha1\nkind: ClusterResource\nspec:\n  resources: []\n');
    const progress: string[] = [];
    const external = loadExternalData(spec({ context: 'absent.yaml', clusterResources: ['cluster.yaml'] }), scratch.dir, inputs(), options(), (line) => progress.push(line));
    expect(external.celContext).toBeUndefined();
    expect(external.params).toEqual([CONFIG_MAP]);
    expect(external.cluster?.request('GET', '/api/v1/namespaces/default/configmaps/limits')).toMatchObject({ statusCode: 200, body: CONFIG_MAP });
    expect(progress).toEqual(['Loading Kubernetes resources ...']);
  });

  it('stops the test on a Context file error, located in that file', () => {
    scratch.write('context.yaml', `${CONTEXT_HEAD}spec:\n  images:\n    - name: nginx\n`);
    const run = (): unknown => loadExternalData(spec({ context: 'context.yaml' }), scratch.dir, inputs(), options(), () => {});
    expect(run).toThrow(TestError);
    expect(run).toThrow('failed to load context file context.yaml: unknown field "name"');
    try {
      run();
    } catch (error) {
      expect((error as TestError).location).toMatchObject({ file: path.join(scratch.dir, 'context.yaml'), line: 7 });
    }
  });
});

describe('kyverno-lint test with CEL inputs', () => {
  const TEST_HEAD = 'apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata:\n  name: t\n';

  it('fails the test document when the Context file is missing, as Kyverno aborts it', async () => {
    scratch.write('policy.yaml', VALIDATING_POLICY);
    scratch.write('pod.yaml', POD);
    scratch.write(
      'kyverno-test.yaml',
      `${TEST_HEAD}policies: [policy.yaml]\nresources: [pod.yaml]\ncontext: context.yaml\nresults:\n  - policy: check-cm\n    isValidatingPolicy: true\n    kind: Pod\n    resources: [web]\n    result: pass\n`,
    );
    const { code, stdout, stderr } = await runCli(['test', scratch.dir, '--remove-color']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/failed to run test: failed to load context file context\.yaml: .*no such file or directory/);
    expect(stdout).toContain('Test Summary: 0 tests passed and 1 tests failed');
  });

  it('does not open the Context file of a test without CEL policies', async () => {
    scratch.write('policy.yaml', CLUSTER_POLICY);
    scratch.write('pod.yaml', POD);
    scratch.write(
      'kyverno-test.yaml',
      `${TEST_HEAD}policies: [policy.yaml]\nresources: [pod.yaml]\ncontext: absent.yaml\nresults:\n  - policy: require-app\n    rule: check-app\n    kind: Pod\n    resources: [web]\n    result: pass\n`,
    );
    const { code, stdout, stderr } = await runCli(['test', scratch.dir]);
    expect(stderr).not.toContain('absent.yaml');
    expect(stderr).not.toContain('not supported yet');
    expect(stdout).toContain('Test Summary: 1 tests passed and 0 tests failed');
    expect(code).toBe(0);
  });

  it('loads the JSON payloads, failing the test document on a bad one', async () => {
    scratch.write('policy.yaml', VALIDATING_POLICY);
    scratch.write('payload.json', '["not", "an", "object"]');
    scratch.write(
      'kyverno-test.yaml',
      `${TEST_HEAD}policies: [policy.yaml]\njsonPayloads: [./payload.json]\nresults:\n  - policy: check-cm\n    isValidatingPolicy: true\n    resources: [payload.json]\n    result: pass\n`,
    );
    const { code, stderr } = await runCli(['test', scratch.dir]);
    expect(code).toBe(1);
    expect(stderr).toContain('  Loading JSON payloads ...');
    expect(stderr).toContain('failed to run test: JSON payload payload.json must be a top-level object (map)');
  });

  it('fails the test document when the first parameter file is missing', async () => {
    scratch.write('policy.yaml', CLUSTER_POLICY);
    scratch.write('pod.yaml', POD);
    scratch.write(
      'kyverno-test.yaml',
      `${TEST_HEAD}policies: [policy.yaml]\nresources: [pod.yaml]\nparamResources: [params.yaml]\nresults:\n  - policy: require-app\n    rule: check-app\n    kind: Pod\n    resources: [web]\n    result: pass\n`,
    );
    const { code, stderr } = await runCli(['test', scratch.dir]);
    expect(code).toBe(1);
    expect(stderr).toContain('failed to run test: failed to load parameter resources (params.yaml)');
  });

  it('refuses kyverno.io PolicyExceptions beside a ValidatingAdmissionPolicy', async () => {
    scratch.write(
      'policy.yaml',
      'apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata:\n  name: vap\nspec:\n  validations:\n    - expression: "true"\n',
    );
    scratch.write('pod.yaml', POD);
    scratch.write(
      'exception.yaml',
      'apiVersion: kyverno.io/v2\nkind: PolicyException\nmetadata:\n  name: e\n  namespace: default\nspec:\n  exceptions:\n    - policyName: p\n      ruleNames: [r]\n  match:\n    any:\n      - resources:\n          kinds: [Pod]\n',
    );
    scratch.write(
      'kyverno-test.yaml',
      `${TEST_HEAD}policies: [policy.yaml]\nresources: [pod.yaml]\nexceptions: [exception.yaml]\nresults:\n  - policy: vap\n    isValidatingAdmissionPolicy: true\n    kind: Pod\n    resources: [web]\n    result: pass\n`,
    );
    const { code, stderr } = await runCli(['test', scratch.dir]);
    expect(code).toBe(1);
    expect(stderr).toContain('failed to run test: use of exceptions with ValidatingAdmissionPolicies is not supported');
  });

  it('warns that the Context file is ignored beside cluster resources', async () => {
    scratch.write('policy.yaml', CLUSTER_POLICY);
    scratch.write('pod.yaml', POD);
    scratch.write('cluster.yaml', 'apiVersion: cli.kyverno.io/v1alpha1\nkind: ClusterResource\nspec:\n  resources: []\n');
    scratch.write(
      'kyverno-test.yaml',
      `${TEST_HEAD}policies: [policy.yaml]\nresources: [pod.yaml]\ncontext: absent.yaml\nclusterResources: [cluster.yaml]\nresults:\n  - policy: require-app\n    rule: check-app\n    kind: Pod\n    resources: [web]\n    result: pass\n`,
    );
    const { code, stderr } = await runCli(['test', scratch.dir]);
    expect(stderr).toContain('warning: "context" is ignored: with "clusterResources" the CEL lookups read the cluster resources, as in Kyverno');
    expect(code).toBe(0);
  });
});
