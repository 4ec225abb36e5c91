import type { JsonObject } from '../../../../types.js';
/** A failed store request, with the Kubernetes status reason. */
export declare class StoreError extends Error {
    readonly reason: 'NotFound' | 'AlreadyExists';
    readonly name = "StoreError";
    constructor(reason: 'NotFound' | 'AlreadyExists', message: string);
}
/** Where an object lives. */
export interface ObjectAddress {
    apiVersion: string;
    kind: string;
    namespace: string;
    name: string;
}
export declare class ObjectStore {
    #private;
    /** Seeds the store at the objects' own addresses; a later object with the address of an earlier one is ignored. */
    constructor(seeds: readonly JsonObject[]);
    /** A copy of the object at `address`; throws a NotFound `StoreError`. */
    get(address: ObjectAddress): JsonObject;
    /** Copies of the objects of a kind in `namespace` (every namespace when `""`) that `selector` selects. */
    list(apiVersion: string, kind: string, namespace: string, selector: object | null | undefined): JsonObject[];
    /** Stores a new object at `address`; throws an AlreadyExists `StoreError`. */
    create(address: ObjectAddress, object: JsonObject): void;
    /** Replaces the object at `address`; throws a NotFound `StoreError`. */
    update(address: ObjectAddress, object: JsonObject): void;
}
/** The address of an object, from its own fields. */
export declare function addressOf(object: JsonObject): ObjectAddress;
