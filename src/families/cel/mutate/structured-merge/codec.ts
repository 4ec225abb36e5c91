/**
 * @file The compact JSON form of a set of named structured-merge-diff types (the generated built-in schema
 * data), and its lazy decoding.
 *
 * ```
 * { "names": [typeName…], "types": [atom…] (same order), "kinds": { apiVersion: { kind: typeIndex } } }
 * atom  = "n" | "s" | "b" | "u"                        a scalar only (numeric, string, boolean, untyped)
 *       | { s?: scalar, l?: [ref, rel, keys?], m?: { f?: {field: ref}, d?: {field: default}, e?: ref, r?: rel } }
 * ref   = typeIndex | [typeIndex, rel] | atom          named, named with a relationship override, inlined
 * rel   = "" | "a" (atomic) | "s" (separable) | "x" (associative)
 * ```
 * A map without `e` admits no undeclared field. Only the defaults of list-map key fields are kept (the
 * merge uses no other).
 */
import type { JsonValue } from '../../../../types.js';
import { EMPTY_REF, isEmptyRef, type Atom, type ElementRelationship, type MapType, type Scalar, type StructField, type TypeRef } from './schema.js';

export type EncodedRef = number | [number, string] | EncodedAtom;
export type EncodedAtom = string | { s?: string; l?: [EncodedRef, string] | [EncodedRef, string, string[]]; m?: EncodedMap };
export interface EncodedMap {
  f?: Record<string, EncodedRef>;
  d?: Record<string, JsonValue>;
  e?: EncodedRef;
  r?: string;
}

/** The generated data: type names, their encoded atoms, and the kind index per apiVersion. */
export interface EncodedSchemas {
  names: string[];
  types: EncodedAtom[];
  kinds: Record<string, Record<string, number>>;
}

const SCALAR_CODE: Record<Scalar, string> = { numeric: 'n', string: 's', boolean: 'b', untyped: 'u' };
const SCALAR_OF: Record<string, Scalar> = { n: 'numeric', s: 'string', b: 'boolean', u: 'untyped' };
const REL_CODE: Record<ElementRelationship, string> = { '': '', atomic: 'a', separable: 's', associative: 'x' };
const REL_OF: Record<string, ElementRelationship> = { '': '', a: 'atomic', s: 'separable', x: 'associative' };

/**
 * Encodes `atom`; `index` gives the index of a named type, `keepDefault` whether a field's default is kept.
 */
export function encodeAtom(atom: Atom, index: (name: string) => number, keepDefault: (map: MapType, field: string) => boolean): EncodedAtom {
  const encodeRef = (ref: TypeRef): EncodedRef => {
    if ('named' in ref) {
      const i = index(ref.named);
      return ref.elementRelationship === undefined ? i : [i, REL_CODE[ref.elementRelationship]];
    }
    return encodeAtom(ref.inlined, index, keepDefault);
  };
  if (atom.list === undefined && atom.map === undefined && atom.scalar !== undefined) return SCALAR_CODE[atom.scalar];
  const out: Exclude<EncodedAtom, string> = {};
  if (atom.scalar !== undefined) out.s = SCALAR_CODE[atom.scalar];
  if (atom.list !== undefined) {
    const l = atom.list;
    out.l = l.keys === undefined ? [encodeRef(l.elementType), REL_CODE[l.elementRelationship]] : [encodeRef(l.elementType), REL_CODE[l.elementRelationship], [...l.keys]];
  }
  if (atom.map !== undefined) {
    const m = atom.map;
    const em: EncodedMap = {};
    if (m.fields.size > 0) {
      em.f = {};
      for (const [name, field] of m.fields) {
        em.f[name] = encodeRef(field.type);
        if (field.default !== undefined && keepDefault(m, name)) (em.d ??= {})[name] = field.default;
      }
    }
    if (!isEmptyRef(m.elementType)) em.e = encodeRef(m.elementType);
    if (m.elementRelationship !== '') em.r = REL_CODE[m.elementRelationship];
    out.m = em;
  }
  return out;
}

/** Decodes an encoded atom; named references are resolved through `names`. */
export function decodeAtom(enc: EncodedAtom, names: readonly string[]): Atom {
  if (typeof enc === 'string') return { scalar: SCALAR_OF[enc] ?? 'untyped' };
  const decodeRef = (ref: EncodedRef): TypeRef => {
    if (typeof ref === 'number') return { named: names[ref]! };
    if (Array.isArray(ref)) return { named: names[ref[0]]!, elementRelationship: REL_OF[ref[1]] ?? '' };
    return { inlined: decodeAtom(ref, names) };
  };
  const out: { scalar?: Scalar; list?: Atom['list']; map?: MapType } = {};
  if (enc.s !== undefined) out.scalar = SCALAR_OF[enc.s] ?? 'untyped';
  if (enc.l !== undefined) {
    const [element, rel, keys] = enc.l;
    out.list = keys === undefined ? { elementType: decodeRef(element), elementRelationship: REL_OF[rel] ?? '' } : { elementType: decodeRef(element), elementRelationship: REL_OF[rel] ?? '', keys };
  }
  if (enc.m !== undefined) {
    const m = enc.m;
    const fields = new Map<string, StructField>();
    for (const [name, ref] of Object.entries(m.f ?? {})) {
      const def = m.d?.[name];
      fields.set(name, def === undefined ? { type: decodeRef(ref) } : { type: decodeRef(ref), default: def });
    }
    out.map = { fields, elementType: m.e === undefined ? EMPTY_REF : decodeRef(m.e), elementRelationship: REL_OF[m.r ?? ''] ?? '' };
  }
  return out;
}
