/**
 * @file The JSON context the Kyverno CLI builds for one resource (`pkg/engine/policycontext`
 * `NewPolicyContext` and the CLI's `makePolicyContext`): `request.object` (or `request.oldObject`
 * for DELETE, plus a copy for UPDATE), `request.namespace`, `request.operation`, user info and
 * service account only when a user-info file is given, and the lazily built `images`; then the
 * variables of a values file. The data is kept per resource: every policy starts from the same.
 * An UPDATE given the object before the change has it as `request.oldObject`, as the admission
 * controller's context holds the request's `oldObject` (`NewPolicyContextFromAdmissionRequest`).
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import type { RequestUserInfo } from '../../../../evaluate/types.js';
import { extractImages } from '../../../../util/image-reference.js';
import type { ContextLoader } from './deferred.js';
import { JsonContext } from './json-context.js';
import { toFloat64Numbers } from '../../../../util/json-value.js';

/** What the mocked admission request is built from. */
interface AdmissionRequestInput {
  /** The resource (for DELETE, the object being deleted). */
  resource: JsonObject;
  /** `request.operation` verbatim; default `CREATE`. UPDATE and DELETE select the engine operation. */
  operation?: string;
  /**
   * The object before an UPDATE (`request.oldObject`); absent, an UPDATE's old object is `resource` (the
   * CLI's `makePolicyContext`). Ignored for other operations: a DELETE's old object is `resource`.
   */
  oldResource?: JsonObject;
  /** User info of a `cli.kyverno.io/v1alpha1` UserInfo file; absent means none. */
  userInfo?: RequestUserInfo;
  /**
   * Values-file variables (dotted keys), added in order after the request data as `addAtPath` adds
   * them. Throws Go's csv error for a malformed key.
   */
  values?: Readonly<Record<string, JsonValue>>;
}

/** Kyverno `RequestInfo` as JSON (`omitempty` on roles, clusterRoles and the user fields). */
function requestInfoJson(info: RequestUserInfo): JsonObject {
  const out: JsonObject = {};
  if (info.roles && info.roles.length > 0) out.roles = info.roles;
  if (info.clusterRoles && info.clusterRoles.length > 0) out.clusterRoles = info.clusterRoles;
  const user: JsonObject = {};
  const source = info.userInfo ?? {};
  if (source.username) user.username = source.username;
  if (source.uid) user.uid = source.uid;
  if (source.groups && source.groups.length > 0) user.groups = source.groups;
  if (source.extra && Object.keys(source.extra).length > 0) user.extra = source.extra;
  out.userInfo = user;
  return out;
}

/**
 * Kyverno `AddServiceAccount`: the username after the first 22 bytes (the length of
 * `system:serviceaccount:`, not checked), split on `:` into namespace and name.
 */
export function serviceAccountOf(username: string): { serviceAccountName: string; serviceAccountNamespace: string } {
  const bytes = Buffer.from(username, 'utf8');
  const prefixLength = 'system:serviceaccount:'.length;
  const rest = bytes.length <= prefixLength ? '' : bytes.subarray(prefixLength).toString('utf8');
  const groups = rest.split(':');
  return groups.length >= 2
    ? { serviceAccountName: groups[1]!, serviceAccountNamespace: groups[0]! }
    : { serviceAccountName: '', serviceAccountNamespace: '' };
}

/** The namespace of a resource as `unstructured.GetNamespace` reads it. */
function namespaceOf(resource: JsonObject): string {
  const metadata = resource.metadata;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return '';
  return typeof metadata.namespace === 'string' ? metadata.namespace : '';
}

/**
 * Builds the JSON context of one evaluation as the Kyverno CLI does, with the values-file variables
 * of `request.values` added.
 */
export function createAdmissionContext(request: AdmissionRequestInput): JsonContext {
  const data = request.values === undefined ? admissionData(request) : admissionDataWithValues(request, request.values);
  const context = new JsonContext(data);
  context.registerDeferred('images', new ImagesLoader(context, request.resource));
  return context;
}

interface AdmissionData {
  operation: string;
  userInfo: RequestUserInfo | undefined;
  /** The old object given for an UPDATE (undefined for the resource itself, and for other operations). */
  oldResource: JsonObject | undefined;
  data: JsonObject;
  /** The data with the last values added to it (a copy of the values, and the object they were given in). */
  withValues?: { values: Readonly<Record<string, JsonValue>>; given: Readonly<Record<string, JsonValue>>; data: JsonObject };
}

/**
 * The data of the last admission context built for each resource (by identity). Every policy
 * evaluated on a resource starts from the same data, and contexts never mutate their data.
 */
const admissionDataCache = new WeakMap<JsonObject, AdmissionData>();

/** The initial context data of a request: `request.object`/`oldObject`, namespace, user info, operation. */
function admissionData(request: AdmissionRequestInput): JsonObject {
  return admissionEntry(request).data;
}

/**
 * The initial context data of a request with `values` added. Every policy evaluated on a resource
 * is given the same values (the same keys in the same order, the same values): the data is kept
 * with the admission data of the resource.
 */
function admissionDataWithValues(request: AdmissionRequestInput, values: Readonly<Record<string, JsonValue>>): JsonObject {
  const entry = admissionEntry(request);
  const last = entry.withValues;
  // The processor gives every policy of a resource the same values object: compared only when it is another.
  if (last !== undefined && (last.given === values || sameValues(last.values, values))) {
    last.given = values;
    return last.data;
  }
  const context = new JsonContext(entry.data);
  for (const [key, value] of Object.entries(values)) context.addAtPath(key, value);
  const data = context.snapshot();
  entry.withValues = { values: { ...values }, given: values, data };
  return data;
}

/** Whether two sets of values hold the same keys, in the same order, with identical values. */
function sameValues(a: Readonly<Record<string, JsonValue>>, b: Readonly<Record<string, JsonValue>>): boolean {
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (other[i] !== key || a[key] !== b[key]) return false;
  }
  return true;
}

/** The cache entry of a request's admission data, made when missing or made for another request. */
function admissionEntry(request: AdmissionRequestInput): AdmissionData {
  const operation = request.operation ?? 'CREATE';
  const resource = request.resource;
  const oldResource = operation === 'UPDATE' ? request.oldResource : undefined;
  const cached = admissionDataCache.get(resource);
  if (cached !== undefined && cached.operation === operation && cached.userInfo === request.userInfo && cached.oldResource === oldResource) {
    return cached;
  }
  const context = new JsonContext();
  // The admission request reaches the context through a JSON round trip (`AddRequest` →
  // `jsonutils.DocumentToUntyped`, pkg/engine/context/context.go): its numbers are float64 there, so
  // conditions and JMESPath see integers beyond 2^53 rounded, while patterns check the exact resource.
  // (The CLI's resources are float64 already: `ProcessResources` in `kyverno apply` and `kyverno test`.)
  const object = toFloat64Numbers(resource);
  if (operation === 'DELETE') context.setOldResource(object);
  else context.setResource(object);
  context.merge({ request: { namespace: namespaceOf(resource) } });
  if (request.userInfo !== undefined) {
    context.merge({ request: requestInfoJson(request.userInfo) });
    context.merge(serviceAccountOf(request.userInfo.userInfo?.username ?? ''));
  }
  context.merge({ request: { operation } });
  if (operation === 'UPDATE') context.setOldResource(oldResource === undefined ? object : toFloat64Numbers(oldResource));
  const entry: AdmissionData = { operation, userInfo: request.userInfo, oldResource, data: context.snapshot() };
  admissionDataCache.set(resource, entry);
  return entry;
}

/** The deferred loader of `images`. */
class ImagesLoader implements ContextLoader {
  constructor(
    private readonly context: JsonContext,
    private readonly resource: JsonObject,
  ) {}

  loadData(): void {
    const images = imagesOf(this.resource);
    if (images === null) return;
    // Merging the images into the very same images gives them again (`mergeMaps` copies equal values): a
    // loader run that would change nothing is skipped.
    if (this.context.snapshot().images === images) return;
    this.context.merge({ images });
  }

  /** Kyverno's image loader never records that it ran: it runs again for every matching query. */
  hasLoaded(): boolean {
    return false;
  }
}

/** Extracted images by resource identity (resources are never mutated); failures are not kept. */
const imagesCache = new WeakMap<JsonObject, JsonObject | null>();

function imagesOf(resource: JsonObject): JsonObject | null {
  let images = imagesCache.get(resource);
  if (images === undefined) {
    images = extractImages(resource);
    imagesCache.set(resource, images);
  }
  return images;
}
