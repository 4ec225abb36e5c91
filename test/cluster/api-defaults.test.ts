/**
 * @file API-server defaulting of the built-in kinds (src/cluster/api-defaults): for each kind, a manifest
 * and the object the API server of the default version (1.35) holds after defaulting, keys in order; the
 * version differences; the image pull policy by tag; the contract (no mutation, same object when nothing
 * is defaulted or the kind is unknown) and the version parsing.
 */
import { describe, expect, it } from 'vitest';
import {
  applyApiDefaults,
  DEFAULT_KUBERNETES_VERSION,
  KUBERNETES_VERSIONS,
  parseKubernetesVersion,
  type KubernetesVersion,
} from '../../src/cluster/api-defaults/index.js';
import type { JsonObject } from '../../src/types.js';
import { CONTAINER_DEFAULTS, POD_SPEC_DEFAULTS, TEMPLATE_SPEC_DEFAULTS, copy, deepFreeze, expectDefaults } from './api-defaults-helpers.js';

const V = DEFAULT_KUBERNETES_VERSION;

function pod(spec: JsonObject): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec };
}

describe('versions', () => {
  it('implements 1.29 to 1.35, ascending, the newest by default', () => {
    expect(KUBERNETES_VERSIONS).toEqual(['1.29', '1.30', '1.31', '1.32', '1.33', '1.34', '1.35']);
    expect(DEFAULT_KUBERNETES_VERSION).toBe('1.35');
  });

  it.each<[string, KubernetesVersion]>([
    ['1.31', '1.31'],
    ['v1.31', '1.31'],
    ['1.31.2', '1.31'],
    ['v1.29.0', '1.29'],
    [' 1.35 ', '1.35'],
    ['v1.33.4-gke.100', '1.33'],
    ['1.34.1+k3s1', '1.34'],
  ])('parses %j as %s', (text, version) => {
    expect(parseKubernetesVersion(text)).toBe(version);
  });

  it.each<[string, string]>([
    ['1.28', 'unsupported Kubernetes version "1.28": the API defaults of Kubernetes 1.29 to 1.35 are implemented'],
    ['1.36.0', 'unsupported Kubernetes version "1.36.0": the API defaults of Kubernetes 1.29 to 1.35 are implemented'],
    ['2.0', 'unsupported Kubernetes version "2.0": the API defaults of Kubernetes 1.29 to 1.35 are implemented'],
    [
      'latest',
      'invalid Kubernetes version "latest": expected MAJOR.MINOR such as 1.35 (v1.35 and 1.35.0 are accepted too); supported versions: 1.29 to 1.35',
    ],
    ['', 'invalid Kubernetes version "": expected MAJOR.MINOR such as 1.35 (v1.35 and 1.35.0 are accepted too); supported versions: 1.29 to 1.35'],
    ['1', 'invalid Kubernetes version "1": expected MAJOR.MINOR such as 1.35 (v1.35 and 1.35.0 are accepted too); supported versions: 1.29 to 1.35'],
    ['1.3x', 'invalid Kubernetes version "1.3x": expected MAJOR.MINOR such as 1.35 (v1.35 and 1.35.0 are accepted too); supported versions: 1.29 to 1.35'],
  ])('rejects %j', (text, error) => {
    expect(parseKubernetesVersion(text)).toEqual({ error });
  });
});

// pkg/apis/core/v1/defaults.go SetDefaults_Container: pkg/util/parsers ParseImageName gives the tag
// (`latest` when there is neither tag nor digest, `""` when the name does not parse); `latest` → Always,
// anything else → IfNotPresent.
describe('imagePullPolicy by image', () => {
  it.each<[string, string]>([
    ['nginx:latest', 'Always'],
    ['nginx:1.25', 'IfNotPresent'],
    ['nginx', 'Always'],
    ['nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'IfNotPresent'],
    ['nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'Always'],
    ['nginx:1.25@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'IfNotPresent'],
    ['docker.io/library/nginx:latest', 'Always'],
    ['index.docker.io/nginx', 'Always'],
    ['ghcr.io/org/app', 'Always'],
    ['registry.example.com:5000/team/app:v2', 'IfNotPresent'],
    ['localhost:5000/app', 'Always'],
    ['localhost/app:dev', 'IfNotPresent'],
    ['Nginx:latest', 'IfNotPresent'],
    ['0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'IfNotPresent'],
    ['', 'IfNotPresent'],
    ['nginx:LATEST', 'IfNotPresent'],
  ])('%j → %s', (image, policy) => {
    const output = applyApiDefaults(deepFreeze(pod({ containers: [{ name: 'c', image }] })), V);
    const containers = (output.spec as JsonObject).containers as JsonObject[];
    expect(containers[0]!.imagePullPolicy).toBe(policy);
  });

  it('keeps a given policy and defaults init and ephemeral containers too', () => {
    const output = applyApiDefaults(
      deepFreeze(
        pod({
          initContainers: [{ name: 'i', image: 'busybox' }],
          containers: [{ name: 'c', image: 'nginx:latest', imagePullPolicy: 'Never' }],
          ephemeralContainers: [{ name: 'e', image: 'debug:1' }],
        }),
      ),
      V,
    );
    const spec = output.spec as JsonObject;
    expect(((spec.initContainers as JsonObject[])[0]!).imagePullPolicy).toBe('Always');
    expect(((spec.containers as JsonObject[])[0]!).imagePullPolicy).toBe('Never');
    expect(((spec.ephemeralContainers as JsonObject[])[0]!).imagePullPolicy).toBe('IfNotPresent');
  });
});

// pkg/apis/core/v1/defaults.go SetDefaults_Pod, SetDefaults_PodSpec, SetDefaults_Container,
// SetDefaults_Probe, SetDefaults_HTTPGetAction, SetDefaults_ObjectFieldSelector, SetDefaults_Volume and the
// volume-source defaulters, SetDefaults_ResourceList; zz_generated.defaults.go SetObjectDefaults_Pod; the
// `+default` markers of k8s.io/api/core/v1 types.go (ContainerPort.Protocol "TCP", GRPCAction.Service "",
// RBDVolumeSource pool/user/keyring).
describe('core/v1 Pod', () => {
  it.each<[string, JsonObject, JsonObject]>([
    [
      'a minimal Pod',
      pod({ containers: [{ name: 'web', image: 'nginx:latest' }] }),
      pod({
        containers: [
          {
            name: 'web',
            image: 'nginx:latest',
            imagePullPolicy: 'Always',
            terminationMessagePath: '/dev/termination-log',
            terminationMessagePolicy: 'File',
          },
        ],
        ...POD_SPEC_DEFAULTS,
      }),
    ],
    [
      'containers with ports, env, resources, probes and lifecycle hooks',
      pod({
        initContainers: [{ name: 'init', image: 'busybox:1.36', resources: { limits: { cpu: '0.25' } } }],
        containers: [
          {
            name: 'app',
            image: 'app:2',
            ports: [{ containerPort: 8080 }, { containerPort: 53, protocol: 'UDP' }],
            env: [
              { name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } },
              { name: 'PLAIN', value: 'x' },
            ],
            resources: { limits: { cpu: 1, memory: '1024Mi' }, requests: { cpu: '100m' } },
            livenessProbe: { httpGet: { port: 8080 } },
            readinessProbe: { grpc: { port: 9090 }, periodSeconds: 5, timeoutSeconds: 0 },
            startupProbe: { tcpSocket: { port: 8080 }, failureThreshold: 30 },
            lifecycle: { preStop: { httpGet: { port: 8080, path: '/quit' } }, postStart: { exec: { command: ['true'] } } },
          },
        ],
      }),
      pod({
        initContainers: [
          {
            name: 'init',
            image: 'busybox:1.36',
            resources: { limits: { cpu: '250m' }, requests: { cpu: '250m' } },
            ...CONTAINER_DEFAULTS,
          },
        ],
        containers: [
          {
            name: 'app',
            image: 'app:2',
            ports: [
              { containerPort: 8080, protocol: 'TCP' },
              { containerPort: 53, protocol: 'UDP' },
            ],
            env: [
              { name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName', apiVersion: 'v1' } } },
              { name: 'PLAIN', value: 'x' },
            ],
            resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '100m', memory: '1Gi' } },
            livenessProbe: {
              httpGet: { port: 8080, path: '/', scheme: 'HTTP' },
              timeoutSeconds: 1,
              periodSeconds: 10,
              successThreshold: 1,
              failureThreshold: 3,
            },
            readinessProbe: { grpc: { port: 9090, service: '' }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
            startupProbe: { tcpSocket: { port: 8080 }, failureThreshold: 30, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1 },
            lifecycle: {
              preStop: { httpGet: { port: 8080, path: '/quit', scheme: 'HTTP' } },
              postStart: { exec: { command: ['true'] } },
            },
            ...CONTAINER_DEFAULTS,
          },
        ],
        ...POD_SPEC_DEFAULTS,
      }),
    ],
    [
      'host network: host ports default to container ports (Pods only)',
      pod({ hostNetwork: true, containers: [{ name: 'c', image: 'c:1', ports: [{ containerPort: 80 }, { containerPort: 443, hostPort: 8443 }] }] }),
      pod({
        hostNetwork: true,
        containers: [
          {
            name: 'c',
            image: 'c:1',
            ports: [
              { containerPort: 80, hostPort: 80, protocol: 'TCP' },
              { containerPort: 443, hostPort: 8443, protocol: 'TCP' },
            ],
            ...CONTAINER_DEFAULTS,
          },
        ],
        ...POD_SPEC_DEFAULTS,
      }),
    ],
    [
      'given Pod spec fields are kept',
      pod({
        containers: [],
        dnsPolicy: 'Default',
        restartPolicy: 'Never',
        securityContext: { runAsNonRoot: true },
        terminationGracePeriodSeconds: 0,
        schedulerName: 'custom',
        enableServiceLinks: false,
      }),
      pod({
        containers: [],
        dnsPolicy: 'Default',
        restartPolicy: 'Never',
        securityContext: { runAsNonRoot: true },
        terminationGracePeriodSeconds: 0,
        schedulerName: 'custom',
        enableServiceLinks: false,
      }),
    ],
    [
      'volumes',
      pod({
        containers: [],
        volumes: [
          { name: 'scratch' },
          { name: 'cache', emptyDir: { medium: 'Memory', sizeLimit: '1Gi' } },
          { name: 'secret', secret: { secretName: 's' } },
          { name: 'config', configMap: { name: 'c', defaultMode: 256 } },
          { name: 'host', hostPath: { path: '/var/log' } },
          { name: 'down', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }] } },
          {
            name: 'projected',
            projected: {
              sources: [
                { serviceAccountToken: { path: 'token' } },
                { downwardAPI: { items: [{ path: 'ns', fieldRef: { fieldPath: 'metadata.namespace' } }] } },
                { configMap: { name: 'c' } },
              ],
            },
          },
          {
            name: 'claim',
            ephemeral: {
              volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1.5Gi' } } } },
            },
          },
          { name: 'iscsi', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.x', lun: 0 } },
          { name: 'rbd', rbd: { monitors: ['10.0.0.2'], image: 'img' } },
          { name: 'azure', azureDisk: { diskName: 'd', diskURI: 'u' } },
          { name: 'scaleio', scaleIO: { gateway: 'g', system: 's', secretRef: { name: 'x' } } },
          { name: 'pvc', persistentVolumeClaim: { claimName: 'data' } },
        ],
      }),
      pod({
        containers: [],
        volumes: [
          { name: 'scratch', emptyDir: {} },
          { name: 'cache', emptyDir: { medium: 'Memory', sizeLimit: '1Gi' } },
          { name: 'secret', secret: { secretName: 's', defaultMode: 420 } },
          { name: 'config', configMap: { name: 'c', defaultMode: 256 } },
          { name: 'host', hostPath: { path: '/var/log', type: '' } },
          { name: 'down', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels', apiVersion: 'v1' } }], defaultMode: 420 } },
          {
            name: 'projected',
            projected: {
              sources: [
                { serviceAccountToken: { path: 'token', expirationSeconds: 3600 } },
                { downwardAPI: { items: [{ path: 'ns', fieldRef: { fieldPath: 'metadata.namespace', apiVersion: 'v1' } }] } },
                { configMap: { name: 'c' } },
              ],
              defaultMode: 420,
            },
          },
          {
            name: 'claim',
            ephemeral: {
              volumeClaimTemplate: {
                spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1536Mi' } }, volumeMode: 'Filesystem' },
              },
            },
          },
          { name: 'iscsi', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.x', lun: 0, iscsiInterface: 'default' } },
          { name: 'rbd', rbd: { monitors: ['10.0.0.2'], image: 'img', pool: 'rbd', user: 'admin', keyring: '/etc/ceph/keyring' } },
          { name: 'azure', azureDisk: { diskName: 'd', diskURI: 'u', cachingMode: 'ReadWrite', kind: 'Shared', fsType: 'ext4', readOnly: false } },
          { name: 'scaleio', scaleIO: { gateway: 'g', system: 's', secretRef: { name: 'x' }, storageMode: 'ThinProvisioned', fsType: 'xfs' } },
          { name: 'pvc', persistentVolumeClaim: { claimName: 'data' } },
        ],
        ...POD_SPEC_DEFAULTS,
      }),
    ],
    [
      'resource lists: rounded up to milli, canonical; overhead too',
      pod({
        containers: [{ name: 'c', image: 'c:1', resources: { requests: { cpu: '0.0001', memory: 134217728, 'example.com/gpu': 1, 'ephemeral-storage': 2000000 } } }],
        overhead: { cpu: '0.1' },
      }),
      pod({
        containers: [{ name: 'c', image: 'c:1', resources: { requests: { cpu: '1m', memory: '134217728', 'example.com/gpu': '1', 'ephemeral-storage': '2M' } }, ...CONTAINER_DEFAULTS }],
        overhead: { cpu: '100m' },
        ...POD_SPEC_DEFAULTS,
      }),
    ],
  ])('%s', (_name, input, expected) => {
    expectDefaults(input, expected, V);
  });
});

// The defaults that differ between versions (src/cluster/api-defaults/versions.ts): each row gives the
// last version without the default and the first with it.
describe('version differences', () => {
  const loadBalancer: JsonObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 's' },
    spec: { type: 'LoadBalancer', ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }], sessionAffinity: 'None', externalTrafficPolicy: 'Cluster', internalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: true },
    status: { loadBalancer: { ingress: [{ ip: '203.0.113.7' }] } },
  };
  // SetDefaults_Service: LoadBalancerIPMode, on by default from 1.30.
  it.each<[KubernetesVersion, JsonObject]>([
    ['1.29', { loadBalancer: { ingress: [{ ip: '203.0.113.7' }] } }],
    ['1.30', { loadBalancer: { ingress: [{ ip: '203.0.113.7', ipMode: 'VIP' }] } }],
  ])('load-balancer ingress ipMode in %s', (version, status) => {
    expectDefaults(loadBalancer, { ...copy(loadBalancer), status }, version);
  });

  // SetDefaults_StatefulSet: MaxUnavailableStatefulSet, on by default from 1.35.
  it.each<[KubernetesVersion, JsonObject]>([
    ['1.34', { partition: 0 }],
    ['1.35', { partition: 0, maxUnavailable: 1 }],
  ])('StatefulSet rollingUpdate in %s', (version, rollingUpdate) => {
    const input: JsonObject = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 's' },
      spec: { replicas: 1, selector: {}, template: { spec: { containers: [] } } },
    };
    expectDefaults(
      input,
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 's' },
        spec: {
          replicas: 1,
          selector: {},
          template: { spec: { containers: [], ...TEMPLATE_SPEC_DEFAULTS } },
          podManagementPolicy: 'OrderedReady',
          updateStrategy: { type: 'RollingUpdate', rollingUpdate },
          persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
          revisionHistoryLimit: 10,
        },
      },
      version,
    );
  });

  // SetDefaults_Volume: the ImageVolume field exists from 1.31 (before, the volume has no known source and
  // gets an emptyDir); its pull policy is defaulted once the gate is on by default, from 1.35.
  it.each<[KubernetesVersion, JsonObject]>([
    ['1.30', { name: 'models', image: { reference: 'registry.example.com/models:latest' }, emptyDir: {} }],
    ['1.34', { name: 'models', image: { reference: 'registry.example.com/models:latest' } }],
    ['1.35', { name: 'models', image: { reference: 'registry.example.com/models:latest', pullPolicy: 'Always' } }],
  ])('image volume in %s', (version, volume) => {
    expectDefaults(
      pod({ containers: [], volumes: [{ name: 'models', image: { reference: 'registry.example.com/models:latest' } }] }),
      pod({ containers: [], volumes: [volume], ...POD_SPEC_DEFAULTS }),
      version,
    );
  });

  it('image volume pull policy by tag', () => {
    const output = applyApiDefaults(deepFreeze(pod({ containers: [], volumes: [{ name: 'm', image: { reference: 'models:v3' } }] })), '1.35');
    expect(((output.spec as JsonObject).volumes as JsonObject[])[0]).toEqual({ name: 'm', image: { reference: 'models:v3', pullPolicy: 'IfNotPresent' } });
  });

  // SetDefaults_PodFailurePolicyOnPodConditionsPattern reached from a CronJob since 1.34 (kubernetes PR 131525).
  it.each<[KubernetesVersion, JsonObject]>([
    ['1.33', { type: 'ConfigIssue' }],
    ['1.34', { type: 'ConfigIssue', status: 'True' }],
  ])('CronJob pod condition pattern in %s', (version, pattern) => {
    const cronJob = (p: JsonObject): JsonObject => ({
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'c' },
      spec: {
        schedule: '@daily',
        concurrencyPolicy: 'Forbid',
        suspend: true,
        successfulJobsHistoryLimit: 1,
        failedJobsHistoryLimit: 1,
        jobTemplate: {
          spec: {
            podFailurePolicy: { rules: [{ action: 'FailJob', onPodConditions: [p] }] },
            template: { spec: { ...TEMPLATE_SPEC_DEFAULTS, containers: [], restartPolicy: 'Never' } },
          },
        },
      },
    });
    expectDefaults(cronJob({ type: 'ConfigIssue' }), cronJob(pattern), version);
  });

  // SetDefaults_Pod: PodLevelResources, on by default from 1.34 (defaultHugePagePodLimits, defaultPodRequests
  // with component-helpers AggregateContainerRequests / AggregateContainerLimits).
  describe('pod-level resources', () => {
    const spec: JsonObject = {
      resources: { limits: { cpu: '4', memory: '4Gi' } },
      initContainers: [
        { name: 'sidecar', image: 's:1', restartPolicy: 'Always', resources: { requests: { cpu: '500m' } } },
        { name: 'migrate', image: 'm:1', resources: { requests: { cpu: '3', memory: '1Gi' } } },
      ],
      containers: [
        { name: 'app', image: 'a:1', resources: { limits: { cpu: '1', 'hugepages-2Mi': '100Mi' } } },
        { name: 'worker', image: 'w:1', resources: { requests: { memory: '512Mi' } } },
      ],
    };
    /** The containers defaulted: the Pod's `app` container gets its requests from its limits. */
    const containers = (): JsonObject => ({
      initContainers: [
        { name: 'sidecar', image: 's:1', restartPolicy: 'Always', resources: { requests: { cpu: '500m' } }, ...CONTAINER_DEFAULTS },
        { name: 'migrate', image: 'm:1', resources: { requests: { cpu: '3', memory: '1Gi' } }, ...CONTAINER_DEFAULTS },
      ],
      containers: [
        {
          name: 'app',
          image: 'a:1',
          resources: { limits: { cpu: '1', 'hugepages-2Mi': '100Mi' }, requests: { cpu: '1', 'hugepages-2Mi': '100Mi' } },
          ...CONTAINER_DEFAULTS,
        },
        { name: 'worker', image: 'w:1', resources: { requests: { memory: '512Mi' } }, ...CONTAINER_DEFAULTS },
      ],
    });

    it('1.33: container requests only', () => {
      expectDefaults(pod(spec), pod({ resources: { limits: { cpu: '4', memory: '4Gi' } }, ...containers(), ...POD_SPEC_DEFAULTS }), '1.33');
    });

    it('1.34: huge-page limits and requests aggregated to the pod', () => {
      // Requests: regular containers plus the sidecar (cpu 1 + 0.5, memory 512Mi), at least the largest
      // init container while it runs (migrate with the sidecar: cpu 3.5, memory 1Gi) → cpu 3500m, memory
      // 1Gi; huge pages are not overcommitted, so their request comes from the defaulted pod limit.
      expectDefaults(
        pod(spec),
        pod({
          resources: {
            limits: { cpu: '4', memory: '4Gi', 'hugepages-2Mi': '100Mi' },
            requests: { cpu: '3500m', memory: '1Gi', 'hugepages-2Mi': '100Mi' },
          },
          ...containers(),
          ...POD_SPEC_DEFAULTS,
        }),
        '1.34',
      );
    });

    it('1.34: nothing without pod-level limits or requests', () => {
      const input = pod({ resources: {}, containers: [{ name: 'a', image: 'a:1', resources: { limits: { cpu: '1' } } }] });
      expectDefaults(
        input,
        pod({ resources: {}, containers: [{ name: 'a', image: 'a:1', resources: { limits: { cpu: '1' }, requests: { cpu: '1' } }, ...CONTAINER_DEFAULTS }], ...POD_SPEC_DEFAULTS }),
        '1.34',
      );
    });

    it('templates get no Pod-only defaults', () => {
      const output = applyApiDefaults(
        deepFreeze({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'r' }, spec: { replicas: 1, selector: {}, template: { spec } } }),
        '1.35',
      );
      const templateSpec = ((output.spec as JsonObject).template as JsonObject).spec as JsonObject;
      expect(templateSpec.resources).toEqual({ limits: { cpu: '4', memory: '4Gi' } });
      expect(((templateSpec.containers as JsonObject[])[0]!.resources as JsonObject).requests).toBeUndefined();
      expect(templateSpec.enableServiceLinks).toBeUndefined();
    });
  });

  it('every version defaults the common fields alike', () => {
    for (const version of KUBERNETES_VERSIONS) {
      expectDefaults(
        pod({ containers: [{ name: 'c', image: 'app:1' }] }),
        pod({ containers: [{ name: 'c', image: 'app:1', ...CONTAINER_DEFAULTS }], ...POD_SPEC_DEFAULTS }),
        version,
      );
    }
  });
});

describe('contract', () => {
  it('returns the same object for kinds and API versions it does not cover', () => {
    const inputs: JsonObject[] = [
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { replicas: null } },
      { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name: 'p' }, spec: { rules: [] } },
      { apiVersion: 'apps/v1beta1', kind: 'Deployment', metadata: { name: 'd' }, spec: {} },
      { apiVersion: 'extensions/v1beta1', kind: 'Ingress', metadata: { name: 'i' }, spec: {} },
      { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'i' }, spec: { rules: [] } },
      { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'p' }, spec: { minAvailable: 1 } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } },
      { kind: 'Pod', metadata: { name: 'no-api-version' } },
      { apiVersion: 'v1', metadata: { name: 'no-kind' } },
    ];
    for (const input of inputs) {
      const frozen = deepFreeze(copy(input));
      expect(applyApiDefaults(frozen, V)).toBe(frozen);
    }
  });

  it('returns the same object when everything is already defaulted', () => {
    const defaulted = deepFreeze(pod({ containers: [{ name: 'c', image: 'app:1', ...CONTAINER_DEFAULTS }], ...POD_SPEC_DEFAULTS }));
    expect(applyApiDefaults(defaulted, V)).toBe(defaulted);
  });

  it('shares unchanged subtrees and never mutates the input', () => {
    const input = deepFreeze(
      pod({
        affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } },
        containers: [{ name: 'c', image: 'app:1', ...CONTAINER_DEFAULTS }, { name: 'd', image: 'app:1' }],
      }),
    );
    const before = JSON.stringify(input);
    const output = applyApiDefaults(input, V);
    expect(JSON.stringify(input)).toBe(before);
    const inSpec = input.spec as JsonObject;
    const outSpec = output.spec as JsonObject;
    expect(output).not.toBe(input);
    expect(output.metadata).toBe(input.metadata);
    expect(outSpec.affinity).toBe(inSpec.affinity);
    expect((outSpec.containers as JsonObject[])[0]).toBe((inSpec.containers as JsonObject[])[0]);
    expect((outSpec.containers as JsonObject[])[1]).not.toBe((inSpec.containers as JsonObject[])[1]);
  });

  it('keeps existing keys first, in their order, and appends defaulted keys', () => {
    const output = applyApiDefaults(
      deepFreeze({
        kind: 'Deployment',
        spec: { template: { spec: { containers: [] } }, strategy: {}, selector: {} },
        metadata: { name: 'd' },
        apiVersion: 'apps/v1',
      }),
      V,
    );
    expect(Object.keys(output)).toEqual(['kind', 'spec', 'metadata', 'apiVersion']);
    const spec = output.spec as JsonObject;
    expect(Object.keys(spec)).toEqual(['template', 'strategy', 'selector', 'replicas', 'revisionHistoryLimit', 'progressDeadlineSeconds']);
    expect(Object.keys(spec.strategy as JsonObject)).toEqual(['type', 'rollingUpdate']);
    expect(Object.keys((spec.template as JsonObject).spec as JsonObject)).toEqual([
      'containers',
      'dnsPolicy',
      'restartPolicy',
      'securityContext',
      'terminationGracePeriodSeconds',
      'schedulerName',
    ]);
  });

  it('leaves fields of the wrong type alone instead of failing', () => {
    const inputs: JsonObject[] = [
      { apiVersion: 'v1', kind: 'Pod', spec: 'not an object' },
      { apiVersion: 'v1', kind: 'Pod', spec: { containers: 'x', volumes: [1, null, 'v'], initContainers: [null] } },
      { apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: '3', strategy: [], template: 7 } },
      { apiVersion: 'v1', kind: 'Service', spec: { ports: [{ port: 'http' }], type: 5 } },
      { apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'c', image: 7, resources: { limits: { cpu: 'lots', memory: true } } }] } },
    ];
    for (const input of inputs) {
      expect(() => applyApiDefaults(deepFreeze(copy(input)), V)).not.toThrow();
    }
    const service = applyApiDefaults(deepFreeze(copy(inputs[3]!)), V).spec as JsonObject;
    expect(service.type).toBe(5);
    expect(service.ports).toEqual([{ port: 'http', protocol: 'TCP', targetPort: 0 }]);
    const container = ((applyApiDefaults(deepFreeze(copy(inputs[4]!)), V).spec as JsonObject).containers as JsonObject[])[0]!;
    expect(container.imagePullPolicy).toBe('IfNotPresent');
    expect((container.resources as JsonObject).limits).toEqual({ cpu: 'lots', memory: true });
  });
});

describe('copied labels', () => {
  it('a ReplicationController and a Job copy their template labels instead of sharing them', () => {
    const rc = applyApiDefaults(
      deepFreeze({ apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'r' }, spec: { template: { metadata: { labels: { app: 'a' } }, spec: { containers: [] } } } }),
      V,
    );
    const rcSpec = rc.spec as JsonObject;
    const rcTemplateLabels = ((rcSpec.template as JsonObject).metadata as JsonObject).labels;
    expect((rc.metadata as JsonObject).labels).toEqual(rcTemplateLabels);
    expect((rc.metadata as JsonObject).labels).not.toBe(rcTemplateLabels);
    expect(rcSpec.selector).not.toBe(rcTemplateLabels);
    const job = applyApiDefaults(
      deepFreeze({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { template: { metadata: { labels: { app: 'a' } }, spec: { containers: [] } } } }),
      V,
    );
    const jobTemplateLabels = (((job.spec as JsonObject).template as JsonObject).metadata as JsonObject).labels;
    expect((job.metadata as JsonObject).labels).toEqual(jobTemplateLabels);
    expect((job.metadata as JsonObject).labels).not.toBe(jobTemplateLabels);
  });
});
