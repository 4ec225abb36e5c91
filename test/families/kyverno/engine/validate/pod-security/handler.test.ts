/**
 * @file `evaluatePodSecurity` end to end: pod extraction per kind, level and version handling,
 * Kyverno's pass/fail/error messages, finding paths and PolicyExceptions.
 */
import { describe, expect, it } from 'vitest';
import { evaluatePodSecurity, type PodSecurityException } from '../../../../../../src/families/kyverno/engine/validate/pod-security/index.js';
import type { PodSecurity } from '../../../../../../src/families/kyverno/policy/types.js';
import type { JsonObject } from '../../../../../../src/types.js';
import { container, pod } from './fixtures.js';

const BASELINE: PodSecurity = { level: 'baseline', version: 'latest' };
const RESTRICTED: PodSecurity = { level: 'restricted', version: 'latest' };

const privilegedSpec: JsonObject = { containers: [container('nginx', { securityContext: { privileged: true } })] };
const PRIVILEGED_ERROR = 'containers[0].securityContext.privileged is forbidden, forbidden values found: true';

/** A restricted-compliant container. */
const hardened = (name: string): JsonObject =>
  container(name, {
    securityContext: {
      allowPrivilegeEscalation: false,
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
      capabilities: { drop: ['ALL'] },
    },
  });

function template(kind: string, spec: JsonObject, metadata: JsonObject = {}): JsonObject {
  return { apiVersion: 'apps/v1', kind, metadata: { name: 'ctrl' }, spec: { template: { metadata, spec } } };
}

function cronJob(spec: JsonObject, jobMetadata: JsonObject = {}, podMetadata: JsonObject = {}): JsonObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'cron' },
    spec: { schedule: '* * * * *', jobTemplate: { metadata: jobMetadata, spec: { template: { metadata: podMetadata, spec } } } },
  };
}

describe('evaluatePodSecurity: messages', () => {
  it('passes a compliant pod', () => {
    expect(evaluatePodSecurity(pod({ containers: [hardened('a')] }), RESTRICTED, 'restricted')).toEqual({
      status: 'pass',
      message: "Validation rule 'restricted' passed.",
    });
  });

  it('lists every failed check in check order', () => {
    const resource = pod({ hostNetwork: true, ...privilegedSpec });
    expect(evaluatePodSecurity(resource, BASELINE, 'baseline')).toEqual({
      status: 'fail',
      message:
        'Validation rule \'baseline\' failed. It violates PodSecurity "baseline:latest": ' +
        '(Forbidden reason: host namespaces, field error list: [spec.hostNetwork is forbidden, forbidden values found: true])' +
        `(Forbidden reason: privileged, field error list: [spec.${PRIVILEGED_ERROR}])`,
      path: '/spec/hostNetwork/',
    });
  });

  it('prints level and version as written in the policy', () => {
    const result = evaluatePodSecurity(pod(privilegedSpec), { level: 'baseline' }, 'r');
    expect(result.message).toContain('It violates PodSecurity "baseline:": (Forbidden reason: privileged');
  });

  it('runs the restricted checks at level restricted only', () => {
    const resource = pod({ containers: [container('a')] });
    expect(evaluatePodSecurity(resource, BASELINE, 'r').status).toBe('pass');
    const restricted = evaluatePodSecurity(resource, RESTRICTED, 'r');
    expect(restricted.message).toBe(
      'Validation rule \'r\' failed. It violates PodSecurity "restricted:latest": ' +
        '(Forbidden reason: allowPrivilegeEscalation != false, field error list: [spec.containers[0].securityContext.allowPrivilegeEscalation: Required value])' +
        '(Forbidden reason: unrestricted capabilities, field error list: [spec.containers[0].securityContext.capabilities.drop: Required value])' +
        '(Forbidden reason: runAsNonRoot != true, field error list: [spec.containers[0].securityContext.runAsNonRoot: Required value])' +
        '(Forbidden reason: seccompProfile, field error list: [spec.containers[0].securityContext.seccompProfile.type: Required value])',
    );
  });

  it('runs every check at any level other than baseline (privileged included), as Kyverno does', () => {
    const resource = pod({ containers: [container('a')] });
    const privileged = evaluatePodSecurity(resource, { level: 'privileged', version: 'latest' }, 'r');
    const restricted = evaluatePodSecurity(resource, RESTRICTED, 'r');
    expect(privileged.status).toBe('fail');
    expect(privileged.message.replace('privileged:latest', 'restricted:latest')).toBe(restricted.message);
  });

  it.each([
    ['v1.0', 'pass'],
    ['v1.33', 'pass'],
    ['v1.34', 'fail'],
    ['latest', 'fail'],
    ['', 'fail'],
  ])('gates the host probe check by version %s', (version, status) => {
    const resource = pod({ containers: [container('agent', { livenessProbe: { httpGet: { host: 'localhost', path: '/healthz', port: 2703 } } })] });
    expect(evaluatePodSecurity(resource, { level: 'baseline', version }, 'r').status).toBe(status);
  });

  it.each(['v2.0', '1.24', 'v1.024', 'latest ', 'v1.', 'v1.99999999999999999999'])('rejects version %j', (version) => {
    expect(evaluatePodSecurity(pod(privilegedSpec), { level: 'baseline', version }, 'r')).toEqual({
      status: 'error',
      message: 'failed to parse pod security api version: must be "latest" or "v1.x"',
    });
  });
});

describe('evaluatePodSecurity: pod extraction', () => {
  it.each(['DaemonSet', 'Deployment', 'Job', 'StatefulSet', 'ReplicaSet', 'ReplicationController'])(
    'reads spec.template of a %s and rewrites field names',
    (kind) => {
      const result = evaluatePodSecurity(template(kind, privilegedSpec), BASELINE, 'autogen-baseline');
      expect(result).toEqual({
        status: 'fail',
        message: `Validation rule 'autogen-baseline' failed. It violates PodSecurity "baseline:latest": (Forbidden reason: privileged, field error list: [spec.template.spec.${PRIVILEGED_ERROR}])`,
        path: '/spec/template/spec/containers/0/securityContext/privileged/',
      });
    },
  );

  it('reads the pod spec of a CronJob from its job template', () => {
    const result = evaluatePodSecurity(cronJob(privilegedSpec), BASELINE, 'autogen-cronjob-baseline');
    expect(result.message).toContain(`field error list: [spec.jobTemplate.spec.template.spec.${PRIVILEGED_ERROR}]`);
    expect(result.path).toBe('/spec/jobTemplate/spec/template/spec/containers/0/securityContext/privileged/');
  });

  it("takes a CronJob's metadata from spec.jobTemplate.metadata, not from the pod template", () => {
    const annotations = { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' };
    const old: PodSecurity = { level: 'baseline', version: 'v1.18' };
    const spec = { containers: [container('a')] };
    const onJob = evaluatePodSecurity(cronJob(spec, { annotations }), old, 'r');
    expect(onJob.message).toContain(
      '(Forbidden reason: seccompProfile, field error list: [spec.template.metadata.annotations[seccomp.security.alpha.kubernetes.io/pod] is forbidden, forbidden values found: unconfined])',
    );
    expect(onJob.path).toBe('/spec/jobTemplate/metadata/annotations/seccomp.security.alpha.kubernetes.io/pod/');
    expect(evaluatePodSecurity(cronJob(spec, {}, { annotations }), old, 'r').status).toBe('pass');
  });

  it('rewrites metadata fields of a Pod too', () => {
    const resource = pod({ containers: [container('a')] }, { name: 'p', annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' } });
    const result = evaluatePodSecurity(resource, { level: 'baseline', version: 'v1.18' }, 'r');
    expect(result.message).toContain('[spec.template.metadata.annotations[seccomp.security.alpha.kubernetes.io/pod] is forbidden');
    expect(result.path).toBe('/metadata/annotations/seccomp.security.alpha.kubernetes.io/pod/');
  });

  it('locates violations of checks without field errors', () => {
    const resource = pod({ containers: [hardened('a'), container('b', { readinessProbe: { tcpSocket: { host: '10.0.0.1', port: 1 } } })] });
    const result = evaluatePodSecurity(resource, BASELINE, 'r');
    expect(result.message).toContain('(Forbidden reason: probe or lifecycle host, field error list: [])');
    expect(result.path).toBe('/spec/containers/1/readinessProbe/tcpSocket/host/');
  });

  it.each([
    [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }],
    [{ apiVersion: 'v1', metadata: { name: 'x' } }],
  ])('reports an error for a kind without a pod (%#)', (resource) => {
    expect(evaluatePodSecurity(resource, BASELINE, 'r')).toEqual({
      status: 'error',
      message: 'Error while getting new resource: could not find correct resource type',
    });
  });

  it.each<[string, JsonObject, string]>([
    [
      'a string for a bool',
      pod({ containers: [container('a', { securityContext: { privileged: 'true' } })] }),
      'json: cannot unmarshal string into Go struct field SecurityContext.spec.containers.securityContext.privileged of type bool',
    ],
    [
      'a string for a bool in a template',
      template('Deployment', { containers: [container('a', { securityContext: { privileged: 'true' } })] }),
      'json: cannot unmarshal string into Go struct field SecurityContext.spec.template.spec.containers.securityContext.privileged of type bool',
    ],
    [
      'a fraction for an integer',
      pod({ securityContext: { runAsUser: 1.5 }, containers: [] }),
      'json: cannot unmarshal number 1.5 into Go struct field PodSecurityContext.spec.securityContext.runAsUser of type int64',
    ],
    [
      'an out of range host port',
      pod({ containers: [container('a', { ports: [{ hostPort: 2147483648 }] })] }),
      'json: cannot unmarshal number 2147483648 into Go struct field ContainerPort.spec.containers.ports.hostPort of type int32',
    ],
    [
      'an object for the container list',
      pod({ containers: { name: 'a' } }),
      'json: cannot unmarshal object into Go struct field PodSpec.spec.containers of type []v1.Container',
    ],
    [
      'a number for a capability',
      pod({ containers: [container('a', { securityContext: { capabilities: { add: [1] } } })] }),
      'json: cannot unmarshal number into Go struct field Capabilities.spec.containers.securityContext.capabilities.add of type v1.Capability',
    ],
    [
      'a number for a label',
      pod({ containers: [] }, { name: 'p', labels: { version: 2 } }),
      'json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string',
    ],
    [
      'a string for a volume source',
      pod({ containers: [], volumes: [{ name: 'v', emptyDir: 'x' }] }),
      'json: cannot unmarshal string into Go struct field Volume.spec.volumes.emptyDir of type v1.EmptyDirVolumeSource',
    ],
  ])('reports a decoding error for %s', (_name, resource, error) => {
    expect(evaluatePodSecurity(resource, BASELINE, 'r')).toEqual({ status: 'error', message: `Error while getting new resource: ${error}` });
  });

  it('matches field names case-insensitively, the last key in sorted order winning, as Go decodes JSON', () => {
    const upper = pod({ containers: [container('a', { securityContext: { Privileged: true } })] });
    expect(evaluatePodSecurity(upper, BASELINE, 'r').status).toBe('fail');
    // Marshalled from a Go map, "PRIVILEGED" comes before "privileged", whatever the source order.
    const both = pod({ containers: [container('a', { securityContext: { privileged: true, PRIVILEGED: false } })] });
    expect(evaluatePodSecurity(both, BASELINE, 'r').status).toBe('fail');
    const reversed = pod({ containers: [container('a', { securityContext: { privileged: false, PRIVILEGED: true } })] });
    expect(evaluatePodSecurity(reversed, BASELINE, 'r').status).toBe('pass');
  });

  it('treats null as unset', () => {
    const resource = pod({ securityContext: null, containers: [container('a', { securityContext: { privileged: null } })], volumes: null });
    expect(evaluatePodSecurity(resource, BASELINE, 'r').status).toBe('pass');
  });
});

describe('evaluatePodSecurity: policy exceptions', () => {
  const hostPathPod = pod({ volumes: [{ name: 'host', hostPath: { path: '/var/lib1' } }], containers: [container('nginx')] });

  it('skips the rule for an exception without podSecurity', () => {
    const exceptions: PodSecurityException[] = [{ key: 'ns/with-pss', podSecurity: [{ controlName: 'Sysctls' }] }, { key: 'ns/plain' }];
    expect(evaluatePodSecurity(hostPathPod, BASELINE, 'r', exceptions)).toEqual({
      status: 'skip',
      message: 'rule is skipped due to policy exception ns/plain',
    });
  });

  it('skips the rule when the exceptions exclude every violation', () => {
    const exceptions: PodSecurityException[] = [
      { key: 'ns/a', podSecurity: [{ controlName: 'HostPath Volumes', restrictedField: 'spec.volumes[*].hostPath', values: ['/var/lib1'] }] },
      { key: 'ns/b', podSecurity: [{ controlName: 'Sysctls' }] },
    ];
    expect(evaluatePodSecurity(hostPathPod, BASELINE, 'r', exceptions)).toEqual({
      status: 'skip',
      message: 'rule is skipped due to policy exceptions ns/a, ns/b',
    });
  });

  it('fails with the violations the exceptions leave', () => {
    const exceptions: PodSecurityException[] = [{ key: 'ns/a', podSecurity: [{ controlName: 'HostPath Volumes', restrictedField: 'spec.volumes[*].hostPath', values: ['/other'] }] }];
    const result = evaluatePodSecurity(hostPathPod, BASELINE, 'r', exceptions);
    expect(result.status).toBe('fail');
    expect(result.message).toContain('spec.volumes[0].hostPath is forbidden, forbidden values found: /var/lib1');
  });

  it('passes a compliant resource whatever the exceptions', () => {
    const exceptions: PodSecurityException[] = [{ key: 'ns/a', podSecurity: [{ controlName: 'Sysctls' }] }];
    expect(evaluatePodSecurity(pod({ containers: [container('a')] }), BASELINE, 'r', exceptions).status).toBe('pass');
  });
});
