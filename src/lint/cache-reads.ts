/**
 * @file What the evaluation of a scan unit reads of the other manifests (the cluster state): the API paths of
 * `apiCall`/`configMap`/`globalReference` context entries and CEL `resource.Get`/`List` (through the mocked cluster),
 * or, for an answer used only through `jmesPath` searches, what the searches gave; the namespaces whose labels or
 * Namespace object were read, the mutate-existing target specs as resolved, and whether the admission `params` or
 * every target object were read. The results cache keeps a unit's results while no object it could see changed, or
 * while the searches that could see it give what they gave.
 */
import { parseApiPath } from '../cluster/api-path.js';
import { builtinResourceTypes, unsafeGuessPlural } from '../cluster/resource-types.js';
import type { EvaluationOptions } from '../evaluate/processor.js';
import type { AnswerSearch, ClusterReader } from '../evaluate/types.js';
import { answerData, searchAnswer } from '../families/kyverno/engine/context/external/api-call-loader.js';
import { compileJmesPath } from '../lang/jmespath/index.js';
import type { JsonObject } from '../types.js';
import { sha256 } from '../util/digest.js';
import { valueJson } from '../util/json-value.js';
import { wildcardMatch } from '../util/wildcard.js';

/** The reads of one unit, as stored in the cache. */
export interface UnitReads {
  /** API requests: the group, the resource (plural), the namespace (null: every namespace) and the name (null: a list). */
  cluster: [group: string, resource: string, namespace: string | null, name: string | null][];
  /**
   * Requests whose answer was used only through JMESPath searches (`apiCall` entries with a `jmesPath`): each search
   * with a digest of what it gave.
   */
  searches: StoredSearch[];
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

/** A search of a request's answer: the request, the expression, whether of the answer's JSON text, the digest. */
export type StoredSearch = [method: string, urlPath: string, expression: string, text: boolean, digest: string];

interface Recording {
  cluster: Set<string>;
  /**
   * The requests made, by `[method, urlPath]`: whether an answer was used whole (or by a caller that does not report
   * its uses), and the searches of the others.
   */
  requests: Map<string, { whole: boolean; searches: Set<string> }>;
  namespaces: Set<string>;
  targets: Set<string>;
  all: boolean;
}

/** Wraps the scan's evaluation options so that the reads of each unit are recorded between `start` and `stop`. */
export class ReadRecorder {
  readonly evaluation: EvaluationOptions;
  #current: Recording | null = null;
  readonly #params: readonly JsonObject[] | undefined;
  readonly #digests = new WeakMap<object, string>();

  constructor(plain: EvaluationOptions) {
    const evaluation: EvaluationOptions = { ...plain };
    const external = plain.external;
    if (external !== undefined) {
      const wrapped = { ...external };
      const cluster = external.cluster;
      if (cluster !== undefined) {
        const reader: ClusterReader = {
          request: (method, urlPath, options) => {
            this.#request(method, urlPath, options?.reportsUse === true);
            return cluster.request(method, urlPath);
          },
          used: (method, urlPath, use) => this.#used(method, urlPath, use),
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
    this.#current = { cluster: new Set(), requests: new Map(), namespaces: new Set(), targets: new Set(), all: false };
    if (this.#params !== undefined && this.evaluation.external !== undefined) this.evaluation.external = { ...this.evaluation.external, params: this.#watched(this.#params) };
  }

  /** The reads since `start`. */
  stop(): UnitReads {
    const current = this.#current ?? { cluster: new Set<string>(), requests: new Map(), namespaces: new Set<string>(), targets: new Set<string>(), all: true };
    this.#current = null;
    const searches = new Set<string>();
    for (const [request, { whole, searches: used }] of current.requests) {
      const [method, urlPath] = JSON.parse(request) as [string, string];
      // An answer used whole, or not used at all (a failed request, whose failure depends on the objects), is read whole.
      if (whole || used.size === 0) this.#cluster(current, urlPath);
      else for (const search of used) searches.add(JSON.stringify([method, urlPath, ...(JSON.parse(search) as [string, boolean, string])]));
    }
    const cluster = [...current.cluster].sort().map((item) => JSON.parse(item) as UnitReads['cluster'][number]);
    const targets = [...current.targets].sort().map((item) => JSON.parse(item) as UnitReads['targets'][number]);
    return { cluster, searches: [...searches].sort().map((item) => JSON.parse(item) as StoredSearch), namespaces: [...current.namespaces].sort(), targets, all: current.all };
  }

  /** Records that the labels or the object of `namespace` were read. */
  namespace(namespace: string): void {
    this.#current?.namespaces.add(namespace);
  }

  #request(method: string, urlPath: string, reportsUse: boolean): void {
    const current = this.#current;
    if (current === null) return;
    const key = JSON.stringify([method, urlPath]);
    const request = current.requests.get(key) ?? { whole: false, searches: new Set<string>() };
    // A `configMap` entry, CEL `resource.Get`/`List`, admission params: the answer is read whole.
    if (!reportsUse) request.whole = true;
    current.requests.set(key, request);
  }

  #used(method: string, urlPath: string, use: AnswerSearch | null): void {
    const request = this.#current?.requests.get(JSON.stringify([method, urlPath]));
    if (request === undefined) return;
    if (use === null) request.whole = true;
    else request.searches.add(JSON.stringify([use.expression, use.text, this.#digest(use)]));
  }

  /**
   * {@link searchDigest}, once per result object: the loader keeps the result of a deterministic search per answer and
   * hands the same, read-only, object to every evaluation (a list of every Pod's names, say).
   */
  #digest(use: AnswerSearch): string {
    if ('error' in use) return searchDigest(use);
    const { result } = use;
    if (result === null || typeof result !== 'object') return searchDigest(use);
    let digest = this.#digests.get(result);
    if (digest === undefined) {
      digest = searchDigest(use);
      this.#digests.set(result, digest);
    }
    return digest;
  }

  #cluster(current: Recording, urlPath: string): void {
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

/** The digest of what a search gave (a result, or the message of its failure), compared between runs. */
function searchDigest(use: { result: unknown } | { error: string }): string {
  const text = 'error' in use ? `error:${use.error}` : `result:${valueJson(use.result)}`;
  return sha256(text);
}

/**
 * The digest of `search` made again against `cluster`, as the `apiCall` loader searches an answer; null when the
 * request now fails (the entry then fails or takes its `default`).
 */
export function searchAgain(cluster: ClusterReader, [method, urlPath, expression, text]: StoredSearch): string | null {
  const response = cluster.request(method, urlPath);
  if (response.statusCode < 200 || response.statusCode >= 300) return null;
  try {
    return searchDigest({ result: searchAnswer(compileJmesPath(expression), answerData(response.body, text)) });
  } catch (error) {
    return searchDigest({ error: (error as Error).message });
  }
}

/**
 * Whether a unit that read `reads` could see the change of `object`. `searchedAgain` gives the digest of a search of
 * the unit made again on the objects of this run (null when its request fails now).
 */
export function readsSee(reads: UnitReads, object: ChangedObject, searchedAgain: (search: StoredSearch) => string | null): boolean {
  if (reads.all) return true;
  if (object.kind === 'Namespace' && object.apiVersion === 'v1' && reads.namespaces.includes(object.name)) return true;
  // A CustomResourceDefinition changes which resources the cluster serves.
  if (object.kind === 'CustomResourceDefinition' && (reads.cluster.length > 0 || reads.searches.length > 0)) return true;
  if (reads.targets.some((read) => targetSees(read, object))) return true;
  if (reads.cluster.some((read) => pathSees(read, object))) return true;
  // A search that could see the object sees the change only when it gives something else now.
  return reads.searches.some((search) => {
    const path = parseApiPath(search[1]);
    if (path === null || !pathSees([path.group, path.resource, path.namespace ?? null, path.name ?? null], object)) return path === null;
    return searchedAgain(search) !== search[4];
  });
}

/** Whether the answer to a request of `read` could hold `object`. */
function pathSees([readGroup, resource, namespace, name]: UnitReads['cluster'][number], object: ChangedObject): boolean {
  const group = groupOf(object.apiVersion);
  // A kind the built-in types do not name is served under the plural its definition (or a guess) gives: any resource.
  const plural = builtinPlurals().get(`${group}/${object.kind}`);
  return readGroup === group && (plural === undefined || resource === plural) && (namespace === null || namespace === object.namespace) && (name === null || name === object.name);
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
