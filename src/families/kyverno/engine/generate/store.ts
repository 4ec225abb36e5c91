/**
 * @file The in-memory cluster the CLI's generation runs against (kyverno/kyverno cmd/cli/kubectl-kyverno/
 * processor/generate.go: a fake dynamic client per policy and trigger, seeded with the trigger and the clone
 * sources). Objects are addressed by apiVersion, kind, namespace and name: those of the request that wrote
 * them (as the fake client files objects under the requested resource), or their own for the seeds. An empty
 * apiVersion in a lookup matches any version of the kind, as discovery resolves it. Errors carry the API
 * server's wording.
 */
import { selectorMatches } from '../../match/selector.js';
import type { JsonObject } from '../../../../types.js';
import { apiVersionOf, cloneObject, groupVersion, kindOf, labelsOf, namespaceOf, nameOf } from './object.js';

/** A failed store request, with the Kubernetes status reason. */
export class StoreError extends Error {
  override readonly name = 'StoreError';

  constructor(
    readonly reason: 'NotFound' | 'AlreadyExists',
    message: string,
  ) {
    super(message);
  }
}

/** Where an object lives. */
export interface ObjectAddress {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
}

/** The resource name the fake discovery derives from a kind (`<kind>s`, lower case), with its group. */
function resourceName(apiVersion: string, kind: string): string {
  const plural = `${kind.toLowerCase()}s`;
  const { group } = groupVersion(apiVersion);
  return group === '' ? plural : `${plural}.${group}`;
}

function sameAddress(stored: ObjectAddress, lookup: ObjectAddress): boolean {
  return (
    (lookup.apiVersion === '' || stored.apiVersion === lookup.apiVersion) &&
    stored.kind === lookup.kind &&
    stored.namespace === lookup.namespace &&
    stored.name === lookup.name
  );
}

interface Entry {
  /** Where the object was written (the resource of the request, not the object's own fields). */
  address: ObjectAddress;
  object: JsonObject;
}

export class ObjectStore {
  /** Stored objects in insertion order (a listing returns them in this order). */
  readonly #entries: Entry[] = [];

  /** Seeds the store at the objects' own addresses; a later object with the address of an earlier one is ignored. */
  constructor(seeds: readonly JsonObject[]) {
    for (const seed of seeds) {
      const address = addressOf(seed);
      if (this.#find(address) < 0) this.#entries.push({ address, object: cloneObject(seed) });
    }
  }

  /** A copy of the object at `address`; throws a NotFound `StoreError`. */
  get(address: ObjectAddress): JsonObject {
    const index = this.#find(address);
    if (index < 0) throw notFound(address);
    return cloneObject(this.#entries[index]!.object);
  }

  /** Copies of the objects of a kind in `namespace` (every namespace when `""`) that `selector` selects. */
  list(apiVersion: string, kind: string, namespace: string, selector: object | null | undefined): JsonObject[] {
    const out: JsonObject[] = [];
    for (const { address, object } of this.#entries) {
      if (apiVersion !== '' && address.apiVersion !== apiVersion) continue;
      if (address.kind !== kind) continue;
      if (namespace !== '' && address.namespace !== namespace) continue;
      if (selector !== null && selector !== undefined && !selectorMatches(selector, labelsOf(object))) continue;
      out.push(cloneObject(object));
    }
    return out;
  }

  /** Stores a new object at `address`; throws an AlreadyExists `StoreError`. */
  create(address: ObjectAddress, object: JsonObject): void {
    if (this.#find(address) >= 0) {
      throw new StoreError('AlreadyExists', `${resourceName(address.apiVersion, address.kind)} "${address.name}" already exists`);
    }
    this.#entries.push({ address: { ...address }, object: cloneObject(object) });
  }

  /** Replaces the object at `address`; throws a NotFound `StoreError`. */
  update(address: ObjectAddress, object: JsonObject): void {
    const index = this.#find(address);
    if (index < 0) throw notFound(address);
    this.#entries[index] = { address: this.#entries[index]!.address, object: cloneObject(object) };
  }

  #find(address: ObjectAddress): number {
    return this.#entries.findIndex((entry) => sameAddress(entry.address, address));
  }
}

function notFound(address: ObjectAddress): StoreError {
  return new StoreError('NotFound', `${resourceName(address.apiVersion, address.kind)} "${address.name}" not found`);
}

/** The address of an object, from its own fields. */
export function addressOf(object: JsonObject): ObjectAddress {
  return { apiVersion: apiVersionOf(object), kind: kindOf(object), namespace: namespaceOf(object), name: nameOf(object) };
}
