/**
 * @file The evaluation plan of one pattern map (kyverno/kyverno pkg/engine/validate/validate.go
 * `validateMap`, pkg/engine/validate/utils.go `getSortedNestedAnchorResource`, `hasNestedAnchors`,
 * pkg/engine/anchor/anchormap.go `AnchorMap.CheckAnchorInResource`):
 * - phase 1: conditional, equality, negation and existence anchors, in ascending byte order;
 * - phase 2: the other keys; global anchors and keys whose value holds an anchor at any depth
 *   first (in descending byte order), then the rest in ascending byte order;
 * - the anchor keys recorded in the evaluation's anchor bookkeeping (Kyverno's `AnchorMap`).
 * Plans are cached per pattern object, so a compiled policy is analysed once.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { type Anchor } from './anchor.js';
interface PlannedKey {
    readonly key: string;
    readonly anchor: Anchor | null;
}
export interface MapPlan {
    readonly phase1: readonly (PlannedKey & {
        readonly anchor: Anchor;
    })[];
    readonly phase2: readonly PlannedKey[];
    /** Conditional and existence anchors: (full key, inner key) pairs for the bookkeeping. */
    readonly tracked: readonly (PlannedKey & {
        readonly anchor: Anchor;
    })[];
    /** The key `ExpandInMetadata` rewrites below (`metadata` or an anchor on it), if any. */
    readonly metadataKey: string | null;
    /** Whether `metadataKey` is a phase-2 key, whose position depends on its (rewritten) value. */
    readonly metadataInPhase2: boolean;
    /** Whether the phase-2 ordering put `metadataKey` among the anchored keys. */
    readonly metadataAnchored: boolean;
}
/** `hasNestedAnchors`: whether a pattern value holds an anchor key at any depth. */
export declare function hasNestedAnchors(pattern: JsonValue | undefined): boolean;
/**
 * Builds the plan of a pattern map; `metadataValue` replaces the value of the metadata key when the
 * metadata wildcard rewrite changed it (that can change the phase-2 ordering).
 */
export declare function buildMapPlan(pattern: JsonObject, metadataValue?: JsonValue): MapPlan;
/** The cached plan of a pattern map as written. */
export declare function mapPlan(pattern: JsonObject): MapPlan;
export {};
