/**
 * @file The schema model of sigs.k8s.io/structured-merge-diff v6 (schema/elements.go): named types made of
 * atoms (a scalar, a list and/or a map), type references with an optional element-relationship override,
 * and `Schema.Resolve`. Also the two schema-less types kube-openapi adds to every converted schema
 * (pkg/schemaconv/smd.go `untypedDef` / `deducedDef`), which are the types of
 * structured-merge-diff's `DeducedParseableType` (typed/parser.go).
 */
import type { JsonValue } from '../../../../types.js';

/** `schema.Scalar`. */
export type Scalar = 'numeric' | 'string' | 'boolean' | 'untyped';

/** `schema.ElementRelationship`; `''` is the unset relationship of a map or list. */
export type ElementRelationship = 'associative' | 'atomic' | 'separable' | '';

/** `schema.Atom`: at most one of each kind; a value picks the kind it is (typed/helpers.go `deduceAtom`). */
export interface Atom {
  readonly scalar?: Scalar;
  readonly list?: ListType;
  readonly map?: MapType;
}

/** `schema.List`: `associative` with `keys` is a list-map, without keys a set. */
export interface ListType {
  readonly elementType: TypeRef;
  readonly elementRelationship: ElementRelationship;
  readonly keys?: readonly string[];
}

/** `schema.Map` (structs and maps): declared fields, and the type of any other key (`EMPTY_REF`: none allowed). */
export interface MapType {
  readonly fields: ReadonlyMap<string, StructField>;
  readonly elementType: TypeRef;
  readonly elementRelationship: ElementRelationship;
}

/** `schema.StructField`: its type and OpenAPI `default` (used for missing list-map key fields). */
export interface StructField {
  readonly type: TypeRef;
  readonly default?: JsonValue;
}

/** `schema.TypeRef`: a named type (with an optional relationship override) or an inlined atom. */
export type TypeRef = { readonly named: string; readonly elementRelationship?: ElementRelationship } | { readonly inlined: Atom };

/** Where named types are looked up (`Schema.FindNamedType`). */
export interface TypeLookup {
  named(name: string): Atom | undefined;
}

/** The zero `TypeRef{}`: the element type of a struct that admits no undeclared field. */
export const EMPTY_REF: TypeRef = Object.freeze({ inlined: Object.freeze({}) });

/** Whether `ref` is the zero `TypeRef{}`. */
export function isEmptyRef(ref: TypeRef): boolean {
  return 'inlined' in ref && ref.inlined.scalar === undefined && ref.inlined.list === undefined && ref.inlined.map === undefined;
}

export const UNTYPED_ATOMIC = '__untyped_atomic_';
export const UNTYPED_DEDUCED = '__untyped_deduced_';

const NO_FIELDS: ReadonlyMap<string, StructField> = new Map();

/** kube-openapi pkg/schemaconv/smd.go `untypedDef`: any value, lists and maps atomic. */
export const UNTYPED_ATOMIC_ATOM: Atom = {
  scalar: 'untyped',
  list: { elementType: { named: UNTYPED_ATOMIC }, elementRelationship: 'atomic' },
  map: { fields: NO_FIELDS, elementType: { named: UNTYPED_ATOMIC }, elementRelationship: 'atomic' },
};

/** kube-openapi pkg/schemaconv/smd.go `deducedDef`: any value, maps granular (key by key), lists atomic. */
export const UNTYPED_DEDUCED_ATOM: Atom = {
  scalar: 'untyped',
  list: { elementType: { named: UNTYPED_ATOMIC }, elementRelationship: 'atomic' },
  map: { fields: NO_FIELDS, elementType: { named: UNTYPED_DEDUCED }, elementRelationship: 'separable' },
};

/** The two schema-less types, present in every schema (`convert.addCommonTypes`). */
export function commonType(name: string): Atom | undefined {
  if (name === UNTYPED_ATOMIC) return UNTYPED_ATOMIC_ATOM;
  if (name === UNTYPED_DEDUCED) return UNTYPED_DEDUCED_ATOM;
  return undefined;
}

/**
 * `Schema.Resolve`: the atom a reference designates; a relationship override applies to its map or list
 * (a scalar-only or empty atom cannot be overridden: unresolved).
 */
export function resolve(lookup: TypeLookup, ref: TypeRef): Atom | undefined {
  const atom = 'named' in ref ? lookup.named(ref.named) : ref.inlined;
  if (atom === undefined || !('named' in ref) || ref.elementRelationship === undefined) return atom;
  if (atom.map !== undefined) return { map: { ...atom.map, elementRelationship: ref.elementRelationship } };
  if (atom.list !== undefined) return { list: { ...atom.list, elementRelationship: ref.elementRelationship } };
  return undefined;
}

/** The name of a reference for `schema error` messages (typed/helpers.go `resolveSchema` / `handleAtom`). */
export function refName(ref: TypeRef): string | undefined {
  return 'named' in ref ? ref.named : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// structured-merge-diff schemas written as data (the YAML of typed.NewParser, decoded)

const SCALARS: ReadonlySet<string> = new Set(['numeric', 'string', 'boolean', 'untyped']);
const RELATIONSHIPS: ReadonlySet<string> = new Set(['associative', 'atomic', 'separable', '']);

/** A lookup over a structured-merge-diff schema document (`{types: [{name, scalar?, list?, map?}]}`), or an error text. */
export function parseSmdSchema(doc: unknown): TypeLookup | string {
  if (!isRecord(doc) || !Array.isArray(doc['types'])) return 'schema: expected an object with a "types" list';
  const types = new Map<string, Atom>();
  for (const def of doc['types']) {
    if (!isRecord(def) || typeof def['name'] !== 'string') return 'schema: every type needs a name';
    const atom = parseAtom(def);
    if (typeof atom === 'string') return `schema: type ${def['name']}: ${atom}`;
    types.set(def['name'], atom);
  }
  return { named: (name) => types.get(name) ?? commonType(name) };
}

function parseAtom(def: Record<string, unknown>): Atom | string {
  const out: { scalar?: Scalar; list?: ListType; map?: MapType } = {};
  if (def['scalar'] !== undefined) {
    if (typeof def['scalar'] !== 'string' || !SCALARS.has(def['scalar'])) return `unknown scalar ${String(def['scalar'])}`;
    out.scalar = def['scalar'] as Scalar;
  }
  if (def['list'] !== undefined) {
    const l = def['list'];
    if (!isRecord(l)) return 'list must be an object';
    const elementType = parseRef(l['elementType']);
    if (typeof elementType === 'string') return elementType;
    const rel = relationship(l['elementRelationship']);
    if (rel === undefined) return `unknown elementRelationship ${String(l['elementRelationship'])}`;
    const keys = l['keys'];
    if (keys !== undefined && (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string'))) return 'list keys must be strings';
    out.list = { elementType, elementRelationship: rel, ...(keys !== undefined && keys.length > 0 ? { keys: keys as string[] } : {}) };
  }
  if (def['map'] !== undefined) {
    const m = def['map'];
    if (!isRecord(m)) return 'map must be an object';
    const fields = new Map<string, StructField>();
    for (const f of Array.isArray(m['fields']) ? m['fields'] : []) {
      if (!isRecord(f) || typeof f['name'] !== 'string') return 'every field needs a name';
      const type = parseRef(f['type']);
      if (typeof type === 'string') return type;
      fields.set(f['name'], f['default'] === undefined ? { type } : { type, default: f['default'] as JsonValue });
    }
    const elementType = m['elementType'] === undefined ? EMPTY_REF : parseRef(m['elementType']);
    if (typeof elementType === 'string') return elementType;
    const rel = relationship(m['elementRelationship']);
    if (rel === undefined) return `unknown elementRelationship ${String(m['elementRelationship'])}`;
    out.map = { fields, elementType, elementRelationship: rel };
  }
  return out;
}

function parseRef(ref: unknown): TypeRef | string {
  if (ref === undefined) return EMPTY_REF;
  if (!isRecord(ref)) return 'a type reference must be an object';
  if (typeof ref['namedType'] === 'string') {
    if (ref['elementRelationship'] === undefined) return { named: ref['namedType'] };
    const rel = relationship(ref['elementRelationship']);
    if (rel === undefined) return `unknown elementRelationship ${String(ref['elementRelationship'])}`;
    return { named: ref['namedType'], elementRelationship: rel };
  }
  const atom = parseAtom(ref);
  return typeof atom === 'string' ? atom : { inlined: atom };
}

function relationship(v: unknown): ElementRelationship | undefined {
  if (v === undefined) return '';
  return typeof v === 'string' && RELATIONSHIPS.has(v) ? (v as ElementRelationship) : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
