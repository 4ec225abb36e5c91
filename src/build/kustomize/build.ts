/**
 * @file `kustomize build`, natively, for what a linter needs to see: the objects a kustomization root sends to the
 * cluster, each with the history of the files and fields that made it (origins.ts). The steps follow kustomize's
 * `KustTarget.accumulateTarget` (kubernetes-sigs/kustomize api/internal/target/kusttarget.go): resources (files,
 * folders with a kustomization, nested kustomizations), generators, components, then the built-in transformers in
 * `configureBuiltinTransformers` order (strategic-merge patches, `patches`, namespace, prefix, suffix, labels,
 * annotations, JSON 6902 patches, replicas, images); at the root, generated names get their hash suffix and name
 * references follow the renamed objects (`makeCustomizedResMap`: `addHashesToNames`, `FixBackReferences`).
 *
 * Remote resources, Helm charts and plugin transformers are not built offline: each is a problem of the build,
 * reported once, and the rest of the kustomization is still built.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { JsonObject, JsonValue } from '../../types.js';
import { cloneJson, isObject } from '../../util/json-value.js';
import { parseDocuments, type SourceDocument } from '../../source/index.js';
import { ResourceScopes } from '../../cluster/index.js';
import { parseLabelSelector } from '../../cluster/index.js';
import { mergePatch, MergeError } from '../../families/kyverno/engine/mutate/strategic-merge/merge.js';
import { applyJsonPatch } from '../../families/kyverno/engine/mutate/json-patch/index.js';
import { compileRe2 } from '../../util/go-regexp.js';
import { History, type Layer, type Segment, type SourcePlace } from './origins.js';
import { decodeKustomization, KUSTOMIZATION_FILE_NAMES, KustomizationError, type Entry, type GeneratorEntry, type Kustomization, type PatchEntry, type PatchTarget } from './kustomization.js';
import { generatedObject, generatorData, nameHash } from './generators.js';
import { COMMON_ANNOTATIONS, COMMON_LABELS, keepsItsName, labelSpecs, REPLICAS, setImages, setPairs } from './transformers.js';
import { groupVersion, specSelects, visitFields } from './field-specs.js';
import { fixNameReferences } from './name-reference.js';
import { apiVersionOf, currentId, NOT_A_NAMESPACE, type ResId } from './ids.js';
import { withV3Scalars } from './yaml-v3.js';
import type { BuildFile, BuildProblem, BuildResult, BuiltObject, ReadFile } from './types.js';

export type { BuildFile, BuildProblem, BuildResult, BuiltObject, ReadFile } from './types.js';

function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/** The kustomization file of a folder, or null. */
export function kustomizationFile(dir: string): string | null {
  for (const name of KUSTOMIZATION_FILE_NAMES) {
    const file = path.join(dir, name);
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|git@|github\.com\/|gitlab\.com\/|bitbucket\.org\/)/i;

class Builder {
  readonly inputs = new Set<string>();
  readonly problems: BuildProblem[] = [];
  readonly #scopes = new ResourceScopes();

  constructor(private readonly read: ReadFile) {}

  problem(file: string, document: SourceDocument | undefined, at: Segment[], message: string, severity: BuildProblem['severity'] = 'error'): void {
    const found: BuildProblem = { file, path: at, message, severity };
    if (document !== undefined) found.document = document;
    this.problems.push(found);
  }

  /** Reads a file the build needs; null (with a problem at `from`) when it cannot be read. */
  file(file: string, from: SourcePlace): BuildFile | null {
    this.inputs.add(file);
    const read = this.read(file);
    if (typeof read === 'string') {
      this.problem(from.file, from.document, from.path, `cannot read ${file}: ${read}`);
      return null;
    }
    return read;
  }

  /**
   * The objects of kustomization folder `dir`, before the root's hash suffixes and name references; `from` is the
   * `resources:` or `components:` entry of the parent that includes it (problems of the inclusion are located there).
   */
  kustomization(folder: string, stack: readonly string[], start: BuiltObject[] = [], component = false, from?: SourcePlace): BuiltObject[] {
    // api/loader: a kustomization root is its real path (`filesys.CleanedAbs` evaluates symbolic links), which its
    // relative paths are resolved against.
    const dir = realFolder(folder);
    const file = kustomizationFile(dir);
    if (file === null) return start;
    if (stack.includes(file)) {
      if (from !== undefined) this.problem(from.file, from.document, from.path, `cycle through ${file}`);
      else this.problem(stack.at(-1)!, undefined, [], `cycle through ${file}`);
      return start;
    }
    this.inputs.add(file);
    const read = this.read(file);
    if (typeof read === 'string') {
      this.problem(file, undefined, [], `cannot read ${file}: ${read}`);
      return start;
    }
    const document = read.documents[0];
    if (document === undefined) return start;
    let kustomization: Kustomization;
    try {
      kustomization = decodeKustomization(document.value);
    } catch (error) {
      if (!(error instanceof KustomizationError)) throw error;
      this.problem(file, document, error.path, error.message);
      return start;
    }
    const at = (entryPath: Segment[]): SourcePlace => ({ file, document, path: entryPath });
    // kusttarget.go `accumulateDirectory`: a Component is listed under components, a Kustomization under
    // resources; the root may be either.
    const parent = stack.at(-1);
    if (parent !== undefined && (kustomization.kind === 'Component') !== component) {
      const message = component ? `${file} is listed under components but is a Kustomization (kind: Component expected)` : `${file} is a Component: list it under components, not resources`;
      if (from !== undefined) this.problem(from.file, from.document, from.path, message);
      else this.problem(parent, undefined, [], message);
      return start;
    }
    for (const entry of kustomization.unsupported) {
      this.problem(file, document, entry.path, `${entry.value} is not built offline: the objects it makes or changes are not checked (render with kustomize build and pipe the output to kyverno-lint -)`, 'warning');
    }
    const nextStack = [...stack, file];
    let objects = [...start];
    const known = new Set(objects.map((object) => idKey(object.value)));
    for (const entry of kustomization.resources) {
      const place = at(entry.path);
      for (const object of this.resource(dir, entry, place, nextStack)) this.add(objects, known, object, place);
    }
    objects = this.generate(dir, kustomization, objects, at);
    for (const entry of kustomization.components) {
      const target = path.resolve(dir, entry.value);
      if (REMOTE.test(entry.value)) {
        this.problem(file, document, entry.path, `remote component ${entry.value} is not built offline`, 'warning');
        continue;
      }
      if (kustomizationFile(target) === null) {
        this.problem(file, document, entry.path, `component ${entry.value}: no kustomization file in ${target}`);
        continue;
      }
      objects = this.kustomization(target, nextStack, objects, true, at(entry.path));
    }
    return this.transform(dir, kustomization, objects, at);
  }

  /**
   * Adds an object to those accumulated (whose ids are `known`), unless one with its id is there already (api/resmap/reswrangler.go
   * `Append`: `may not add resource with an already registered id`), which is a problem at `place`.
   */
  add(objects: BuiltObject[], known: Set<string>, object: BuiltObject, place: SourcePlace): void {
    const key = idKey(object.value);
    if (known.has(key)) {
      const id = currentId(object.value);
      this.problem(place.file, place.document, place.path, `may not add resource with an already registered id: ${id.kind} ${id.namespace === NOT_A_NAMESPACE ? id.name : `${id.namespace}/${id.name}`}`);
      return;
    }
    known.add(key);
    objects.push(object);
  }

  /** The objects of one `resources:` entry. */
  resource(dir: string, entry: Entry<string>, place: SourcePlace, stack: readonly string[]): BuiltObject[] {
    if (REMOTE.test(entry.value)) {
      this.problem(place.file, place.document, place.path, `remote resource ${entry.value} is not built offline: its objects are not checked (render with kustomize build and pipe the output to kyverno-lint -)`, 'warning');
      return [];
    }
    const target = path.resolve(dir, entry.value);
    if (!existsSync(target)) {
      this.problem(place.file, place.document, place.path, `resource ${entry.value}: no such file or folder`);
      return [];
    }
    if (statSync(target).isDirectory()) {
      if (kustomizationFile(target) === null) {
        this.problem(place.file, place.document, place.path, `resource ${entry.value}: the folder holds no kustomization file`);
        return [];
      }
      return this.kustomization(target, stack, [], false, place);
    }
    const read = this.file(target, place);
    if (read === null) return [];
    const out: BuiltObject[] = [];
    for (const document of read.documents) {
      const value = withV3Scalars(read, document);
      if (value === null || (isObject(value) && Object.keys(value).length === 0)) continue;
      const place: SourcePlace = { file: target, document, path: [] };
      if (!this.validObject(value, place)) continue;
      // api/resource/factory.go `inlineAnyEmbeddedLists`: a kind ending in List with items holds the objects.
      if (value.kind.endsWith('List') && value.items !== undefined) {
        if (value.items === null) continue;
        if (!Array.isArray(value.items)) {
          this.problem(target, document, ['items'], `expected a list in ${value.kind}/items`);
          continue;
        }
        value.items.forEach((item, index) => {
          const itemPlace: SourcePlace = { file: target, document, path: ['items', index] };
          if (this.validObject(item, itemPlace)) out.push(newObject(item, itemPlace));
        });
        continue;
      }
      out.push(newObject(value, place));
    }
    return out;
  }

  /** kyaml/yaml/rnode.go `GetValidatedMetadata`: a kind, and a name unless the kind is a List. */
  validObject(value: JsonValue, place: SourcePlace): value is JsonObject & { kind: string } {
    if (!isObject(value) || typeof value.kind !== 'string' || value.kind === '') {
      this.problem(place.file, place.document, place.path, 'not a Kubernetes object (kind is required)');
      return false;
    }
    const metadata = isObject(value.metadata) ? value.metadata : {};
    if (!value.kind.endsWith('List') && (typeof metadata.name !== 'string' || metadata.name === '')) {
      this.problem(place.file, place.document, place.path, `${value.kind}: metadata.name is required`);
      return false;
    }
    return true;
  }

  generate(dir: string, kustomization: Kustomization, objects: BuiltObject[], at: (entryPath: Segment[]) => SourcePlace): BuiltObject[] {
    const out = [...objects];
    const run = (kind: 'ConfigMap' | 'Secret', entries: readonly Entry<GeneratorEntry>[]): void => {
      for (const entry of entries) {
        const place = at(entry.path);
        let data: Record<string, string>;
        try {
          data = generatorData(entry.value, (file) => {
            const target = path.resolve(dir, file);
            this.inputs.add(target);
            const read = this.read(target);
            if (typeof read === 'string') throw new Error(`cannot read ${file}: ${read}`);
            return read.text;
          });
        } catch (error) {
          this.problem(place.file, place.document, place.path, (error as Error).message);
          continue;
        }
        const made = generatedObject(kind, entry.value, data);
        const generated = { hash: entry.value.options.disableNameSuffixHash !== true };
        if (entry.value.behavior === 'create') {
          this.add(out, new Set(out.map((object) => idKey(object.value))), { ...newObject(made, place, true), generated }, place);
          continue;
        }
        // api/resmap/reswrangler.go `appendReplaceOrMerge`: the generated id matches any id the object has had
        // (`GetMatchingResourcesByAnyId`, kyaml/resid/resid.go `Equals`: kind, name and effective namespace).
        const wanted = currentId(made);
        const index = out.findIndex(
          (object) => object.value.apiVersion === 'v1' && [...object.previousIds, currentId(object.value)].some((id) => id.kind === wanted.kind && id.name === wanted.name && id.namespace === wanted.namespace),
        );
        if (index === -1) {
          this.problem(place.file, place.document, place.path, `${kind} ${entry.value.name}: behavior ${entry.value.behavior} needs a ${kind} of that name in the resources`);
          continue;
        }
        const existing = out[index]!;
        const value = cloneJson(existing.value);
        const metadata = isObject(value.metadata) ? value.metadata : (value.metadata = {});
        if (entry.value.behavior === 'replace') {
          if (made.data === undefined) delete value.data;
          else value.data = made.data;
        } else value.data = { ...(isObject(value.data) ? value.data : {}), ...(isObject(made.data) ? made.data : {}) };
        const madeMetadata = made.metadata as JsonObject;
        for (const key of ['labels', 'annotations'] as const) {
          if (isObject(madeMetadata[key])) metadata[key] = { ...(isObject(metadata[key]) ? metadata[key] : {}), ...madeMetadata[key] };
        }
        const paths: Segment[][] = Object.keys(isObject(made.data) ? made.data : {}).map((key) => ['data', key]);
        // api/resource/resource.go `CopyMergeMetaDataFieldsFrom`: the name gets its hash when both the object and
        // the generator ask for it (the build annotations are the object's, and the generator's flag can drop it).
        const hash = (existing.generated?.hash ?? false) && generated.hash;
        out[index] = { ...existing, value, history: existing.history.with({ kind: 'field', place, paths }), generated: { hash } };
      }
    };
    run('ConfigMap', kustomization.configMapGenerator);
    run('Secret', kustomization.secretGenerator);
    return out;
  }

  transform(dir: string, kustomization: Kustomization, input: BuiltObject[], at: (entryPath: Segment[]) => SourcePlace): BuiltObject[] {
    let objects = input;
    for (const entry of kustomization.patches) objects = this.patch(dir, entry, at(entry.path), objects);
    const { namespace, namePrefix, nameSuffix } = kustomization;
    if (namespace !== undefined) objects = objects.map((object) => this.setNamespace(object, namespace.value, at(namespace.path)));
    for (const [entry, prefix] of [
      [namePrefix, true],
      [nameSuffix, false],
    ] as const) {
      if (entry === undefined) continue;
      objects = objects.map((object) => {
        if (keepsItsName(object.value)) return object;
        const name = currentName(object);
        const renamed = prefix ? `${entry.value}${name}` : `${name}${entry.value}`;
        const previousIds = [...object.previousIds, currentId(object.value)];
        // Each built object owns its value (resources are copied when read; histories keep what was written).
        const value = object.value;
        if (!isObject(value.metadata)) value.metadata = {};
        value.metadata.name = renamed;
        // builtins/PrefixTransformer.go `Transform`: the prefix is recorded (`AddNamePrefix`) and the id stored.
        const affixes = prefix ? { prefixes: [...object.prefixes, entry.value] } : { suffixes: [...object.suffixes, entry.value] };
        return {
          ...object,
          ...affixes,
          names: [...object.names, renamed],
          previousIds,
          history: object.history.with({ kind: 'field', place: at(entry.path), paths: [['metadata', 'name']] }),
        };
      });
    }
    const pairs = (specs: Parameters<typeof setPairs>[1], values: Record<string, string>, place: SourcePlace): void => {
      objects = objects.map((object) => this.edit(object, place, (value) => setPairs(value, specs, values)));
    };
    kustomization.labels.forEach((entry) => pairs(labelSpecs(entry.value), entry.value.pairs, at([...entry.path, 'pairs'])));
    if (kustomization.commonLabels) pairs(COMMON_LABELS, kustomization.commonLabels.value, at(kustomization.commonLabels.path));
    if (kustomization.commonAnnotations) pairs(COMMON_ANNOTATIONS, kustomization.commonAnnotations.value, at(kustomization.commonAnnotations.path));
    for (const entry of kustomization.json6902) objects = this.patch(dir, entry, at(entry.path), objects);
    // builtins/ReplicaCountTransformer.go `Transform`: each field spec applies to the objects that have had the
    // name with a kind it selects; a name that matches nothing is an error.
    for (const entry of kustomization.replicas) {
      let found = false;
      for (const spec of REPLICAS) {
        objects = objects.map((object) => {
          if (!idsOf(object).some((id) => id.name === entry.value.name && specSelects(spec, { apiVersion: id.group === '' ? id.version : `${id.group}/${id.version}`, kind: id.kind }))) return object;
          found = true;
          return this.edit(object, at(entry.path), (value) => {
            const set: Segment[][] = [];
            visitFields(value, spec, (_current, fieldPath) => (set.push(fieldPath), entry.value.count));
            return set;
          });
        });
      }
      if (!found) {
        const place = at(entry.path);
        this.problem(place.file, place.document, place.path, `replicas: no Deployment, ReplicationController, ReplicaSet or StatefulSet named ${entry.value.name}`);
      }
    }
    for (const entry of kustomization.images) objects = objects.map((object) => this.edit(object, at(entry.path), (value) => setImages(value, entry.value)));
    return objects;
  }

  /**
   * Applies `change` to the object's value, in place: each built object owns its value (resources are copied when
   * read, and the histories keep the documents and patches as written). Records the paths it set, if any.
   */
  edit(object: BuiltObject, place: SourcePlace, change: (value: JsonObject) => Segment[][]): BuiltObject {
    const paths = change(object.value);
    if (paths.length === 0) return object;
    return { ...object, history: object.history.with({ kind: 'field', place, paths }) };
  }

  /** api/filters/namespace/namespace.go `Filter.run`; builtins/NamespaceTransformer.go stores every object's id first. */
  setNamespace(input: BuiltObject, namespace: string, place: SourcePlace): BuiltObject {
    const object: BuiltObject = { ...input, previousIds: [...input.previousIds, currentId(input.value)] };
    const value = object.value;
    const paths: Segment[][] = [];
    const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : '';
    const kind = String(value.kind);
    const metadata = isObject(value.metadata) ? value.metadata : (value.metadata = {});
    if (!this.#scopes.has(`${apiVersion}/${kind}`)) {
      metadata.namespace = namespace;
      paths.push(['metadata', 'namespace']);
    }
    if (kind === 'Namespace' && apiVersion === 'v1') {
      metadata.name = namespace;
      paths.push(['metadata', 'name']);
    }
    if ((kind === 'RoleBinding' || kind === 'ClusterRoleBinding') && Array.isArray(value.subjects)) {
      value.subjects.forEach((subject, index) => {
        if (isObject(subject) && subject.name === 'default') {
          subject.namespace = namespace;
          paths.push(['subjects', index, 'namespace']);
        }
      });
    }
    visitFields(value, { path: 'spec/service/namespace', group: 'apiregistration.k8s.io', kind: 'APIService', create: true }, (_current, at) => (paths.push(at), namespace));
    visitFields(value, { path: 'spec/conversion/webhook/clientConfig/service/namespace', group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' }, (_current, at) => (paths.push(at), namespace));
    if (paths.length === 0) return object;
    const renamed = kind === 'Namespace' && apiVersion === 'v1' ? [...object.names, namespace] : object.names;
    return { ...object, value, names: renamed, namespaces: [...object.namespaces, String(metadata.namespace ?? '')], history: object.history.with({ kind: 'field', place, paths }) };
  }

  /** One patch entry applied to the objects it targets. */
  patch(dir: string, entry: Entry<PatchEntry>, place: SourcePlace, objects: BuiltObject[]): BuiltObject[] {
    const loaded = this.patchDocuments(dir, entry.value, place);
    if (loaded === null) return objects;
    let out = objects;
    for (const { value: patch, place: patchPlace } of loaded) {
      const json = entry.value.json6902 === true || Array.isArray(patch);
      if (json) {
        if (!Array.isArray(patch)) {
          this.problem(place.file, place.document, place.path, 'a JSON 6902 patch must be a list of operations');
          continue;
        }
        if (entry.value.target === undefined) {
          this.problem(place.file, place.document, place.path, 'a JSON 6902 patch needs a target');
          continue;
        }
        const target = entry.value.target;
        out = out.map((object) => (selects(target, object) ? this.jsonPatch(object, patch, patchPlace) : object));
        continue;
      }
      if (!isObject(patch)) {
        this.problem(place.file, place.document, place.path, 'a strategic-merge patch must be a map');
        continue;
      }
      // api/internal/builtins/PatchTransformer.go `transformStrategicMerge`: the objects the target selects, or
      // without one the single object that has had the patch's own id (resmap `GetById`).
      const target = entry.value.target;
      const chosen = new Set(target !== undefined ? out.filter((object) => selects(target, object)) : out.filter((object) => hadId(object, patch)));
      if (target === undefined && chosen.size !== 1) {
        const name = String((patch.metadata as JsonObject | undefined)?.name ?? '');
        const message = chosen.size === 0 ? `the patch matches no object: no ${String(patch.kind)} named ${name} in the resources` : `the patch matches ${chosen.size} objects: ${String(patch.kind)} ${name} is ambiguous`;
        this.problem(patchPlace.file, patchPlace.document, patchPlace.path, message);
        continue;
      }
      const next: BuiltObject[] = [];
      for (const object of out) {
        if (!chosen.has(object)) {
          next.push(object);
          continue;
        }
        let merged: JsonObject | null;
        try {
          merged = mergePatch(object.value, cloneJson(patch));
        } catch (error) {
          if (!(error instanceof MergeError)) throw error;
          this.problem(patchPlace.file, patchPlace.document, patchPlace.path, `patch failed on ${String(object.value.kind)} ${currentName(object)}: ${error.message}`);
          next.push(object);
          continue;
        }
        if (merged === null) continue;
        // api/resource/resource.go `ApplySmPatch` (and resmap `ApplySmPatch`, which gives the patch the object's
        // apiVersion): the object keeps its apiVersion, namespace, and its name and kind unless the patch's
        // options allow changing them.
        const before = object.value;
        const metadata = isObject(merged.metadata) ? merged.metadata : (merged.metadata = {});
        const beforeMetadata = isObject(before.metadata) ? before.metadata : {};
        if (before.apiVersion === undefined) delete merged.apiVersion;
        else merged.apiVersion = before.apiVersion;
        if (entry.value.allowKindChange !== true || typeof merged.kind !== 'string') merged.kind = before.kind as JsonValue;
        if (entry.value.allowNameChange !== true || typeof metadata.name !== 'string') metadata.name = beforeMetadata.name as JsonValue;
        if (beforeMetadata.namespace === undefined) delete metadata.namespace;
        else metadata.namespace = beforeMetadata.namespace;
        const previousIds = entry.value.allowNameChange === true || entry.value.allowKindChange === true ? [...object.previousIds, currentId(before)] : object.previousIds;
        const layer: Layer = { kind: 'patch', place: patchPlace, patch };
        if (entry.value.path === undefined) layer.inline = true;
        const patched: BuiltObject = { ...object, value: merged, previousIds, history: object.history.with(layer) };
        next.push(withCurrentId(patched));
      }
      out = next;
    }
    return out;
  }

  /** The patch values of an entry with their places: the documents of its file, or its inline text. */
  patchDocuments(dir: string, entry: PatchEntry, place: SourcePlace): { value: JsonValue; place: SourcePlace }[] | null {
    if (entry.path !== undefined) {
      const file = path.resolve(dir, entry.path);
      const read = this.file(file, { ...place, path: [...place.path, 'path'] });
      if (read === null) return null;
      return read.documents.filter((document) => document.value !== null).map((document) => ({ value: withV3Scalars(read, document), place: { file, document, path: [] } }));
    }
    const { parsed, error } = parseInline(entry.patch ?? '');
    if (error !== undefined) {
      this.problem(place.file, place.document, [...place.path, 'patch'], `the inline patch cannot be read: ${error}`);
      return null;
    }
    // Inline patches are located at their `patch:` entry.
    return parsed.map((value) => ({ value, place: { ...place, path: [...place.path, 'patch'] } }));
  }

  jsonPatch(object: BuiltObject, operations: JsonValue[], place: SourcePlace): BuiltObject {
    const result = applyJsonPatch(object.value, operations);
    if ('error' in result) {
      this.problem(place.file, place.document, place.path, `JSON patch failed on ${String(object.value.kind)} ${currentName(object)}: ${result.error}`);
      return object;
    }
    const inline = place.path.at(-1) === 'patch';
    const layer: Layer = {
      kind: 'json-patch',
      operations: operations.filter(isObject).map((operation, index) => ({
        op: String(operation.op),
        path: pointerSegments(String(operation.path ?? ''), object.value),
        place: inline ? place : { ...place, path: [...place.path, index, 'value'] },
      })),
    };
    // api/internal/builtins/PatchTransformer.go `transformJson6902`: the object keeps its earlier id
    // (`StorePreviousId`) and takes the name and namespace the patch gives it.
    return withCurrentId({ ...object, value: result.resource, previousIds: [...object.previousIds, currentId(object.value)], history: object.history.with(layer) });
  }
}

/** The group, kind, namespace and name of an object's current id. */
function idKey(value: JsonObject): string {
  const id = currentId(value);
  const apiVersion = apiVersionOf(value);
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  return `${group}\u0000${id.kind}\u0000${id.namespace}\u0000${id.name}`;
}

/** A JSON pointer as path segments (`-` stands for the end of the list it indexes). */
function pointerSegments(pointer: string, value: JsonValue): Segment[] {
  const segments: Segment[] = [];
  let node: JsonValue | undefined = value;
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      const index: number = part === '-' ? node.length : Number(part);
      segments.push(index);
      node = node[index];
    } else {
      segments.push(part);
      node = isObject(node) ? node[part] : undefined;
    }
  }
  return segments;
}

/** The documents of an inline patch. */
function parseInline(text: string): { parsed: JsonValue[]; error?: string } {
  const source = { path: '<inline patch>', text };
  const parsed = parseDocuments(source.path, text);
  if (parsed.problems.length > 0) return { parsed: [], error: parsed.problems[0]!.message };
  return { parsed: parsed.documents.map((document) => withV3Scalars(source, document)).filter((value) => value !== null) };
}

function newObject(value: JsonObject, place: SourcePlace, generated = false): BuiltObject {
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : '';
  const layer: Layer = { kind: 'resource', place, value };
  if (generated) layer.generated = true;
  const object: BuiltObject = { value: cloneJson(value), history: new History([layer]), names: [name], namespaces: [namespace], previousIds: [], prefixes: [], suffixes: [] };
  if (generated) object.generated = { hash: true };
  return object;
}

function currentName(object: BuiltObject): string {
  return object.names.at(-1) ?? '';
}

/** The object with its current name and namespace added to the ones it has had, when a patch changed them. */
function withCurrentId(object: BuiltObject): BuiltObject {
  const metadata = isObject(object.value.metadata) ? object.value.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : '';
  const names = name === currentName(object) ? object.names : [...object.names, name];
  const namespaces = namespace === (object.namespaces.at(-1) ?? '') ? object.namespaces : [...object.namespaces, namespace];
  return names === object.names && namespaces === object.namespaces ? object : { ...object, names, namespaces };
}

/** The ids an object has had and has, each with its current group and version (api/internal/utils `PrevIds`). */
function idsOf(object: BuiltObject): (ResId & { group: string; version: string })[] {
  const { group, version } = groupVersion(typeof object.value.apiVersion === 'string' ? object.value.apiVersion : '');
  return [...object.previousIds, currentId(object.value)].map((id) => ({ ...id, group, version }));
}

/** Whether the object has had the id of `patch` (resmap `GetMatchingResourcesByAnyId`, resid `Equals`). */
function hadId(object: BuiltObject, patch: JsonObject): boolean {
  const { group, version } = groupVersion(typeof patch.apiVersion === 'string' ? patch.apiVersion : '');
  const wanted = currentId(patch);
  return idsOf(object).some((id) => id.group === group && id.version === version && id.kind === wanted.kind && id.name === wanted.name && id.namespace === wanted.namespace);
}

const selectorPatterns = new Map<string, ReturnType<typeof compileRe2>>();

/**
 * api/resmap/reswrangler.go `Select` with api/types/selector.go `SelectorRegex`: anchored regular expressions on the
 * original or current name and namespace (effective: "default" for none), the current group, version and kind,
 * then label and annotation selectors.
 */
function selects(target: PatchTarget, object: BuiltObject): boolean {
  const value = object.value;
  const { group, version } = groupVersion(typeof value.apiVersion === 'string' ? value.apiVersion : '');
  const current = currentId(value);
  const original = object.previousIds[0] ?? current;
  const matches = (pattern: string | undefined, candidates: readonly string[]): boolean => {
    if (pattern === undefined || pattern === '') return true;
    let compiled = selectorPatterns.get(pattern);
    if (compiled === undefined) selectorPatterns.set(pattern, (compiled = compileRe2(`^(?:${pattern})$`)));
    // An invalid expression selects what it names literally.
    return candidates.some((candidate) => (typeof compiled === 'string' ? candidate === pattern : compiled.matcher(candidate).matches()));
  };
  if (!matches(target.namespace, [original.namespace, current.namespace])) return false;
  if (!matches(target.name, [original.name, current.name])) return false;
  if (!matches(target.group, [group])) return false;
  if (!matches(target.version, [version])) return false;
  if (!matches(target.kind, [current.kind])) return false;
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const mapOf = (found: JsonValue | undefined): Record<string, string> =>
    isObject(found) ? Object.fromEntries(Object.entries(found).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
  if (target.labelSelector && !parseLabelSelector(target.labelSelector)(mapOf(metadata.labels))) return false;
  if (target.annotationSelector && !parseLabelSelector(target.annotationSelector)(mapOf(metadata.annotations))) return false;
  return true;
}

/**
 * api/resource/resource.go `RemoveBuildAnnotations`, which ends every build: the annotations are written back as a
 * map of strings (kyaml `SetAnnotations`), so scalar values become their text; an object whose transformers left
 * build annotations (its earlier ids, prefixes, suffixes, generator flags) and that has no other annotation loses
 * an empty `annotations` map.
 */
function withoutBuildAnnotations(object: BuiltObject): BuiltObject {
  const metadata = isObject(object.value.metadata) ? object.value.metadata : null;
  if (metadata === null || !Object.prototype.hasOwnProperty.call(metadata, 'annotations')) return object;
  const annotations = metadata.annotations;
  const hadBuildAnnotations = object.previousIds.length > 0 || object.prefixes.length > 0 || object.suffixes.length > 0 || object.generated !== undefined;
  const entries = isObject(annotations) ? Object.entries(annotations) : [];
  if (entries.length === 0) {
    if (!hadBuildAnnotations || (annotations !== null && !isObject(annotations))) return object;
    const value = cloneJson(object.value);
    delete (value.metadata as JsonObject).annotations;
    return { ...object, value };
  }
  if (entries.every(([, item]) => typeof item === 'string')) return object;
  const value = cloneJson(object.value);
  (value.metadata as JsonObject).annotations = Object.fromEntries(
    entries.map(([key, item]) => [key, typeof item === 'number' || typeof item === 'boolean' ? String(item) : item === null ? '' : item]),
  );
  return { ...object, value };
}

/**
 * Builds the kustomization in folder `root` as `kustomize build root` would. Never throws for bad input: what
 * cannot be built is a problem, and the rest is built.
 */
export function buildKustomization(root: string, read: ReadFile): BuildResult {
  const builder = new Builder(read);
  let objects = builder.kustomization(path.resolve(root), []);
  // kusttarget.go `makeCustomizedResMap`: hash suffixes, then references to the renamed objects.
  objects = objects.map((object) => {
    if (object.generated?.hash !== true) return object;
    // builtins/HashTransformer.go `Transform` stores the id before the suffix.
    const previousIds = [...object.previousIds, currentId(object.value)];
    const metadata = object.value.metadata as JsonObject;
    const name = `${String(metadata.name)}-${nameHash(object.value)}`;
    metadata.name = name;
    return { ...object, names: [...object.names, name], previousIds };
  });
  objects = fixNameReferences(objects).map(withoutBuildAnnotations);
  return { objects, inputs: builder.inputs, problems: builder.problems };
}
