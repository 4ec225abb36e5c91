/**
 * @file Rule `match`/`exclude` evaluation (Kyverno `MatchesResourceDescription`,
 * pkg/engine/utils/match.go) and the per-filter checks it is made of, reusable for PolicyException
 * matching (Kyverno `CheckMatchesResources`, pkg/utils/match/match.go) through {@link FilterOptions}.
 */
import type { RequestUserInfo } from '../../../evaluate/types.js';
import type { ResourceDescription, ResourceFilter, Rule } from '../policy/types.js';
import type { JsonObject } from '../../../types.js';
import { type GroupVersionKind } from './kind.js';
/** Everything match/exclude looks at for one evaluation. */
export interface MatchInput {
    /** The resource being matched (the old object for DELETE). */
    resource: JsonObject;
    /** Request GVK: for a subresource request, the parent resource's GVK. */
    kind: string;
    group: string;
    version: string;
    /** `""` for the object itself. */
    subresource: string;
    /** `CREATE`, `UPDATE`, `DELETE` or `CONNECT`. */
    operation: string;
    /** Labels of the resource's namespace (for `namespaceSelector`). */
    namespaceLabels: Record<string, string>;
    /** Admission user info; absent means none (user-info filters are then dropped from `match`). */
    userInfo?: RequestUserInfo;
    /** Namespace of a namespaced `Policy` (`default` when it has none); empty or absent for ClusterPolicy. */
    policyNamespace?: string;
}
/** The differences between policy match/exclude and PolicyException matching. */
interface FilterOptions {
    /** Accept `ephemeralcontainers` requests on Pod selectors (policies only). */
    readonly allowEphemeralContainers: boolean;
    /** Whether `operations` is checked (policies) or ignored (exceptions). */
    readonly checkOperations: boolean;
    /** `namespaceSelector` on a `Namespace` resource: fails the filter (policies) or is skipped (exceptions). */
    readonly namespaceSelectorOnNamespace: 'fail' | 'skip';
}
export declare const EXCEPTION_FILTER_OPTIONS: FilterOptions;
/**
 * The resource attributes read by the filters; labels and annotations are read only when needed. One
 * subject serves every rule matched with the same input (see {@link RuleMatcher.matchesSubject}).
 */
export declare class MatchSubject {
    readonly input: MatchInput;
    readonly gvk: GroupVersionKind;
    readonly objectKind: string;
    readonly name: string;
    readonly namespace: string;
    private readonly metadata;
    private labelMap;
    private annotationMap;
    constructor(input: MatchInput);
    get labels(): Readonly<Record<string, string>>;
    get annotations(): Readonly<Record<string, string>>;
}
/**
 * Whether a resource description is the zero value in Go terms: no field set (empty strings and nulls
 * count as unset; empty lists and maps count as set, as decoded Go slices/maps are non-nil).
 */
export declare function isEmptyResourceDescription(desc: ResourceDescription | undefined | null): boolean;
/**
 * Whether the resource part of one filter holds (every specified attribute; any entry within a list).
 * `operations` first; `kinds`; `name`/`names` (wildcards, `generateName` fallback); `namespaces` (the
 * resource's own name for a `Namespace`); `annotations`; `selector`; `namespaceSelector`.
 */
export declare function resourceDescriptionMatches(desc: ResourceDescription, input: MatchInput, options?: FilterOptions): boolean;
/**
 * Kyverno `MatchesResourceDescription`: a namespaced policy only sees resources of its namespace; the
 * `match` block must hold (`any`: one filter, else `all`: every filter, else the inline filter) and,
 * when it does, the `exclude` block must not.
 */
export declare function ruleMatches(rule: Rule, input: MatchInput): boolean;
/** The `match` and `exclude` blocks of a rule, prepared once: see {@link ruleMatches}. */
export declare class RuleMatcher {
    #private;
    constructor(rule: Rule);
    /** {@link ruleMatches} for the rule this matcher was prepared from. */
    matches(input: MatchInput): boolean;
    /** {@link matches} with the subject of an input (`new MatchSubject(input)`), built once for many rules. */
    matchesSubject(res: MatchSubject): boolean;
}
/** The (cached) matcher of a rule. */
export declare function ruleMatcher(rule: Rule): RuleMatcher;
/**
 * One filter as PolicyException matching (and other users of {@link FilterOptions}) evaluates it: an empty
 * filter fails; otherwise both its resource and user-info parts must hold (user info is never dropped).
 */
export declare function resourceFilterMatches(filter: ResourceFilter, input: MatchInput, options?: FilterOptions): boolean;
/**
 * Kyverno `CheckMatchesResources` (PolicyException `match`): `any` needs one filter, else `all` needs every
 * filter; with neither there is nothing to fail and the statement holds.
 */
export declare function anyAllMatches(statement: {
    any?: ResourceFilter[];
    all?: ResourceFilter[];
}, input: MatchInput, options?: FilterOptions): boolean;
export {};
