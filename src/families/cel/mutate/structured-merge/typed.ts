/**
 * @file structured-merge-diff v6.4.2 typed values: validation (typed/validate.go, what `ObjectToTyped` /
 * `AsTyped` runs), the merge (typed/merge.go `mergingWalker` with `ruleKeepRHS`, typed/typed.go `Merge`)
 * and the atomic guard of k8s.io/apiserver v0.36.3 pkg/admission/plugin/policy/mutating/patch/smd.go
 * (`findAtomics`). Values are plain JSON; `undefined` is an absent value (Go `nil` `value.Value`), `null` a
 * present null. Error paths are the concatenated `PathElement.String()`s (`.field`, `[key="v"]`, `[=v]`,
 * `[3]`), as `ValidationErrors.WithLazyPrefix` builds them.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import { cloneJson } from '../../../../util/json-value.js';
import { goQuote } from '../../../../util/go-strings.js';
import { isEmptyRef, refName, resolve, type Atom, type ListType, type MapType, type Scalar, type TypeLookup, type TypeRef } from './schema.js';
import { formatValueSharpV, formatValueV, goTypeName, isList, isMap, isScalar, toString } from './value.js';

/** `typed.ValidationError`. */
export interface ValidationError {
  readonly path: string;
  readonly message: string;
}

/** `ValidationErrors.Error()`. */
export function formatErrors(errors: readonly ValidationError[]): string {
  const one = (e: ValidationError): string => (e.path === '' ? e.message : `${e.path}: ${e.message}`);
  if (errors.length === 1) return one(errors[0]!);
  return ['errors:', ...errors.map((e) => '  ' + one(e))].join('\n');
}

/** Which of an atom's kinds a value selects (typed/helpers.go `deduceAtom`): all of them when it fits none. */
function deduceAtom(atom: Atom, v: JsonValue | undefined): Atom {
  if (v === undefined || v === null) return atom;
  if (isScalar(v)) return atom.scalar !== undefined ? { scalar: atom.scalar } : atom;
  if (isList(v)) return atom.list !== undefined ? { list: atom.list } : atom;
  return atom.map !== undefined ? { map: atom.map } : atom;
}

function sameAtom(a: Atom, b: Atom): boolean {
  return a.scalar === b.scalar && a.list === b.list && a.map === b.map;
}

function invalidAtom(ref: TypeRef): string {
  const name = refName(ref);
  return `schema error: invalid atom: ${name === undefined ? 'inlined' : 'named type: ' + name}`;
}

function noType(ref: TypeRef): string {
  return `schema error: no type found matching: ${refName(ref) ?? 'inlined type'}`;
}

/** typed/validate.go `validateScalar`. */
function validateScalar(t: Scalar, v: JsonValue | undefined, prefix: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  const numeric = typeof v === 'number' || typeof v === 'bigint';
  switch (t) {
    case 'numeric':
      return numeric ? undefined : `${prefix}expected numeric (int or float), got ${goTypeName(v)}`;
    case 'string':
      return typeof v === 'string' ? undefined : `${prefix}expected string, got ${formatValueSharpV(v)}`;
    case 'boolean':
      return typeof v === 'boolean' ? undefined : `${prefix}expected boolean, got ${formatValueV(v)}`;
    case 'untyped':
      return isScalar(v) ? undefined : `${prefix}expected any scalar, got ${formatValueV(v)}`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// list keys (typed/helpers.go listItemToPathElement)

/** A list item's path element: its `String()` (also the identity of the item) and nothing else is needed. */
type PathElement = string;

function listItemToPathElement(lookup: TypeLookup, list: ListType, child: JsonValue): PathElement | { error: string } {
  if (list.elementRelationship !== 'associative') return { error: 'invalid indexing of non-associative list' };
  if (list.keys !== undefined && list.keys.length > 0) return keyedItemToPathElement(lookup, list, list.keys, child);
  if (isMap(child)) return { error: "associative list without keys has an element that's a map type" };
  if (isList(child)) return { error: 'not supported: associative list with lists as elements' };
  if (child === null) return { error: "associative list without keys has an element that's an explicit null" };
  return `[=${toString(child)}]`;
}

function keyedItemToPathElement(lookup: TypeLookup, list: ListType, keys: readonly string[], child: JsonValue): PathElement | { error: string } {
  if (child === null) return { error: 'associative list with keys may not have a null element' };
  if (!isMap(child)) return { error: 'associative list with keys may not have non-map elements' };
  const fields: Array<[string, JsonValue]> = [];
  for (const name of keys) {
    if (Object.prototype.hasOwnProperty.call(child, name)) {
      fields.push([name, child[name]!]);
      continue;
    }
    // getAssociativeKeyDefault
    const atom = resolve(lookup, list.elementType);
    if (atom === undefined) return { error: `couldn't find default value for ${name}: invalid elementType for list` };
    if (atom.map === undefined) return { error: `couldn't find default value for ${name}: associative list may not have non-map types` };
    const def = atom.map.fields.get(name)?.default;
    if (def !== undefined && def !== null) fields.push([name, def]);
  }
  if (fields.length === 0) {
    return { error: `associative list with keys has an element that omits all key fields [${keys.map(goQuote).join(' ')}] (and doesn't have default values for any key fields)` };
  }
  fields.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return '[' + fields.map(([k, v]) => `${k}=${toString(v)}`).join(',') + ']';
}

// ---------------------------------------------------------------------------------------------------------
// validation (typed/validate.go)

/** `TypedValue.Validate`: the errors of `v` against `ref` (`allowDuplicates`: the `AllowDuplicates` option). */
export function validate(lookup: TypeLookup, ref: TypeRef, v: JsonValue, allowDuplicates: boolean): ValidationError[] {
  const errors: ValidationError[] = [];
  validateValue(lookup, ref, v, '', allowDuplicates, errors);
  return errors;
}

function validateValue(lookup: TypeLookup, ref: TypeRef, v: JsonValue, path: string, allowDuplicates: boolean, errors: ValidationError[]): void {
  const resolved = resolve(lookup, ref);
  if (resolved === undefined) {
    errors.push({ path, message: noType(ref) });
    return;
  }
  const atom = deduceAtom(resolved, v);
  if (atom.map !== undefined) {
    if (v === null) return;
    if (!isMap(v)) {
      errors.push({ path, message: `expected map, got ${formatValueV(v)}` });
      return;
    }
    validateMap(lookup, atom.map, v, path, allowDuplicates, errors);
  } else if (atom.scalar !== undefined) {
    const error = validateScalar(atom.scalar, v, '');
    if (error !== undefined) errors.push({ path, message: error });
  } else if (atom.list !== undefined) {
    if (v === null) return;
    if (!isList(v)) {
      errors.push({ path, message: `expected list, got ${formatValueV(v)}` });
      return;
    }
    validateList(lookup, atom.list, v, path, allowDuplicates, errors);
  } else {
    errors.push({ path, message: invalidAtom(ref) });
  }
}

function validateList(lookup: TypeLookup, t: ListType, list: readonly JsonValue[], path: string, allowDuplicates: boolean, errors: ValidationError[]): void {
  const observed = new Set<PathElement>();
  for (let i = 0; i < list.length; i++) {
    const child = list[i]!;
    let pe: PathElement;
    if (t.elementRelationship !== 'associative') {
      pe = `[${i}]`;
    } else {
      const r = listItemToPathElement(lookup, t, child);
      if (typeof r !== 'string') {
        // Without a path element, nothing deeper can be reported: the rest of the list is not validated.
        errors.push({ path, message: `element ${i}: ${r.error}` });
        return;
      }
      pe = r;
      if (observed.has(pe) && !allowDuplicates) errors.push({ path, message: `duplicate entries for key ${pe}` });
      observed.add(pe);
    }
    validateValue(lookup, t.elementType, child, path + pe, allowDuplicates, errors);
  }
}

function validateMap(lookup: TypeLookup, t: MapType, m: JsonObject, path: string, allowDuplicates: boolean, errors: ValidationError[]): void {
  for (const key of Object.keys(m)) {
    const field = t.fields.get(key);
    let ref = t.elementType;
    if (field !== undefined) ref = field.type;
    else if (isEmptyRef(t.elementType)) {
      // The iteration stops at the first undeclared field.
      errors.push({ path: `${path}.${key}`, message: 'field not declared in schema' });
      return;
    }
    validateValue(lookup, ref, m[key]!, `${path}.${key}`, allowDuplicates, errors);
  }
}

// ---------------------------------------------------------------------------------------------------------
// merge (typed/merge.go)

/** The output of a merge step: `undefined` is "no output" (Go's nil `w.out`): the key or item is dropped. */
type Out = JsonValue | undefined;

/** `TypedValue.Merge` with `ruleKeepRHS`: `lhs` is the live object, `rhs` the applied configuration. */
export function merge(lookup: TypeLookup, ref: TypeRef, lhs: JsonValue, rhs: JsonValue): { out: Out; errors: ValidationError[] } {
  const errors: ValidationError[] = [];
  const out = mergeValue(lookup, ref, lhs, rhs, '', errors);
  return { out, errors };
}

/** `ruleKeepRHS`, on copies so that the output shares nothing with the inputs. */
function keepRHS(lhs: JsonValue | undefined, rhs: JsonValue | undefined): Out {
  if (rhs !== undefined) return cloneJson(rhs);
  if (lhs !== undefined) return cloneJson(lhs);
  return undefined;
}

function mergeValue(lookup: TypeLookup, ref: TypeRef, lhs: JsonValue | undefined, rhs: JsonValue | undefined, path: string, errors: ValidationError[]): Out {
  if (lhs === undefined && rhs === undefined) {
    errors.push({ path, message: 'at least one of lhs and rhs must be provided' });
    return undefined;
  }
  const atom = resolve(lookup, ref);
  if (atom === undefined) {
    errors.push({ path, message: noType(ref) });
    return undefined;
  }
  const alhs = deduceAtom(atom, lhs);
  const arhs = deduceAtom(atom, rhs);
  if (rhs === undefined) return handleAtom(lookup, alhs, ref, lhs, rhs, path, errors);
  if (lhs === undefined || sameAtom(alhs, arhs)) return handleAtom(lookup, arhs, ref, lhs, rhs, path, errors);
  // lhs and rhs select different kinds: the lhs kind is walked on a copy of the walker (its output is dropped,
  // its errors are kept), then the rhs kind gives the output.
  handleAtom(lookup, alhs, ref, lhs, rhs, path, errors);
  return handleAtom(lookup, arhs, ref, lhs, rhs, path, errors);
}

function handleAtom(lookup: TypeLookup, a: Atom, ref: TypeRef, lhs: JsonValue | undefined, rhs: JsonValue | undefined, path: string, errors: ValidationError[]): Out {
  if (a.map !== undefined) return doMap(lookup, a.map, lhs, rhs, path, errors);
  if (a.scalar !== undefined) return doScalar(a.scalar, lhs, rhs, path, errors);
  if (a.list !== undefined) return doList(lookup, a.list, lhs, rhs, path, errors);
  errors.push({ path, message: invalidAtom(ref) });
  return undefined;
}

function doScalar(t: Scalar, lhs: JsonValue | undefined, rhs: JsonValue | undefined, path: string, errors: ValidationError[]): Out {
  const l = validateScalar(t, lhs, 'lhs: ');
  const r = validateScalar(t, rhs, 'rhs: ');
  if (l !== undefined && r !== undefined) {
    errors.push({ path, message: l }, { path, message: r });
    return undefined;
  }
  return keepRHS(lhs, rhs);
}

function doList(lookup: TypeLookup, t: ListType, lhsValue: JsonValue | undefined, rhsValue: JsonValue | undefined, path: string, errors: ValidationError[]): Out {
  // derefList: null is a nil list; a value of another kind is dropped (its error is ignored).
  const lhs = isList(lhsValue) ? lhsValue : undefined;
  const rhs = isList(rhsValue) ? rhsValue : undefined;
  // Both empty or null: a leaf, which keeps the empty/null distinction.
  const emptyPromoteToLeaf = (lhs === undefined || lhs.length === 0) && (rhs === undefined || rhs.length === 0);
  if (t.elementRelationship === 'atomic' || emptyPromoteToLeaf) return keepRHS(lhsValue, rhsValue);
  if (lhs === undefined && rhs === undefined) return undefined;
  return visitListItems(lookup, t, lhs, rhs, path, errors);
}

interface Indexed {
  pes: PathElement[];
  observed: Map<PathElement, JsonValue>;
}

function indexListPathElements(lookup: TypeLookup, t: ListType, list: readonly JsonValue[] | undefined, allowDuplicates: boolean, path: string, errors: ValidationError[]): Indexed {
  const pes: PathElement[] = [];
  const observed = new Map<PathElement, JsonValue>();
  for (let i = 0; i < (list?.length ?? 0); i++) {
    const child = list![i]!;
    const pe = listItemToPathElement(lookup, t, child);
    if (typeof pe !== 'string') {
      errors.push({ path, message: `element ${i}: ${pe.error}` });
      continue;
    }
    const found = observed.has(pe);
    if (found && !allowDuplicates) {
      errors.push({ path, message: `duplicate entries for key ${pe}` });
      continue;
    }
    // A duplicated item is not merged with the new value: it is observed as null.
    observed.set(pe, found ? null : child);
    pes.push(pe);
  }
  return { pes, observed };
}

/** `mergingWalker.visitListItems`: the order of associative lists as structured-merge-diff gives it. */
function visitListItems(lookup: TypeLookup, t: ListType, lhs: readonly JsonValue[] | undefined, rhs: readonly JsonValue[] | undefined, path: string, errors: ValidationError[]): Out {
  const out: JsonValue[] = [];
  const indexErrors: ValidationError[] = [];
  const { pes: rhsPEs, observed: observedRHS } = indexListPathElements(lookup, t, rhs, false, path, indexErrors);
  const { pes: lhsPEs, observed: observedLHS } = indexListPathElements(lookup, t, lhs, true, path, indexErrors);
  if (indexErrors.length > 0) {
    errors.push(...indexErrors);
    return undefined;
  }

  const sharedOrder = rhsPEs.filter((pe) => observedLHS.has(pe));
  let sharedIndex = 0;
  let nextShared: PathElement | undefined = sharedOrder[sharedIndex++];
  const advanceShared = (): void => {
    nextShared = sharedIndex < sharedOrder.length ? sharedOrder[sharedIndex++] : undefined;
  };

  // Errors of the items are dropped: merge.go assigns them to a variable shadowing the walker's errors.
  const item = (pe: PathElement, lChild: JsonValue | undefined, rChild: JsonValue | undefined): void => {
    const merged = mergeValue(lookup, t.elementType, lChild, rChild, path + pe, []);
    if (merged !== undefined) out.push(merged);
  };

  const mergedRHS = new Set<PathElement>();
  const lLen = lhsPEs.length;
  const rLen = rhsPEs.length;
  for (let lI = 0, rI = 0; lI < lLen || rI < rLen; ) {
    if (lI < lLen && rI < rLen) {
      const pe = lhsPEs[lI]!;
      if (pe === rhsPEs[rI]) {
        // merge LHS & RHS items
        mergedRHS.add(pe);
        item(pe, observedLHS.get(pe), observedRHS.get(pe));
        lI++;
        rI++;
        advanceShared();
        continue;
      }
      if (observedRHS.has(pe) && nextShared !== undefined && nextShared !== pe) {
        // shared item, but not the one we want in this round
        lI++;
        continue;
      }
    }
    if (lI < lLen) {
      const pe = lhsPEs[lI]!;
      if (!observedRHS.has(pe)) {
        // The LHS item itself (the observed one may be a duplicate's null).
        item(pe, lhs![lI], undefined);
        lI++;
        continue;
      } else if (mergedRHS.has(pe)) {
        // already merged with RHS: not duplicated
        lI++;
      }
    }
    if (rI < rLen) {
      // Take the RHS item, merged with the matching LHS item if any.
      const pe = rhsPEs[rI]!;
      mergedRHS.add(pe);
      item(pe, observedLHS.get(pe), observedRHS.get(pe));
      rI++;
      if (nextShared !== undefined && nextShared === pe) advanceShared();
    }
  }
  return out.length > 0 ? out : undefined;
}

function doMap(lookup: TypeLookup, t: MapType, lhsValue: JsonValue | undefined, rhsValue: JsonValue | undefined, path: string, errors: ValidationError[]): Out {
  // derefMap: null is a nil map; a value of another kind is dropped (its error is ignored).
  const lhs = isMap(lhsValue) ? lhsValue : undefined;
  const rhs = isMap(rhsValue) ? rhsValue : undefined;
  const emptyPromoteToLeaf = (lhs === undefined || isEmpty(lhs)) && (rhs === undefined || isEmpty(rhs));
  if (t.elementRelationship === 'atomic' || emptyPromoteToLeaf) return keepRHS(lhsValue, rhsValue);
  if (lhs === undefined && rhs === undefined) return undefined;
  const out: JsonObject = {};
  let any = false;
  const visit = (key: string, l: JsonValue | undefined, r: JsonValue | undefined): void => {
    const ref = t.fields.get(key)?.type ?? t.elementType;
    const merged = mergeValue(lookup, ref, l, r, `${path}.${key}`, errors);
    if (merged !== undefined) {
      setKey(out, key, merged);
      any = true;
    }
  };
  // Keys of the live object first, in its order, then the new keys of the patch.
  if (lhs !== undefined) for (const key of Object.keys(lhs)) visit(key, lhs[key], rhs !== undefined && hasOwn(rhs, key) ? rhs[key] : undefined);
  if (rhs !== undefined) for (const key of Object.keys(rhs)) if (lhs === undefined || !hasOwn(lhs, key)) visit(key, undefined, rhs[key]);
  return any ? out : undefined;
}

function isEmpty(m: JsonObject): boolean {
  for (const _ in m) return false;
  return true;
}

function hasOwn(m: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(m, key);
}

function setKey(m: JsonObject, key: string, v: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(m, key, { value: v, enumerable: true, writable: true, configurable: true });
  else m[key] = v;
}

// ---------------------------------------------------------------------------------------------------------
// the atomic guard (k8s.io/apiserver pkg/admission/plugin/policy/mutating/patch/smd.go findAtomics)

/**
 * The paths of the atomic lists, maps and structs an apply configuration sets. Only declared struct fields
 * and list items are descended into (not the values of a map's undeclared keys).
 */
export function findAtomics(lookup: TypeLookup, ref: TypeRef, v: JsonValue, path = ''): string[] {
  const atomics: string[] = [];
  const a = resolve(lookup, ref);
  if (a === undefined) return atomics;
  if (isMap(v) && a.map !== undefined) {
    if (a.map.elementRelationship === 'atomic') atomics.push(path);
    for (const key of Object.keys(v)) {
      const field = a.map.fields.get(key);
      if (field !== undefined) atomics.push(...findAtomics(lookup, field.type, v[key]!, `${path}.${key}`));
    }
  }
  if (isList(v) && a.list !== undefined) {
    if (a.list.elementRelationship === 'atomic') atomics.push(path);
    for (let i = 0; i < v.length; i++) atomics.push(...findAtomics(lookup, a.list.elementType, v[i]!, `${path}[${i}]`));
  }
  return atomics;
}
