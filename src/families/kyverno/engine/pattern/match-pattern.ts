/**
 * @file Kyverno's validate pattern matching (`kyverno/kyverno pkg/engine/validate/validate.go`
 * `MatchPattern`, the anchor handlers of `pkg/engine/anchor/handlers.go`): overlays a
 * pattern tree on a resource and reports pass, skip (an anchor condition said the rule does not
 * apply), fail (with Kyverno's failure path) or error (a failure without a usable path).
 */
import type { JsonObject, JsonValue, NumberMode } from '../../../../types.js';
import type { Anchor } from './anchor.js';
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
import { formatGoValue, goTypeName } from './go-value.js';
import { buildMapPlan, hasNestedAnchors, mapPlan, type MapPlan } from './map-plan.js';
import { expandMetadataWildcards } from './metadata-wildcards.js';
import { validateValue } from './scalar.js';
import { isObject } from '../../../../util/json-value.js';

export type PatternOutcome = 'pass' | 'fail' | 'skip' | 'error';

export interface PatternResult {
  outcome: PatternOutcome;
  /** Failure path (`/spec/containers/0/image/`) for `fail`; empty otherwise. */
  path: string;
  /** Kyverno's error text (empty on `pass`); the detail of skip and error rule messages. */
  message: string;
}

interface MatchPatternOptions {
  /** `float64` (`kyverno test`, the default) or `int64` (`kyverno apply`). */
  numberMode?: NumberMode;
}

/** State of one `MatchPattern` call. */
export interface Evaluation {
  readonly numberMode: NumberMode;
  /** Anchor bookkeeping: anchor key → whether its inner key was ever found in the resource (created on first use). */
  anchorsSeen: Map<string, boolean> | null;
  /** Metadata pattern maps as rewritten so far by the wildcard-key expansion (Kyverno mutates them). */
  metadataRewrites: Map<JsonObject, JsonObject> | null;
}

export function hasKey(map: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(map, key);
}

/** `validateResourceElement` (pkg/engine/validate/validate.go): dispatch on the pattern node type. */
export function checkElement(resource: JsonValue | undefined, pattern: JsonValue, path: string, ev: Evaluation): Failure | null {
  if (Array.isArray(pattern)) {
    if (!Array.isArray(resource)) {
      return plainFailure(
        `validation rule failed at path ${path}, resource does not satisfy the expected overlay pattern`,
        path,
      );
    }
    return checkArray(resource, pattern, path, ev);
  }
  if (isObject(pattern)) {
    if (!isObject(resource)) {
      return plainFailure(
        `pattern and resource have different structures. Path: ${path}. Expected map[string]interface {}, found ${goTypeName(resource, ev.numberMode)}`,
        path,
      );
    }
    const plan = mapPlan(pattern);
    recordAnchors(plan, resource, ev);
    return checkMap(resource, pattern, plan, path, ev);
  }
  if (Array.isArray(resource)) {
    for (const element of resource) {
      if (!validateValue(element, pattern, ev.numberMode)) return scalarMismatch(resource, pattern, path, ev);
    }
    return null;
  }
  return validateValue(resource, pattern, ev.numberMode) ? null : scalarMismatch(resource, pattern, path, ev);
}

export function scalarMismatch(resource: JsonValue | undefined, pattern: JsonValue, path: string, ev: Evaluation): Failure {
  const value = formatGoValue(resource, ev.numberMode);
  // Patterns are decoded as float64 whatever the resource number mode.
  return plainFailure(`resource value '${value}' does not match '${formatGoValue(pattern, 'float64')}' at path ${path}`, path);
}

/** `AnchorMap.CheckAnchorInResource` (pkg/engine/anchor/anchormap.go). */
export function recordAnchors(plan: MapPlan, resource: JsonObject, ev: Evaluation): void {
  if (plan.tracked.length === 0) return;
  const seen = (ev.anchorsSeen ??= new Map());
  for (const { key, anchor } of plan.tracked) {
    if (seen.get(key) === true) continue;
    seen.set(key, hasKey(resource, anchor.key));
  }
}

/**
 * The metadata pattern to use at this level, after the wildcard-key rewrite `validateMap` starts with
 * (`wildcards.ExpandInMetadata`, pkg/engine/wildcards/wildcards.go).
 */
function rewrittenMetadata(pattern: JsonObject, key: string, resource: JsonObject, ev: Evaluation): JsonObject | null {
  const original = pattern[key];
  if (!isObject(original)) return null;
  const resourceMetadata = resource['metadata'];
  if (resourceMetadata === null || resourceMetadata === undefined) return null;
  const current = ev.metadataRewrites?.get(original) ?? original;
  const next = expandMetadataWildcards(current, resourceMetadata);
  if (next !== current) (ev.metadataRewrites ??= new Map()).set(original, next);
  return next === original ? null : next;
}

/** `validateMap` (pkg/engine/validate/validate.go). */
function checkMap(resource: JsonObject, pattern: JsonObject, cachedPlan: MapPlan, path: string, ev: Evaluation): Failure | null {
  let plan = cachedPlan;
  let metadata: JsonObject | null = null;
  if (plan.metadataKey !== null) {
    metadata = rewrittenMetadata(pattern, plan.metadataKey, resource, ev);
    if (metadata !== null && plan.metadataInPhase2 && hasNestedAnchors(metadata) !== plan.metadataAnchored) {
      plan = buildMapPlan(pattern, metadata);
    }
  }
  // Phase 1: conditional, equality, negation and existence anchors.
  let applied = 0;
  let skips: Failure[] | null = null;
  let rawSkip = false;
  for (const { key, anchor } of plan.phase1) {
    const value = metadata !== null && key === plan.metadataKey ? metadata : pattern[key]!;
    const failure = handleAnchor(anchor, value, resource, path, ev);
    if (failure === null) {
      applied++;
    } else if (isSkip(failure)) {
      (skips ??= []).push(failure);
      rawSkip ||= isRawSkip(failure);
    } else if (!rawSkip) {
      return failure;
    }
  }
  if (skips !== null && (applied === 0 || rawSkip)) return packagedSkip(skips, path);

  // Phase 2: global anchors and plain keys; the first failure of any class is returned.
  for (const { key, anchor } of plan.phase2) {
    const value = metadata !== null && key === plan.metadataKey ? metadata : pattern[key]!;
    const failure =
      anchor?.type === 'global'
        ? handleGlobal(anchor, value, resource, path, ev)
        : handlePlain(key, value, resource, path, ev);
    if (failure !== null) return failure;
  }
  return null;
}

/**
 * Phase-1 anchor handlers (pkg/engine/anchor/handlers.go: `conditionAnchorHandler`, `equalityHandler`,
 * `negationHandler`, `existenceHandler`).
 */
function handleAnchor(anchor: Anchor, pattern: JsonValue, resource: JsonObject, path: string, ev: Evaluation): Failure | null {
  const key = anchor.key;
  const currentPath = path + key + '/';
  const present = hasKey(resource, key);
  switch (anchor.type) {
    case 'condition': {
      if (!present) return conditionalFailure("conditional anchor key doesn't exist in the resource", currentPath);
      const failure = checkElement(resource[key], pattern, currentPath, ev);
      return failure === null ? null : conditionalFailure(failure.message, failure.path);
    }
    case 'equality':
      return present ? checkElement(resource[key], pattern, currentPath, ev) : null;
    case 'negation':
      return present ? negationFailure(currentPath) : null;
    case 'existence':
      return present ? handleExistence(resource[key]!, pattern, currentPath, ev) : null;
    default:
      return null;
  }
}

/** `^(key)`: every pattern element must be satisfied by at least one resource element. */
function handleExistence(resource: JsonValue, pattern: JsonValue, path: string, ev: Evaluation): Failure | null {
  if (!Array.isArray(resource)) {
    return plainFailure(
      `invalid resource type ${goTypeName(resource, ev.numberMode)}: Existence ^ () anchor can be used only on list/array type resource`,
      path,
    );
  }
  if (!Array.isArray(pattern)) {
    return plainFailure(
      `invalid pattern type ${goTypeName(pattern, 'float64')}: Pattern has to be of list to compare against resource`,
      path,
    );
  }
  for (const element of pattern) {
    if (!isObject(element)) {
      return plainFailure(
        'invalid pattern type []interface {}: Pattern has to be of type map to compare against items in resource',
        path,
      );
    }
    let found = false;
    for (let i = 0; i < resource.length; i++) {
      if (checkElement(resource[i], element, `${path}${i}/`, ev) === null) {
        found = true;
        break;
      }
    }
    if (!found) return plainFailure(`existence anchor validation failed at path ${path}`, path);
  }
  return null;
}

/** `<(key)`: when the key is present its value must match, otherwise the rule does not apply. */
function handleGlobal(anchor: Anchor, pattern: JsonValue, resource: JsonObject, path: string, ev: Evaluation): Failure | null {
  const key = anchor.key;
  if (!hasKey(resource, key)) return null;
  const failure = checkElement(resource[key], pattern, path + key + '/', ev);
  return failure === null ? null : globalFailure(failure.message, failure.path);
}

/**
 * Plain keys (and `+(key)`, a literal key in validate), with the `"*"` presence rule (`defaultHandler.Handle`,
 * pkg/engine/anchor/handlers.go).
 */
function handlePlain(key: string, pattern: JsonValue, resource: JsonObject, path: string, ev: Evaluation): Failure | null {
  const value = hasKey(resource, key) ? resource[key] : undefined;
  if (pattern === '*') {
    return value !== null && value !== undefined ? null : plainFailure(`${path}/${key} not found`, path);
  }
  return checkElement(value, pattern, path + key + '/', ev);
}

/** `validateArray` (pkg/engine/validate/validate.go). */
function checkArray(resource: JsonValue[], pattern: JsonValue[], path: string, ev: Evaluation): Failure | null {
  if (pattern.length === 0) return plainFailure('pattern Array empty', path);
  const first = pattern[0]!;
  if (isObject(first)) return checkElements(resource, first, resource.length, path, ev);
  if (!Array.isArray(first)) return checkElement(resource, first, path, ev);
  if (resource.length < pattern.length) {
    return plainFailure(
      `validate Array failed, array length mismatch, resource Array len is ${resource.length} and pattern Array len is ${pattern.length}`,
      '',
    );
  }
  return checkElements(resource, pattern, pattern.length, path, ev);
}

/**
 * Checks the first `count` resource elements against one pattern map (array of maps) or against the
 * pattern elements at the same index (nested arrays). Skipping elements are not counted; the array
 * skips only when every checked element skipped.
 */
function checkElements(
  resource: JsonValue[],
  pattern: JsonObject | JsonValue[],
  count: number,
  path: string,
  ev: Evaluation,
): Failure | null {
  let applied = 0;
  let skips: Failure[] | null = null;
  for (let i = 0; i < count; i++) {
    const elementPattern = Array.isArray(pattern) ? pattern[i]! : pattern;
    const failure = checkElement(resource[i], elementPattern, `${path}${i}/`, ev);
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

function keysAreMissing(ev: Evaluation): boolean {
  if (ev.anchorsSeen === null) return false;
  for (const seen of ev.anchorsSeen.values()) {
    if (!seen) return true;
  }
  return false;
}

/**
 * Matches a resource against a validate pattern as Kyverno's `MatchPattern`, mapped to outcomes the
 * way the validate handler maps its error: skip-class errors → `skip`; a negation anchor failure →
 * `fail`; any other failure → `error` when a conditional or existence anchor key never occurred in
 * the resource or the failure has no path, `fail` otherwise.
 */
export function matchPattern(resource: JsonValue, pattern: JsonValue, options?: MatchPatternOptions): PatternResult {
  const ev: Evaluation = {
    numberMode: options?.numberMode ?? 'float64',
    anchorsSeen: null,
    metadataRewrites: null,
  };
  const failure = checkElement(resource, pattern, '/', ev);
  if (failure === null) return { outcome: 'pass', path: '', message: '' };
  return patternResult(failure, ev);
}

/** The outcome of a failed `MatchPattern` (see {@link matchPattern}). */
export function patternResult(failure: Failure, ev: Evaluation): PatternResult {
  if (isSkip(failure)) return { outcome: 'skip', path: '', message: failure.message };
  if (failure.kind === 'negation') return { outcome: 'fail', path: failure.path, message: failure.message };
  if (keysAreMissing(ev) || failure.path === '') return { outcome: 'error', path: '', message: failure.message };
  return { outcome: 'fail', path: failure.path, message: failure.message };
}
