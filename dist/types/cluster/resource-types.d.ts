/**
 * @file Resource types of the mocked cluster: the plural resource names and scopes of the built-in
 * Kubernetes kinds (and of Kyverno's own kinds), those of custom resources declared by a
 * CustomResourceDefinition, and a plural guessed from the kind for any other custom resource.
 */
import type { JsonObject } from '../types.js';
/** A resource type the API server serves: `/apis/<group>/<version>/<plural>`. */
export interface ResourceType {
    group: string;
    kind: string;
    /** The resource name in URL paths (`deployments`). */
    plural: string;
    /** `undefined` when the scope is not known (a custom resource without its definition). */
    namespaced: boolean | undefined;
}
/** The built-in resource types. */
export declare function builtinResourceTypes(): readonly ResourceType[];
/**
 * A plural for a kind without a known resource name: the lower-cased kind with English plural
 * rules (`-s`, `-x`, `-z`, `-ch`, `-sh` take `-es`; a consonant and `-y` become `-ies`; else `-s`).
 */
export declare function guessPlural(kind: string): string;
/** The group and version of an `apiVersion` (`v1` → core group), or null with more than one `/`. */
export declare function splitApiVersion(apiVersion: string): {
    group: string;
    version: string;
} | null;
/** Whether `value` is an `apiextensions.k8s.io` CustomResourceDefinition. */
export declare function isCustomResourceDefinition(value: JsonObject): boolean;
/**
 * The resource type a `apiextensions.k8s.io` CustomResourceDefinition declares, or `null` when it
 * lacks `spec.group`, `spec.names.kind` or `spec.names.plural`.
 */
export declare function customResourceType(definition: JsonObject): ResourceType | null;
