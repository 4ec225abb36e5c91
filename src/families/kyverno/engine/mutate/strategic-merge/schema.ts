/**
 * @file The part of kyaml's built-in Kubernetes v1.21.2 OpenAPI schema that `patchStrategicMerge`
 * depends on (`kubernetesapi.DefaultOpenAPI` of kubernetes-sigs/kustomize
 * kyaml/openapi/kubernetesapi/openapiinfo.go, kyaml v0.21.1, as kyaml/yaml/walk/walk.go `Walker.Walk`
 * reads it through kyaml/yaml/schema/schema.go `IsAssociative` and kyaml/openapi/openapi.go
 * `ResourceSchema.PatchStrategyAndKeyList`): which list fields are associative
 * (`x-kubernetes-patch-strategy` containing `merge`) and their merge keys (`x-kubernetes-list-map-keys`,
 * else `x-kubernetes-patch-merge-key`). Every field not described here is atomic, and kinds that are not
 * listed (CRDs, `autoscaling/v2` …) have no schema at all.
 */

/** A schema node: object properties, list element schema, and the list's patch strategy and keys. */
export interface SchemaNode {
  readonly fields?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  /** `x-kubernetes-patch-strategy` of a list field (`merge`, `merge,retainKeys`). */
  readonly strategy?: string;
  /** Merge keys; empty for a primitive set (`finalizers`). */
  readonly keys?: readonly string[];
}

function assoc(keys: readonly string[], items?: SchemaNode, strategy = 'merge'): SchemaNode {
  return items === undefined ? { strategy, keys } : { strategy, keys, items };
}

const OBJECT_META: SchemaNode = {
  fields: {
    ownerReferences: assoc(['uid']),
    finalizers: assoc([]),
  },
};

function containerSchema(withPorts: boolean): SchemaNode {
  const fields: Record<string, SchemaNode> = {
    env: assoc(['name']),
    volumeMounts: assoc(['mountPath']),
    volumeDevices: assoc(['devicePath']),
  };
  if (withPorts) fields['ports'] = assoc(['containerPort', 'protocol']);
  return { fields };
}

const CONTAINER = containerSchema(true);
const EPHEMERAL_CONTAINER = containerSchema(false);

const POD_SPEC: SchemaNode = {
  fields: {
    containers: assoc(['name'], CONTAINER),
    initContainers: assoc(['name'], CONTAINER),
    ephemeralContainers: assoc(['name'], EPHEMERAL_CONTAINER),
    volumes: assoc(['name'], undefined, 'merge,retainKeys'),
    imagePullSecrets: assoc(['name']),
    hostAliases: assoc(['ip']),
    topologySpreadConstraints: assoc(['topologyKey', 'whenUnsatisfiable']),
  },
};

const POD_TEMPLATE_SPEC: SchemaNode = { fields: { metadata: OBJECT_META, spec: POD_SPEC } };

const POD_STATUS: SchemaNode = {
  fields: { conditions: assoc(['type']), podIPs: assoc(['ip']) },
};

const JOB_SPEC: SchemaNode = { fields: { template: POD_TEMPLATE_SPEC } };
const CRON_JOB_SPEC: SchemaNode = {
  fields: { jobTemplate: { fields: { metadata: OBJECT_META, spec: JOB_SPEC } } },
};

function kind(fields: Record<string, SchemaNode> = {}): SchemaNode {
  return { fields: { metadata: OBJECT_META, ...fields } };
}

const WITH_POD_TEMPLATE = kind({ spec: { fields: { template: POD_TEMPLATE_SPEC } } });
const PLAIN = kind();

/** Kinds of the v1.21.2 schema, keyed `apiVersion/Kind`. */
const KINDS: ReadonlyMap<string, SchemaNode> = new Map<string, SchemaNode>([
  ['v1/Pod', kind({ spec: POD_SPEC, status: POD_STATUS })],
  ['v1/PodTemplate', kind({ template: POD_TEMPLATE_SPEC })],
  ['v1/ReplicationController', WITH_POD_TEMPLATE],
  ['v1/Service', kind({ spec: { fields: { ports: assoc(['port', 'protocol']) } } })],
  ['v1/ServiceAccount', kind({ secrets: assoc(['name']) })],
  ['v1/Node', kind({ spec: { fields: { podCIDRs: assoc([]) } }, status: { fields: { addresses: assoc(['type']), conditions: assoc(['type']) } } })],
  ...['ConfigMap', 'Secret', 'Namespace', 'PersistentVolumeClaim', 'PersistentVolume', 'LimitRange', 'ResourceQuota', 'Endpoints', 'Event']
    .map((k): [string, SchemaNode] => [`v1/${k}`, PLAIN]),
  ...['Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet'].map((k): [string, SchemaNode] => [`apps/v1/${k}`, WITH_POD_TEMPLATE]),
  ['batch/v1/Job', kind({ spec: JOB_SPEC })],
  ['batch/v1/CronJob', kind({ spec: CRON_JOB_SPEC })],
  ['batch/v1beta1/CronJob', kind({ spec: CRON_JOB_SPEC })],
  ...[
    'networking.k8s.io/v1/Ingress',
    'networking.k8s.io/v1/IngressClass',
    'networking.k8s.io/v1/NetworkPolicy',
    'networking.k8s.io/v1beta1/Ingress',
    'extensions/v1beta1/Ingress',
    'policy/v1/PodDisruptionBudget',
    'policy/v1beta1/PodDisruptionBudget',
    'rbac.authorization.k8s.io/v1/Role',
    'rbac.authorization.k8s.io/v1/ClusterRole',
    'rbac.authorization.k8s.io/v1/RoleBinding',
    'rbac.authorization.k8s.io/v1/ClusterRoleBinding',
    'storage.k8s.io/v1/StorageClass',
    'scheduling.k8s.io/v1/PriorityClass',
    'node.k8s.io/v1/RuntimeClass',
    'autoscaling/v1/HorizontalPodAutoscaler',
    'autoscaling/v2beta1/HorizontalPodAutoscaler',
    'autoscaling/v2beta2/HorizontalPodAutoscaler',
    'coordination.k8s.io/v1/Lease',
  ].map((k): [string, SchemaNode] => [k, PLAIN]),
  ...[
    'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration',
    'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration',
  ].map((k): [string, SchemaNode] => [k, kind({ webhooks: assoc(['name']) })]),
]);

/** The `apiVersion`s the schema describes a kind of (`Deployment` → `apps/v1`). */
export function schemaApiVersions(kindName: string): string[] {
  const out: string[] = [];
  for (const key of KINDS.keys()) {
    const slash = key.lastIndexOf('/');
    if (key.slice(slash + 1) === kindName) out.push(key.slice(0, slash));
  }
  return out;
}

/** `openapi.SchemaForResourceType`: the schema of a kind, or `null` when the 1.21.2 schema lacks it. */
export function schemaForResourceType(apiVersion: string, kindName: string): SchemaNode | null {
  return KINDS.get(`${apiVersion}/${kindName}`) ?? null;
}

/** `ResourceSchema.Field`. */
export function fieldSchema(schema: SchemaNode | null, key: string): SchemaNode | null {
  return schema?.fields?.[key] ?? null;
}

/** `schema.IsAssociative` with inference off: the field's strategy contains `merge`. */
export function isAssociative(schema: SchemaNode | null): boolean {
  const strategy = schema?.strategy;
  if (strategy === undefined) return false;
  let associative = ASSOCIATIVE.get(strategy);
  if (associative === undefined) {
    associative = strategy.split(',').includes('merge');
    ASSOCIATIVE.set(strategy, associative);
  }
  return associative;
}

/** `isAssociative` by strategy (the schema has a few). */
const ASSOCIATIVE = new Map<string, boolean>();
