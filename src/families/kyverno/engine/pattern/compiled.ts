/**
 * @file Validate patterns compiled into closures: the same walk as the interpreter of match-pattern.ts
 * (Kyverno `MatchPattern`, kyverno/kyverno pkg/engine/validate/validate.go `validateResourceElement`,
 * `validateMap`, `validateArray`; the anchor handlers of pkg/engine/anchor/handlers.go), with everything that
 * depends on the pattern alone worked out once per pattern object: the map plans (anchor parsing, phase
 * ordering), the scalar checks (string operators, ranges, quantities and durations parsed), and the failure
 * paths, which are only built when a check fails (a closure knows its path relative to the nearest array
 * element). A map whose `metadata` labels or annotations the wildcard-key rewrite (`wildcards.ExpandInMetadata`)
 * can change is left to the interpreter, which keeps that rewrite's state in the same evaluation.
 */
import type { JsonObject, JsonValue, NumberMode } from '../../../../types.js';
import { isObject } from '../../../../util/json-value.js';
import { containsWildcard } from '../../../../util/wildcard.js';
import { type Anchor } from './anchor.js';
import {
  conditionalFailure,
  globalFailure,
  isRawSkip,
  isSkip,
  negationFailure,
  packagedSkip,
  plainFailure,
  type Failure,
} from './failure.js';
import { goTypeName } from './go-value.js';
import { mapPlan, type MapPlan } from './map-plan.js';
import {
  checkElement,
  type Evaluation,
  hasKey,
  matchPattern,
  patternResult,
  type PatternResult,
  recordAnchors,
  scalarMismatch,
} from './match-pattern.js';
import { findTaggedKey } from './metadata-wildcards.js';
import { compileValueCheck } from './scalar.js';

/**
 * A compiled pattern node: checks `resource`, whose path is `base` followed by the node's own (static) path.
 * Returns the failure as the interpreter's `checkElement` does, or null.
 */
type Check = (resource: JsonValue | undefined, base: string, ev: Evaluation) => Failure | null;

/** A compiled pattern map, given a resource map (see `checkMap`). */
type MapCheck = (resource: JsonObject, base: string, ev: Evaluation) => Failure | null;

/** `checkElement` of the interpreter for one pattern node at relative path `rel`. */
function compileElement(pattern: JsonValue, rel: string): Check {
  if (Array.isArray(pattern)) {
    const array = compileArray(pattern, rel);
    return (resource, base, ev) => {
      if (!Array.isArray(resource)) {
        const path = base + rel;
        return plainFailure(`validation rule failed at path ${path}, resource does not satisfy the expected overlay pattern`, path);
      }
      return array(resource, base, ev);
    };
  }
  if (isObject(pattern)) {
    const plan = mapPlan(pattern);
    if (plan.metadataKey !== null && !metadataRewriteIsIdentity(pattern[plan.metadataKey])) {
      return (resource, base, ev) => checkElement(resource, pattern, base + rel, ev);
    }
    const map = compileMap(pattern, plan, rel);
    return (resource, base, ev) => {
      if (!isObject(resource)) {
        const path = base + rel;
        return plainFailure(
          `pattern and resource have different structures. Path: ${path}. Expected map[string]interface {}, found ${goTypeName(resource, ev.numberMode)}`,
          path,
        );
      }
      recordAnchors(plan, resource, ev);
      return map(resource, base, ev);
    };
  }
  const test = compileValueCheck(pattern);
  return (resource, base, ev) => {
    if (Array.isArray(resource)) {
      for (const element of resource) {
        if (!test(element, ev.numberMode)) return scalarMismatch(resource, pattern, base + rel, ev);
      }
      return null;
    }
    return test(resource, ev.numberMode) ? null : scalarMismatch(resource, pattern, base + rel, ev);
  };
}

/**
 * Whether `ExpandInMetadata` gives back the metadata pattern unchanged whatever the resource: its `labels` and
 * `annotations` maps (when maps) hold string values under keys without wildcards only.
 */
function metadataRewriteIsIdentity(metadata: JsonValue | undefined): boolean {
  if (!isObject(metadata)) return true;
  for (const tag of ['labels', 'annotations']) {
    const key = findTaggedKey(tag, metadata);
    if (key === null) continue;
    const map = metadata[key];
    if (!isObject(map)) continue;
    for (const k in map) {
      if (typeof map[k] !== 'string' || containsWildcard(k)) return false;
    }
  }
  return true;
}

type KeyCheck = (resource: JsonObject, base: string, ev: Evaluation) => Failure | null;

/** `checkMap` for a map whose plan does not change (no metadata rewrite). */
function compileMap(pattern: JsonObject, plan: MapPlan, rel: string): MapCheck {
  const phase1 = plan.phase1.map(({ anchor, key }) => compileAnchor(anchor, pattern[key]!, rel));
  const phase2 = plan.phase2.map(({ key, anchor }) =>
    anchor?.type === 'global' ? compileGlobal(anchor, pattern[key]!, rel) : compilePlain(key, pattern[key]!, rel),
  );
  const phase1Count = phase1.length;
  const phase2Count = phase2.length;
  return (resource, base, ev) => {
    if (phase1Count > 0) {
      let applied = 0;
      let skips: Failure[] | null = null;
      let rawSkip = false;
      for (let i = 0; i < phase1Count; i++) {
        const failure = phase1[i]!(resource, base, ev);
        if (failure === null) {
          applied++;
        } else if (isSkip(failure)) {
          (skips ??= []).push(failure);
          rawSkip ||= isRawSkip(failure);
        } else if (!rawSkip) {
          return failure;
        }
      }
      if (skips !== null && (applied === 0 || rawSkip)) return packagedSkip(skips, base + rel);
    }
    for (let i = 0; i < phase2Count; i++) {
      const failure = phase2[i]!(resource, base, ev);
      if (failure !== null) return failure;
    }
    return null;
  };
}

/** The phase-1 anchors (`handleAnchor`). */
function compileAnchor(anchor: Anchor, pattern: JsonValue, rel: string): KeyCheck {
  const key = anchor.key;
  const childRel = rel + key + '/';
  switch (anchor.type) {
    case 'condition': {
      const child = compileElement(pattern, childRel);
      return (resource, base, ev) => {
        if (!hasKey(resource, key)) return conditionalFailure("conditional anchor key doesn't exist in the resource", base + childRel);
        const failure = child(resource[key], base, ev);
        return failure === null ? null : conditionalFailure(failure.message, failure.path);
      };
    }
    case 'equality': {
      const child = compileElement(pattern, childRel);
      return (resource, base, ev) => (hasKey(resource, key) ? child(resource[key], base, ev) : null);
    }
    case 'negation':
      return (resource, base) => (hasKey(resource, key) ? negationFailure(base + childRel) : null);
    case 'existence': {
      const existence = compileExistence(pattern);
      return (resource, base, ev) => (hasKey(resource, key) ? existence(resource[key]!, base + childRel, ev) : null);
    }
    default:
      return () => null;
  }
}

/** `^(key)` (`handleExistence`): `path` is the path of the resource list. */
function compileExistence(pattern: JsonValue): (resource: JsonValue, path: string, ev: Evaluation) => Failure | null {
  const elements = Array.isArray(pattern) ? pattern.map((element) => (isObject(element) ? compileElement(element, '') : null)) : null;
  return (resource, path, ev) => {
    if (!Array.isArray(resource)) {
      return plainFailure(
        `invalid resource type ${goTypeName(resource, ev.numberMode)}: Existence ^ () anchor can be used only on list/array type resource`,
        path,
      );
    }
    if (elements === null) {
      return plainFailure(`invalid pattern type ${goTypeName(pattern, 'float64')}: Pattern has to be of list to compare against resource`, path);
    }
    for (const element of elements) {
      if (element === null) {
        return plainFailure('invalid pattern type []interface {}: Pattern has to be of type map to compare against items in resource', path);
      }
      let found = false;
      for (let i = 0; i < resource.length; i++) {
        if (element(resource[i], `${path}${i}/`, ev) === null) {
          found = true;
          break;
        }
      }
      if (!found) return plainFailure(`existence anchor validation failed at path ${path}`, path);
    }
    return null;
  };
}

/** `<(key)` (`handleGlobal`). */
function compileGlobal(anchor: Anchor, pattern: JsonValue, rel: string): KeyCheck {
  const key = anchor.key;
  const child = compileElement(pattern, rel + key + '/');
  return (resource, base, ev) => {
    if (!hasKey(resource, key)) return null;
    const failure = child(resource[key], base, ev);
    return failure === null ? null : globalFailure(failure.message, failure.path);
  };
}

/** Plain keys and `+(key)` (`handlePlain`), with the `"*"` presence rule. */
function compilePlain(key: string, pattern: JsonValue, rel: string): KeyCheck {
  if (pattern === '*') {
    return (resource, base) => {
      const value = hasKey(resource, key) ? resource[key] : undefined;
      if (value !== null && value !== undefined) return null;
      const path = base + rel;
      return plainFailure(`${path}/${key} not found`, path);
    };
  }
  const child = compileElement(pattern, rel + key + '/');
  return (resource, base, ev) => child(hasKey(resource, key) ? resource[key] : undefined, base, ev);
}

/** `checkArray` for a resource list. */
function compileArray(pattern: JsonValue[], rel: string): (resource: JsonValue[], base: string, ev: Evaluation) => Failure | null {
  if (pattern.length === 0) return (_resource, base) => plainFailure('pattern Array empty', base + rel);
  const first = pattern[0]!;
  if (isObject(first)) {
    const element = compileElement(first, '');
    return (resource, base, ev) => checkElements(resource, resource.length, element, base + rel, ev);
  }
  if (!Array.isArray(first)) return compileElement(first, rel);
  const elements = pattern.map((element) => compileElement(element, ''));
  const length = pattern.length;
  return (resource, base, ev) => {
    if (resource.length < length) {
      return plainFailure(
        `validate Array failed, array length mismatch, resource Array len is ${resource.length} and pattern Array len is ${length}`,
        '',
      );
    }
    return checkElements(resource, length, elements, base + rel, ev);
  };
}

/**
 * `checkElements`: the first `count` resource elements, against one compiled pattern (a list of maps) or each
 * against the compiled pattern at its index (nested lists).
 */
function checkElements(resource: JsonValue[], count: number, element: Check | readonly Check[], path: string, ev: Evaluation): Failure | null {
  let applied = 0;
  let skips: Failure[] | null = null;
  for (let i = 0; i < count; i++) {
    const check = typeof element === 'function' ? element : element[i]!;
    const failure = check(resource[i], `${path}${i}/`, ev);
    if (failure === null) {
      applied++;
    } else if (isSkip(failure)) {
      (skips ??= []).push(failure);
    } else {
      return failure;
    }
  }
  return applied === 0 && skips !== null ? packagedSkip(skips, path) : null;
}

const compiledPatterns = new WeakMap<object, Check>();

/** The compiled root of a pattern object (cached per object: policies are never mutated). */
function compiledRoot(pattern: JsonObject | JsonValue[]): Check {
  let check = compiledPatterns.get(pattern);
  if (check === undefined) {
    check = compileElement(pattern, '/');
    compiledPatterns.set(pattern, check);
  }
  return check;
}

const PASS: PatternResult = Object.freeze({ outcome: 'pass', path: '', message: '' }) as PatternResult;

/** The evaluation state, reused by every call (a match runs to completion without re-entering). */
const state: { numberMode: NumberMode; anchorsSeen: Map<string, boolean> | null; metadataRewrites: Map<JsonObject, JsonObject> | null } = {
  numberMode: 'float64',
  anchorsSeen: null,
  metadataRewrites: null,
};

/**
 * `matchPattern` with the pattern compiled (once per pattern object): the same outcome, path and message. The
 * pattern must not change afterwards (policy values never do). A pass returns a shared frozen result.
 */
export function matchCompiledPattern(resource: JsonValue, pattern: JsonValue, numberMode: NumberMode): PatternResult {
  if (pattern === null || typeof pattern !== 'object') return matchPattern(resource, pattern, { numberMode });
  const check = compiledRoot(pattern);
  state.numberMode = numberMode;
  state.anchorsSeen = null;
  state.metadataRewrites = null;
  const failure = check(resource, '', state);
  if (failure === null) return PASS;
  const ev: Evaluation = { numberMode, anchorsSeen: state.anchorsSeen, metadataRewrites: state.metadataRewrites };
  state.anchorsSeen = null;
  state.metadataRewrites = null;
  return patternResult(failure, ev);
}
