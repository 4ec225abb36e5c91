/**
 * @file OpenAPI v3 schemas to structured-merge-diff types: a port of kube-openapi pkg/schemaconv
 * (openapi.go `ToSchemaFromOpenAPI`, smd.go), which k8s.io/apimachinery pkg/util/managedfields
 * `NewTypeConverter(models, false)` runs on the components of one group-version document. Used at
 * generation time for the built-in Kubernetes schemas and at run time for CRD schemas.
 *
 * - `type` absent: untyped scalar + list + map; `object`: a map (struct); `array`: a list;
 *   `integer`/`number` numeric, `string` string (untyped for any `format` but `byte`), `boolean`.
 * - a `$ref`, or a single-element `allOf` holding one, is a named reference, with the map relationship
 *   override of the referring schema's `x-kubernetes-map-type`.
 * - map element type: `additionalProperties` schema; `true`, or absent with no `properties` (or under
 *   `x-kubernetes-preserve-unknown-fields`) is the deduced type; otherwise no undeclared field is allowed.
 * - map relationship: `x-kubernetes-map-type` `atomic`/`granular`; list relationship:
 *   `x-kubernetes-list-type` (`atomic`; `set`; `map` with `x-kubernetes-list-map-keys`), else
 *   `x-kubernetes-patch-strategy: merge` (+ `x-kubernetes-patch-merge-key`), else atomic.
 * - `Quantity` is an untyped scalar and `RawExtension` the untyped atomic type (hard-coded).
 */
import type { JsonValue } from '../../../../types.js';
import { EMPTY_REF, UNTYPED_ATOMIC, UNTYPED_ATOMIC_ATOM, UNTYPED_DEDUCED, type Atom, type ElementRelationship, type ListType, type MapType, type StructField, type TypeRef } from './schema.js';

const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const RAW_EXTENSION = 'io.k8s.apimachinery.pkg.runtime.RawExtension';

type Schema = Record<string, unknown>;

/** The named types converted from `models`, and the conversion errors (any error fails the whole document). */
export interface ConvertedSchemas {
  readonly types: Map<string, Atom>;
  readonly errors: string[];
}

interface Convert {
  preserveUnknownFields: boolean;
  readonly currentName: string;
  readonly errors: string[];
}

/** kube-openapi `ToSchemaFromOpenAPI(models, preserveUnknownFields)` (without the two common types). */
export function toSchemaFromOpenAPI(models: Readonly<Record<string, unknown>>, preserveUnknownFields = false): ConvertedSchemas {
  const types = new Map<string, Atom>();
  const errors: string[] = [];
  for (const [name, spec] of Object.entries(models)) {
    if (!isSchema(spec)) {
      errors.push(`${name}: schema must be an object`);
      continue;
    }
    if (typeof spec['$ref'] === 'string' && spec['$ref'] !== '') continue; // top-level references are skipped
    let atom: Atom;
    if (name === QUANTITY) atom = { scalar: 'untyped' };
    else if (name === RAW_EXTENSION) atom = UNTYPED_ATOMIC_ATOM;
    else atom = visitSpec({ preserveUnknownFields, currentName: name, errors }, spec);
    if (atom.scalar === undefined && atom.list === undefined && atom.map === undefined) continue; // insertTypeDef
    types.set(name, atom);
  }
  return { types, errors };
}

function visitSpec(c: Convert, m: Schema): Atom {
  if (extension(m, 'x-kubernetes-preserve-unknown-fields') === true) c.preserveUnknownFields = true;
  return parseSchema(c, m);
}

function parseSchema(c: Convert, m: Schema): Atom {
  const type = m['type'];
  const typ = typeof type === 'string' ? type : Array.isArray(type) && typeof type[0] === 'string' ? type[0] : '';
  switch (typ) {
    case '':
      return { scalar: 'untyped', list: parseList(c, m), map: parseObject(c, m) };
    case 'object':
      return { map: parseObject(c, m) };
    case 'array':
      return { list: parseList(c, m) };
    case 'integer':
    case 'number':
      return { scalar: 'numeric' };
    case 'boolean':
      return { scalar: 'boolean' };
    case 'string': {
      const format = typeof m['format'] === 'string' ? m['format'] : '';
      return { scalar: format === '' || format === 'byte' ? 'string' : 'untyped' };
    }
    default:
      reportError(c, `unrecognized type: '${typ}'`);
      return { scalar: 'untyped' };
  }
}

function makeOpenAPIRef(c: Convert, spec: Schema): TypeRef {
  let ref = typeof spec['$ref'] === 'string' ? spec['$ref'] : '';
  const allOf = spec['allOf'];
  if (ref === '' && Array.isArray(allOf) && allOf.length === 1 && isSchema(allOf[0]) && typeof allOf[0]['$ref'] === 'string') ref = allOf[0]['$ref'];
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  if (name !== '') {
    const rel = mapElementRelationship(c, spec);
    return rel !== '' ? { named: name, elementRelationship: rel } : { named: name };
  }
  const inner: Convert = { preserveUnknownFields: c.preserveUnknownFields, currentName: 'inlined in ' + c.currentName, errors: c.errors };
  return { inlined: visitSpec(inner, spec) };
}

function parseObject(c: Convert, s: Schema): MapType {
  const fields = new Map<string, StructField>();
  const properties = isSchema(s['properties']) ? s['properties'] : undefined;
  const names = properties === undefined ? [] : Object.keys(properties);
  for (const name of names) {
    const member = properties![name];
    const spec = isSchema(member) ? member : {};
    const type = makeOpenAPIRef(c, spec);
    fields.set(name, spec['default'] === undefined ? { type } : { type, default: spec['default'] as JsonValue });
  }
  const additional = s['additionalProperties'];
  let elementType: TypeRef;
  if (additional === undefined || additional === null) elementType = c.preserveUnknownFields || names.length === 0 ? { named: UNTYPED_DEDUCED } : EMPTY_REF;
  else if (isSchema(additional)) elementType = makeOpenAPIRef(c, additional);
  else if (additional === true) elementType = { named: UNTYPED_DEDUCED };
  else elementType = EMPTY_REF;
  return { fields, elementType, elementRelationship: mapElementRelationship(c, s) };
}

function parseList(c: Convert, s: Schema): ListType {
  const { relationship, keys } = listElementRelationship(c, s);
  let elementType: TypeRef;
  const items = s['items'];
  if (items !== undefined && items !== null) {
    if (!isSchema(items)) {
      reportError(c, 'structural schema arrays must have exactly one member subtype');
      elementType = { named: UNTYPED_DEDUCED };
    } else {
      elementType = makeOpenAPIRef(c, items);
    }
  } else {
    const type = s['type'];
    const typ = typeof type === 'string' ? type : Array.isArray(type) && typeof type[0] === 'string' ? type[0] : '';
    if (typ !== '') reportError(c, '`items` must be specified on arrays');
    elementType = { named: UNTYPED_ATOMIC };
  }
  return keys === undefined ? { elementType, elementRelationship: relationship } : { elementType, elementRelationship: relationship, keys };
}

/** kube-openapi smd.go `getListElementRelationship`. */
function listElementRelationship(c: Convert, s: Schema): { relationship: ElementRelationship; keys?: string[] } {
  const listType = extension(s, 'x-kubernetes-list-type');
  if (listType !== undefined) {
    switch (listType) {
      case 'atomic':
        return { relationship: 'atomic' };
      case 'set':
        return { relationship: 'associative' };
      case 'map': {
        const keys = extension(s, 'x-kubernetes-list-map-keys');
        if (keys === undefined) {
          reportError(c, 'missing map keys');
          return { relationship: 'associative' };
        }
        if (!Array.isArray(keys)) {
          reportError(c, `uninterpreted map keys: ${JSON.stringify(keys)}`);
          return { relationship: 'associative' };
        }
        const names = keys.filter((k): k is string => typeof k === 'string');
        return names.length > 0 ? { relationship: 'associative', keys: names } : { relationship: 'associative' };
      }
      default:
        reportError(c, `unknown list type ${String(listType)}`);
        return { relationship: 'atomic' };
    }
  }
  const strategy = extension(s, 'x-kubernetes-patch-strategy');
  if (strategy !== undefined) {
    switch (strategy) {
      case 'merge':
      case 'merge,retainKeys': {
        const key = extension(s, 'x-kubernetes-patch-merge-key');
        if (key === undefined) return { relationship: 'associative' };
        if (typeof key !== 'string') {
          reportError(c, `uninterpreted merge key: ${JSON.stringify(key)}`);
          return { relationship: 'associative' };
        }
        return { relationship: 'associative', keys: [key] };
      }
      case 'retainKeys':
        return { relationship: 'atomic' };
      default:
        reportError(c, `unknown patch strategy ${String(strategy)}`);
        return { relationship: 'atomic' };
    }
  }
  return { relationship: 'atomic' };
}

/** kube-openapi smd.go `getMapElementRelationship`: `''` when `x-kubernetes-map-type` is absent. */
function mapElementRelationship(c: Convert, s: Schema): ElementRelationship {
  const mapType = extension(s, 'x-kubernetes-map-type');
  if (mapType === undefined) return '';
  if (mapType === 'atomic') return 'atomic';
  if (mapType === 'granular') return 'separable';
  reportError(c, `unknown map type ${String(mapType)}`);
  return '';
}

function extension(s: Schema, name: string): unknown {
  return s[name];
}

function reportError(c: Convert, message: string): void {
  c.errors.push(`${c.currentName}: ${message}`);
}

function isSchema(v: unknown): v is Schema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------------------------
// CRDs

const OBJECT_META_REF = '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

/** One served version of a CRD, as kubectl-validate builds its OpenAPI model. */
export interface CrdModel {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** `<group>/<version>.<kind>`, the component name kubectl-validate gives it. */
  readonly name: string;
  readonly schema: Schema;
}

/**
 * The OpenAPI models of a CRD object (apiextensions.k8s.io/v1 `CustomResourceDefinition`), as
 * sigs.k8s.io/kubectl-validate pkg/openapiclient/local_crds.go builds them: per version, the version's
 * `schema.openAPIV3Schema` with `metadata` replaced by a reference to `ObjectMeta` and `apiVersion` / `kind`
 * by plain strings, named `<group>/<version>.<kind>`. Versions without a schema are left out. Not a CRD:
 * an empty list.
 */
export function crdModels(crd: unknown): CrdModel[] {
  if (!isSchema(crd) || crd['kind'] !== 'CustomResourceDefinition') return [];
  const apiVersion = crd['apiVersion'];
  if (typeof apiVersion !== 'string' || !apiVersion.startsWith('apiextensions.k8s.io/')) return [];
  const spec = crd['spec'];
  if (!isSchema(spec) || typeof spec['group'] !== 'string' || !isSchema(spec['names']) || typeof spec['names']['kind'] !== 'string') return [];
  const group = spec['group'];
  const kind = spec['names']['kind'];
  const out: CrdModel[] = [];
  const versions = Array.isArray(spec['versions']) ? spec['versions'] : [];
  for (const v of versions) {
    if (!isSchema(v) || typeof v['name'] !== 'string') continue;
    // apiextensions.k8s.io/v1beta1 kept one schema for every version under spec.validation.
    const validation = isSchema(v['schema']) ? v['schema'] : isSchema(spec['validation']) ? spec['validation'] : undefined;
    const openAPIV3Schema = validation?.['openAPIV3Schema'];
    if (!isSchema(openAPIV3Schema)) continue;
    const properties = isSchema(openAPIV3Schema['properties']) ? { ...openAPIV3Schema['properties'] } : {};
    properties['metadata'] = { allOf: [{ $ref: OBJECT_META_REF }], default: {} };
    properties['apiVersion'] = { type: 'string', default: '' };
    properties['kind'] = { type: 'string', default: '' };
    out.push({ group, version: v['name'], kind, name: `${group}/${v['name']}.${kind}`, schema: { ...openAPIV3Schema, properties } });
  }
  return out;
}
