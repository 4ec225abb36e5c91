/**
 * @file What the evaluation of a scan unit reads of the other manifests (the cluster state): the API paths of
 * `apiCall`/`configMap`/`globalReference` context entries and CEL `resource.Get`/`List` (through the mocked cluster),
 * the namespaces whose labels or Namespace object were read, and whether the admission `params` or the mutate-existing
 * `targets` were read at all. The results cache keeps a unit's results while no object it could see changed.
 */
import { parseApiPath } from '../cluster/api-path.js';
import { builtinResourceTypes } from '../cluster/resource-types.js';
import type { EvaluationOptions } from '../evaluate/processor.js';
import type { ClusterReader } from '../evaluate/types.js';
import type { JsonObject } from '../types.js';

/** The reads of one unit, as stored in the cache. */
export interface UnitReads {
  /** API requests: the group, the resource (plural), the namespace (null: every namespace) and the name (null: a list). */
  cluster: [group: string, resource: string, namespace: string | null, name: string | null][];
  /** Namespaces whose labels or object were read. */
  namespaces: string[];
  /** Read something that cannot be characterised (params, targets, an unparsable path): any change matters. */
  all: boolean;
}

/** An object added, removed or changed between two runs. */
export interface ChangedObject {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
}

interface Recording {
  cluster: Set<string>;
  namespaces: Set<string>;
  all: boolean;
}

/** Wraps the scan's evaluation options so that the reads of each unit are recorded between `start` and `stop`. */
export class ReadRecorder {
  readonly evaluation: EvaluationOptions;
  #current: Recording | null = null;
  readonly #params: readonly JsonObject[] | undefined;
  readonly #targets: readonly JsonObject[] | undefined;

  constructor(plain: EvaluationOptions) {
    const evaluation: EvaluationOptions = { ...plain };
    const external = plain.external;
    if (external !== undefined) {
      const wrapped = { ...external };
      const cluster = external.cluster;
      if (cluster !== undefined) {
        const reader: ClusterReader = {
          request: (method, urlPath) => {
            this.#cluster(urlPath);
            return cluster.request(method, urlPath);
          },
        };
        wrapped.cluster = reader;
      }
      evaluation.external = wrapped;
    }
    const { namespaceLabels, namespaceObject, targets } = plain;
    if (namespaceLabels !== undefined) {
      evaluation.namespaceLabels = (namespace) => {
        this.namespace(namespace);
        return namespaceLabels(namespace);
      };
    }
    if (namespaceObject !== undefined) {
      evaluation.namespaceObject = (namespace) => {
        this.namespace(namespace);
        return namespaceObject(namespace);
      };
    }
    this.#params = external?.params;
    this.#targets = targets;
    this.evaluation = evaluation;
  }

  /**
   * Starts recording the reads of a unit. The lists are watched through new proxies for each unit: what the engine
   * derives from a list and keeps by its identity (mutate/targets.ts `clusterIndexes`) is then derived again, and seen.
   */
  start(): void {
    this.#current = { cluster: new Set(), namespaces: new Set(), all: false };
    if (this.#params !== undefined && this.evaluation.external !== undefined) this.evaluation.external = { ...this.evaluation.external, params: this.#watched(this.#params) };
    if (this.#targets !== undefined) this.evaluation.targets = this.#watched(this.#targets);
  }

  /** The reads since `start`. */
  stop(): UnitReads {
    const current = this.#current ?? { cluster: new Set<string>(), namespaces: new Set<string>(), all: true };
    this.#current = null;
    const cluster = [...current.cluster].sort().map((item) => JSON.parse(item) as UnitReads['cluster'][number]);
    return { cluster, namespaces: [...current.namespaces].sort(), all: current.all };
  }

  /** Records that the labels or the object of `namespace` were read. */
  namespace(namespace: string): void {
    this.#current?.namespaces.add(namespace);
  }

  #cluster(urlPath: string): void {
    const current = this.#current;
    if (current === null) return;
    const path = parseApiPath(urlPath);
    if (path === null) {
      // The request is answered without any object (not found): but be safe.
      current.all = true;
      return;
    }
    current.cluster.add(JSON.stringify([path.group, path.resource, path.namespace ?? null, path.name ?? null]));
  }

  /** The list, reporting any read of it. */
  #watched(list: readonly JsonObject[]): readonly JsonObject[] {
    return new Proxy(list, {
      get: (target, property, receiver) => {
        // Whether the list is empty (the processor asks before running mutate-existing policies) does not depend on
        // the other units: the unit's own objects are in it.
        if (this.#current !== null && property !== 'length') this.#current.all = true;
        return Reflect.get(target, property, receiver) as unknown;
      },
      has: (target, property) => {
        if (this.#current !== null) this.#current.all = true;
        return Reflect.has(target, property);
      },
      ownKeys: (target) => {
        if (this.#current !== null) this.#current.all = true;
        return Reflect.ownKeys(target);
      },
    });
  }
}

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

/** Whether a unit that read `reads` could see the change of `object`. */
export function readsSee(reads: UnitReads, object: ChangedObject): boolean {
  if (reads.all) return true;
  if (object.kind === 'Namespace' && object.apiVersion === 'v1' && reads.namespaces.includes(object.name)) return true;
  // A CustomResourceDefinition changes which resources the cluster serves.
  if (object.kind === 'CustomResourceDefinition' && reads.cluster.length > 0) return true;
  const group = groupOf(object.apiVersion);
  // A kind the built-in types do not name is served under the plural its definition (or a guess) gives: any resource.
  const plural = builtinPlurals().get(`${group}/${object.kind}`);
  return reads.cluster.some(
    ([readGroup, resource, namespace, name]) =>
      readGroup === group && (plural === undefined || resource === plural) && (namespace === null || namespace === object.namespace) && (name === null || name === object.name),
  );
}

let plurals: Map<string, string> | undefined;

function builtinPlurals(): Map<string, string> {
  plurals ??= new Map(builtinResourceTypes().map((type) => [`${type.group}/${type.kind}`, type.plural]));
  return plurals;
}
