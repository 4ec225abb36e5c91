/**
 * @file API-server defaulting of the built-in kinds other than the Pod, for the default version (1.35):
 * each table cites the kubernetes/kubernetes defaulter its expected objects follow.
 */
import { describe, it } from 'vitest';
import { DEFAULT_KUBERNETES_VERSION } from '../../src/cluster/api-defaults/index.js';
import type { JsonObject } from '../../src/types.js';
import { CONTAINER_DEFAULTS, TEMPLATE_SPEC_DEFAULTS, expectDefaults } from './api-defaults-helpers.js';

const V = DEFAULT_KUBERNETES_VERSION;

type Row = [name: string, input: JsonObject, expected: JsonObject];

function run(rows: Row[]): void {
  it.each(rows)('%s', (_name, input, expected) => {
    expectDefaults(input, expected, V);
  });
}

const container = { name: 'c', image: 'app:1' };
const defaultedContainer = { ...container, ...CONTAINER_DEFAULTS };
const template = { metadata: { labels: { app: 'a' } }, spec: { containers: [container] } };
const defaultedTemplate = { metadata: { labels: { app: 'a' } }, spec: { containers: [defaultedContainer], ...TEMPLATE_SPEC_DEFAULTS } };

// pkg/apis/core/v1/defaults.go SetDefaults_Service (pkg/api/v1/service ExternallyAccessible).
describe('core/v1 Service', () => {
  const svc = (spec: JsonObject, status?: JsonObject): JsonObject => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 's' },
    spec,
    ...(status ? { status } : {}),
  });
  run([
    [
      'ClusterIP: type, session affinity, port protocol and target port, internal traffic policy',
      svc({ selector: { app: 'a' }, ports: [{ port: 80 }, { name: 'dns', port: 53, protocol: 'UDP', targetPort: 'dns' }] }),
      svc({
        selector: { app: 'a' },
        ports: [
          { port: 80, protocol: 'TCP', targetPort: 80 },
          { name: 'dns', port: 53, protocol: 'UDP', targetPort: 'dns' },
        ],
        sessionAffinity: 'None',
        type: 'ClusterIP',
        internalTrafficPolicy: 'Cluster',
      }),
    ],
    [
      'ClusterIP with external IPs: external traffic policy too',
      svc({ ports: [{ port: 80, targetPort: 0 }], externalIPs: ['192.0.2.1'] }),
      svc({
        ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }],
        externalIPs: ['192.0.2.1'],
        sessionAffinity: 'None',
        type: 'ClusterIP',
        externalTrafficPolicy: 'Cluster',
        internalTrafficPolicy: 'Cluster',
      }),
    ],
    [
      'NodePort',
      svc({ type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }),
      svc({
        type: 'NodePort',
        ports: [{ port: 80, nodePort: 30080, protocol: 'TCP', targetPort: 80 }],
        sessionAffinity: 'None',
        externalTrafficPolicy: 'Cluster',
        internalTrafficPolicy: 'Cluster',
      }),
    ],
    [
      'LoadBalancer with ClientIP affinity and a load-balancer status',
      svc(
        { type: 'LoadBalancer', sessionAffinity: 'ClientIP', ports: [{ port: 443, targetPort: 8443 }] },
        { loadBalancer: { ingress: [{ ip: '203.0.113.7' }, { hostname: 'lb.example.com' }, { ip: '203.0.113.8', ipMode: 'Proxy' }] } },
      ),
      svc(
        {
          type: 'LoadBalancer',
          sessionAffinity: 'ClientIP',
          ports: [{ port: 443, targetPort: 8443, protocol: 'TCP' }],
          sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } },
          externalTrafficPolicy: 'Cluster',
          internalTrafficPolicy: 'Cluster',
          allocateLoadBalancerNodePorts: true,
        },
        { loadBalancer: { ingress: [{ ip: '203.0.113.7', ipMode: 'VIP' }, { hostname: 'lb.example.com' }, { ip: '203.0.113.8', ipMode: 'Proxy' }] } },
      ),
    ],
    [
      'ExternalName; affinity None drops the affinity config',
      svc({ type: 'ExternalName', externalName: 'db.example.com', sessionAffinityConfig: { clientIP: { timeoutSeconds: 60 } } }),
      svc({ type: 'ExternalName', externalName: 'db.example.com', sessionAffinity: 'None' }),
    ],
  ]);
});

// pkg/apis/core/v1/defaults.go SetDefaults_Secret, SetDefaults_Namespace, SetDefaults_NamespaceStatus,
// SetDefaults_PersistentVolume, SetDefaults_PersistentVolumeClaim(Spec), SetDefaults_Endpoints,
// SetDefaults_LimitRangeItem, SetDefaults_ReplicationController (replicas: `+default=1` in newer
// releases), SetDefaults_ResourceList; zz_generated.defaults.go SetObjectDefaults_PodTemplate.
describe('core/v1 other kinds', () => {
  run([
    [
      'Secret',
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { a: 'b' } },
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { a: 'b' }, type: 'Opaque' },
    ],
    [
      'Namespace: the metadata.name label (overriding a wrong one) and the Active phase',
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', labels: { 'kubernetes.io/metadata.name': 'other', env: 'prod' } } },
      {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'team', labels: { 'kubernetes.io/metadata.name': 'team', env: 'prod' } },
        status: { phase: 'Active' },
      },
    ],
    [
      'Namespace without labels',
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } },
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', labels: { 'kubernetes.io/metadata.name': 'team' } }, status: { phase: 'Active' } },
    ],
    [
      'PersistentVolume',
      {
        apiVersion: 'v1',
        kind: 'PersistentVolume',
        metadata: { name: 'pv' },
        spec: { capacity: { storage: '10240Mi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data' } },
      },
      {
        apiVersion: 'v1',
        kind: 'PersistentVolume',
        metadata: { name: 'pv' },
        spec: {
          capacity: { storage: '10Gi' },
          accessModes: ['ReadWriteOnce'],
          hostPath: { path: '/data', type: '' },
          persistentVolumeReclaimPolicy: 'Retain',
          volumeMode: 'Filesystem',
        },
        status: { phase: 'Pending' },
      },
    ],
    [
      'PersistentVolumeClaim',
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data' },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } },
      },
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data' },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } }, volumeMode: 'Filesystem' },
        status: { phase: 'Pending' },
      },
    ],
    [
      'ReplicationController: replicas, selector and labels from the template',
      { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { template } },
      {
        apiVersion: 'v1',
        kind: 'ReplicationController',
        metadata: { name: 'rc', labels: { app: 'a' } },
        spec: { template: defaultedTemplate, selector: { app: 'a' }, replicas: 1 },
      },
    ],
    [
      'PodTemplate',
      { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 't' }, template },
      { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 't' }, template: defaultedTemplate },
    ],
    [
      'Endpoints',
      { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'e' }, subsets: [{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80 }] }] },
      {
        apiVersion: 'v1',
        kind: 'Endpoints',
        metadata: { name: 'e' },
        subsets: [{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80, protocol: 'TCP' }] }],
      },
    ],
    [
      'LimitRange: container default from max, default request from default then min',
      {
        apiVersion: 'v1',
        kind: 'LimitRange',
        metadata: { name: 'l' },
        spec: {
          limits: [
            { type: 'Container', max: { cpu: '2', memory: '1Gi' }, min: { cpu: '100m', 'ephemeral-storage': '1Gi' }, default: { memory: '512Mi' } },
            { type: 'Pod', max: { cpu: '4' } },
          ],
        },
      },
      {
        apiVersion: 'v1',
        kind: 'LimitRange',
        metadata: { name: 'l' },
        spec: {
          limits: [
            {
              type: 'Container',
              max: { cpu: '2', memory: '1Gi' },
              min: { cpu: '100m', 'ephemeral-storage': '1Gi' },
              default: { memory: '512Mi', cpu: '2' },
              defaultRequest: { memory: '512Mi', cpu: '2', 'ephemeral-storage': '1Gi' },
            },
            { type: 'Pod', max: { cpu: '4' } },
          ],
        },
      },
    ],
    [
      'ResourceQuota: canonical quantities only',
      { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec: { hard: { 'requests.cpu': '1000m', pods: 10 } } },
      { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec: { hard: { 'requests.cpu': '1', pods: '10' } } },
    ],
  ]);
});

// pkg/apis/apps/v1/defaults.go SetDefaults_Deployment, SetDefaults_DaemonSet, SetDefaults_StatefulSet,
// SetDefaults_ReplicaSet; zz_generated.defaults.go: the pod template's PodSpec defaults and the
// StatefulSet claim templates' SetDefaults_PersistentVolumeClaim.
describe('apps/v1', () => {
  const selector = { matchLabels: { app: 'a' } };
  run([
    [
      'Deployment without replicas',
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { selector, template } },
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'd' },
        spec: {
          selector,
          template: defaultedTemplate,
          replicas: 1,
          strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
          revisionHistoryLimit: 10,
          progressDeadlineSeconds: 600,
        },
      },
    ],
    [
      'Deployment with Recreate and a partial rolling update',
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 3, strategy: { type: 'Recreate' }, selector, template } },
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'd' },
        spec: { replicas: 3, strategy: { type: 'Recreate' }, selector, template: defaultedTemplate, revisionHistoryLimit: 10, progressDeadlineSeconds: 600 },
      },
    ],
    [
      'DaemonSet',
      { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'ds' }, spec: { selector, template, updateStrategy: { rollingUpdate: { maxSurge: '10%' } } } },
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'ds' },
        spec: {
          selector,
          template: defaultedTemplate,
          updateStrategy: { rollingUpdate: { maxSurge: '10%', maxUnavailable: 1 }, type: 'RollingUpdate' },
          revisionHistoryLimit: 10,
        },
      },
    ],
    [
      'StatefulSet with a claim template',
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db' },
        spec: {
          serviceName: 'db',
          selector,
          template,
          volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
        },
      },
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db' },
        spec: {
          serviceName: 'db',
          selector,
          template: defaultedTemplate,
          volumeClaimTemplates: [
            {
              metadata: { name: 'data' },
              spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' },
              status: { phase: 'Pending' },
            },
          ],
          podManagementPolicy: 'OrderedReady',
          updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1 } },
          persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
          replicas: 1,
          revisionHistoryLimit: 10,
        },
      },
    ],
    [
      'StatefulSet with an explicit RollingUpdate type gets no rolling-update block',
      { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' }, spec: { replicas: 2, selector, template, updateStrategy: { type: 'RollingUpdate' } } },
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db' },
        spec: {
          replicas: 2,
          selector,
          template: defaultedTemplate,
          updateStrategy: { type: 'RollingUpdate' },
          podManagementPolicy: 'OrderedReady',
          persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
          revisionHistoryLimit: 10,
        },
      },
    ],
    [
      'ReplicaSet',
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs' }, spec: { selector, template } },
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs' }, spec: { selector, template: defaultedTemplate, replicas: 1 } },
    ],
  ]);
});

// pkg/apis/batch/v1/defaults.go SetDefaults_Job (manualSelector since 1.29, podReplacementPolicy with
// JobPodReplacementPolicy), SetDefaults_PodFailurePolicyOnPodConditionsPattern, SetDefaults_CronJob;
// zz_generated.defaults.go SetObjectDefaults_CronJob: no SetDefaults_Job for the job template.
describe('batch/v1', () => {
  const jobTemplate = { metadata: { labels: { app: 'a' } }, spec: { restartPolicy: 'Never', containers: [container] } };
  const defaultedJobTemplate = {
    metadata: { labels: { app: 'a' } },
    spec: {
      restartPolicy: 'Never',
      containers: [defaultedContainer],
      dnsPolicy: 'ClusterFirst',
      securityContext: {},
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
    },
  };
  run([
    [
      'Job',
      { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { template: jobTemplate } },
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'j', labels: { app: 'a' } },
        spec: {
          template: defaultedJobTemplate,
          completions: 1,
          parallelism: 1,
          backoffLimit: 6,
          completionMode: 'NonIndexed',
          suspend: false,
          podReplacementPolicy: 'TerminatingOrFailed',
          manualSelector: false,
        },
      },
    ],
    [
      'Indexed Job with completions, a per-index backoff limit and a pod failure policy',
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'j', labels: { team: 't' } },
        spec: {
          completions: 5,
          completionMode: 'Indexed',
          backoffLimitPerIndex: 1,
          podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] },
          template: jobTemplate,
        },
      },
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'j', labels: { team: 't' } },
        spec: {
          completions: 5,
          completionMode: 'Indexed',
          backoffLimitPerIndex: 1,
          podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] },
          template: defaultedJobTemplate,
          parallelism: 1,
          backoffLimit: 2147483647,
          suspend: false,
          podReplacementPolicy: 'Failed',
          manualSelector: false,
        },
      },
    ],
    [
      'CronJob: its job template gets the pod template and pod-failure-pattern defaults only',
      {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name: 'cj' },
        spec: {
          schedule: '*/5 * * * *',
          jobTemplate: {
            spec: {
              podFailurePolicy: { rules: [{ action: 'FailJob', onPodConditions: [{ type: 'ConfigIssue' }] }] },
              template: jobTemplate,
            },
          },
        },
      },
      {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name: 'cj' },
        spec: {
          schedule: '*/5 * * * *',
          jobTemplate: {
            spec: {
              podFailurePolicy: { rules: [{ action: 'FailJob', onPodConditions: [{ type: 'ConfigIssue', status: 'True' }] }] },
              template: defaultedJobTemplate,
            },
          },
          concurrencyPolicy: 'Allow',
          suspend: false,
          successfulJobsHistoryLimit: 3,
          failedJobsHistoryLimit: 1,
        },
      },
    ],
  ]);
});

// pkg/apis/autoscaling/v2/defaults.go SetDefaults_HorizontalPodAutoscaler(Behavior),
// GenerateHPAScaleUpRules / GenerateHPAScaleDownRules; pkg/apis/autoscaling/v1/defaults.go.
describe('autoscaling', () => {
  const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' };
  run([
    [
      'v2 without metrics or behavior',
      { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h' }, spec: { scaleTargetRef: target, maxReplicas: 5 } },
      {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'h' },
        spec: {
          scaleTargetRef: target,
          maxReplicas: 5,
          minReplicas: 1,
          metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }],
        },
      },
    ],
    [
      'v2 with a partial behavior',
      {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'h' },
        spec: {
          scaleTargetRef: target,
          minReplicas: 2,
          maxReplicas: 5,
          metrics: [{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } }],
          behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
        },
      },
      {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'h' },
        spec: {
          scaleTargetRef: target,
          minReplicas: 2,
          maxReplicas: 5,
          metrics: [{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } }],
          behavior: {
            scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
            scaleUp: {
              stabilizationWindowSeconds: 0,
              selectPolicy: 'Max',
              policies: [
                { type: 'Pods', value: 4, periodSeconds: 15 },
                { type: 'Percent', value: 100, periodSeconds: 15 },
              ],
            },
          },
        },
      },
    ],
    [
      'v1',
      { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h' }, spec: { scaleTargetRef: target, maxReplicas: 5 } },
      { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h' }, spec: { scaleTargetRef: target, maxReplicas: 5, minReplicas: 1 } },
    ],
  ]);
});

// pkg/apis/networking/v1/defaults.go SetDefaults_NetworkPolicy, SetDefaults_NetworkPolicyPort,
// SetDefaults_IngressClass (an Ingress has no defaulter).
describe('networking.k8s.io/v1', () => {
  const np = (spec: JsonObject): JsonObject => ({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'n' }, spec });
  run([
    [
      'NetworkPolicy with ingress only',
      np({ podSelector: {}, ingress: [{ ports: [{ port: 80 }, { port: 53, protocol: 'UDP' }] }] }),
      np({ podSelector: {}, ingress: [{ ports: [{ port: 80, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }] }], policyTypes: ['Ingress'] }),
    ],
    [
      'NetworkPolicy with egress',
      np({ podSelector: {}, egress: [{ ports: [{ port: 443 }] }] }),
      np({ podSelector: {}, egress: [{ ports: [{ port: 443, protocol: 'TCP' }] }], policyTypes: ['Ingress', 'Egress'] }),
    ],
    [
      'NetworkPolicy with given policy types',
      np({ podSelector: {}, policyTypes: ['Egress'] }),
      np({ podSelector: {}, policyTypes: ['Egress'] }),
    ],
    [
      'IngressClass parameters scope',
      { apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: 'i' }, spec: { controller: 'x/y', parameters: { kind: 'K', name: 'n' } } },
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'IngressClass',
        metadata: { name: 'i' },
        spec: { controller: 'x/y', parameters: { kind: 'K', name: 'n', scope: 'Cluster' } },
      },
    ],
  ]);
});

// pkg/apis/storage/v1/defaults.go SetDefaults_StorageClass, SetDefaults_CSIDriver.
describe('storage.k8s.io/v1', () => {
  run([
    [
      'StorageClass without reclaimPolicy',
      { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'fast' }, provisioner: 'ebs.csi.aws.com' },
      {
        apiVersion: 'storage.k8s.io/v1',
        kind: 'StorageClass',
        metadata: { name: 'fast' },
        provisioner: 'ebs.csi.aws.com',
        reclaimPolicy: 'Delete',
        volumeBindingMode: 'Immediate',
      },
    ],
    [
      'CSIDriver',
      { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'd' }, spec: { attachRequired: false } },
      {
        apiVersion: 'storage.k8s.io/v1',
        kind: 'CSIDriver',
        metadata: { name: 'd' },
        spec: {
          attachRequired: false,
          podInfoOnMount: false,
          storageCapacity: false,
          fsGroupPolicy: 'ReadWriteOnceWithFSType',
          volumeLifecycleModes: ['Persistent'],
          requiresRepublish: false,
          seLinuxMount: false,
        },
      },
    ],
  ]);
});

// pkg/apis/rbac/v1/defaults.go SetDefaults_RoleBinding, SetDefaults_ClusterRoleBinding, SetDefaults_Subject;
// pkg/apis/scheduling/v1/defaults.go SetDefaults_PriorityClass; pkg/apis/discovery/v1/defaults.go
// SetDefaults_EndpointPort.
describe('rbac, scheduling, discovery', () => {
  run([
    [
      'RoleBinding',
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: { name: 'rb', namespace: 'ns' },
        subjects: [
          { kind: 'User', name: 'alice' },
          { kind: 'Group', name: 'devs' },
          { kind: 'ServiceAccount', name: 'sa', namespace: 'ns' },
        ],
        roleRef: { kind: 'Role', name: 'r' },
      },
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: { name: 'rb', namespace: 'ns' },
        subjects: [
          { kind: 'User', name: 'alice', apiGroup: 'rbac.authorization.k8s.io' },
          { kind: 'Group', name: 'devs', apiGroup: 'rbac.authorization.k8s.io' },
          { kind: 'ServiceAccount', name: 'sa', namespace: 'ns' },
        ],
        roleRef: { kind: 'Role', name: 'r', apiGroup: 'rbac.authorization.k8s.io' },
      },
    ],
    [
      'ClusterRoleBinding',
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: 'crb' },
        subjects: [{ kind: 'Group', name: 'system:authenticated' }],
        roleRef: { kind: 'ClusterRole', name: 'view', apiGroup: 'rbac.authorization.k8s.io' },
      },
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: 'crb' },
        subjects: [{ kind: 'Group', name: 'system:authenticated', apiGroup: 'rbac.authorization.k8s.io' }],
        roleRef: { kind: 'ClusterRole', name: 'view', apiGroup: 'rbac.authorization.k8s.io' },
      },
    ],
    [
      'PriorityClass',
      { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 },
      { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000, preemptionPolicy: 'PreemptLowerPriority' },
    ],
    [
      'EndpointSlice',
      { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'e' }, addressType: 'IPv4', endpoints: [], ports: [{ port: 80 }] },
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { name: 'e' },
        addressType: 'IPv4',
        endpoints: [],
        ports: [{ port: 80, name: '', protocol: 'TCP' }],
      },
    ],
  ]);
});
