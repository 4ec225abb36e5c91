/**
 * @file Pattern trees as CEL: maps with their anchors, arrays, and scalars (kyverno/kyverno
 * pkg/engine/validate/validate.go `validateResourceElement`, `validateMap`, `validateArray`,
 * `validateArrayOfMaps`; the anchor handlers of pkg/engine/anchor/handlers.go; the key order of
 * pkg/engine/validate/utils.go `getSortedNestedAnchorResource`, taken from the engine's own map plan).
 */
import type { JsonObject, JsonValue } from '../../types.js';
import type { PolicyPath, Translation } from '../types.js';
import { buildMapPlan, hasNestedAnchors } from '../../families/kyverno/engine/pattern/map-plan.js';
import { parseAnchor, type Anchor } from '../../families/kyverno/engine/pattern/anchor.js';
import { findTaggedKey } from '../../families/kyverno/engine/pattern/metadata-wildcards.js';
import { containsWildcard } from '../../util/wildcard.js';
import { isObject } from '../../util/json-value.js';
import { and, celString, ifThen, not, or, wildcardTest } from './cel-text.js';
import {
  FAIL,
  PASS,
  RAW_SKIP,
  SKIP,
  bool,
  choose,
  code,
  codeExpr,
  codesOf,
  constant,
  fails,
  isBinary,
  passExpr,
  passes,
  type Code,
  type Outcome,
} from './outcome.js';
import { scalarOnAbsent, scalarPattern as scalarOf, type NumberSemantics } from './scalar.js';

type Result = Translation<Outcome>;

export class Untranslatable extends Error {
  constructor(
    readonly reason: string,
    readonly path: PolicyPath,
  ) {
    super(reason);
  }
}

/** Translation state: fresh CEL variable names, and whether the node is under an array. */
export class Scope {
  constructor(
    readonly path: PolicyPath,
    readonly underArray = false,
    private readonly names: { next: number } = { next: 0 },
    /** Pattern label/annotation maps whose wildcard keys Kyverno resolves against the resource. */
    readonly wildcardMaps: Set<JsonObject> = new Set(),
    /** Pattern label/annotation maps as Kyverno checks them: without their non-string entries. */
    readonly tagMaps: Map<JsonObject, JsonObject> = new Map(),
    /** How Kyverno holds the checked value's integral numbers. */
    readonly numbers: NumberSemantics = 'int64',
  ) {}
  fresh(prefix: string): string {
    return `${prefix}${this.names.next++}`;
  }
  at(segment: string | number, underArray = this.underArray): Scope {
    return new Scope([...this.path, segment], underArray, this.names, this.wildcardMaps, this.tagMaps, this.numbers);
  }
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** CEL's reserved words, which cannot be selected as fields. */
const RESERVED = new Set(
  'true false null in as break const continue else for function if import let loop package namespace return var void while'.split(' '),
);

/** The scalar pattern on the present value `v`, with the scope's number semantics. */
function scalarPattern(v: string, pattern: Exclude<JsonValue, JsonValue[]>, scope: Scope): string {
  return scalarOf(v, pattern, scope.numbers);
}

function selectable(key: string): boolean {
  return IDENTIFIER.test(key) && !RESERVED.has(key);
}

/** `key` is present in the map `v`. */
function inMap(v: string, key: string): string {
  return selectable(key) ? `has(${v}.${key})` : `${celString(key)} in ${v}`;
}

/** The value of `key` of the map `v` (present). */
function field(v: string, key: string): string {
  return selectable(key) ? `${v}.${key}` : `${v}[${celString(key)}]`;
}

/** `validateResourceElement` on a value that is present in the resource. */
export function element(v: string, pattern: JsonValue, scope: Scope): Outcome {
  if (Array.isArray(pattern)) return choose(`type(${v}) == list`, array(v, pattern, scope), fails);
  if (isObject(pattern)) return choose(`type(${v}) == map`, map(v, pattern, scope), fails);
  // A scalar pattern is checked against every element of a list value (`validateResourceElement`).
  const e = scope.fresh('e');
  return bool(`(type(${v}) == list ? ${v} : [${v}]).all(${e}, ${scalarPattern(e, pattern, scope)})`);
}

function paren(s: string): string {
  return s === 'true' || s === 'false' ? s : `(${s})`;
}

/** `validateResourceElement` on a missing key: maps and arrays fail, a scalar compares with nil. */
function absent(pattern: JsonValue): Outcome {
  if (Array.isArray(pattern) || isObject(pattern)) return fails;
  return scalarOnAbsent(pattern) ? passes : fails;
}

/** The value of `key` of the map `v` against `pattern`, present or not. */
function child(v: string, key: string, pattern: JsonValue, scope: Scope): Outcome {
  return choose(inMap(v, key), element(field(v, key), pattern, scope.at(key)), absent(pattern));
}

/** Outcome of a list of outcomes combined as `validateArrayOfMaps`: any failure fails, all skipping skips. */
function elementsFold(outcomes: readonly Outcome[], scope: Scope): Outcome {
  if (outcomes.every(isBinary)) return bool(and(...outcomes.map((o) => o.expr)));
  const cs = scope.fresh('c');
  const codes = new Set<Code>([PASS]);
  for (const o of outcomes) {
    for (const c of codesOf(o)) {
      if (c === FAIL) codes.add(FAIL);
      if (c === RAW_SKIP || c === SKIP) codes.add(SKIP);
    }
  }
  return code(
    `cel.bind(${cs}, [${outcomes.map(codeExpr).join(', ')}], ${foldBody(cs)})`,
    codes,
  );
}

function foldBody(cs: string): string {
  return `${cs}.exists(x, x == 3) ? 3 : (${cs}.size() > 0 && ${cs}.all(x, x == 1 || x == 2)) ? 2 : 0`;
}

/** `validateArray`. */
function array(v: string, pattern: JsonValue[], scope: Scope): Outcome {
  if (pattern.length === 0) return fails; // "pattern Array empty"
  const first = pattern[0]!;
  if (isObject(first)) {
    const e = scope.fresh('e');
    const inner = map(e, first, scope.at(0, true));
    const guarded = choose(`type(${e}) == map`, inner, fails);
    if (isBinary(guarded)) return bool(`${v}.all(${e}, ${guarded.expr})`);
    const cs = scope.fresh('c');
    const codes = new Set<Code>([PASS]);
    for (const c of codesOf(guarded)) {
      if (c === FAIL) codes.add(FAIL);
      if (c === RAW_SKIP || c === SKIP) codes.add(SKIP);
    }
    return code(`cel.bind(${cs}, ${v}.map(${e}, ${codeExpr(guarded)}), ${foldBody(cs)})`, codes);
  }
  if (!Array.isArray(first)) {
    // Only the first element of a scalar list pattern is used: every resource element must satisfy it.
    const e = scope.fresh('e');
    return bool(`${v}.all(${e}, ${scalarPattern(e, first, scope)})`);
  }
  // Nested arrays: element-wise, the resource being at least as long as the pattern.
  const outcomes = pattern.map((p, i) => element(`${v}[${i}]`, p, scope.at(i, true)));
  return choose(`size(${v}) < ${pattern.length}`, fails, elementsFold(outcomes, scope));
}

/** `existenceHandler`: a list whose every pattern map is satisfied by at least one resource element. */
function existence(v: string, pattern: JsonValue, scope: Scope): Outcome {
  if (!Array.isArray(pattern) || !pattern.every(isObject)) return choose(`type(${v}) == list`, fails, fails);
  const terms = pattern.map((p, i) => {
    const e = scope.fresh('e');
    return `${v}.exists(${e}, ${passExpr(choose(`type(${e}) == map`, map(e, p as JsonObject, scope.at(i, true)), fails))})`;
  });
  return bool(and(`type(${v}) == list`, ...terms));
}

/** One phase-1 anchor (`conditionAnchorHandler`, `equalityHandler`, `negationHandler`, `existenceHandler`). */
function phase1Anchor(v: string, anchor: Anchor, pattern: JsonValue, scope: Scope): Outcome {
  const key = anchor.key;
  const present = inMap(v, key);
  const value = field(v, key);
  switch (anchor.type) {
    case 'condition': {
      // Any failure of the condition (even a skip below it) is a conditional anchor error: a raw skip.
      const matched = passExpr(element(value, pattern, scope));
      return code(`(${and(present, matched)}) ? 0 : 1`, [PASS, RAW_SKIP]);
    }
    case 'equality':
      return choose(present, element(value, pattern, scope), passes);
    case 'negation':
      return bool(not(present));
    case 'existence':
      return choose(present, existence(value, pattern, scope), passes);
    default:
      throw new Untranslatable(`anchor ${anchor.type} in phase 1`, scope.path);
  }
}

/**
 * `validateMap` phase 1: the first failure stops, unless a raw skip came before it; skips end the map with a
 * packaged skip when nothing applied or one of them was raw. Returns the CEL booleans "fails" and "skips".
 */
function phase1(outcomes: readonly Outcome[], scope: Scope): { fail: string; skip: string; bind?: [string, string] } {
  if (outcomes.every(isBinary)) return { fail: not(and(...outcomes.map((o) => o.expr))), skip: 'false' };
  const a = scope.fresh('a');
  return {
    bind: [a, `[${outcomes.map(codeExpr).join(', ')}]`],
    fail: `${a}.exists(x, x == 1 || x == 3) && ${a}.filter(x, x == 1 || x == 3)[0] == 3`,
    skip: `${a}.exists(x, x == 1 || x == 2) && (${a}.exists(x, x == 1) || !${a}.exists(x, x == 0))`,
  };
}

/** `validateMap` phase 2: the first non-passing key decides. */
function phase2(outcomes: readonly Outcome[], scope: Scope): Outcome {
  if (outcomes.every(isBinary)) return bool(and(...outcomes.map((o) => o.expr)));
  const q = scope.fresh('q');
  const codes = new Set<Code>([PASS]);
  for (const o of outcomes) for (const c of codesOf(o)) codes.add(c);
  return code(`cel.bind(${q}, [${outcomes.map(codeExpr).join(', ')}].filter(x, x != 0), ${q}.size() == 0 ? 0 : ${q}[0])`, codes);
}

const TAGS = ['labels', 'annotations'];

/**
 * `wildcards.ExpandInMetadata` (pkg/engine/wildcards/wildcards.go), which `validateMap` applies to a `metadata`
 * pattern first: under `labels`/`annotations`, only string values are kept and each wildcard key is replaced by
 * the first resource key it matches. Records the tag maps whose wildcard keys need that resolution.
 */
function checkMetadata(pattern: JsonObject, scope: Scope): void {
  const metadataKey = findTaggedKey('metadata', pattern);
  if (metadataKey === null) return;
  if (Object.keys(pattern).filter((k) => k === 'metadata' || parseAnchor(k)?.key === 'metadata').length > 1) {
    throw new Untranslatable('several keys name metadata: Kyverno rewrites one of them at random (Go map order)', scope.path);
  }
  const metadata = pattern[metadataKey];
  if (!isObject(metadata)) return;
  for (const tag of TAGS) {
    const keys = Object.keys(metadata).filter((k) => k === tag || parseAnchor(k)?.key === tag);
    if (keys.length === 0) continue;
    const path = [...scope.path, metadataKey, keys[0]!];
    if (keys.length > 1) throw new Untranslatable(`several keys name metadata.${tag}: Kyverno uses one of them at random (Go map order)`, path);
    const original = metadata[keys[0]!];
    if (!isObject(original)) continue;
    // Whenever this map is checked as a map, the resource has the tag map, so Kyverno has dropped the non-string
    // entries; that changes nothing else unless it leaves the map without anchors (the key order depends on them).
    const kept = Object.entries(original).filter(([, value]) => typeof value === 'string');
    const tagMap = kept.length === Object.keys(original).length ? original : Object.fromEntries(kept);
    if (hasNestedAnchors(tagMap) !== hasNestedAnchors(original)) {
      throw new Untranslatable(
        `the only anchors under metadata.${tag} on non-string values: Kyverno drops them from the pattern only when the resource has ${tag}, which changes the order it checks keys in`,
        path,
      );
    }
    if (tagMap !== original) scope.tagMaps.set(original, tagMap);
    const wildcardKeys = Object.keys(tagMap).filter((k) => containsWildcard(parseAnchor(k)?.key ?? k));
    if (wildcardKeys.length === 0) continue;
    if (scope.underArray) {
      throw new Untranslatable(
        `a wildcard key under metadata.${tag} inside a list: Kyverno rewrites the pattern in place, so later list elements see the keys of the first one`,
        path,
      );
    }
    // The keys are sorted again once resolved, but in a map of strings the order cannot change the outcome:
    // conditional anchors (`(` sorts first) can only skip, the other phase-1 anchors only fail; in phase 2 global
    // anchors (first) can only skip and plain keys only fail. Existence anchors need a list value: never here.
    scope.wildcardMaps.add(original);
  }
}

/**
 * A wildcard key of a labels/annotations map. Kyverno uses the first matching resource key in Go map order,
 * which is random: the translation requires every matching key's value to satisfy the pattern, the same as
 * Kyverno whenever its outcome does not depend on that random choice. A negation anchor only asks whether a
 * matching key exists, which is exact.
 */
function wildcardKey(v: string, key: string, anchor: Anchor | null, pattern: string, scope: Scope): Outcome {
  const wildcard = anchor?.key ?? key;
  const k = scope.fresh('k');
  const matching = `type(${v}[${k}]) == string && ${wildcardTest(k, wildcard)}`;
  const anyMatching = `${v}.exists(${k}, ${matching})`;
  const e = scope.fresh('e');
  const allMatching = `${v}.all(${e}, !(type(${v}[${e}]) == string && ${wildcardTest(e, wildcard)}) || ${paren(scalarPattern(`${v}[${e}]`, pattern, scope))})`;
  const literalPresent = inMap(v, wildcard);
  const literal = field(v, wildcard);
  const present = or(anyMatching, literalPresent);
  const literalMatches = passExpr(choose(literalPresent, bool(scalarPattern(literal, pattern, scope)), absent(pattern)));
  const matches = ifThen(anyMatching, allMatching, literalMatches);
  switch (anchor?.type) {
    case 'condition':
      return code(`(${and(present, matches)}) ? 0 : 1`, [PASS, RAW_SKIP]);
    case 'global':
      return code(`(${or(not(present), matches)}) ? 0 : 1`, [PASS, RAW_SKIP]);
    case 'negation':
      return bool(not(or(anyMatching, literalPresent)));
    case 'equality':
      return bool(ifThen(anyMatching, allMatching, or(not(literalPresent), scalarPattern(literal, pattern, scope))));
    case undefined: {
      const onLiteral =
        pattern === '*'
          ? `${literalPresent} && type(${literal}) != null_type`
          : passExpr(choose(literalPresent, bool(scalarPattern(literal, pattern, scope)), absent(pattern)));
      const onMatching = pattern === '*' ? 'true' : allMatching;
      return bool(ifThen(anyMatching, onMatching, onLiteral));
    }
    default:
      throw new Untranslatable(`a wildcard key with an ${anchor?.type ?? ""} anchor under metadata labels/annotations`, scope.path);
  }
}

/** `validateMap`. */
function map(v: string, written: JsonObject, scope: Scope): Outcome {
  const pattern = scope.tagMaps.get(written) ?? written;
  checkMetadata(pattern, scope);
  const plan = buildMapPlan(pattern);
  const wildcards = scope.wildcardMaps.has(written);
  const first: Outcome[] = [];
  for (const { key, anchor } of plan.phase1) {
    const inner = scope.at(key);
    if (wildcards && containsWildcard(anchor.key)) first.push(wildcardKey(v, key, anchor, pattern[key] as string, inner));
    else first.push(phase1Anchor(v, anchor, pattern[key]!, inner));
  }
  const second: Outcome[] = [];
  for (const { key, anchor } of plan.phase2) {
    const value = pattern[key]!;
    const inner = scope.at(key);
    if (wildcards && containsWildcard(anchor?.key ?? key)) {
      second.push(wildcardKey(v, key, anchor, value as string, inner));
    } else if (anchor?.type === 'global') {
      // `<(key)`: a mismatch of a present key is a global anchor error (a raw skip).
      const matched = passExpr(element(field(v, anchor.key), value, inner));
      second.push(code(`(${or(not(inMap(v, anchor.key)), matched)}) ? 0 : 1`, [PASS, RAW_SKIP]));
    } else if (value === '*') {
      // `defaultHandler`: "*" requires the key with a non-null value.
      second.push(bool(and(inMap(v, key), `type(${field(v, key)}) != null_type`)));
    } else {
      second.push(child(v, key, value, scope));
    }
  }
  const p1 = phase1(first, scope);
  const rest = choose(p1.fail, fails, choose(p1.skip, constant(SKIP), phase2(second, scope)));
  if (p1.bind === undefined) return rest;
  return code(`cel.bind(${p1.bind[0]}, ${p1.bind[1]}, ${codeExpr(rest)})`, codesOf(rest));
}

/**
 * Translates one pattern on the value `root` (a CEL expression that can be repeated: `object`, a comprehension
 * variable), whose integral numbers Kyverno holds as `numbers`, or says why not.
 */
export function translateTree(pattern: JsonValue, path: PolicyPath, root = 'object', numbers: NumberSemantics = 'int64'): Result {
  try {
    return { ok: true, value: element(root, pattern, new Scope(path, false, { next: 0 }, new Set(), new Map(), numbers)) };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, untranslatable: { reason: error.reason, path: error.path } };
    throw error;
  }
}
