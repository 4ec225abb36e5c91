/**
 * @file Defaults of the other API groups: kubernetes/kubernetes pkg/apis/<group>/<version>/defaults.go of
 * autoscaling, networking, storage, rbac, scheduling and discovery.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import { defaultNil, defaultString, editObject, editObjects, edited, isEmptyCollection, isNil } from './edit.js';

/** autoscaling/v1 `SetDefaults_HorizontalPodAutoscaler`. */
export function defaultHPAv1(hpa: JsonObject): JsonObject {
  return edited(hpa, (d) => editObject(d, 'spec', (spec) => edited(spec, (s) => defaultNil(s, 'minReplicas', 1)), true));
}

/** pkg/apis/autoscaling `DefaultCPUUtilization`. */
const DEFAULT_CPU_UTILIZATION = 80;

/** autoscaling/v2 `defaultHPAScaleUpRules` (a fresh copy). */
function scaleUpRules(): JsonObject {
  return {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  };
}

/** autoscaling/v2 `defaultHPAScaleDownRules` (a fresh copy; the stabilization window stays unset). */
function scaleDownRules(): JsonObject {
  return { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };
}

/**
 * `GenerateHPAScaleUpRules` / `GenerateHPAScaleDownRules`: the defaults with every non-nil field of the
 * given rules copied over (`copyHPAScalingRules`). Keys given keep their order, defaults fill the rest.
 */
function scalingRules(given: JsonValue | undefined, defaults: JsonObject): JsonObject {
  if (!isObject(given)) return defaults;
  return edited(given, (d) => {
    for (const key of Object.keys(defaults)) defaultNil(d, key, defaults[key]!);
  });
}

/** autoscaling/v2 `SetDefaults_HorizontalPodAutoscaler` and `SetDefaults_HorizontalPodAutoscalerBehavior`. */
export function defaultHPAv2(hpa: JsonObject): JsonObject {
  return edited(hpa, (d) =>
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          defaultNil(s, 'minReplicas', 1);
          if (isEmptyCollection(s.get('metrics'))) {
            s.set('metrics', [
              {
                type: 'Resource',
                resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } },
              },
            ]);
          }
          editObject(s, 'behavior', (behavior) =>
            edited(behavior, (b) => {
              b.set('scaleUp', scalingRules(b.get('scaleUp'), scaleUpRules()));
              b.set('scaleDown', scalingRules(b.get('scaleDown'), scaleDownRules()));
            }),
          );
        }),
      true,
    ),
  );
}

/** `SetDefaults_NetworkPolicyPort`. */
function defaultNetworkPolicyRule(rule: JsonObject): JsonObject {
  return edited(rule, (r) => editObjects(r, 'ports', (port) => edited(port, (p) => defaultNil(p, 'protocol', 'TCP'))));
}

/** networking/v1 `SetDefaults_NetworkPolicy` and `SetDefaults_NetworkPolicyPort`. */
export function defaultNetworkPolicy(policy: JsonObject): JsonObject {
  return edited(policy, (d) =>
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          editObjects(s, 'ingress', defaultNetworkPolicyRule);
          editObjects(s, 'egress', defaultNetworkPolicyRule);
          if (isEmptyCollection(s.get('policyTypes'))) {
            s.set('policyTypes', isEmptyCollection(s.get('egress')) ? ['Ingress'] : ['Ingress', 'Egress']);
          }
        }),
      true,
    ),
  );
}

/** networking/v1 `SetDefaults_IngressClass`. */
export function defaultIngressClass(ingressClass: JsonObject): JsonObject {
  return edited(ingressClass, (d) =>
    editObject(d, 'spec', (spec) =>
      edited(spec, (s) => editObject(s, 'parameters', (parameters) => edited(parameters, (p) => defaultNil(p, 'scope', 'Cluster'))))),
  );
}

/** storage/v1 `SetDefaults_StorageClass`. */
export function defaultStorageClass(storageClass: JsonObject): JsonObject {
  return edited(storageClass, (d) => {
    defaultNil(d, 'reclaimPolicy', 'Delete');
    defaultNil(d, 'volumeBindingMode', 'Immediate');
  });
}

/** storage/v1 `SetDefaults_CSIDriver` (`seLinuxMount`: `SELinuxMountReadWriteOncePod`, on by default since 1.28). */
export function defaultCSIDriver(driver: JsonObject): JsonObject {
  return edited(driver, (d) =>
    editObject(
      d,
      'spec',
      (spec) =>
        edited(spec, (s) => {
          defaultNil(s, 'attachRequired', true);
          defaultNil(s, 'podInfoOnMount', false);
          defaultNil(s, 'storageCapacity', false);
          defaultNil(s, 'fsGroupPolicy', 'ReadWriteOnceWithFSType');
          if (isEmptyCollection(s.get('volumeLifecycleModes'))) s.set('volumeLifecycleModes', ['Persistent']);
          defaultNil(s, 'requiresRepublish', false);
          defaultNil(s, 'seLinuxMount', false);
        }),
      true,
    ),
  );
}

const RBAC_GROUP = 'rbac.authorization.k8s.io';

/** rbac/v1 `SetDefaults_Subject`: the API group of a user or a group. */
function defaultSubject(subject: JsonObject): JsonObject {
  return edited(subject, (d) => {
    const kind = d.get('kind');
    if (isNil(d.get('apiGroup')) || d.get('apiGroup') === '') {
      if (kind === 'User' || kind === 'Group') d.set('apiGroup', RBAC_GROUP);
    }
  });
}

/** rbac/v1 `SetDefaults_RoleBinding` / `SetDefaults_ClusterRoleBinding` and `SetDefaults_Subject`. */
export function defaultRoleBinding(binding: JsonObject): JsonObject {
  return edited(binding, (d) => {
    editObjects(d, 'subjects', defaultSubject);
    editObject(d, 'roleRef', (ref) => edited(ref, (r) => defaultString(r, 'apiGroup', RBAC_GROUP)), true);
  });
}

/** scheduling/v1 `SetDefaults_PriorityClass`. */
export function defaultPriorityClass(priorityClass: JsonObject): JsonObject {
  return edited(priorityClass, (d) => defaultNil(d, 'preemptionPolicy', 'PreemptLowerPriority'));
}

/** discovery/v1 `SetDefaults_EndpointPort`. */
export function defaultEndpointSlice(slice: JsonObject): JsonObject {
  return edited(slice, (d) =>
    editObjects(d, 'ports', (port) =>
      edited(port, (p) => {
        defaultNil(p, 'name', '');
        defaultNil(p, 'protocol', 'TCP');
      }),
    ),
  );
}
