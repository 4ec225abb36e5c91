import { describe, expect, it } from 'vitest';
import { acceptException, acceptPolicy } from '../../../src/evaluate/family.js';
import { evaluateJsonPayload, evaluateResource } from '../../../src/evaluate/processor.js';
import type { CompiledException, CompiledPolicy, EvaluationRequest, ExternalData } from '../../../src/evaluate/types.js';
import type { ResourceDocument } from '../../../src/evaluate/resource.js';
import type { JsonObject } from '../../../src/types.js';
import { runCli, scratchFolder } from '../../commands/helpers.js';

const podRule = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] };
const DIGEST = `sha256:${'a'.repeat(64)}`;
const SIGNED = `ghcr.io/acme/app@${DIGEST}`;
const notary = { name: 'notary', notary: { certs: { value: 'CERT' } } };

function compile(spec: JsonObject, kind = 'ImageValidatingPolicy', metadata: JsonObject = { name: 'check-images' }): CompiledPolicy {
  const accepted = acceptPolicy({ apiVersion: 'policies.kyverno.io/v1', kind, metadata, spec });
  if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return accepted.policy;
}

function pod(images: string[], labels: Record<string, string> = {}): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', labels }, spec: { containers: images.map((image, i) => ({ name: `c${i}`, image })) } };
}

function deployment(images: string[]): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: { template: { metadata: { labels: {} }, spec: { containers: images.map((image, i) => ({ name: `c${i}`, image })) } } },
  };
}

/** A Context file's image data for `SIGNED`. */
const withImageData: ExternalData = {
  celContext: { resources: [], images: [{ image: SIGNED, registry: 'ghcr.io', repository: 'acme/app', digest: DIGEST, config: { created: '2024-01-01T00:00:00Z' } }] },
};

interface Outcome {
  rule: string;
  status: string;
  message: string;
  needsRegistry?: boolean;
}

function outcome(policy: CompiledPolicy, request: Partial<EvaluationRequest> & { resource: JsonObject }): Outcome | null {
  const response = policy.validateImages!({ numberMode: 'float64', ...request });
  if (response === null) return null;
  expect(response.rules).toHaveLength(1);
  const rule = response.rules[0]!;
  return { rule: rule.name, status: rule.status, message: rule.message, ...(rule.needsRegistry ? { needsRegistry: true } : {}) };
}

const base = { matchConstraints: { resourceRules: [podRule] }, matchImageReferences: [{ glob: 'ghcr.io/*' }] };

describe('ImageValidatingPolicy offline', () => {
  const cases: { name: string; spec: JsonObject; resource?: JsonObject; external?: ExternalData; expected: Outcome | null | RegExp }[] = [
    { name: 'another kind: no response', spec: base, resource: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } }, expected: null },
    {
      name: 'a false match condition: no response',
      spec: { ...base, matchConditions: [{ name: 'prod', expression: "object.metadata.?labels.?prod.orValue('') == 'true'" }] },
      expected: null,
    },
    {
      name: 'a match condition error fails the evaluation',
      spec: { ...base, matchConditions: [{ name: 'bad', expression: 'object.missing == 1' }] },
      expected: { rule: 'evaluation', status: 'error', message: 'failed to evaluate policy: no such key: missing' },
    },
    {
      name: 'a match condition error with failurePolicy Ignore: no response',
      spec: { ...base, failurePolicy: 'Ignore', matchConditions: [{ name: 'bad', expression: 'object.missing == 1' }] },
      expected: null,
    },
    {
      name: 'no image matched: validations run without the registry',
      spec: { ...base, validations: [{ expression: 'size(images.containers) == 0' }] },
      resource: pod(['docker.io/library/nginx:1.25']),
      expected: { rule: 'check-images', status: 'pass', message: 'success' },
    },
    {
      name: 'verifyDigest (default): a matched image with a tag fails',
      spec: { ...base, validations: [{ expression: 'true' }] },
      resource: pod([SIGNED, 'ghcr.io/acme/app:1.0']),
      expected: { rule: 'check-images', status: 'fail', message: 'image ghcr.io/acme/app:1.0 does not have a digest' },
    },
    {
      name: 'verifyDigest off, no image data: an error saying what to supply',
      spec: { ...base, validationConfigurations: { verifyDigest: false }, validations: [{ expression: 'true' }] },
      resource: pod(['ghcr.io/acme/app:1.0']),
      expected: /^failed to evaluate policy: image data for ghcr\.io\/acme\/app:1\.0 is read from its registry, .*spec\.images/,
    },
    {
      name: 'image data from the Context file: validations over it',
      spec: { ...base, validationConfigurations: { required: false }, validations: [{ expression: "images.containers.all(i, getImageData(i).config.created.startsWith('2024'))" }] },
      resource: pod([SIGNED]),
      external: withImageData,
      expected: { rule: 'check-images', status: 'pass', message: 'success' },
    },
    {
      name: 'image data from the Context file: a false validation fails with its message',
      spec: { ...base, validations: [{ expression: "images.containers.all(i, getImageData(i).config.created.startsWith('2025'))", message: 'too old' }] },
      resource: pod([SIGNED]),
      external: withImageData,
      expected: { rule: 'check-images', status: 'fail', message: 'too old' },
    },
    {
      name: 'required (default): a passing policy whose images no check verified fails',
      spec: { ...base, validations: [{ expression: 'true' }] },
      resource: pod([SIGNED]),
      external: withImageData,
      expected: { rule: 'check-images', status: 'fail', message: `image ${SIGNED} is not verified: no policy performed a signature or attestation check on it` },
    },
    {
      name: 'signature verification needs the registry',
      spec: { ...base, attestors: [notary], validations: [{ expression: 'images.containers.all(i, verifyImageSignatures(i, [attestors.notary]) > 0)' }] },
      resource: pod([SIGNED]),
      external: withImageData,
      expected: /^failed to evaluate policy: verifying the signatures of ghcr\.io\/acme\/app@sha256:a+ needs its registry/,
    },
    {
      name: 'verifyImageSignatures of an image outside matchImageReferences is 0, offline',
      spec: { ...base, attestors: [notary], validations: [{ expression: "verifyImageSignatures('docker.io/library/nginx', [attestors.notary]) == 0" }] },
      resource: pod([]),
      expected: { rule: 'check-images', status: 'pass', message: 'success' },
    },
    {
      name: 'an attestation the policy does not declare',
      spec: { ...base, attestors: [notary], attestations: [{ name: 'sbom', referrer: { type: 'sbom/cyclone-dx' } }], validations: [{ expression: "images.containers.all(i, verifyAttestationSignatures(i, 'vex', [attestors.notary]) > 0)" }] },
      resource: pod([SIGNED]),
      external: withImageData,
      expected: { rule: 'evaluation', status: 'error', message: 'failed to evaluate policy: attestation not found in policy: vex' },
    },
    {
      name: 'attestations map names to themselves',
      spec: { ...base, attestations: [{ name: 'sbom', referrer: { type: 'sbom/cyclone-dx' } }], validations: [{ expression: "attestations.sbom == 'sbom'" }] },
      resource: pod([]),
      expected: { rule: 'check-images', status: 'pass', message: 'success' },
    },
    {
      name: 'attestor expressions are evaluated',
      spec: { ...base, attestors: [{ name: 'k', cosign: { key: { expression: "'KEY-' + object.metadata.name" } } }], validations: [{ expression: "attestors.k.cosign.key.data == 'KEY-web'" }] },
      resource: pod([]),
      expected: { rule: 'check-images', status: 'pass', message: 'success' },
    },
    {
      name: 'a CEL matchImageReferences expression over ref',
      spec: { ...base, matchImageReferences: [{ expression: "ref.startsWith('docker.io/')" }], validations: [{ expression: 'true' }] },
      resource: pod(['docker.io/library/nginx:1.25', 'ghcr.io/acme/app:1.0']),
      expected: { rule: 'check-images', status: 'fail', message: 'image docker.io/library/nginx:1.25 does not have a digest' },
    },
    {
      name: 'glob alternatives',
      spec: { ...base, matchImageReferences: [{ glob: '{quay,docker}.io/*' }], validations: [{ expression: 'size(images.containers) == 1' }] },
      resource: pod(['quay.io/a/b:1', 'ghcr.io/acme/app:1.0']),
      expected: { rule: 'check-images', status: 'fail', message: 'image quay.io/a/b:1 does not have a digest' },
    },
    {
      name: 'images[] extractors, filtered the same way',
      spec: { ...base, images: [{ name: 'annotated', expression: "[object.metadata.annotations['img']]" }], validationConfigurations: { verifyDigest: false }, validations: [{ expression: "images.annotated == [] && images.containers == []" }] },
      resource: { ...pod([]), metadata: { name: 'web', namespace: 'default', annotations: { img: 'docker.io/x:1' } } },
      expected: { rule: 'check-images', status: 'pass', message: 'success' },
    },
    {
      name: 'a validation error',
      spec: { ...base, validations: [{ expression: 'object.spec.missing == 1' }] },
      resource: pod([]),
      expected: { rule: 'evaluation', status: 'error', message: 'failed to evaluate policy: no such key: missing' },
    },
    {
      name: 'messageExpression and the default message',
      spec: { ...base, validations: [{ expression: 'true' }, { expression: 'false', messageExpression: "'bad ' + object.metadata.name" }] },
      resource: pod([]),
      expected: { rule: 'check-images', status: 'fail', message: 'bad web' },
    },
    {
      name: 'a compile error is an error on each matched resource',
      spec: { ...base, validations: [{ expression: 'object.spec.containers.all(c,' }] },
      resource: pod([]),
      expected: /^failed to compile policy: spec\.validations\[0\]\.expression: Invalid value: /,
    },
    {
      name: 'autogen: a Deployment through the pod controllers variant',
      spec: { ...base, validations: [{ expression: 'object.spec.containers.size() == 1' }] },
      resource: deployment(['ghcr.io/acme/app:2']),
      expected: { rule: 'check-images', status: 'fail', message: 'image ghcr.io/acme/app:2 does not have a digest' },
    },
  ];
  for (const { name, spec, resource, external, expected } of cases) {
    it(name, () => {
      const actual = outcome(compile(spec), { resource: resource ?? pod([SIGNED]), ...(external ? { external } : {}) });
      if (expected instanceof RegExp) {
        expect(actual?.status).toBe('error');
        expect(actual?.message).toMatch(expected);
      } else {
        expect(actual).toEqual(expected);
      }
    });
  }

  it('marks the errors that only a registry settles', () => {
    const policy = compile({ ...base, validationConfigurations: { verifyDigest: false }, validations: [{ expression: 'true' }] });
    expect(outcome(policy, { resource: pod(['ghcr.io/acme/app:1.0']) })?.needsRegistry).toBe(true);
    const broken = compile({ ...base, validations: [{ expression: 'object.spec.missing == 1' }] });
    expect(outcome(broken, { resource: pod([]) })?.needsRegistry).toBeUndefined();
  });

  it('a CEL exception skips the resource, with its key', () => {
    const accepted = acceptException({
      apiVersion: 'policies.kyverno.io/v1',
      kind: 'PolicyException',
      metadata: { name: 'skip-web', namespace: 'team' },
      spec: { policyRefs: [{ name: 'check-images', kind: 'ImageValidatingPolicy' }], matchConditions: [{ name: 'web', expression: "object.metadata.name == 'web'" }] },
    });
    if (accepted.status !== 'accepted') throw new Error('exception not accepted');
    const exceptions: CompiledException[] = [accepted.exception];
    const policy = compile({ ...base, validations: [{ expression: 'true' }] });
    expect(outcome(policy, { resource: pod(['ghcr.io/acme/app:1.0']), exceptions })).toEqual({ rule: 'exception', status: 'skip', message: 'rule is skipped due to policy exception: team/skip-web' });
    // The autogen variants carry no exceptions (ivpol/engine/provider.go `NewProvider`).
    expect(outcome(policy, { resource: deployment(['ghcr.io/acme/app:1.0']), exceptions })?.status).toBe('fail');
  });

  it('an exception that does not compile fails the compilation, even when the match conditions do not hold', () => {
    const accepted = acceptException({
      apiVersion: 'policies.kyverno.io/v1',
      kind: 'PolicyException',
      metadata: { name: 'broken' },
      spec: { policyRefs: [{ name: 'check-images', kind: 'ImageValidatingPolicy' }], matchConditions: [{ name: 'x', expression: 'object.metadata.name ==' }] },
    });
    if (accepted.status !== 'accepted') throw new Error('exception not accepted');
    const policy = compile({ ...base, matchConditions: [{ name: 'never', expression: 'false' }], validations: [{ expression: 'true' }] });
    const actual = outcome(policy, { resource: pod([]), exceptions: [accepted.exception] });
    expect(actual?.rule).toBe('evaluation');
    expect(actual?.message).toMatch(/^failed to compile policy: spec\.matchConditions\[0\]\.expression: Invalid value: /);
  });

  it('accepts the namespaced kind, and rejects malformed image fields', () => {
    const policy = compile({ ...base, validations: [{ expression: 'true' }] }, 'NamespacedImageValidatingPolicy', { name: 'check-images', namespace: 'team' });
    expect(policy.namespaced).toBe(true);
    expect(outcome(policy, { resource: pod(['ghcr.io/acme/app:1.0']) })?.status).toBe('fail');
    const malformed = acceptPolicy({ apiVersion: 'policies.kyverno.io/v1', kind: 'ImageValidatingPolicy', metadata: { name: 'x' }, spec: { ...base, matchImageReferences: [{ glob: 'a', expression: 'true' }], evaluation: { mode: 'Envoy' } } });
    expect(malformed.status).toBe('malformed');
    if (malformed.status === 'malformed') {
      expect(malformed.problems.map((problem) => problem.path.join('.'))).toEqual(['spec.evaluation.mode', 'spec.matchImageReferences.0']);
    }
  });

  it('runs on the resource as loaded, after the mutate policies', () => {
    const mutate = acceptPolicy({
      apiVersion: 'kyverno.io/v1',
      kind: 'ClusterPolicy',
      metadata: { name: 'pin' },
      spec: { rules: [{ name: 'pin', match: { any: [{ resources: { kinds: ['Pod'] } }] }, mutate: { patchStrategicMerge: { spec: { containers: [{ name: 'c0', image: SIGNED }] } } } }] },
    });
    if (mutate.status !== 'accepted') throw new Error('mutate policy not accepted');
    const policy = compile({ ...base, validations: [{ expression: 'true' }] });
    const value = pod(['ghcr.io/acme/app:1.0']);
    const resource = { key: 'k', apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'web', value } as unknown as ResourceDocument;
    const responses = evaluateResource([mutate.policy, policy], resource, { numberMode: 'float64' });
    const patched = responses.find(({ kind }) => kind === 'mutate')?.response.patchedResource as { spec: { containers: { image: string }[] } } | undefined;
    expect(patched?.spec.containers[0]?.image).toBe(SIGNED);
    const ivpol = responses.find(({ response }) => response.policy === policy);
    expect(ivpol?.kind).toBe('verifyImages');
    expect(ivpol?.response.rules[0]?.message).toBe('image ghcr.io/acme/app:1.0 does not have a digest');
  });

  it('evaluates JSON payloads in JSON mode only', () => {
    const json = compile({
      evaluation: { mode: 'JSON' },
      validationConfigurations: { verifyDigest: false },
      matchImageReferences: [{ glob: 'ghcr.io/*' }],
      images: [{ name: 'bar', expression: '[object.foo.bar]' }],
      validations: [{ expression: "images.bar.all(i, i.endsWith(':signed'))", message: 'unsigned' }],
    });
    const kubernetes = compile({ ...base, validations: [{ expression: 'true' }] });
    const run = (payload: JsonObject) => evaluateJsonPayload([json, kubernetes], payload, { numberMode: 'float64' }).map(({ response }) => response.rules.map((rule) => [rule.name, rule.status, rule.message]));
    expect(run({ foo: { bar: 'docker.io/x:unsigned' } })).toEqual([[['check-images', 'pass', 'success']]]);
    expect(run({ foo: { bar: 'ghcr.io/x:1' } })).toEqual([[['evaluation', 'error', expect.stringMatching(/^failed to evaluate policy for JSON: image data for ghcr\.io\/x:1 is read from its registry/)]]]);
  });
});

describe('ImageValidatingPolicy in kyverno test', () => {
  const scratch = scratchFolder('kyverno-lint-ivpol-');
  const policy = `apiVersion: policies.kyverno.io/v1
kind: ImageValidatingPolicy
metadata:
  name: recent-images
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: [""]
        apiVersions: [v1]
        operations: [CREATE]
        resources: [pods]
  matchImageReferences:
    - glob: "ghcr.io/*"
  validationConfigurations:
    required: false
  validations:
    - expression: "images.containers.all(i, getImageData(i).config.created.startsWith('2024'))"
      message: image too old
`;
  const podYaml = (name: string, image: string): string => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  namespace: default\nspec:\n  containers:\n    - name: c\n      image: ${image}\n`;
  const OLD = `ghcr.io/acme/old@${DIGEST}`;
  const UNKNOWN = `ghcr.io/acme/unknown@${DIGEST}`;

  it('reads the image data of the Context file, and names what is missing', async () => {
    scratch.write('policy.yaml', policy);
    scratch.write('pods.yaml', [podYaml('recent', SIGNED), podYaml('old', OLD), podYaml('unknown', UNKNOWN), podYaml('tagged', 'ghcr.io/acme/app:1')].join('---\n'));
    scratch.write(
      'context.yaml',
      `apiVersion: cli.kyverno.io/v1alpha1\nkind: Context\nmetadata:\n  name: images\nspec:\n  images:\n    - image: ${SIGNED}\n      config: {created: "2024-05-01T00:00:00Z"}\n    - image: ${OLD}\n      config: {created: "2019-05-01T00:00:00Z"}\n`,
    );
    scratch.write(
      'kyverno-test.yaml',
      [
        'apiVersion: cli.kyverno.io/v1alpha1',
        'kind: Test',
        'metadata: {name: t}',
        'policies: [policy.yaml]',
        'resources: [pods.yaml]',
        'context: context.yaml',
        'results:',
        '  - {policy: recent-images, resources: [recent], kind: Pod, result: pass}',
        '  - {policy: recent-images, resources: [old], kind: Pod, result: fail}',
        '  - {policy: recent-images, resources: [unknown], kind: Pod, result: error}',
        '  - {policy: recent-images, resources: [tagged], kind: Pod, result: fail}',
        '',
      ].join('\n'),
    );
    const { code, stdout } = await runCli(['test', scratch.dir, '--remove-color', '--detailed-results']);
    expect(stdout).toContain('Test Summary: 4 tests passed and 0 tests failed');
    expect(stdout).toContain('image too old');
    expect(stdout).toContain('does not have a digest');
    expect(code).toBe(0);
  });
});
