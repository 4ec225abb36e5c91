/**
 * @file The server-side-apply structured merge of MutatingPolicy `patchType: ApplyConfiguration`, on plain JSON.
 *
 * Kyverno's CLI (kyverno/kyverno pkg/cel/policies/mpol/compiler/applyconfig.go, `applyConfigPatcher.Patch`)
 * merges the apply configuration into the object with the type converter of the object's group-version
 * (pkg/cel/policies/mpol/compiler/type_converter.go: k8s.io/apimachinery managedfields
 * `NewTypeConverter(components.schemas, false)` over the OpenAPI document cmd/cli/kubectl-kyverno/processor/
 * policy_processor.go `openAPI()` serves: the CRDs given, then kubectl-validate's Kubernetes 1.32 built-ins).
 * The merge is k8s.io/apiserver v0.36.3 pkg/admission/plugin/policy/mutating/patch/smd.go
 * `ApplyStructuredMergeDiff` (with the atomic guard `validatePatch`), or Kyverno's guard-free copy
 * pkg/cel/policies/mpol/compiler/smd.go `applyStructuredMergeDiff` (`evaluation.useServerSideApply`).
 * MutatingAdmissionPolicies use the schema-less deduced type (pkg/admissionpolicy/mutate.go,
 * `managedfields.NewDeducedTypeConverter()`).
 */
import type { JsonObject } from '../../../../types.js';
import { BUILTIN_SCHEMAS_JSON } from './builtin-schemas.js';
import { decodeAtom, type EncodedSchemas } from './codec.js';
import { crdModels, toSchemaFromOpenAPI, type CrdModel } from './openapi.js';
import { commonType, parseSmdSchema, UNTYPED_DEDUCED, type Atom, type TypeLookup, type TypeRef } from './schema.js';
import { findAtomics, formatErrors, merge, validate } from './typed.js';

/** A type to merge with: a root type reference in a set of named types (structured-merge-diff `ParseableType`). */
export class MergeType {
  /** @internal */
  constructor(
    readonly lookup: TypeLookup,
    readonly ref: TypeRef,
  ) {}
}

/** The schemas merges look types up in: the built-in Kubernetes 1.32 schemas and some CRDs. */
export interface MergeSchemaSource {
  /** Conversion problems of CRD schemas: their group-versions have no type converter. */
  readonly problems: readonly string[];
}

class SchemaSource implements MergeSchemaSource {
  constructor(
    readonly lookup: TypeLookup,
    /** apiVersion → kind → type name; a group-version whose document failed to convert is `null`. */
    readonly kinds: ReadonlyMap<string, ReadonlyMap<string, string> | null>,
    readonly problems: readonly string[],
  ) {}
}

// ---------------------------------------------------------------------------------------------------------
// the built-in schemas, decoded on first use

interface Builtins {
  readonly data: EncodedSchemas;
  readonly index: ReadonlyMap<string, number>;
  readonly decoded: Array<Atom | undefined>;
  readonly lookup: TypeLookup;
  readonly kinds: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

let builtins: Builtins | undefined;

function loadBuiltins(): Builtins {
  if (builtins !== undefined) return builtins;
  const data = JSON.parse(BUILTIN_SCHEMAS_JSON) as EncodedSchemas;
  const index = new Map(data.names.map((n, i) => [n, i] as const));
  const decoded: Array<Atom | undefined> = new Array(data.names.length);
  const lookup: TypeLookup = {
    named(name) {
      const common = commonType(name);
      if (common !== undefined) return common;
      const i = index.get(name);
      if (i === undefined) return undefined;
      return (decoded[i] ??= decodeAtom(data.types[i]!, data.names));
    },
  };
  const kinds = new Map<string, ReadonlyMap<string, string>>();
  for (const [apiVersion, byKind] of Object.entries(data.kinds)) kinds.set(apiVersion, new Map(Object.entries(byKind).map(([k, i]) => [k, data.names[i]!] as const)));
  builtins = { data, index, decoded, lookup, kinds };
  return builtins;
}

let builtinSource: SchemaSource | undefined;

/**
 * Built-in Kubernetes 1.32 schemas + the openAPIV3Schema of the given CRD objects (apiextensions.k8s.io/v1
 * CustomResourceDefinition JSON, as in a Kyverno Test's clusterResources or the CLI's --crd paths).
 *
 * As kubectl-validate pkg/openapiclient/local_crds.go builds a CRD document: each version's schema with
 * `metadata` an `ObjectMeta` reference, named `<group>/<version>.<kind>` (a later CRD of the same kind and
 * version replaces an earlier one); the CRD types of a group-version come before the built-in ones of the
 * same group-version (openapiclient composite: the first definition of a name wins). A group-version whose
 * CRD schemas do not convert (kube-openapi schemaconv errors, e.g. an unknown `x-kubernetes-list-type`)
 * has no type converter in Kyverno: its kinds have no type here, and the errors are in `problems`.
 * Objects that are not CRDs are ignored.
 */
export function mergeSchemas(crds?: readonly JsonObject[]): MergeSchemaSource {
  const b = loadBuiltins();
  if (crds === undefined || crds.length === 0) return (builtinSource ??= new SchemaSource(b.lookup, b.kinds, []));
  const byGroupVersion = new Map<string, Map<string, CrdModel>>();
  for (const crd of crds) {
    for (const model of crdModels(crd)) {
      const apiVersion = `${model.group}/${model.version}`;
      let models = byGroupVersion.get(apiVersion);
      if (models === undefined) byGroupVersion.set(apiVersion, (models = new Map()));
      models.set(model.name, model);
    }
  }
  const crdTypes = new Map<string, Atom>();
  const kinds = new Map<string, ReadonlyMap<string, string> | null>(b.kinds);
  const problems: string[] = [];
  for (const [apiVersion, models] of byGroupVersion) {
    const converted = toSchemaFromOpenAPI(Object.fromEntries([...models].map(([name, m]) => [name, m.schema])), false);
    if (converted.errors.length > 0) {
      problems.push(`${apiVersion}: failed to convert models to schema: ${converted.errors.join('\n')}`);
      kinds.set(apiVersion, null);
      continue;
    }
    const byKind = new Map(b.kinds.get(apiVersion) ?? []);
    for (const model of models.values()) {
      const atom = converted.types.get(model.name);
      if (atom === undefined) continue;
      crdTypes.set(model.name, atom);
      byKind.set(model.kind, model.name);
    }
    kinds.set(apiVersion, byKind);
  }
  const lookup: TypeLookup = { named: (name) => crdTypes.get(name) ?? b.lookup.named(name) };
  return new SchemaSource(lookup, kinds, problems);
}

/** The type of a kind, or undefined when there is no schema for it. */
export function typeOfKind(schemas: MergeSchemaSource, apiVersion: string, kind: string): MergeType | undefined {
  const source = schemas as SchemaSource;
  const name = source.kinds.get(apiVersion)?.get(kind);
  return name === undefined ? undefined : new MergeType(source.lookup, { named: name });
}

/**
 * Why a kind has no type, in Kyverno's words: without a document for the group-version there is no type
 * converter (`type converter must not be nil`, k8s.io/apiserver patch/smd.go); with one that lacks the kind,
 * converting the patch fails (managedfields `NewNoCorrespondingTypeError`, `GroupVersionKind.String()`).
 * Undefined when the kind has a type.
 */
export function missingTypeError(schemas: MergeSchemaSource, apiVersion: string, kind: string): string | undefined {
  const source = schemas as SchemaSource;
  const byKind = source.kinds.get(apiVersion);
  if (byKind === undefined || byKind === null) return 'type converter must not be nil';
  if (byKind.has(kind)) return undefined;
  const slash = apiVersion.lastIndexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = apiVersion.slice(slash + 1);
  return `failed to convert patch object to typed object: no corresponding type for ${group}/${version}, Kind=${kind}`;
}

const DEDUCED_LOOKUP: TypeLookup = { named: commonType };

/** The deduced, schema-less type (structured-merge-diff `DeducedParseableType`): maps merge key by key, lists atomic. */
export const DEDUCED: MergeType = new MergeType(DEDUCED_LOOKUP, { named: UNTYPED_DEDUCED });

/**
 * A type of a structured-merge-diff schema document (the YAML `typed.NewParser` reads, decoded:
 * `{types: [{name, scalar?, list?: {elementType, elementRelationship, keys?}, map?: {fields, elementType, elementRelationship}}]}`),
 * or an error text.
 */
export function smdSchemaType(schema: unknown, typeName: string): MergeType | string {
  const lookup = parseSmdSchema(schema);
  if (typeof lookup === 'string') return lookup;
  if (lookup.named(typeName) === undefined) return `schema: no type named ${typeName}`;
  return new MergeType(lookup, { named: typeName });
}

export type MergeResult = { ok: true; value: JsonObject } | { ok: false; error: string };

/**
 * structured-merge-diff's typed merge of `patch` into `original` (k8s.io/apiserver pkg/admission/plugin/policy/mutating/patch/smd.go
 * ApplyStructuredMergeDiff). guardAtomic: true = the upstream function, which rejects a patch that sets an atomic list/map/struct
 * (validatePatch); false = Kyverno's guard-free copy (kyverno/kyverno pkg/cel/policies/mpol/compiler/smd.go applyStructuredMergeDiff).
 *
 * The caller sets the patch's `apiVersion` / `kind` to the object's, as `applyConfigPatcher.Patch` does
 * (`patchObject.SetGroupVersionKind`). Errors are the function's own texts (the patcher prefixes them with
 * `error applying patch: `): `failed to convert patch object to typed object: …` (a field the schema does
 * not declare, a value of the wrong kind, duplicate list keys), `invalid ApplyConfiguration: may not mutate
 * atomic arrays, maps or structs: <paths>`, `failed to convert original object to typed object: …` (the
 * live object may hold duplicates), `failed to merge patch: …`. Neither input is modified; the result
 * shares no object or list with them.
 */
export function applyStructuredMerge(type: MergeType, original: JsonObject, patch: JsonObject, options: { guardAtomic: boolean }): MergeResult {
  const { lookup, ref } = type;
  const patchErrors = validate(lookup, ref, patch, false);
  if (patchErrors.length > 0) return { ok: false, error: `failed to convert patch object to typed object: ${formatErrors(patchErrors)}` };
  if (options.guardAtomic) {
    const atomics = findAtomics(lookup, ref, patch);
    if (atomics.length > 0) return { ok: false, error: `invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ${atomics.join(', ')}` };
  }
  const liveErrors = validate(lookup, ref, original, true);
  if (liveErrors.length > 0) return { ok: false, error: `failed to convert original object to typed object: ${formatErrors(liveErrors)}` };
  const merged = merge(lookup, ref, original, patch);
  if (merged.errors.length > 0) return { ok: false, error: `failed to merge patch: ${formatErrors(merged.errors)}` };
  const out = merged.out;
  if (out === null || out === undefined || typeof out !== 'object' || Array.isArray(out)) {
    // TypedToObject (managedfields valueToObject): the merged value must be a map.
    const goType = out === undefined || out === null ? '<nil>' : Array.isArray(out) ? '[]interface {}' : typeof out === 'string' ? 'string' : typeof out === 'boolean' ? 'bool' : 'int64';
    return { ok: false, error: `failed to convert typed object to object: failed to convert value to unstructured for type ${goType}` };
  }
  return { ok: true, value: out };
}
