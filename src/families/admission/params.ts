/**
 * @file Parameter resources of admission policies: Kyverno's `CollectParams` (kyverno/kyverno
 * pkg/admissionpolicy/utils.go), and the store the Kyverno CLI reads them from offline.
 *
 * Offline, the Kyverno CLI reads parameters through its fake cluster client (kyverno/kyverno ext/cluster/fake.go,
 * `fakeCluster.DClient`), which holds the test's resources, target resources and `paramResources`. Its discovery
 * (pkg/clients/dclient/fake.go, `fakeDiscoveryClient.FindResources`) knows a kind when the lower-cased kind plus
 * `s` is one of its resource names (those of the objects it holds, guessed from their kinds, and a few
 * preregistered ones), and then describes it with an empty `APIResource`: every known kind is cluster-scoped to
 * `CollectParams`. So a `paramRef.namespace` is refused, and `paramRef.name` finds only objects without a
 * namespace.
 */
import type { ClusterReader } from '../../evaluate/types.js';
import { builtinResourceTypes, guessPlural, parseLabelSelector, SelectorError } from '../../cluster/index.js';
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import { groupVersionKind, metadataString } from './values.js';

/** admissionregistration/v1 `ParamKind`. */
export interface ParamKind {
  readonly apiVersion?: string;
  readonly kind?: string;
}

/** admissionregistration/v1 `ParamRef`. */
export interface ParamRef {
  readonly name?: string;
  readonly namespace?: string;
  readonly selector?: JsonValue;
  readonly parameterNotFoundAction?: string;
}

/** Where parameter objects are read: a cluster's discovery and API. Failures are thrown as `Error`s. */
export interface ParamStore {
  /** Whether the kind is namespaced (`client.IsNamespaced`). */
  isNamespaced(group: string, version: string, kind: string): boolean;
  /** The object (`client.GetResource`); a missing one is an error. */
  get(apiVersion: string, kind: string, namespace: string, name: string): JsonObject;
  /** The objects in `namespace` ("" for all) whose labels match `selector` (`client.ListResource`). */
  list(apiVersion: string, kind: string, namespace: string, selector: string): JsonObject[];
}

/** The parameters, or the error `CollectParams` returns. */
export type CollectedParams = { readonly params: readonly JsonObject[] } | { readonly error: string };

/** apimachinery `schema.ParseGroupVersion`. */
function parseGroupVersion(apiVersion: string): { group: string; version: string } | null {
  if (apiVersion === '' || apiVersion === '/') return { group: '', version: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: parts[0]! };
  if (parts.length === 2) return { group: parts[0]!, version: parts[1]! };
  return null;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Kyverno's `CollectParams`: the parameter objects of `paramRef` for a request in `namespace`. */
export function collectParams(paramKind: ParamKind, paramRef: ParamRef, namespace: string, store: ParamStore): CollectedParams {
  const apiVersion = paramKind.apiVersion ?? '';
  const kind = paramKind.kind ?? '';
  const gv = parseGroupVersion(apiVersion);
  if (gv === null) return { error: "can't parse the parameter resource group version" };

  let namespaced: boolean;
  try {
    namespaced = store.isNamespaced(gv.group, gv.version, kind);
  } catch (error) {
    return { error: `failed to check if resource is namespaced or not (${message(error)})` };
  }
  let paramsNamespace = '';
  if (namespaced) {
    paramsNamespace = namespace;
    if (paramRef.namespace) paramsNamespace = paramRef.namespace;
    else if (paramsNamespace === '') return { error: "can't use namespaced paramRef to match cluster-scoped resources" };
  } else if (paramRef.namespace) {
    return { error: 'paramRef.namespace must not be provided for a cluster-scoped `paramKind`' };
  }

  let params: JsonObject[] = [];
  try {
    if (paramRef.name) return { params: [store.get(apiVersion, kind, paramsNamespace, paramRef.name)] };
    if (paramRef.selector !== undefined && paramRef.selector !== null) {
      params = store.list(apiVersion, kind, paramsNamespace, formatLabelSelector(paramRef.selector));
    }
  } catch (error) {
    return { error: message(error) };
  }
  if (params.length === 0 && paramRef.parameterNotFoundAction === 'Deny') return { error: 'no params found' };
  return { params };
}

const SELECTOR_OPERATORS: Readonly<Record<string, string>> = { In: 'in', NotIn: 'notin', Exists: '', DoesNotExist: '!' };

/**
 * apimachinery `metav1.FormatLabelSelector`: the string form of a `LabelSelector` (requirements sorted by key),
 * `<error>` for an invalid one.
 */
export function formatLabelSelector(selector: JsonValue): string {
  if (!isObject(selector)) return '';
  const requirements: [string, string][] = [];
  if (isObject(selector.matchLabels)) {
    for (const [key, value] of Object.entries(selector.matchLabels)) requirements.push([key, `${key}=${String(value)}`]);
  }
  for (const expression of Array.isArray(selector.matchExpressions) ? selector.matchExpressions : []) {
    if (!isObject(expression)) return '<error>';
    const key = typeof expression.key === 'string' ? expression.key : '';
    const operator = typeof expression.operator === 'string' ? SELECTOR_OPERATORS[expression.operator] : undefined;
    if (operator === undefined) return '<error>';
    const values = Array.isArray(expression.values) ? expression.values.map(String).sort() : [];
    if (operator === 'in' || operator === 'notin') {
      if (values.length === 0) return '<error>';
      requirements.push([key, `${key} ${operator} (${values.join(',')})`]);
    } else {
      if (values.length > 0) return '<error>';
      requirements.push([key, `${operator}${key}`]);
    }
  }
  return requirements
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, text]) => text)
    .join(',');
}

/** The resource names the Kyverno CLI's fake discovery client preregisters (`NewFakeDiscoveryClient`). */
const PREREGISTERED = ['configmaps', 'endpoints', 'namespaces', 'resourcequotas', 'secrets', 'serviceaccounts', 'daemonsets', 'deployments', 'statefulsets'];

/** The plural of a kind: the built-in one, else guessed (apimachinery `UnsafeGuessKindToResource`). */
function pluralOf(group: string, kind: string): string {
  return builtinResourceTypes().find((type) => type.group === group && type.kind === kind)?.plural ?? guessPlural(kind);
}

const identity = (object: JsonObject): string => `${String(object.apiVersion)}\u0000${String(object.kind)}\u0000${metadataString(object, 'namespace')}\u0000${metadataString(object, 'name')}`;

/**
 * The parameter store of the Kyverno CLI offline (see the file comment): `objects` (the test's parameter
 * resources and the evaluated resource) and, when given, the mocked cluster.
 */
export function offlineParamStore(objects: readonly JsonObject[], cluster?: ClusterReader): ParamStore {
  const resources = new Set(PREREGISTERED);
  for (const object of objects) resources.add(pluralOf(groupVersionKind(object).group, groupVersionKind(object).kind));
  const path = (apiVersion: string, kind: string, namespace: string): string => {
    const { group } = groupVersionKind({ apiVersion, kind });
    const base = group === '' ? `/api/${apiVersion}` : `/apis/${apiVersion}`;
    return `${base}${namespace === '' ? '' : `/namespaces/${encodeURIComponent(namespace)}`}/${pluralOf(group, kind)}`;
  };
  const sameType = (object: JsonObject, apiVersion: string, kind: string): boolean => object.apiVersion === apiVersion && object.kind === kind;
  return {
    isNamespaced(_group, _version, kind) {
      if (!resources.has(`${kind.toLowerCase()}s`)) throw new Error('not found');
      return false;
    },
    get(apiVersion, kind, namespace, name) {
      const found = objects.find(
        (object) => sameType(object, apiVersion, kind) && metadataString(object, 'namespace') === namespace && metadataString(object, 'name') === name,
      );
      if (found !== undefined) return found;
      const response = cluster?.request('GET', `${path(apiVersion, kind, namespace)}/${encodeURIComponent(name)}`);
      if (response !== undefined && response.statusCode === 200) return response.body;
      const { group } = groupVersionKind({ apiVersion, kind });
      throw new Error(`${pluralOf(group, kind)}${group === '' ? '' : `.${group}`} "${name}" not found`);
    },
    list(apiVersion, kind, namespace, selector) {
      let matches;
      try {
        matches = parseLabelSelector(selector);
      } catch (error) {
        if (error instanceof SelectorError) throw new Error(`unable to parse requirement: ${error.message}`);
        throw error;
      }
      const seen = new Set<string>();
      const out: JsonObject[] = [];
      const add = (object: JsonObject): void => {
        const key = identity(object);
        if (seen.has(key)) return;
        seen.add(key);
        out.push(object);
      };
      for (const object of objects) {
        if (!sameType(object, apiVersion, kind)) continue;
        if (namespace !== '' && metadataString(object, 'namespace') !== namespace) continue;
        const labels = isObject(object.metadata) && isObject(object.metadata.labels) ? object.metadata.labels : {};
        const strings: Record<string, string> = {};
        for (const [key, value] of Object.entries(labels)) if (typeof value === 'string') strings[key] = value;
        if (matches(strings)) add(object);
      }
      if (cluster !== undefined) {
        const query = selector === '' ? '' : `?labelSelector=${encodeURIComponent(selector)}`;
        const response = cluster.request('GET', `${path(apiVersion, kind, namespace)}${query}`);
        if (response.statusCode === 200 && Array.isArray(response.body.items)) {
          for (const item of response.body.items) if (isObject(item)) add(item);
        }
      }
      return out;
    },
  };
}
