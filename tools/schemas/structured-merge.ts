/**
 * @file Generates src/families/cel/mutate/structured-merge/builtin-schemas.ts: the structured-merge-diff types
 * of the Kubernetes 1.32 built-in OpenAPI v3 schemas that Kyverno's CLI merges ApplyConfiguration patches
 * with (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go `openAPI()`:
 * `openapiclient.NewHardcodedBuiltins("1.32")` of sigs.k8s.io/kubectl-validate).
 *
 * Every group-version document (pkg/openapiclient/builtins/1.32/api/v1.json, …/apis/<group>/<version>.json)
 * is converted as k8s.io/apimachinery managedfields `NewTypeConverter(components.schemas, false)` does
 * (kube-openapi schemaconv, ported in src/…/structured-merge/openapi.ts). Types are deduplicated by name
 * (the generator fails if two documents define one name differently); the kind index keeps, per document,
 * the `x-kubernetes-group-version-kind` entries of the document's own group-version (the type converter
 * of a group-version knows only the kinds of its document). The ObjectMeta family kubectl-validate adds to
 * CRD documents (pkg/openapiclient/local_crds_metadata.json) must convert to the same types as the
 * built-in ones (checked).
 *
 * Re-run (from the repository root), with a clone or bare mirror of kubernetes-sigs/kubectl-validate:
 *   node --import tsx tools/schemas/structured-merge.ts [<kubectl-validate git dir>] [<revision>]
 * (defaults: /work/.mirror/kubernetes-sigs+kubectl-validate/repo, HEAD).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeAtom, type EncodedAtom, type EncodedSchemas } from '../../src/families/cel/mutate/structured-merge/codec.js';
import { toSchemaFromOpenAPI } from '../../src/families/cel/mutate/structured-merge/openapi.js';
import { UNTYPED_ATOMIC, UNTYPED_ATOMIC_ATOM, UNTYPED_DEDUCED, UNTYPED_DEDUCED_ATOM, type Atom, type MapType, type TypeRef } from '../../src/families/cel/mutate/structured-merge/schema.js';

const VERSION = '1.32';
const repo = process.argv[2] ?? '/work/.mirror/kubernetes-sigs+kubectl-validate/repo';
const revision = process.argv[3] ?? 'HEAD';
const root = fileURLToPath(new URL('../..', import.meta.url));
const output = path.join(root, 'src/families/cel/mutate/structured-merge/builtin-schemas.ts');

function git(...args: string[]): string {
  return execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

const commit = git('rev-parse', revision).trim();
const prefix = `pkg/openapiclient/builtins/${VERSION}/`;
const files = git('ls-tree', '-r', '--name-only', commit, prefix)
  .split('\n')
  .filter((f) => f.endsWith('.json'))
  .sort();

const types = new Map<string, { atom: Atom; canonical: string; from: string }>();
const kinds: Record<string, Record<string, string>> = {};

// A canonical encoding (named references by name, every default kept) to compare definitions across documents.
const canonicalNames: string[] = [];
const canonicalIndex = new Map<string, number>();
function canonical(atom: Atom, defaults = true): string {
  return JSON.stringify(
    encodeAtom(
      atom,
      (name) => {
        let i = canonicalIndex.get(name);
        if (i === undefined) canonicalIndex.set(name, (i = canonicalNames.push(name) - 1));
        return i;
      },
      () => defaults,
    ),
  );
}

function addTypes(models: Record<string, unknown>, from: string): void {
  const converted = toSchemaFromOpenAPI(models, false);
  if (converted.errors.length > 0) throw new Error(`${from}: ${converted.errors.join('; ')}`);
  for (const [name, atom] of converted.types) {
    const c = canonical(atom);
    const existing = types.get(name);
    if (existing === undefined) types.set(name, { atom, canonical: c, from });
    else if (existing.canonical !== c) throw new Error(`${name} differs between ${existing.from} and ${from}`);
  }
}

for (const file of files) {
  const rel = file.slice(prefix.length, -'.json'.length); // api/v1, apis/apps/v1
  const parts = rel.split('/');
  const [group, version] = parts[0] === 'api' ? ['', parts[1]!] : [parts[1]!, parts[2]!];
  const doc = JSON.parse(git('show', `${commit}:${file}`)) as { components?: { schemas?: Record<string, Record<string, unknown>> } };
  const models = doc.components?.schemas ?? {};
  addTypes(models, file);
  const apiVersion = group === '' ? version : `${group}/${version}`;
  for (const [name, model] of Object.entries(models)) {
    const gvks = model['x-kubernetes-group-version-kind'];
    if (!Array.isArray(gvks)) continue;
    for (const gvk of gvks as Array<{ group?: unknown; version?: unknown; kind?: unknown }>) {
      if (gvk.group !== group || gvk.version !== version || typeof gvk.kind !== 'string' || gvk.kind === '') continue;
      (kinds[apiVersion] ??= {})[gvk.kind] = name;
    }
  }
}

// The metadata types of kubectl-validate's CRD documents must merge as the built-in ones (their defaults differ:
// ObjectMeta.creationTimestamp has `default: {}` there, and no list-map key has a default).
const crdMetadata = JSON.parse(git('show', `${commit}:pkg/openapiclient/local_crds_metadata.json`)) as Record<string, unknown>;
const crdMeta = toSchemaFromOpenAPI(crdMetadata, false);
if (crdMeta.errors.length > 0) throw new Error(`local_crds_metadata.json: ${crdMeta.errors.join('; ')}`);
for (const [name, atom] of crdMeta.types) {
  const builtin = types.get(name);
  if (builtin === undefined || canonical(builtin.atom, false) !== canonical(atom, false)) throw new Error(`CRD metadata type ${name} differs from the built-in one`);
}

types.set(UNTYPED_ATOMIC, { atom: UNTYPED_ATOMIC_ATOM, canonical: '', from: 'schemaconv' });
types.set(UNTYPED_DEDUCED, { atom: UNTYPED_DEDUCED_ATOM, canonical: '', from: 'schemaconv' });

// Defaults kept: those of list-map key fields (typed/helpers.go getAssociativeKeyDefault), the only ones a merge reads.
const keyFields = new Map<MapType, Set<string>>();
function resolveMap(ref: TypeRef): MapType | undefined {
  return 'named' in ref ? types.get(ref.named)?.atom.map : ref.inlined.map;
}
function collectKeys(atom: Atom): void {
  const refs: TypeRef[] = [];
  if (atom.list !== undefined) {
    refs.push(atom.list.elementType);
    const element = resolveMap(atom.list.elementType);
    if (atom.list.keys !== undefined && element !== undefined) {
      let set = keyFields.get(element);
      if (set === undefined) keyFields.set(element, (set = new Set()));
      for (const k of atom.list.keys) set.add(k);
    }
  }
  if (atom.map !== undefined) {
    refs.push(atom.map.elementType);
    for (const f of atom.map.fields.values()) refs.push(f.type);
  }
  for (const ref of refs) if ('inlined' in ref) collectKeys(ref.inlined);
}
for (const { atom } of types.values()) collectKeys(atom);

const names = [...types.keys()].sort();
const index = new Map(names.map((n, i) => [n, i] as const));
const indexOf = (name: string): number => {
  const i = index.get(name);
  if (i === undefined) throw new Error(`reference to unknown type ${name}`);
  return i;
};
const encodedTypes: EncodedAtom[] = names.map((n) => encodeAtom(types.get(n)!.atom, indexOf, (map, field) => keyFields.get(map)?.has(field) === true));
const encodedKinds: Record<string, Record<string, number>> = {};
for (const apiVersion of Object.keys(kinds).sort()) {
  const byKind = kinds[apiVersion]!;
  encodedKinds[apiVersion] = Object.fromEntries(
    Object.keys(byKind)
      .sort()
      .map((k) => [k, indexOf(byKind[k]!)]),
  );
}
const data: EncodedSchemas = { names, types: encodedTypes, kinds: encodedKinds };
const json = JSON.stringify(data);

const text = `/**
 * @file GENERATED by tools/schemas/structured-merge.ts (do not edit): the structured-merge-diff types of the
 * Kubernetes ${VERSION} built-in OpenAPI schemas of sigs.k8s.io/kubectl-validate ${commit}
 * (pkg/openapiclient/builtins/${VERSION}), in the compact form of ./codec.ts. ${names.length} types, ${Object.keys(encodedKinds).length} group-versions.
 */
export const BUILTIN_SCHEMAS_JSON = ${JSON.stringify(json)};
`;
writeFileSync(output, text);
console.log(`${path.relative(root, output)}: ${names.length} types, ${Object.values(encodedKinds).reduce((n, k) => n + Object.keys(k).length, 0)} kinds, ${text.length} bytes`);
