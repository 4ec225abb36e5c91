/**
 * @file A kustomization file as the builder reads it (kubernetes-sigs/kustomize api/types/kustomization.go
 * `Kustomization`): each entry keeps its path in the file, so that what it sets is located there. Fields the
 * builder does not build offline are listed, to be reported once.
 */
import { parseAllDocuments } from 'yaml';
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import type { Segment } from './origins.js';
import type { FieldSpec } from './field-specs.js';

/** File names kustomize looks for in a folder, in its order (api/konfig `RecognizedKustomizationFileNames`). */
export const KUSTOMIZATION_FILE_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

export interface Entry<T> {
  value: T;
  path: Segment[];
}

export interface PatchTarget {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
  namespace?: string;
  labelSelector?: string;
  annotationSelector?: string;
}

export interface PatchEntry {
  path?: string;
  patch?: string;
  target?: PatchTarget;
  /** `patchesJson6902` entries are JSON patches whatever they hold. */
  json6902?: boolean;
  /** `options.allowNameChange` / `allowKindChange` (api/types/patch.go `PatchArgs`): a strategic-merge patch may rename. */
  allowNameChange?: boolean;
  allowKindChange?: boolean;
}

export interface GeneratorEntry {
  name: string;
  namespace?: string;
  behavior: 'create' | 'merge' | 'replace';
  literals: string[];
  files: string[];
  envs: string[];
  type?: string;
  options: GeneratorOptions;
}

export interface GeneratorOptions {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  disableNameSuffixHash?: boolean;
  immutable?: boolean;
}

export interface LabelEntry {
  pairs: Record<string, string>;
  includeSelectors: boolean;
  includeTemplates: boolean;
  includeVolumeClaimTemplates: boolean;
  /** `fields`: more field specs that take the labels. */
  fields: FieldSpec[];
}

export interface ImageEntry {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
  tagSuffix?: string;
}

export interface Kustomization {
  kind: 'Kustomization' | 'Component';
  resources: Entry<string>[];
  components: Entry<string>[];
  namespace?: Entry<string>;
  namePrefix?: Entry<string>;
  nameSuffix?: Entry<string>;
  commonLabels?: Entry<Record<string, string>>;
  labels: Entry<LabelEntry>[];
  commonAnnotations?: Entry<Record<string, string>>;
  images: Entry<ImageEntry>[];
  replicas: Entry<{ name: string; count: number }>[];
  /** `patchesStrategicMerge`, then `patches`. */
  patches: Entry<PatchEntry>[];
  /** `patchesJson6902`, which run after the labels and annotations. */
  json6902: Entry<PatchEntry>[];
  configMapGenerator: Entry<GeneratorEntry>[];
  secretGenerator: Entry<GeneratorEntry>[];
  /** Fields present that the builder does not apply offline. */
  unsupported: Entry<string>[];
}

/** Fields that change the output and are not built here. */
const UNSUPPORTED = ['helmCharts', 'helmGlobals', 'helmChartInflationGenerator', 'replacements', 'vars', 'transformers', 'generators', 'validators', 'crds', 'configurations', 'openapi', 'buildMetadata'];

export class KustomizationError extends Error {
  constructor(
    message: string,
    readonly path: Segment[],
  ) {
    super(message);
  }
}

/** The kustomization fields (api/types/kustomization.go `Kustomization`). */
const FIELDS = [
  'apiVersion', 'kind', 'metadata', 'openapi', 'namePrefix', 'nameSuffix', 'namespace', 'commonLabels', 'labels', 'commonAnnotations',
  'patchesStrategicMerge', 'patchesJson6902', 'patches', 'images', 'imageTags', 'replacements', 'replicas', 'vars', 'sortOptions',
  'resources', 'components', 'crds', 'bases', 'configMapGenerator', 'secretGenerator', 'helmGlobals', 'helmCharts',
  'helmChartInflationGenerator', 'generatorOptions', 'configurations', 'generators', 'transformers', 'validators', 'buildMetadata',
];

/**
 * The map with its keys spelled as `names` spell them: kustomize decodes a kustomization through encoding/json,
 * which matches field names regardless of case (an exact match first), so `patchesJSON6902` is `patchesJson6902`.
 * `renamed` receives each canonical name's key in the file.
 */
function foldKeys(value: JsonObject, names: readonly string[], renamed?: Map<string, string>): JsonObject {
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    const name = names.includes(key) ? key : names.find((candidate) => candidate.toLowerCase() === key.toLowerCase());
    if (name === undefined || (name !== key && Object.prototype.hasOwnProperty.call(value, name))) {
      out[key] = item;
      continue;
    }
    out[name] = item;
    renamed?.set(name, key);
  }
  return out;
}

/** A nested map of the kustomization with its keys folded, or the value unchanged when it is not a map. */
function folded<T extends JsonValue | undefined>(value: T, names: readonly string[]): T | JsonObject {
  return isObject(value) ? foldKeys(value, names) : value;
}

function fail(path: Segment[], message: string): never {
  throw new KustomizationError(message, path);
}

function stringAt(value: JsonValue | undefined, path: Segment[]): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fail(path, `${path.join('.')}: expected a string`);
}

function optionalString(object: JsonObject, key: string, path: Segment[]): string | undefined {
  const value = object[key];
  return value === undefined || value === null ? undefined : stringAt(value, [...path, key]);
}

function listAt(value: JsonValue | undefined, path: Segment[]): JsonValue[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return fail(path, `${path.join('.')}: expected a list`);
  return value;
}

function stringMap(value: JsonValue | undefined, path: Segment[]): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return fail(path, `${path.join('.')}: expected a map of strings`);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) out[key] = stringAt(item, [...path, key]);
  return out;
}

function strings(object: JsonObject, key: string): Entry<string>[] {
  return listAt(object[key], [key]).map((item, index) => ({ value: stringAt(item, [key, index]), path: [key, index] }));
}

const TARGET_FIELDS = ['group', 'version', 'kind', 'name', 'namespace', 'labelSelector', 'annotationSelector'] as const;

function target(raw: JsonValue | undefined, path: Segment[]): PatchTarget | undefined {
  const value = folded(raw, TARGET_FIELDS);
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return fail(path, `${path.join('.')}: expected a map`);
  const out: PatchTarget = {};
  for (const key of TARGET_FIELDS) {
    const text = optionalString(value, key, path);
    if (text !== undefined) out[key] = text;
  }
  return out;
}

function options(raw: JsonValue | undefined, path: Segment[]): GeneratorOptions {
  const value = folded(raw, ['labels', 'annotations', 'disableNameSuffixHash', 'immutable']);
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return fail(path, `${path.join('.')}: expected a map`);
  const out: GeneratorOptions = {};
  if (value.labels !== undefined) out.labels = stringMap(value.labels, [...path, 'labels']);
  if (value.annotations !== undefined) out.annotations = stringMap(value.annotations, [...path, 'annotations']);
  if (typeof value.disableNameSuffixHash === 'boolean') out.disableNameSuffixHash = value.disableNameSuffixHash;
  if (typeof value.immutable === 'boolean') out.immutable = value.immutable;
  return out;
}

function generators(object: JsonObject, key: string, global: GeneratorOptions): Entry<GeneratorEntry>[] {
  return listAt(object[key], [key]).map((raw, index) => {
    const path: Segment[] = [key, index];
    if (!isObject(raw)) return fail(path, `${path.join('.')}: expected a map`);
    const item = foldKeys(raw, ['name', 'namespace', 'behavior', 'literals', 'files', 'envs', 'env', 'type', 'options']);
    const behavior = optionalString(item, 'behavior', path) ?? 'create';
    if (behavior !== 'create' && behavior !== 'merge' && behavior !== 'replace') fail([...path, 'behavior'], `unknown generator behavior "${behavior}"`);
    const own = options(item.options, [...path, 'options']);
    // api/types/generatoroptions.go `MergeGlobalOptionsIntoLocal`: local values win, maps are merged.
    const merged: GeneratorOptions = {
      ...global,
      ...own,
      ...(global.labels || own.labels ? { labels: { ...global.labels, ...own.labels } } : {}),
      ...(global.annotations || own.annotations ? { annotations: { ...global.annotations, ...own.annotations } } : {}),
    };
    if (global.disableNameSuffixHash === true) merged.disableNameSuffixHash = true;
    const entry: GeneratorEntry = {
      name: stringAt(item.name, [...path, 'name']),
      behavior,
      literals: listAt(item.literals, [...path, 'literals']).map((literal, i) => stringAt(literal, [...path, 'literals', i])),
      files: listAt(item.files, [...path, 'files']).map((file, i) => stringAt(file, [...path, 'files', i])),
      envs: [
        ...listAt(item.envs, [...path, 'envs']).map((file, i) => stringAt(file, [...path, 'envs', i])),
        ...(typeof item.env === 'string' ? [item.env] : []),
      ],
      options: merged,
    };
    const namespace = optionalString(item, 'namespace', path);
    if (namespace !== undefined) entry.namespace = namespace;
    const type = optionalString(item, 'type', path);
    if (type !== undefined) entry.type = type;
    return { value: entry, path };
  });
}

/**
 * Whether a `patchesStrategicMerge` entry is the patch itself rather than a file path: kustomize first reads the
 * string as resources, and takes it as a path when that fails (api/internal/builtins/PatchStrategicMergeTransformer.go
 * `loadFromPaths`; kyaml `GetValidatedMetadata` wants a kind, and a name unless the kind is a List).
 */
function isInlinePatch(text: string): boolean {
  try {
    const documents = parseAllDocuments(text);
    const values = documents.map((document) => (document.errors.length > 0 ? undefined : (document.toJS() as unknown)));
    const resources = values.filter((value) => value !== null);
    return (
      resources.length > 0 &&
      resources.every((value) => {
        if (!isObject(value as JsonValue)) return false;
        const object = value as JsonObject;
        const metadata = isObject(object.metadata) ? object.metadata : {};
        return typeof object.kind === 'string' && object.kind !== '' && (object.kind.endsWith('List') || (typeof metadata.name === 'string' && metadata.name !== ''));
      })
    );
  } catch {
    return false;
  }
}

/** Decodes a kustomization document; throws {@link KustomizationError} at the entry that cannot be read. */
export function decodeKustomization(input: JsonValue): Kustomization {
  if (!isObject(input)) return fail([], 'a kustomization must be a map');
  const renamed = new Map<string, string>();
  const document = foldKeys(input, FIELDS, renamed);
  // Entries are located at the keys the file spells.
  const located = <T extends { path: Segment[] }>(entry: T): T => {
    const key = entry.path[0];
    return typeof key === 'string' && renamed.has(key) ? { ...entry, path: [renamed.get(key)!, ...entry.path.slice(1)] } : entry;
  };
  try {
    const out = decodeFolded(document);
    for (const key of ['resources', 'components', 'labels', 'images', 'replicas', 'patches', 'json6902', 'configMapGenerator', 'secretGenerator', 'unsupported'] as const) {
      (out[key] as { path: Segment[] }[]) = (out[key] as { path: Segment[] }[]).map(located);
    }
    for (const key of ['namespace', 'namePrefix', 'nameSuffix', 'commonLabels', 'commonAnnotations'] as const) {
      const entry = out[key];
      if (entry !== undefined) (out[key] as { path: Segment[] }) = located(entry);
    }
    return out;
  } catch (error) {
    if (error instanceof KustomizationError) throw new KustomizationError(error.message, located({ path: error.path }).path);
    throw error;
  }
}

function decodeFolded(document: JsonObject): Kustomization {
  const kind = document.kind === 'Component' ? 'Component' : 'Kustomization';
  const out: Kustomization = {
    kind,
    resources: [...strings(document, 'resources'), ...strings(document, 'bases')],
    components: strings(document, 'components'),
    labels: [],
    images: [],
    replicas: [],
    patches: [],
    json6902: [],
    configMapGenerator: [],
    secretGenerator: [],
    unsupported: [],
  };
  for (const key of ['namespace', 'namePrefix', 'nameSuffix'] as const) {
    const value = optionalString(document, key, []);
    if (value !== undefined && value !== '') out[key] = { value, path: [key] };
  }
  if (document.commonLabels !== undefined && document.commonLabels !== null) out.commonLabels = { value: stringMap(document.commonLabels, ['commonLabels']), path: ['commonLabels'] };
  if (document.commonAnnotations !== undefined && document.commonAnnotations !== null) out.commonAnnotations = { value: stringMap(document.commonAnnotations, ['commonAnnotations']), path: ['commonAnnotations'] };
  out.labels = listAt(document.labels, ['labels']).map((raw, index) => {
    const path: Segment[] = ['labels', index];
    if (!isObject(raw)) return fail(path, 'labels entries must be maps');
    const item = foldKeys(raw, ['pairs', 'includeSelectors', 'includeTemplates', 'includeVolumeClaimTemplates', 'fields']);
    const fields = listAt(item.fields, [...path, 'fields']).map((rawField, i): FieldSpec => {
      const at: Segment[] = [...path, 'fields', i];
      if (!isObject(rawField)) return fail(at, `${at.join('.')}: expected a map`);
      const field = foldKeys(rawField, ['path', 'group', 'version', 'kind', 'create']);
      const spec: FieldSpec = { path: stringAt(field.path, [...at, 'path']) };
      for (const key of ['group', 'version', 'kind'] as const) {
        const text = optionalString(field, key, at);
        if (text !== undefined) spec[key] = text;
      }
      if (field.create === true) spec.create = true;
      return spec;
    });
    return { value: { pairs: stringMap(item.pairs, [...path, 'pairs']), includeSelectors: item.includeSelectors === true, includeTemplates: item.includeTemplates === true, includeVolumeClaimTemplates: item.includeVolumeClaimTemplates === true, fields }, path };
  });
  // `imageTags` is the former name of `images` (api/types/kustomization.go `FixKustomization`).
  const imageEntries = [
    ...listAt(document.images, ['images']).map((item, index) => ({ item, path: ['images', index] as Segment[] })),
    ...listAt(document.imageTags, ['imageTags']).map((item, index) => ({ item, path: ['imageTags', index] as Segment[] })),
  ];
  out.images = imageEntries.map(({ item: raw, path }) => {
    if (!isObject(raw)) return fail(path, 'images entries must be maps');
    const item = foldKeys(raw, ['name', 'newName', 'newTag', 'digest', 'tagSuffix']);
    const image: ImageEntry = { name: stringAt(item.name, [...path, 'name']) };
    for (const key of ['newName', 'newTag', 'digest', 'tagSuffix'] as const) {
      const value = optionalString(item, key, path);
      if (value !== undefined) image[key] = value;
    }
    return { value: image, path };
  });
  out.replicas = listAt(document.replicas, ['replicas']).map((raw, index) => {
    const path: Segment[] = ['replicas', index];
    const item = folded(raw, ['name', 'count']);
    if (!isObject(item) || typeof item.count !== 'number') return fail(path, 'replicas entries need a name and a count');
    return { value: { name: stringAt(item.name, [...path, 'name']), count: item.count }, path };
  });
  const patchEntry = (raw: JsonValue, path: Segment[], json6902: boolean): Entry<PatchEntry> => {
    if (!isObject(raw)) return fail(path, `${path.join('.')}: expected a map`);
    const item = foldKeys(raw, ['path', 'patch', 'target', 'options']);
    const entry: PatchEntry = {};
    const file = optionalString(item, 'path', path);
    if (file !== undefined) entry.path = file;
    const patch = optionalString(item, 'patch', path);
    if (patch !== undefined) entry.patch = patch;
    const found = target(item.target, [...path, 'target']);
    if (found !== undefined) entry.target = found;
    if (json6902) entry.json6902 = true;
    const patchOptions = folded(item.options, ['allowNameChange', 'allowKindChange']);
    if (isObject(patchOptions)) {
      if (patchOptions.allowNameChange === true) entry.allowNameChange = true;
      if (patchOptions.allowKindChange === true) entry.allowKindChange = true;
    }
    if (entry.path === undefined && entry.patch === undefined) fail(path, `${path.join('.')}: a patch needs a path or a patch`);
    return { value: entry, path };
  };
  // api/internal/target/kusttarget_configplugin.go: patchesStrategicMerge runs before patches.
  out.patches = [
    ...listAt(document.patchesStrategicMerge, ['patchesStrategicMerge']).map((item, index): Entry<PatchEntry> => {
      const text = stringAt(item, ['patchesStrategicMerge', index]);
      return { value: isInlinePatch(text) ? { patch: text } : { path: text }, path: ['patchesStrategicMerge', index] };
    }),
    ...listAt(document.patches, ['patches']).map((item, index) => patchEntry(item, ['patches', index], false)),
  ];
  out.json6902 = listAt(document.patchesJson6902, ['patchesJson6902']).map((item, index) => patchEntry(item, ['patchesJson6902', index], true));
  const global = options(document.generatorOptions, ['generatorOptions']);
  out.configMapGenerator = generators(document, 'configMapGenerator', global);
  out.secretGenerator = generators(document, 'secretGenerator', global);
  for (const key of UNSUPPORTED) if (document[key] !== undefined && document[key] !== null) out.unsupported.push({ value: key, path: [key] });
  return out;
}
