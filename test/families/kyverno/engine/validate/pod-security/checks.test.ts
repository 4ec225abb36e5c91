/**
 * @file Each Pod Security check on its own: reasons, details and field errors as Kyverno renders them,
 * across the versions each check defines. Expected texts follow the check tests of Kyverno's fork of
 * k8s.io/pod-security-admission.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../../../src/types.js';
import { container, pod, runCheck } from './fixtures.js';

interface Vector {
  name: string;
  id: string;
  version?: string;
  resource: JsonObject;
  /** `null` when the check passes (or does not exist at that version). */
  rendered: string | null;
  detail?: string;
}

const sc = (securityContext: JsonObject): JsonObject => ({ securityContext });

const vectors: Vector[] = [
  // allowPrivilegeEscalation (restricted, 1.8; Windows exempt from 1.25)
  {
    name: 'missing, unset and true are all violations',
    id: 'allowPrivilegeEscalation',
    resource: pod({
      containers: [
        container('a'),
        container('b', sc({})),
        container('c', sc({ allowPrivilegeEscalation: true })),
        container('d', sc({ allowPrivilegeEscalation: false })),
      ],
    }),
    rendered:
      '(Forbidden reason: allowPrivilegeEscalation != false, field error list: [spec.containers[0].securityContext.allowPrivilegeEscalation: Required value, spec.containers[1].securityContext.allowPrivilegeEscalation is forbidden, forbidden values found: nil, spec.containers[2].securityContext.allowPrivilegeEscalation is forbidden, forbidden values found: true])',
    detail: 'containers "a", "b", "c" must set securityContext.allowPrivilegeEscalation=false',
  },
  {
    name: 'init containers are visited first',
    id: 'allowPrivilegeEscalation',
    resource: pod({ containers: [container('app')], initContainers: [container('init')], ephemeralContainers: [container('debug')] }),
    rendered:
      '(Forbidden reason: allowPrivilegeEscalation != false, field error list: [spec.initContainers[0].securityContext.allowPrivilegeEscalation: Required value, spec.containers[0].securityContext.allowPrivilegeEscalation: Required value, spec.ephemeralContainers[0].securityContext.allowPrivilegeEscalation: Required value])',
    detail: 'containers "init", "app", "debug" must set securityContext.allowPrivilegeEscalation=false',
  },
  {
    name: 'windows pods are exempt at latest',
    id: 'allowPrivilegeEscalation',
    resource: pod({ os: { name: 'windows' }, containers: [container('a')] }),
    rendered: null,
  },
  {
    name: 'windows pods are not exempt before 1.25',
    id: 'allowPrivilegeEscalation',
    version: 'v1.24',
    resource: pod({ os: { name: 'windows' }, containers: [container('a')] }),
    rendered:
      '(Forbidden reason: allowPrivilegeEscalation != false, field error list: [spec.containers[0].securityContext.allowPrivilegeEscalation: Required value])',
    detail: 'container "a" must set securityContext.allowPrivilegeEscalation=false',
  },
  {
    name: 'the check does not exist before 1.8',
    id: 'allowPrivilegeEscalation',
    version: 'v1.7',
    resource: pod({ containers: [container('a')] }),
    rendered: null,
  },

  // appArmorProfile (baseline; no field errors)
  {
    name: 'unconfined pod profile',
    id: 'appArmorProfile',
    resource: pod({ securityContext: { appArmorProfile: { type: 'Unconfined' } }, containers: [container('a')] }),
    rendered: '(Forbidden reason: forbidden AppArmor profile, field error list: [])',
    detail: 'pod must not set AppArmor profile type to "Unconfined"',
  },
  {
    name: 'pod, container and annotations together',
    id: 'appArmorProfile',
    resource: pod(
      {
        securityContext: { appArmorProfile: { type: 'Unconfined' } },
        containers: [container('a', sc({ appArmorProfile: { type: 'Unconfined' } })), container('b', sc({ appArmorProfile: { type: 'Localhost' } }))],
      },
      {
        name: 'test',
        annotations: {
          'container.apparmor.security.beta.kubernetes.io/': 'bogus',
          'container.apparmor.security.beta.kubernetes.io/a': '',
          'container.apparmor.security.beta.kubernetes.io/b': 'runtime/default',
          'container.apparmor.security.beta.kubernetes.io/c': 'localhost/',
          'container.apparmor.security.beta.kubernetes.io/f': 'unknown',
          'container.apparmor.security.beta.kubernetes.io/e': 'unconfined',
          env: 'prod',
        },
      },
    ),
    rendered: '(Forbidden reason: forbidden AppArmor profiles, field error list: [])',
    detail:
      'pod and container "a" and annotations must not set AppArmor profile type to "Unconfined", "container.apparmor.security.beta.kubernetes.io/="bogus"", "container.apparmor.security.beta.kubernetes.io/e="unconfined"", "container.apparmor.security.beta.kubernetes.io/f="unknown""',
  },
  {
    name: 'allowed profiles and annotations',
    id: 'appArmorProfile',
    resource: pod(
      { securityContext: { appArmorProfile: { type: 'RuntimeDefault' } }, containers: [container('a', sc({ appArmorProfile: { type: 'Localhost' } }))] },
      { name: 'test', annotations: { 'container.apparmor.security.beta.kubernetes.io/a': 'localhost/profile01' } },
    ),
    rendered: null,
  },

  // capabilities_baseline
  {
    name: 'non-default capabilities, sorted and deduplicated in the detail',
    id: 'capabilities_baseline',
    resource: pod({
      containers: [
        container('a', sc({ capabilities: { add: ['SYS_ADMIN', 'CHOWN', 'NET_RAW'] } })),
        container('b', sc({ capabilities: { add: ['SYS_ADMIN'] } })),
        container('c', sc({ capabilities: { add: ['KILL', 'NET_BIND_SERVICE'] } })),
      ],
    }),
    rendered:
      '(Forbidden reason: non-default capabilities, field error list: [spec.containers[0].securityContext.capabilities.add is forbidden, forbidden values found: [NET_RAW SYS_ADMIN], spec.containers[1].securityContext.capabilities.add is forbidden, forbidden values found: [SYS_ADMIN]])',
    detail: 'containers "a", "b" must not include "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add',
  },

  // capabilities_restricted (1.22; Windows exempt from 1.25)
  {
    name: 'drop ALL missing and forbidden adds',
    id: 'capabilities_restricted',
    resource: pod({
      containers: [
        container('a', sc({ capabilities: { add: ['FOO', 'BAR'] } })),
        container('b', sc({ capabilities: { add: ['BAR', 'BAZ'] } })),
        container('c', sc({ capabilities: { add: ['NET_BIND_SERVICE', 'CHOWN'], drop: ['ALL', 'FOO'] } })),
      ],
    }),
    rendered:
      '(Forbidden reason: unrestricted capabilities, field error list: [spec.containers[0].securityContext.capabilities.drop: Required value, spec.containers[1].securityContext.capabilities.drop: Required value, spec.containers[0].securityContext.capabilities.add is forbidden, forbidden values found: [BAR FOO], spec.containers[1].securityContext.capabilities.add is forbidden, forbidden values found: [BAR BAZ], spec.containers[2].securityContext.capabilities.add is forbidden, forbidden values found: [CHOWN]])',
    detail:
      'containers "a", "b" must set securityContext.capabilities.drop=["ALL"]; containers "a", "b", "c" must not include "BAR", "BAZ", "CHOWN", "FOO" in securityContext.capabilities.add',
  },
  {
    name: 'drop without ALL lists the dropped capabilities',
    id: 'capabilities_restricted',
    resource: pod({ containers: [container('a', sc({ capabilities: { drop: ['NET_RAW', 'KILL', 'NET_RAW'] } }))] }),
    rendered:
      '(Forbidden reason: unrestricted capabilities, field error list: [spec.containers[0].securityContext.capabilities.drop is forbidden, forbidden values found: [KILL NET_RAW]])',
    detail: 'container "a" must set securityContext.capabilities.drop=["ALL"]',
  },
  {
    name: 'no capabilities at all',
    id: 'capabilities_restricted',
    resource: pod({ containers: [container('a', sc({ allowPrivilegeEscalation: false }))] }),
    rendered: '(Forbidden reason: unrestricted capabilities, field error list: [spec.containers[0].securityContext.capabilities.drop: Required value])',
    detail: 'container "a" must set securityContext.capabilities.drop=["ALL"]',
  },
  {
    name: 'the check does not exist before 1.22',
    id: 'capabilities_restricted',
    version: 'v1.21',
    resource: pod({ containers: [container('a')] }),
    rendered: null,
  },
  {
    name: 'windows pods are exempt from 1.25',
    id: 'capabilities_restricted',
    version: 'v1.25',
    resource: pod({ os: { name: 'windows' }, containers: [container('a')] }),
    rendered: null,
  },

  // hostNamespaces
  {
    name: 'all host namespaces, in field order',
    id: 'hostNamespaces',
    resource: pod({ hostIPC: true, hostPID: true, hostNetwork: true, containers: [container('a')] }),
    rendered:
      '(Forbidden reason: host namespaces, field error list: [spec.hostNetwork is forbidden, forbidden values found: true, spec.hostPID is forbidden, forbidden values found: true, spec.hostIPC is forbidden, forbidden values found: true])',
    detail: 'hostNetwork=true, hostPID=true, hostIPC=true',
  },
  {
    name: 'false host namespaces pass',
    id: 'hostNamespaces',
    resource: pod({ hostNetwork: false, containers: [container('a')] }),
    rendered: null,
  },

  // hostPathVolumes
  {
    name: 'hostPath volumes with and without a path',
    id: 'hostPathVolumes',
    resource: pod({
      containers: [container('a')],
      volumes: [{ name: 'a', hostPath: { path: '/var/lib' } }, { name: 'b', emptyDir: {} }, { name: 'c', hostPath: {} }],
    }),
    rendered:
      '(Forbidden reason: hostPath volumes, field error list: [spec.volumes[0].hostPath is forbidden, forbidden values found: /var/lib, spec.volumes[2].hostPath: Forbidden])',
    detail: 'volumes "a", "c"',
  },

  // hostPorts
  {
    name: 'host ports, sorted as strings in the detail',
    id: 'hostPorts',
    resource: pod({
      containers: [
        container('a', { ports: [{ containerPort: 80, hostPort: 8080 }, { containerPort: 81, hostPort: 0 }] }),
        container('b', { ports: [{ hostPort: 10250 }, { hostPort: 8080 }] }),
        container('c', { ports: [{ containerPort: 82 }] }),
      ],
    }),
    rendered:
      '(Forbidden reason: hostPort, field error list: [spec.containers[0].ports[0].hostPort is forbidden, forbidden values found: 8080, spec.containers[1].ports[0].hostPort is forbidden, forbidden values found: 10250, spec.containers[1].ports[1].hostPort is forbidden, forbidden values found: 8080])',
    detail: 'containers "a", "b" use hostPorts 10250, 8080',
  },

  // hostProbesAndHostLifecycle (1.34; no field errors)
  {
    name: 'probe hosts of one container',
    id: 'hostProbesAndHostLifecycle',
    resource: pod({
      containers: [
        container('a', {
          livenessProbe: { httpGet: { host: '127.0.0.1', port: 80 } },
          readinessProbe: { tcpSocket: { host: '::1', port: 80 } },
          startupProbe: { httpGet: { host: 'localhost', port: 80 } },
        }),
      ],
    }),
    rendered: '(Forbidden reason: probe or lifecycle host, field error list: [])',
    detail: 'container "a" uses probe or lifecycle hosts "127.0.0.1", "::1", "localhost"',
  },
  {
    name: 'probe and lifecycle hosts of several containers, names sorted',
    id: 'hostProbesAndHostLifecycle',
    resource: pod({
      containers: [
        container('valid', { livenessProbe: { httpGet: { port: 80 } } }),
        container('invalid2', { lifecycle: { preStop: { tcpSocket: { host: 'b.com', port: 1 } } }, startupProbe: { httpGet: { host: 'a.com', port: 1 } } }),
        container('invalid1', { livenessProbe: { httpGet: { host: 'a.com', port: 1 } } }),
      ],
    }),
    rendered: '(Forbidden reason: probe or lifecycle host, field error list: [])',
    detail: 'containers "invalid1", "invalid2" use probe or lifecycle hosts "a.com", "b.com"',
  },
  {
    name: 'the check does not exist before 1.34',
    id: 'hostProbesAndHostLifecycle',
    version: 'v1.33',
    resource: pod({ containers: [container('a', { livenessProbe: { httpGet: { host: 'localhost', port: 80 } } })] }),
    rendered: null,
  },

  // privileged
  {
    name: 'privileged containers',
    id: 'privileged',
    resource: pod({
      containers: [
        container('a'),
        container('b', sc({})),
        container('c', sc({ privileged: false })),
        container('d', sc({ privileged: true })),
        container('e', sc({ privileged: true })),
      ],
    }),
    rendered:
      '(Forbidden reason: privileged, field error list: [spec.containers[3].securityContext.privileged is forbidden, forbidden values found: true, spec.containers[4].securityContext.privileged is forbidden, forbidden values found: true])',
    detail: 'containers "d", "e" must not set securityContext.privileged=true',
  },

  // procMount (no user-namespace relaxation in Kyverno)
  {
    name: 'non-default proc mounts, even with hostUsers false',
    id: 'procMount',
    resource: pod({
      hostUsers: false,
      containers: [
        container('a'),
        container('b', sc({})),
        container('c', sc({ procMount: 'Default' })),
        container('d', sc({ procMount: 'Unmasked' })),
        container('e', sc({ procMount: 'other' })),
      ],
    }),
    rendered:
      '(Forbidden reason: procMount, field error list: [spec.containers[3].securityContext.procMount is forbidden, forbidden values found: Unmasked, spec.containers[4].securityContext.procMount is forbidden, forbidden values found: other])',
    detail: 'containers "d", "e" must not set securityContext.procMount to "Unmasked", "other"',
  },

  // restrictedVolumes
  {
    name: 'restricted and unknown volume types',
    id: 'restrictedVolumes',
    resource: pod({
      containers: [container('a')],
      volumes: [
        { name: 'a', configMap: { name: 'cm' } },
        { name: 'b', hostPath: { path: '/x' } },
        { name: 'c', nfs: { server: 's', path: '/' } },
        { name: 'd' },
        { name: 'e', emptyDir: {}, hostPath: { path: '/y' } },
        { name: 'f', image: { reference: 'img' } },
        { name: 'g', emptyDir: null },
      ],
    }),
    rendered:
      '(Forbidden reason: restricted volume types, field error list: [spec.volumes[1].hostPath: Forbidden, spec.volumes[2].nfs: Forbidden, spec.volumes[3].unknown: Forbidden, spec.volumes[6].unknown: Forbidden])',
    detail: 'volumes "b", "c", "d", "g" use restricted volume types "hostPath", "nfs", "unknown"',
  },

  // runAsNonRoot
  {
    name: 'explicit false and implicit containers',
    id: 'runAsNonRoot',
    resource: pod({
      containers: [
        container('a'),
        container('b', sc({})),
        container('c', sc({ runAsNonRoot: false })),
        container('d', sc({ runAsNonRoot: false })),
        container('e', sc({ runAsNonRoot: true })),
      ],
    }),
    rendered:
      '(Forbidden reason: runAsNonRoot != true, field error list: [spec.containers[2].securityContext.runAsNonRoot is forbidden, forbidden values found: false, spec.containers[3].securityContext.runAsNonRoot is forbidden, forbidden values found: false, spec.containers[0].securityContext.runAsNonRoot: Required value, spec.containers[1].securityContext.runAsNonRoot: Required value])',
    detail: 'containers "c", "d" must not set securityContext.runAsNonRoot=false\npod or containers "a", "b" must set securityContext.runAsNonRoot=true',
  },
  {
    name: 'pod false and container false',
    id: 'runAsNonRoot',
    resource: pod({ securityContext: { runAsNonRoot: false }, containers: [container('a', sc({ runAsNonRoot: false })), container('b', sc({ runAsNonRoot: true }))] }),
    rendered:
      '(Forbidden reason: runAsNonRoot != true, field error list: [spec.securityContext.runAsNonRoot is forbidden, forbidden values found: false, spec.containers[0].securityContext.runAsNonRoot is forbidden, forbidden values found: false])',
    detail: 'pod and container "a" must not set securityContext.runAsNonRoot=false',
  },
  {
    name: 'pod true covers containers that do not set it',
    id: 'runAsNonRoot',
    resource: pod({ securityContext: { runAsNonRoot: true }, containers: [container('a'), container('b', sc({ runAsNonRoot: true }))] }),
    rendered: null,
  },

  // runAsUser (1.23)
  {
    name: 'pod and container run as root, even with hostUsers false',
    id: 'runAsUser',
    resource: pod({
      hostUsers: false,
      securityContext: { runAsUser: 0 },
      containers: [container('a', sc({ runAsUser: 1000 })), container('b', sc({ runAsUser: 0 }))],
    }),
    rendered:
      '(Forbidden reason: runAsUser=0, field error list: [spec.securityContext.runAsUser is forbidden, forbidden values found: 0, spec.containers[1].securityContext.runAsUser is forbidden, forbidden values found: 0])',
    detail: 'pod and container "b" must not set runAsUser=0',
  },
  {
    name: 'the check does not exist before 1.23',
    id: 'runAsUser',
    version: 'v1.22',
    resource: pod({ securityContext: { runAsUser: 0 }, containers: [container('a')] }),
    rendered: null,
  },

  // seLinuxOptions (container_engine_t allowed from 1.31)
  {
    name: 'forbidden type, user and role before 1.31',
    id: 'seLinuxOptions',
    version: 'v1.30',
    resource: pod({
      securityContext: { seLinuxOptions: { type: 'bad', user: 'u' } },
      containers: [container('a', sc({ seLinuxOptions: { role: 'r' } })), container('b', sc({ seLinuxOptions: { type: 'container_engine_t' } }))],
    }),
    rendered:
      '(Forbidden reason: seLinuxOptions, field error list: [spec.securityContext.seLinuxOptions.type is forbidden, forbidden values found: bad, spec.securityContext.seLinuxOptions.user is forbidden, forbidden values found: u, spec.containers[0].securityContext.seLinuxOptions.role is forbidden, forbidden values found: r, spec.containers[1].securityContext.seLinuxOptions.type is forbidden, forbidden values found: container_engine_t])',
    detail: 'pod and containers "a", "b" set forbidden securityContext.seLinuxOptions: types "bad", "container_engine_t"; user may not be set; role may not be set',
  },
  {
    name: 'container_engine_t is allowed from 1.31',
    id: 'seLinuxOptions',
    version: 'v1.31',
    resource: pod({
      securityContext: { seLinuxOptions: { type: 'bad', user: 'u' } },
      containers: [container('a', sc({ seLinuxOptions: { role: 'r' } })), container('b', sc({ seLinuxOptions: { type: 'container_engine_t' } }))],
    }),
    rendered:
      '(Forbidden reason: seLinuxOptions, field error list: [spec.securityContext.seLinuxOptions.type is forbidden, forbidden values found: bad, spec.securityContext.seLinuxOptions.user is forbidden, forbidden values found: u, spec.containers[0].securityContext.seLinuxOptions.role is forbidden, forbidden values found: r])',
    detail: 'pod and container "a" set forbidden securityContext.seLinuxOptions: type "bad"; user may not be set; role may not be set',
  },

  // seccompProfile_baseline (annotations before 1.19, fields from 1.19)
  {
    name: 'unconfined pod and container profiles',
    id: 'seccompProfile_baseline',
    resource: pod({
      securityContext: { seccompProfile: { type: 'Unconfined' } },
      containers: [container('a'), container('c', sc({ seccompProfile: { type: 'Unconfined' } })), container('d', sc({ seccompProfile: { type: 'Localhost' } }))],
    }),
    rendered:
      '(Forbidden reason: seccompProfile, field error list: [spec.securityContext.seccompProfile.type is forbidden, forbidden values found: Unconfined, spec.containers[1].securityContext.seccompProfile.type is forbidden, forbidden values found: Unconfined])',
    detail: 'pod and container "c" must not set securityContext.seccompProfile.type to "Unconfined"',
  },
  {
    name: 'seccomp annotations before 1.19 (metadata rewritten as Kyverno does)',
    id: 'seccompProfile_baseline',
    version: 'v1.18',
    resource: pod(
      { containers: [container('a'), container('b')] },
      {
        name: 'test',
        annotations: {
          'seccomp.security.alpha.kubernetes.io/pod': 'unconfined',
          'container.seccomp.security.alpha.kubernetes.io/a': 'docker/default',
          'container.seccomp.security.alpha.kubernetes.io/b': 'bad',
        },
      },
    ),
    rendered:
      '(Forbidden reason: seccompProfile, field error list: [spec.template.metadata.annotations[container.seccomp.security.alpha.kubernetes.io/b] is forbidden, forbidden values found: bad, spec.template.metadata.annotations[seccomp.security.alpha.kubernetes.io/pod] is forbidden, forbidden values found: unconfined])',
    detail: 'forbidden annotations container.seccomp.security.alpha.kubernetes.io/b="bad", seccomp.security.alpha.kubernetes.io/pod="unconfined"',
  },
  {
    name: 'annotations are ignored from 1.19',
    id: 'seccompProfile_baseline',
    version: 'v1.19',
    resource: pod({ containers: [container('a')] }, { name: 'test', annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' } }),
    rendered: null,
  },

  // seccompProfile_restricted (1.19; Windows exempt from 1.25)
  {
    name: 'no profile anywhere',
    id: 'seccompProfile_restricted',
    resource: pod({ containers: [container('a'), container('b', sc({})), container('d', sc({ seccompProfile: { type: 'RuntimeDefault' } }))] }),
    rendered:
      '(Forbidden reason: seccompProfile, field error list: [spec.containers[0].securityContext.seccompProfile.type: Required value, spec.containers[1].securityContext.seccompProfile.type: Required value])',
    detail: 'pod or containers "a", "b" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"',
  },
  {
    name: 'explicit bad values take precedence over missing ones',
    id: 'seccompProfile_restricted',
    resource: pod({
      securityContext: { seccompProfile: { type: 'Unconfined' } },
      containers: [container('a'), container('b', sc({ seccompProfile: { type: 'Unconfined' } }))],
    }),
    rendered:
      '(Forbidden reason: seccompProfile, field error list: [spec.securityContext.seccompProfile.type is forbidden, forbidden values found: Unconfined, spec.containers[1].securityContext.seccompProfile.type is forbidden, forbidden values found: Unconfined])',
    detail: 'pod and container "b" must not set securityContext.seccompProfile.type to "Unconfined"',
  },
  {
    name: 'a valid pod profile covers the containers',
    id: 'seccompProfile_restricted',
    resource: pod({ securityContext: { seccompProfile: { type: 'Localhost' } }, containers: [container('a')] }),
    rendered: null,
  },
  {
    name: 'the check does not exist before 1.19',
    id: 'seccompProfile_restricted',
    version: 'v1.18',
    resource: pod({ containers: [container('a')] }),
    rendered: null,
  },

  // sysctls (safe set grows in 1.27, 1.29, 1.32)
  ...(
    [
      ['v1.26', 'net.ipv4.ip_local_reserved_ports, net.ipv4.tcp_keepalive_time, net.ipv4.tcp_rmem, kernel.msgmax', [1, 2, 3, 4]],
      ['v1.27', 'net.ipv4.tcp_keepalive_time, net.ipv4.tcp_rmem, kernel.msgmax', [2, 3, 4]],
      ['v1.29', 'net.ipv4.tcp_rmem, kernel.msgmax', [3, 4]],
      ['latest', 'kernel.msgmax', [4]],
    ] as const
  ).map(([version, detail, indexes]): Vector => {
    const names = ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_reserved_ports', 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_rmem', 'kernel.msgmax'];
    const errors = indexes.map((i) => `spec.securityContext.sysctls[${i}].name is forbidden, forbidden values found: ${names[i]}`);
    return {
      name: `safe sysctls at ${version}`,
      id: 'sysctls',
      version,
      resource: pod({ securityContext: { sysctls: names.map((name) => ({ name, value: '1' })) }, containers: [container('a')] }),
      rendered: `(Forbidden reason: forbidden sysctls, field error list: [${errors.join(', ')}])`,
      detail,
    };
  }),

  // windowsHostProcess
  {
    name: 'host process on the pod and on containers',
    id: 'windowsHostProcess',
    resource: pod({
      securityContext: { windowsOptions: { hostProcess: true } },
      containers: [
        container('a'),
        container('b', sc({})),
        container('c', sc({ windowsOptions: {} })),
        container('d', sc({ windowsOptions: { hostProcess: false } })),
        container('e', sc({ windowsOptions: { hostProcess: true } })),
        container('f', sc({ windowsOptions: { hostProcess: true } })),
      ],
    }),
    rendered:
      '(Forbidden reason: hostProcess, field error list: [spec.securityContext.windowsOptions.hostProcess is forbidden, forbidden values found: true, spec.containers[4].securityContext.windowsOptions.hostProcess is forbidden, forbidden values found: true, spec.containers[5].securityContext.windowsOptions.hostProcess is forbidden, forbidden values found: true])',
    detail: 'pod and containers "e", "f" must not set securityContext.windowsOptions.hostProcess=true',
  },
];

describe('Pod Security checks', () => {
  it.each(vectors)('$id: $name', ({ id, version, resource, rendered, detail }) => {
    const report = runCheck(id, version ?? 'latest', resource);
    if (rendered === null) {
      expect(report).toBeNull();
      return;
    }
    expect(report?.rendered).toBe(rendered);
    if (detail !== undefined) expect(report?.detail).toBe(detail);
  });
});
