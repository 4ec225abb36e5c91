/**
 * @file `podSecurity.exclude`: pod-level and container-level exclusions, image wildcards,
 * `restrictedField` and `values`, and the quirks of Kyverno's field-error matching.
 */
import { describe, expect, it } from 'vitest';
import { evaluatePodSecurity } from '../../../../../../src/families/kyverno/engine/validate/pod-security/index.js';
import type { PodSecurityExclude } from '../../../../../../src/families/kyverno/policy/types.js';
import type { JsonObject } from '../../../../../../src/types.js';
import { pod } from './fixtures.js';

const restrictedContext = (extra: JsonObject = {}): JsonObject => ({
  allowPrivilegeEscalation: false,
  runAsNonRoot: true,
  seccompProfile: { type: 'RuntimeDefault' },
  capabilities: { drop: ['ALL'] },
  ...extra,
});

const box = (name: string, image: string, securityContext?: JsonObject): JsonObject =>
  securityContext === undefined ? { name, image } : { name, image, securityContext };

interface Vector {
  name: string;
  level: string;
  version?: string;
  exclude: PodSecurityExclude[];
  resource: JsonObject;
  status: 'pass' | 'fail';
  /** The field error list left, when the result is a failure of a single check. */
  remaining?: string;
}

const vectors: Vector[] = [
  {
    name: 'pod-level control without images',
    level: 'baseline',
    exclude: [{ controlName: 'Host Namespaces' }],
    resource: pod({ hostNetwork: true, hostPID: true, containers: [box('a', 'nginx')] }),
    status: 'pass',
  },
  {
    name: 'pod-level HostPath exclusion restricted to one path',
    level: 'baseline',
    exclude: [{ controlName: 'HostPath Volumes', restrictedField: 'spec.volumes[*].hostPath', values: ['/var/lib*'] }],
    resource: pod({
      containers: [box('a', 'nginx')],
      volumes: [
        { name: 'a', hostPath: { path: '/var/lib/data' } },
        { name: 'b', hostPath: { path: '/etc' } },
      ],
    }),
    status: 'fail',
    remaining: '[spec.volumes[1].hostPath is forbidden, forbidden values found: /etc]',
  },
  {
    name: 'container-level exclusion by exact image',
    level: 'baseline',
    exclude: [{ controlName: 'Privileged Containers', images: ['nginx'] }],
    resource: pod({ containers: [box('nginx', 'nginx', { privileged: true })] }),
    status: 'pass',
  },
  {
    name: 'an image without wildcard does not match a tagged image',
    level: 'baseline',
    exclude: [{ controlName: 'Privileged Containers', images: ['nginx'] }],
    resource: pod({ containers: [box('nginx', 'nginx:1.2.3', { privileged: true })] }),
    status: 'fail',
  },
  {
    name: 'image wildcards',
    level: 'baseline',
    exclude: [{ controlName: 'Privileged Containers', images: ['busybox', 'nginx:*'] }],
    resource: pod({ containers: [box('nginx', 'nginx:1.2.3', { privileged: true })] }),
    status: 'pass',
  },
  {
    name: 'only the containers of matching images are exempt',
    level: 'baseline',
    exclude: [{ controlName: 'Privileged Containers', images: ['ghcr.io/*'] }],
    resource: pod({
      containers: [box('a', 'ghcr.io/a:1', { privileged: true }), box('b', 'docker.io/b:1', { privileged: true })],
    }),
    status: 'fail',
    remaining: '[spec.containers[1].securityContext.privileged is forbidden, forbidden values found: true]',
  },
  {
    name: "a removed error is replaced by the list's last one (Go's remove)",
    level: 'baseline',
    exclude: [{ controlName: 'Privileged Containers', images: ['x'] }],
    resource: pod({
      containers: [box('a', 'x', { privileged: true }), box('b', 'y', { privileged: true }), box('c', 'z', { privileged: true })],
    }),
    status: 'fail',
    remaining:
      '[spec.containers[2].securityContext.privileged is forbidden, forbidden values found: true, spec.containers[1].securityContext.privileged is forbidden, forbidden values found: true]',
  },
  {
    name: 'containers are identified by name, so a same-named container is exempted first',
    level: 'baseline',
    exclude: [{ controlName: 'Privileged Containers', images: ['x'] }],
    resource: pod({
      containers: [box('same', 'y', { privileged: true }), box('same', 'x', { privileged: true })],
    }),
    status: 'fail',
    remaining: '[spec.containers[1].securityContext.privileged is forbidden, forbidden values found: true]',
  },
  {
    name: 'init and ephemeral containers',
    level: 'baseline',
    exclude: [{ controlName: 'Privileged Containers', images: ['debug*'] }],
    resource: pod({
      containers: [box('app', 'app')],
      initContainers: [box('init', 'debug-init', { privileged: true })],
      ephemeralContainers: [box('eph', 'debug-eph', { privileged: true })],
    }),
    status: 'pass',
  },
  {
    name: 'Capabilities covers the baseline and restricted checks',
    level: 'restricted',
    exclude: [{ controlName: 'Capabilities', images: ['nginx'] }],
    resource: pod({ containers: [box('nginx', 'nginx', restrictedContext({ capabilities: { add: ['SYS_ADMIN'] } }))] }),
    status: 'pass',
  },
  {
    name: 'restrictedField and values with wildcards',
    level: 'restricted',
    exclude: [
      { controlName: 'Capabilities', images: ['nginx'], restrictedField: 'spec.containers[*].securityContext.capabilities.add', values: ['SYS_*', 'NET_RAW'] },
    ],
    resource: pod({
      containers: [box('nginx', 'nginx', restrictedContext({ capabilities: { drop: ['ALL'], add: ['SYS_ADMIN', 'NET_RAW'] } }))],
    }),
    status: 'pass',
  },
  {
    name: 'every bad value must match the values',
    level: 'restricted',
    exclude: [{ controlName: 'Capabilities', images: ['nginx'], restrictedField: 'spec.containers[*].securityContext.capabilities.add', values: ['SYS_*'] }],
    resource: pod({
      containers: [box('nginx', 'nginx', restrictedContext({ capabilities: { drop: ['ALL'], add: ['SYS_ADMIN', 'NET_RAW'] } }))],
    }),
    status: 'fail',
  },
  {
    name: 'restrictedField selects the field',
    level: 'restricted',
    exclude: [{ controlName: 'Capabilities', images: ['nginx'], restrictedField: 'spec.containers[*].securityContext.capabilities.add', values: ['*'] }],
    resource: pod({ containers: [box('nginx', 'nginx', restrictedContext({ capabilities: { drop: ['KILL'] } }))] }),
    status: 'fail',
    remaining: '[spec.containers[0].securityContext.capabilities.drop is forbidden, forbidden values found: [KILL]]',
  },
  {
    name: 'pod-level runAsNonRoot=false excluded by value',
    level: 'restricted',
    exclude: [{ controlName: 'Running as Non-root', restrictedField: 'spec.securityContext.runAsNonRoot', values: ['false'] }],
    resource: pod({
      securityContext: { runAsNonRoot: false, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [box('nginx', 'nginx', restrictedContext())],
    }),
    status: 'pass',
  },
  {
    name: 'a value that does not match keeps the violation',
    level: 'restricted',
    exclude: [{ controlName: 'Running as Non-root', restrictedField: 'spec.securityContext.runAsNonRoot', values: ['true'] }],
    resource: pod({
      securityContext: { runAsNonRoot: false, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [box('nginx', 'nginx', restrictedContext())],
    }),
    status: 'fail',
  },
  {
    name: 'Seccomp at pod level and for all images',
    level: 'restricted',
    exclude: [{ controlName: 'Seccomp' }, { controlName: 'Seccomp', images: ['*'] }],
    resource: pod({
      securityContext: { seccompProfile: { type: 'Unconfined' } },
      containers: [box('a', 'busybox', { allowPrivilegeEscalation: false, runAsNonRoot: true, capabilities: { drop: ['ALL'] } })],
    }),
    status: 'pass',
  },
  {
    name: 'a control-only exclusion without images removes one error per error of the fake container',
    level: 'restricted',
    exclude: [{ controlName: 'Privilege Escalation' }],
    resource: pod({
      securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [box('a', 'a', { capabilities: { drop: ['ALL'] } }), box('b', 'b', { capabilities: { drop: ['ALL'] } })],
    }),
    status: 'fail',
    remaining: '[spec.containers[1].securityContext.allowPrivilegeEscalation is forbidden, forbidden values found: nil]',
  },
  {
    name: 'checks without field errors cannot be excluded',
    level: 'baseline',
    exclude: [{ controlName: 'AppArmor' }],
    resource: pod({ securityContext: { appArmorProfile: { type: 'Unconfined' } }, containers: [box('a', 'a')] }),
    status: 'fail',
    remaining: '[]',
  },
  {
    name: 'an unknown control name excludes nothing',
    level: 'baseline',
    exclude: [{ controlName: 'Privileged', images: ['*'] }],
    resource: pod({ containers: [box('a', 'a', { privileged: true })] }),
    status: 'fail',
  },
];

describe('podSecurity exclusions', () => {
  it.each(vectors)('$name', ({ level, version, exclude, resource, status, remaining }) => {
    const result = evaluatePodSecurity(resource, { level, version: version ?? 'latest', exclude }, 'rule');
    expect(result.status).toBe(status);
    if (remaining !== undefined) {
      expect(result.message).toMatch(/^Validation rule 'rule' failed\. It violates PodSecurity "[a-z]+:latest": \(Forbidden reason: [^,]+, field error list: (.*)\)$/);
      expect(result.message.slice(result.message.indexOf('field error list: ') + 'field error list: '.length, -1)).toBe(remaining);
    }
  });
});
