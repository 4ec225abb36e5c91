/**
 * @file The Kyverno CLI's normalisation of loaded resources (`cmd/cli/kubectl-kyverno/resource`):
 * the namespace `default` for namespaced kinds, `null` label/annotation-like maps made empty,
 * and the key that detects duplicate resources.
 */
import type { JsonObject, JsonValue } from '../types.js';
/** A JSON object with string `apiVersion` and `kind`. */
export type KubernetesObject = JsonObject & {
    apiVersion: string;
    kind: string;
};
/** Whether `value` is a Kubernetes object (non-empty string `apiVersion` and `kind`). */
export declare function isKubernetesObject(value: JsonValue): value is KubernetesObject;
/**
 * API group of an `apiVersion` (`apps/v1` → `apps`, `v1` → ``), or `null` when it is not a valid
 * group/version (`schema.ParseGroupVersion`: more than one `/`).
 */
export declare function apiGroupOf(apiVersion: string): string | null;
/** Whether the CLI treats the kind as cluster-scoped (no namespace defaulting). */
export declare function isClusterScoped(apiVersion: string, kind: string): boolean;
/** `metadata.namespace` as Kyverno reads it (`''` when absent or not a string). */
export declare function namespaceOf(resource: JsonObject): string;
/**
 * Normalises a loaded resource in place, as the CLI does: `metadata.namespace` becomes `default`
 * when empty for namespaced kinds (a missing `metadata` is created), and `null` values of
 * `annotations`, `labels`, `matchLabels`, `nodeSelector`, `data`, `stringData` become `{}` at any
 * depth. Returns the resource.
 */
export declare function normalizeResource(resource: KubernetesObject): KubernetesObject;
/**
 * The key under which the CLI detects duplicate resources (`RemoveDuplicates`): API group, kind,
 * namespace and name. An invalid `apiVersion` gives an empty group and kind, as in Kyverno.
 */
export declare function resourceKey(resource: KubernetesObject): string;
/** Items split into the first occurrence of each resource key and the later duplicates. */
interface PartitionedResources<T> {
    unique: T[];
    duplicates: T[];
}
/** Keeps the first item of each {@link resourceKey}, as `kyverno test` does. */
export declare function partitionDuplicates<T>(items: readonly T[], resourceOf: (item: T) => KubernetesObject): PartitionedResources<T>;
export {};
