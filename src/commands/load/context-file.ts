/**
 * @file The `cli.kyverno.io/v1alpha1` `Context` file of the CEL policies (a Test's `context`, `kyverno apply
 * --context-file`), read as Kyverno's CLI reads it (kyverno/kyverno cmd/cli/kubectl-kyverno/context/load.go,
 * `Load`: `yaml.UnmarshalStrict` of the first document into apis/v1alpha1/context.go `Context`; then
 * cmd/cli/kubectl-kyverno/processor/utils.go, `NewContextProvider`): unknown fields are errors, every object of
 * `spec.resources` must have a kind the CLI's REST mapper knows, and every `spec.images` entry becomes the map
 * `image.GetMetadata` returns (Go's JSON encoding of `ImageData`: `image`, `resolvedImage`, `registry` and
 * `repository` always present, the others only when set).
 */
import { policyKindOf, POLICY_KINDS } from '../../evaluate/kinds.js';
import type { CelContextData } from '../../evaluate/types.js';
import { readSourceFile } from '../../source/index.js';
import type { JsonObject, JsonValue, SourceLocation } from '../../types.js';
import { ANY, ANY_MAP, decodeStrict, list, STRING, struct } from '../../evaluate/strict-decode.js';
import { isObject } from '../../util/json-value.js';
import { IMAGE_DATA } from '../../evaluate/image-data.js';
import { goQuote } from '../../util/go-strings.js';
import type { DiagnosticLog } from './diagnostics.js';
import { locateIn, parseFile, reportAt } from './documents.js';


const CONTEXT = struct({
  apiVersion: STRING,
  kind: STRING,
  metadata: ANY_MAP,
  spec: struct({ resources: list(ANY), images: list(IMAGE_DATA) }),
});

/**
 * The kinds the Kyverno CLI's REST mapper knows offline, by group and version (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/data/api-group-resources.json, read by pkg/utils/restmapper/restmapper.go
 * `GetRESTMapper` for its fake client): `NewContextProvider` maps every Context object with it.
 */
const MAPPED_KINDS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  '': {
    v1: [
      'Binding', 'ComponentStatus', 'ConfigMap', 'Endpoints', 'Event', 'LimitRange', 'Namespace', 'Node', 'PersistentVolume',
      'PersistentVolumeClaim', 'Pod', 'PodTemplate', 'ReplicationController', 'ResourceQuota', 'Secret', 'Service', 'ServiceAccount',
    ],
  },
  'apiregistration.k8s.io': { v1: ['APIService'] },
  apps: { v1: ['ControllerRevision', 'DaemonSet', 'Deployment', 'ReplicaSet', 'StatefulSet'] },
  'events.k8s.io': { v1: ['Event'] },
  'authentication.k8s.io': { v1: ['SelfSubjectReview', 'TokenReview'] },
  'authorization.k8s.io': { v1: ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview', 'SubjectAccessReview'] },
  autoscaling: { v1: ['HorizontalPodAutoscaler'], v2: ['HorizontalPodAutoscaler'] },
  batch: { v1: ['CronJob', 'Job'] },
  'certificates.k8s.io': { v1: ['CertificateSigningRequest'] },
  'networking.k8s.io': { v1: ['IPAddress', 'Ingress', 'IngressClass', 'NetworkPolicy', 'ServiceCIDR'] },
  policy: { v1: ['PodDisruptionBudget'] },
  'rbac.authorization.k8s.io': { v1: ['ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding'] },
  'storage.k8s.io': { v1: ['CSIDriver', 'CSINode', 'CSIStorageCapacity', 'StorageClass', 'VolumeAttachment', 'VolumeAttributesClass'] },
  'admissionregistration.k8s.io': {
    v1: ['MutatingWebhookConfiguration', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'ValidatingWebhookConfiguration'],
  },
  'apiextensions.k8s.io': { v1: ['CustomResourceDefinition'] },
  'scheduling.k8s.io': { v1: ['PriorityClass'] },
  'coordination.k8s.io': { v1: ['Lease'] },
  'node.k8s.io': { v1: ['RuntimeClass'] },
  'discovery.k8s.io': { v1: ['EndpointSlice'] },
  'resource.k8s.io': { v1: ['DeviceClass', 'ResourceClaim', 'ResourceClaimTemplate', 'ResourceSlice'] },
  'flowcontrol.apiserver.k8s.io': { v1: ['FlowSchema', 'PriorityLevelConfiguration'] },
};

/** Why an object of `spec.resources` cannot be mapped to a resource, as the REST mapper says it; null when it can. */
function mappingProblem(object: JsonObject): string | null {
  const kind = typeof object.kind === 'string' ? object.kind : '';
  // unstructured.Unstructured refuses an object without kind (runtime.NewMissingKindErr).
  if (kind === '') return `Object 'Kind' is missing in '${JSON.stringify(object)}'`;
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  const parts = apiVersion.split('/');
  // An apiVersion with more than one `/` gives an empty GroupVersionKind (schema.ParseGroupVersion fails).
  const [group, version] = parts.length === 1 ? ['', parts[0]!] : parts.length === 2 ? [parts[0]!, parts[1]!] : ['', ''];
  const mappedKind = parts.length > 2 ? '' : kind;
  if (mappedKind !== '' && MAPPED_KINDS[group]?.[version]?.includes(mappedKind) === true) return null;
  // meta.NoKindMatchError with one searched version.
  return `no matches for kind ${goQuote(mappedKind)} in version ${goQuote(group === '' ? version : `${group}/${version}`)}`;
}

/** One `spec.images` entry as Go's JSON encoding of `ImageData` gives it (the map `image.GetMetadata` returns). */
function imageData(raw: JsonObject): JsonObject {
  const text = (key: string): string => (typeof raw[key] === 'string' ? raw[key] : '');
  const image: JsonObject = { image: text('image'), resolvedImage: text('resolvedImage'), registry: text('registry'), repository: text('repository') };
  for (const key of ['tag', 'digest'] as const) if (text(key) !== '') image[key] = text(key);
  for (const key of ['imageIndex', 'manifest', 'config'] as const) {
    const value: JsonValue | undefined = raw[key];
    if (value !== undefined && value !== null) image[key] = value;
  }
  return image;
}

/** A Context file that cannot be used: the reason, and where it is. */
export interface ContextFileError {
  message: string;
  location: SourceLocation;
}

/**
 * Reads the Context file at `file` (an absolute path). Every problem is reported on `log`; the first one is
 * returned as the error that stops the evaluation (Kyverno aborts with it).
 */
export function loadContextFile(file: string, log: DiagnosticLog): { data: CelContextData } | { error: ContextFileError } {
  const whole = { file, line: 1, column: 1 };
  const read = readSourceFile(file, log.maxFileSize);
  for (const problem of read.problems) log.report(problem);
  if (read.file === null) return { error: { message: read.problems[0]?.message ?? 'cannot be read', location: whole } };
  const before = log.errorCount;
  const loaded = parseFile(file, read.file.text, log);
  if (log.errorCount > before) return { error: { message: 'not valid YAML', location: whole } };
  // Like `yaml.UnmarshalStrict`, only the first document is read; an empty file is an empty Context.
  const document = loaded.documents[0];
  if (document === undefined || document.value === null) return { data: { resources: [], images: [] } };
  const { value, errors } = decodeStrict(document.value, CONTEXT);
  const spec = isObject(value.spec) ? value.spec : {};
  const resources = Array.isArray(spec.resources) ? spec.resources : [];
  resources.forEach((resource, index) => {
    const path = ['spec', 'resources', index];
    if (!isObject(resource)) {
      const found = resource === null ? 'null' : Array.isArray(resource) ? 'array' : typeof resource;
      errors.push({ message: `cannot decode ${found} as a Kubernetes object`, path });
    }
    else {
      const problem = mappingProblem(resource);
      if (problem !== null) errors.push({ message: problem, path: [...path, 'kind'] });
    }
  });
  if (errors.length > 0) {
    for (const error of errors) reportAt(log, loaded, document, error.path, error.message);
    const first = errors[0]!;
    return { error: { message: first.message, location: locateIn(loaded, document, first.path) } };
  }
  const images = Array.isArray(spec.images) ? spec.images : [];
  return { data: { resources: resources.filter(isObject), images: images.filter(isObject).map(imageData) } };
}

/** The policy kinds whose evaluation reads the Context file (`policies.kyverno.io`: ValidatingPolicy, MutatingPolicy, …). */
const CONTEXT_READERS: ReadonlySet<string> = new Set(
  POLICY_KINDS.filter((entry) => entry.group === 'policies.kyverno.io' && entry.role === 'policy').map((entry) => entry.kind),
);

/**
 * Whether Kyverno reads the Context file for these policy documents: only the evaluation of a
 * `policies.kyverno.io` policy builds the context provider that loads it (cmd/cli/kubectl-kyverno/processor/
 * policy_processor.go, `ApplyPoliciesOnResource`; commands/test/test.go, `applyImageValidatingPolicies`,
 * `applyDeletingPolicies`), so a Test of ClusterPolicies or admission policies never opens it.
 */
export function policiesReadContext(documents: readonly JsonObject[]): boolean {
  return documents.some((document) => {
    const kind = policyKindOf(String(document.apiVersion ?? ''), String(document.kind ?? ''));
    return kind !== undefined && CONTEXT_READERS.has(kind.kind);
  });
}
