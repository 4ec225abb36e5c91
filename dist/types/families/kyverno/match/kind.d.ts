/** A parsed kind selector; every part may hold `*`/`?` wildcards. */
interface KindSelector {
    readonly group: string;
    readonly version: string;
    readonly kind: string;
    readonly subresource: string;
}
/** A resource's group/version/kind; the core group is `""`. */
export interface GroupVersionKind {
    readonly group: string;
    readonly version: string;
    readonly kind: string;
}
/**
 * Kyverno `ParseKindSelector`: splits on `/`, then splits the last segment on `.` (so `Pod.status` ≡
 * `Pod/status`), and reads the parts as `K`, `V/K`, `K/S`, `*\/S`, `V/K/S`, `G/V/K` or `G/V/K/S`.
 * Results are cached by selector text.
 */
export declare function parseKindSelector(input: string): KindSelector;
/**
 * Kyverno `CheckKind`: true if any selector's group, version and kind wildcard-match the GVK and its
 * subresource wildcard-matches `subresource` (`""` for the object itself). With
 * `allowEphemeralContainers` (policy match/exclude, not exceptions), a core `v1` `Pod` request for the
 * `ephemeralcontainers` subresource is accepted by a selector whose G/V/K match.
 */
export declare function checkKind(kinds: readonly string[], gvk: GroupVersionKind, subresource: string, allowEphemeralContainers: boolean): boolean;
/**
 * Kubernetes `schema.ParseGroupVersion`: `""` → core/empty, `v1` → core `v1`, `apps/v1` → `apps`/`v1`;
 * more than one `/` is an error (null).
 */
export declare function parseApiVersion(apiVersion: string): {
    group: string;
    version: string;
} | null;
/**
 * The GVK of an unstructured resource as Kubernetes reads it (`Unstructured.GroupVersionKind`): from
 * `apiVersion` and `kind`; an unparsable `apiVersion` gives an all-empty GVK.
 */
export declare function resourceGroupVersionKind(resource: {
    [key: string]: unknown;
}): GroupVersionKind;
/**
 * Kyverno `GetKindFromGVK` + `SplitSubresource` as used by `ContainsKind`: the bare kind of a selector
 * string for kind-list comparisons (autogen, policy validation), e.g. `apps/v1/Deployment` → `Deployment`,
 * `Pod/status` → `Pod`, `v1/Pod.status` → `Pod`.
 */
export declare function kindOfSelector(text: string): string;
/** Kyverno `ContainsKind`: whether any selector's bare kind (see {@link kindOfSelector}) equals `kind`. */
export declare function containsKind(list: readonly string[] | undefined, kind: string): boolean;
export {};
