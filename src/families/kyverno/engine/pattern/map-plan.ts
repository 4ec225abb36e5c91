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
import { parseAnchor, type Anchor } from './anchor.js';
import { sortGoStrings } from '../../../../util/go-json.js';
import { findTaggedKey } from './metadata-wildcards.js';

interface PlannedKey {
  readonly key: string;
  readonly anchor: Anchor | null;
}

export interface MapPlan {
  readonly phase1: readonly (PlannedKey & { readonly anchor: Anchor })[];
  readonly phase2: readonly PlannedKey[];
  /** Conditional and existence anchors: (full key, inner key) pairs for the bookkeeping. */
  readonly tracked: readonly (PlannedKey & { readonly anchor: Anchor })[];
  /** The key `ExpandInMetadata` rewrites below (`metadata` or an anchor on it), if any. */
  readonly metadataKey: string | null;
  /** Whether `metadataKey` is a phase-2 key, whose position depends on its (rewritten) value. */
  readonly metadataInPhase2: boolean;
  /** Whether the phase-2 ordering put `metadataKey` among the anchored keys. */
  readonly metadataAnchored: boolean;
}

function isPhase1(anchor: Anchor): boolean {
  return (
    anchor.type === 'condition' || anchor.type === 'equality' || anchor.type === 'negation' || anchor.type === 'existence'
  );
}

/** Anchors that make a subtree "anchored" for phase-2 ordering (`getAnchorsFromMap`). */
function isOrderingAnchor(key: string): boolean {
  const anchor = parseAnchor(key);
  return anchor !== null && anchor.type !== 'addIfNotPresent';
}

const nestedAnchorCache = new WeakMap<object, boolean>();

/** `hasNestedAnchors`: whether a pattern value holds an anchor key at any depth. */
export function hasNestedAnchors(pattern: JsonValue | undefined): boolean {
  if (typeof pattern !== 'object' || pattern === null) return false;
  const cached = nestedAnchorCache.get(pattern);
  if (cached !== undefined) return cached;
  let result = false;
  if (Array.isArray(pattern)) {
    result = pattern.some(hasNestedAnchors);
  } else {
    for (const key in pattern) {
      if (isOrderingAnchor(key)) {
        result = true;
        break;
      }
    }
    if (!result) {
      for (const key in pattern) {
        if (hasNestedAnchors(pattern[key])) {
          result = true;
          break;
        }
      }
    }
  }
  nestedAnchorCache.set(pattern, result);
  return result;
}

/**
 * Builds the plan of a pattern map; `metadataValue` replaces the value of the metadata key when the
 * metadata wildcard rewrite changed it (that can change the phase-2 ordering).
 */
export function buildMapPlan(pattern: JsonObject, metadataValue?: JsonValue): MapPlan {
  const keys = sortGoStrings(Object.keys(pattern));
  const metadataKey = findTaggedKey('metadata', pattern);
  const phase1: (PlannedKey & { anchor: Anchor })[] = [];
  const tracked: (PlannedKey & { anchor: Anchor })[] = [];
  const front: PlannedKey[] = [];
  const back: PlannedKey[] = [];
  let metadataInPhase2 = false;
  let metadataAnchored = false;
  for (const key of keys) {
    const anchor = parseAnchor(key);
    if (anchor !== null && isPhase1(anchor)) {
      phase1.push({ key, anchor });
      if (anchor.type === 'condition' || anchor.type === 'existence') tracked.push({ key, anchor });
      continue;
    }
    if (key === metadataKey) metadataInPhase2 = true;
    const value = key === metadataKey && metadataValue !== undefined ? metadataValue : pattern[key];
    if (anchor?.type === 'global' || hasNestedAnchors(value)) {
      front.push({ key, anchor });
      if (key === metadataKey) metadataAnchored = true;
    } else {
      back.push({ key, anchor });
    }
  }
  front.reverse();
  return { phase1, phase2: front.concat(back), tracked, metadataKey, metadataInPhase2, metadataAnchored };
}

const planCache = new WeakMap<JsonObject, MapPlan>();

/** The cached plan of a pattern map as written. */
export function mapPlan(pattern: JsonObject): MapPlan {
  let plan = planCache.get(pattern);
  if (plan === undefined) {
    plan = buildMapPlan(pattern);
    planCache.set(pattern, plan);
  }
  return plan;
}
