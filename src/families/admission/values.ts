/**
 * @file The values Kubernetes binds to the variables of an admission-policy CEL program (k8s.io/apiserver
 * pkg/admission/plugin/cel/activation.go, `newActivation`; condition.go, `CreateAdmissionRequest`,
 * `CreateNamespaceObject`): objects with the number semantics of the evaluation, the typed
 * `AdmissionRequest` as a map, and the namespace object.
 */
import type { JsonObject, JsonValue, NumberMode } from '../../types.js';
import { toFloat64Numbers } from '../../util/json-value.js';

/** Converted objects by number mode (resources and parameters are never mutated). */
const asInts = new WeakMap<object, unknown>();

/**
 * A JSON value as CEL sees it. `float64` (`kyverno test`, which converts every number of a loaded resource to
 * float64, kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test/test.go `ProcessResources`): every number is a
 * CEL `double` (a JavaScript number). `int64` (`kyverno apply`, admission requests): integral numbers are CEL
 * `int`s (bigints), the others `double`s.
 */
export function celValue(value: JsonValue, mode: NumberMode): unknown {
  if (mode === 'float64') return toFloat64Numbers(value);
  return withInts(value);
}

function withInts(value: JsonValue): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (value === null || typeof value !== 'object') return value;
  const cached = asInts.get(value);
  if (cached !== undefined) return cached;
  let out: unknown;
  if (Array.isArray(value)) {
    out = value.map(withInts);
  } else {
    const object: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) object[key] = withInts(item);
    out = object;
  }
  asInts.set(value, out);
  return out;
}

/** `{group, version, kind}` of a resource's `apiVersion` and `kind`. */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** The admission user (authentication/v1 `UserInfo`). */
export interface AdmissionUser {
  username?: string;
  uid?: string;
  groups?: readonly string[];
  extra?: Readonly<Record<string, readonly string[]>>;
}

/** What the `request` variable is built from (admission `Attributes`). */
export interface AdmissionRequestInput {
  kind: GroupVersionKind;
  /** The resource the request is for (`{group, version, resource}`); empty in the Kyverno CLI's classic engine. */
  resource: { group: string; version: string; resource: string };
  subResource?: string;
  name: string;
  namespace: string;
  operation: string;
  user: AdmissionUser;
}

/**
 * The `request` variable: the `AdmissionRequest` Kubernetes creates (condition.go, `CreateAdmissionRequest`) as
 * the map CEL reads. Fields tagged `omitempty` are absent when empty (the request is converted through its JSON
 * form), so `request.userInfo.username` is an error without a user name; `object`/`oldObject` are not set.
 */
export function admissionRequest(input: AdmissionRequestInput): JsonObject {
  const userInfo: JsonObject = {};
  if (input.user.username) userInfo.username = input.user.username;
  if (input.user.uid) userInfo.uid = input.user.uid;
  if (input.user.groups && input.user.groups.length > 0) userInfo.groups = [...input.user.groups];
  const extra = Object.entries(input.user.extra ?? {});
  if (extra.length > 0) userInfo.extra = Object.fromEntries(extra.map(([key, values]) => [key, [...values]]));
  const kind: JsonObject = { group: input.kind.group, version: input.kind.version, kind: input.kind.kind };
  const resource: JsonObject = { ...input.resource };
  const request: JsonObject = { uid: '', kind, resource };
  if (input.subResource) request.subResource = input.subResource;
  request.requestKind = { ...kind };
  request.requestResource = { ...resource };
  if (input.subResource) request.requestSubResource = input.subResource;
  if (input.name) request.name = input.name;
  if (input.namespace) request.namespace = input.namespace;
  request.operation = input.operation;
  request.userInfo = userInfo;
  request.dryRun = false;
  return request;
}

/**
 * The `namespaceObject` variable for a namespace `name` and its labels: the Namespace object Kubernetes exposes
 * (condition.go, `CreateNamespaceObject`) reduced to what is known offline. Null without a namespace.
 */
export function namespaceObject(name: string, labels?: Readonly<Record<string, string>>): JsonObject | null {
  if (name === '') return null;
  const metadata: JsonObject = { name };
  if (labels !== undefined && Object.keys(labels).length > 0) metadata.labels = { ...labels };
  return { metadata };
}

/** The group, version and kind of an object (`apiVersion` `group/version`, or `version` for the core group). */
export function groupVersionKind(object: JsonObject): GroupVersionKind {
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  const slash = apiVersion.indexOf('/');
  return {
    group: slash >= 0 ? apiVersion.slice(0, slash) : '',
    version: slash >= 0 ? apiVersion.slice(slash + 1) : apiVersion,
    kind: typeof object.kind === 'string' ? object.kind : '',
  };
}

/** `metadata.<field>` of an object when it is a string, else "". */
export function metadataString(object: JsonObject | null, field: string): string {
  const metadata = object?.metadata;
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return '';
  const value = metadata[field];
  return typeof value === 'string' ? value : '';
}

/** The operation and objects of an admission-policy request. */
export interface AdmissionPolicyRequest {
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  /** The object; null for a DELETE. */
  object: JsonObject | null;
  /** The object before the change; null for a CREATE. */
  oldObject: JsonObject | null;
}

/**
 * The operation, object and old object a ValidatingAdmissionPolicy or MutatingAdmissionPolicy is evaluated with.
 * The Kyverno CLI always evaluates them as a CREATE of the resource, whatever the operation (kyverno/kyverno
 * pkg/admissionpolicy/validate.go and mutate.go: `admission.NewAttributesRecord(resource, nil, …, admission.Create,
 * …)`); so does this without an old object. Given the object before the change, the request is the one the API
 * server admits: an UPDATE has the resource as object and the old object as `oldObject`, a DELETE only the
 * resource as `oldObject` (k8s.io/apiserver pkg/admission/attributes.go, `NewAttributesRecord`).
 */
export function admissionPolicyRequest(operation: string | undefined, resource: JsonObject, oldResource: JsonObject | undefined): AdmissionPolicyRequest {
  if (oldResource === undefined) return { operation: 'CREATE', object: resource, oldObject: null };
  if (operation === 'UPDATE') return { operation, object: resource, oldObject: oldResource };
  if (operation === 'DELETE') return { operation, object: null, oldObject: resource };
  return { operation: 'CREATE', object: resource, oldObject: null };
}
