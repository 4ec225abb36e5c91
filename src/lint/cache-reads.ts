/**
 * @file What the evaluation of a scan unit reads of the other manifests (the cluster state): the API paths of
 * `apiCall`/`configMap`/`globalReference` context entries and CEL `resource.Get`/`List` (through the mocked cluster),
 * the namespaces whose labels or Namespace object were read, the mutate-existing target specs as resolved, and
 * whether the admission `params` or every target object were read. The results cache keeps a unit's results while no
 * object it could see changed.
 */
import { parseApiPath } from '../cluster/api-path.js';
import { builtinResourceTypes, unsafeGuessPlural } from '../cluster/resource-types.js';
import type { EvaluationOptions } from '../evaluate/processor.js';
import type { ClusterReader } from '../evaluate/types.js';
import type { JsonObject } from '../types.js';
import { wildcardMatch } from '../util/wildcard.js';

/** The reads of one unit, as stored in the cache. */
export interface UnitReads {
  /** API requests: the group, the resource (plural), the namespace (null: every namespace) and the name (null: a list). */
  cluster: [group: string, resource: string, namespace: string | null, name: string | null][];
  /** Namespaces whose labels or object were read. */
  namespaces: string[];
  /** Mutate-existing target specs: the plural, the namespace and name patterns ('' any), the API versions resolved. */
  targets: [plural: string, namespace: string, name: string, versions: string[]][];
  /** Read something that cannot be characterised (params, targets, an unparsable path): any change matters. */
  all: boolean;
}

/** An object added, removed or changed between two runs. */
export interface ChangedObject {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
  /** Whether the object is new, gone, or there in both runs with other content. */
  change: 'added' | 'removed' | 'modified';
}

interface Recording {
  cluster: Set<string>;
  namespaces: Set<string>;
  targets: Set<string>;
  all: boolean;
}

/** Wraps the scan's evaluation options so that the reads of each unit are recorded between `start` and `stop`. */
export class ReadRecorder {
  readonly evaluation: EvaluationOptions;
  #current: Recording | null = null;
  readonly #params: readonly JsonObject[] | undefined;

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
    const { namespaceLabels, namespaceObject } = plain;
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
    if (plain.targets !== undefined) {
      evaluation.targetReads = {
        select: (plural, namespace, name, versions) => this.#current?.targets.add(JSON.stringify([plural, namespace, name, [...versions].sort()])),
        all: () => {
          if (this.#current !== null) this.#current.all = true;
        },
      };
    }
    this.#params = external?.params;
    this.evaluation = evaluation;
  }

  /**
   * Starts recording the reads of a unit. The parameter objects are watched through a new proxy for each unit: what
   * the engine derives from the list and keeps by its identity is then derived again, and seen.
   */
  start(): void {
    this.#current = { cluster: new Set(), namespaces: new Set(), targets: new Set(), all: false };
    if (this.#params !== undefined && this.evaluation.external !== undefined) this.evaluation.external = { ...this.evaluation.external, params: this.#watched(this.#params) };
  }

  /** The reads since `start`. */
  stop(): UnitReads {
    const current = this.#current ?? { cluster: new Set<string>(), namespaces: new Set<string>(), targets: new Set<string>(), all: true };
    this.#current = null;
    const cluster = [...current.cluster].sort().map((item) => JSON.parse(item) as UnitReads['cluster'][number]);
    const targets = [...current.targets].sort().map((item) => JSON.parse(item) as UnitReads['targets'][number]);
    return { cluster, namespaces: [...current.namespaces].sort(), targets, all: current.all };
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
  if (reads.targets.some((read) => targetSees(read, object))) return true;
  const group = groupOf(object.apiVersion);
  // A kind the built-in types do not name is served under the plural its definition (or a guess) gives: any resource.
  const plural = builtinPlurals().get(`${group}/${object.kind}`);
  return reads.cluster.some(
    ([readGroup, resource, namespace, name]) =>
      readGroup === group && (plural === undefined || resource === plural) && (namespace === null || namespace === object.namespace) && (name === null || name === object.name),
  );
}

/**
 * Whether a resolved target spec could select another object, or resolve otherwise, after `object` changed: an object
 * of its plural that its patterns select; one of an API version the plural did not resolve to (the versions change);
 * one removed (its version may be gone). Kyverno's fake cluster looks a kind up under `<kind>s` and registers objects
 * under apimachinery's guessed plural (mutate/targets.ts).
 */
function targetSees([plural, namespace, name, versions]: UnitReads['targets'][number], object: ChangedObject): boolean {
  if (unsafeGuessPlural(object.kind) !== plural) return false;
  if (object.change === 'removed' || !versions.includes(object.apiVersion)) return true;
  return (namespace === '' || wildcardMatch(namespace, object.namespace)) && (name === '' || wildcardMatch(name, object.name));
}

let plurals: Map<string, string> | undefined;

function builtinPlurals(): Map<string, string> {
  plurals ??= new Map(builtinResourceTypes().map((type) => [`${type.group}/${type.kind}`, type.plural]));
  return plurals;
}
