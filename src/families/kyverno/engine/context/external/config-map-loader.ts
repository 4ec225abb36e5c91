/**
 * @file `configMap` context entries (Kyverno `pkg/engine/context/loaders/configmap.go`, the CLI's
 * client-based ConfigMap resolver): name and namespace substituted (strings required), an empty
 * namespace meaning the policy's namespace for a namespaced Policy and `default` otherwise, no access
 * to another namespace from a namespaced Policy; the ConfigMap read from the cluster and stored as
 * `{data, metadata}` (merged into an existing value of the same name). Answers are read-only and kept
 * by the cluster: their stored form, and its encoding, are made once per answer.
 */
import { goTypeName } from '../../pattern/go-value.js';
import type { ContextEntry } from '../../../policy/types.js';
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { substituteAll } from '../../variables/index.js';
import type { ContextLoader } from '../deferred.js';
import { encodeSharedEntry, type JsonContext } from '../json-context.js';
import type { ClusterReader } from './types.js';
import { isObject } from '../../../../../util/json-value.js';

interface ConfigMapLoaderOptions {
  cluster: ClusterReader;
  operation: string;
  /** The namespace of a namespaced Policy (undefined for a ClusterPolicy). */
  policyNamespace: string | undefined;
  /** Called when the data was stored. */
  onLoaded?: () => void;
  /** Called with the error when loading failed. */
  onFailed?: (message: string) => void;
}

/** `metav1.ObjectMeta` fields, in the order Go encodes them; all but `creationTimestamp` omitted when empty. */
const OBJECT_META_FIELDS = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
] as const;


function isEmpty(value: JsonValue): boolean {
  if (value === null || value === '' || value === 0 || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/** `metadata` as the typed `corev1.ConfigMap` re-encodes it: known fields only, `creationTimestamp` always. */
function objectMeta(metadata: JsonValue | undefined): JsonObject {
  const source = isObject(metadata) ? metadata : {};
  const out: JsonObject = {};
  for (const field of OBJECT_META_FIELDS) {
    const value = source[field];
    if (field === 'creationTimestamp') out[field] = value ?? null;
    else if (value !== undefined && !isEmpty(value)) out[field] = value;
  }
  return out;
}

/** `data` as `map[string]string` (null when absent); throws for a value that is not a string. */
function configMapData(data: JsonValue | undefined): JsonValue {
  if (data === undefined || data === null) return null;
  if (!isObject(data)) throw new Error(`cannot convert ConfigMap data: expected an object, got ${goTypeName(data, 'float64')}`);
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string') throw new Error(`cannot convert ConfigMap data: value of key "${key}" is a ${goTypeName(value, 'float64')}, not a string`);
  }
  return data;
}

/** Stored forms by answer: answers of the mocked cluster are read-only and kept for many evaluations. */
const storedForms = new WeakMap<JsonObject, JsonObject>();

/** What the answer to a GET of a ConfigMap is stored as: `{data, metadata}`. Throws for bad `data`. */
function storedForm(body: JsonObject): JsonObject {
  let stored = storedForms.get(body);
  if (stored === undefined) {
    stored = { data: configMapData(body.data), metadata: objectMeta(body.metadata) };
    storedForms.set(body, stored);
  }
  return stored;
}

export class ConfigMapLoader implements ContextLoader {
  #data: JsonObject | undefined;

  constructor(
    private readonly entry: ContextEntry & { configMap: NonNullable<ContextEntry['configMap']> },
    private readonly context: JsonContext,
    private readonly options: ConfigMapLoaderOptions,
  ) {}

  hasLoaded(): boolean {
    return this.#data !== undefined;
  }

  loadData(): void {
    try {
      if (this.#data === undefined) {
        try {
          this.#data = this.#fetch();
        } catch (err) {
          throw new Error(`failed to retrieve config map for context entry ${this.entry.name}: ${(err as Error).message}`);
        }
      }
      try {
        this.context.addEncodedEntry(this.entry.name, encodeSharedEntry(this.#data));
      } catch (err) {
        throw new Error(`failed to add config map for context entry ${this.entry.name}: ${(err as Error).message}`);
      }
    } catch (err) {
      this.options.onFailed?.((err as Error).message);
      throw err;
    }
    this.options.onLoaded?.();
  }

  #substitute(field: 'name' | 'namespace'): string {
    const raw = this.entry.configMap[field] ?? '';
    let value: JsonValue;
    try {
      value = substituteAll(raw, this.context, { operation: this.options.operation });
    } catch (err) {
      throw new Error(`failed to substitute variables in context ${this.entry.name} configMap.${field} ${raw}: ${(err as Error).message}`);
    }
    if (typeof value !== 'string') {
      throw new Error(`failed to substitute variables in context ${this.entry.name} configMap.${field} ${raw}: expected string, got ${goTypeName(value, 'float64')}`);
    }
    return value;
  }

  #fetch(): JsonObject {
    const name = this.#substitute('name');
    let namespace = this.#substitute('namespace');
    const policyNamespace = this.options.policyNamespace;
    if (namespace === '') namespace = policyNamespace ?? 'default';
    if (policyNamespace !== undefined && namespace !== policyNamespace) {
      throw new Error(
        `context entry ${this.entry.name}: configMap namespace ${JSON.stringify(namespace)} is different from policy namespace ${JSON.stringify(policyNamespace)}`,
      );
    }
    const response = this.options.cluster.request(
      'GET',
      `/api/v1/namespaces/${encodeURIComponent(namespace)}/configmaps/${encodeURIComponent(name)}`,
    );
    try {
      if (response.statusCode !== 200) {
        throw new Error(typeof response.body.message === 'string' ? response.body.message : `HTTP ${response.statusCode}`);
      }
      return storedForm(response.body);
    } catch (err) {
      throw new Error(`failed to get configmap ${namespace}/${name} : ${(err as Error).message}`);
    }
  }
}
