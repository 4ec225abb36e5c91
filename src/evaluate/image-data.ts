/**
 * @file Image metadata given offline, in place of an image registry (`--image-data <file>`, `imageData:` in
 * `.kyverno-lint.yaml`). The file is YAML (or JSON) holding one document of either shape:
 *
 * - `images: [ … ]`, a list of entries and nothing else;
 * - a Kyverno CLI Context file (`apiVersion: cli.kyverno.io/v1alpha1`, `kind: Context`), whose `spec.images` are
 *   read (its `spec.resources` are accepted and not read here).
 *
 * Each entry has the fields of the Context file's `ImageData` (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/apis/v1alpha1/context.go): `image` (required: the reference as policies write it),
 * `resolvedImage`, `registry`, `repository`, `tag`, `digest`, and the free-form `imageIndex`, `manifest` and `config`.
 * What an entry omits of `registry`, `repository`, `tag`, `digest` and `resolvedImage` is derived from `image` as
 * go-containerregistry parses it (`name.ParseReference`, src/util/registry-reference.ts), as Kyverno derives it when
 * it reads the registry.
 *
 * From one entry both shapes of Kyverno's image data are built:
 *
 * - CEL `image.GetMetadata(ref)` and ImageValidatingPolicies (kyverno/sdk extensions/imagedataloader/loader.go,
 *   `FetchImageData`, `ImageDescriptor`): `image`, `resolvedImage` (`<registry>/<repository>[:<tag>]@<digest>`),
 *   `registry`, `repository`, `tag` and `digest` when set, `imageIndex`, `manifest`, `config` when given; looked up
 *   by the exact `image` string, as the Kyverno CLI's fake context provider does (kyverno/kyverno
 *   pkg/cel/libs/fake_context.go, `GetImageData`);
 * - `imageRegistry` context entries (kyverno/kyverno pkg/engine/context/loaders/imagedata.go, `fetchImageDataMap`;
 *   pkg/engine/adapters/rclient.go, `ForRef`): `image` (the reference the policy asked for), `resolvedImage`
 *   (`<registry>/<repository>@<digest>`), `registry`, `repository`, `identifier` (the tag or digest, `tag@digest`
 *   when both are written), `manifestList` (the entry's `imageIndex`), `manifest`, `configData` (the entry's
 *   `config`); absent parts are `null`. Kyverno fetches whatever the reference names, so the reference is matched
 *   after go-containerregistry's normalisation: `nginx` in the file answers `docker.io/library/nginx:latest`, and an
 *   entry with both a tag and a digest answers either.
 *
 * Problems are returned with the JSON path of the offending node, and located in the file by {@link loadImageDataFile}.
 */
import { locate, parseDocuments, readSourceFile } from '../source/index.js';
import type { JsonObject, JsonValue } from '../types.js';
import { isObject } from '../util/json-value.js';
import { identifierOf, parseRegistryReference, repositoryOf, type RegistryReference } from '../util/registry-reference.js';
import { ANY, ANY_MAP, decodeStrict, list, STRING, struct, type DecodeError } from './strict-decode.js';
import type { ImageDataStore } from './types.js';

/** How to give image data, for the messages of rules that need it. */
export const IMAGE_DATA_REMEDY =
  'give it with --image-data <file> or imageData: <file> in .kyverno-lint.yaml, a YAML file "images: [{image: <reference>, digest: sha256:…, manifest: {…}, config: {…}}]" ' +
  '(or a cli.kyverno.io/v1alpha1 Context file with spec.images)';

const CONTEXT_API_VERSION = 'cli.kyverno.io/v1alpha1';

/** `ImageData` of a Context file (kyverno/kyverno cmd/cli/kubectl-kyverno/apis/v1alpha1/context.go): the strings, then the free-form `imageIndex`, `manifest` and `config`. */
export const IMAGE_DATA = struct({
  image: STRING,
  resolvedImage: STRING,
  registry: STRING,
  repository: STRING,
  tag: STRING,
  digest: STRING,
  imageIndex: ANY,
  manifest: ANY,
  config: ANY,
});

const PLAIN_FILE = struct({ images: list(IMAGE_DATA) });

const CONTEXT_FILE = struct({
  apiVersion: STRING,
  kind: STRING,
  metadata: ANY_MAP,
  spec: struct({ resources: list(ANY), images: list(IMAGE_DATA) }),
});

/** One entry of the file, checked. */
interface ImageEntry {
  /** The reference as written. */
  readonly image: string;
  readonly reference: RegistryReference;
  /** The tag written in `image` (also before `@` in a digest reference), or "". */
  readonly writtenTag: string;
  readonly registry: string | undefined;
  readonly repository: string | undefined;
  readonly resolvedImage: string | undefined;
  readonly tag: string | undefined;
  /** The digest: the entry's `digest`, else the one of `image`; "" when neither gives one. */
  readonly digest: string;
  readonly imageIndex: JsonValue | undefined;
  readonly manifest: JsonValue | undefined;
  readonly config: JsonValue | undefined;
}

const TAG = /^[A-Za-z0-9_.-]{1,128}$/;
const DIGEST = /^sha256:[a-f0-9]{64}$/;

/** The tag written in a reference: after the last `:` of its last path segment, before any `@`. */
function writtenTagOf(image: string): string {
  const base = image.split('@')[0]!;
  const segment = base.slice(base.lastIndexOf('/') + 1);
  const colon = segment.indexOf(':');
  return colon < 0 ? '' : segment.slice(colon + 1);
}

/** go-containerregistry `Repository.Name()`: `registry/repository`. */
function repositoryName(reference: RegistryReference): string {
  return reference.registry === '' ? repositoryOf(reference) : `${reference.registry}/${repositoryOf(reference)}`;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Checks one decoded entry at `path`; problems are added to `problems`. */
function checkEntry(raw: JsonObject, path: (string | number)[], problems: DecodeError[]): ImageEntry | null {
  const text = (key: string): string | undefined => (typeof raw[key] === 'string' ? raw[key] : undefined);
  const image = text('image');
  if (image === undefined || image.trim() === '') {
    problems.push({ message: 'an image entry needs "image", the reference as policies write it', path: image === undefined ? path : [...path, 'image'] });
    return null;
  }
  let reference: RegistryReference;
  try {
    reference = parseRegistryReference(image);
  } catch (error) {
    problems.push({ message: `image "${image}" is not an image reference: ${messageOf(error)}`, path: [...path, 'image'] });
    return null;
  }
  const writtenTag = writtenTagOf(image);
  const tag = text('tag');
  let ok = true;
  const problem = (key: string, message: string): void => {
    problems.push({ message, path: [...path, key] });
    ok = false;
  };
  // go-containerregistry `checkTag` and `NewDigest`.
  if (tag !== undefined && !TAG.test(tag)) problem('tag', `tag "${tag}" must be 1 to 128 letters, digits, "_", "." or "-"`);
  else {
    // A tag reference names its tag (`latest` when none is written); a digest reference may write one before `@`.
    const imageTag = reference.kind === 'tag' ? reference.tag : writtenTag;
    if (tag !== undefined && imageTag !== '' && tag !== imageTag) problem('tag', `tag "${tag}" differs from the tag "${imageTag}" of image "${image}"`);
  }
  const digest = text('digest');
  if (digest !== undefined && !DIGEST.test(digest)) problem('digest', `digest "${digest}" must be sha256:<64 lower-case hex digits>`);
  else if (digest !== undefined && reference.kind === 'digest' && digest !== reference.digest) problem('digest', `digest "${digest}" differs from the digest of image "${image}"`);
  if (!ok) return null;
  const given = (key: 'imageIndex' | 'manifest' | 'config'): JsonValue | undefined => (raw[key] === null ? undefined : raw[key]);
  return {
    image,
    reference,
    writtenTag,
    registry: text('registry'),
    repository: text('repository'),
    resolvedImage: text('resolvedImage'),
    tag,
    digest: digest ?? (reference.kind === 'digest' ? reference.digest : ''),
    imageIndex: given('imageIndex'),
    manifest: given('manifest'),
    config: given('config'),
  };
}

/** The entry as CEL `image.GetMetadata` returns it (the Context file's `ImageData` as JSON, derived fields filled in). */
function celShape(entry: ImageEntry): JsonObject {
  const { reference } = entry;
  const tag = entry.tag ?? (reference.kind === 'tag' ? reference.tag : '');
  const name = repositoryName(reference);
  // kyverno/sdk extensions/imagedataloader/loader.go `FetchImageData`: the tag is kept in the resolved image.
  const resolved = entry.digest === '' ? '' : tag !== '' ? `${name}:${tag}@${entry.digest}` : `${name}@${entry.digest}`;
  const out: JsonObject = {
    image: entry.image,
    resolvedImage: entry.resolvedImage ?? resolved,
    registry: entry.registry ?? reference.registry,
    repository: entry.repository ?? repositoryOf(reference),
  };
  if (tag !== '') out.tag = tag;
  if (entry.digest !== '') out.digest = entry.digest;
  if (entry.imageIndex !== undefined) out.imageIndex = entry.imageIndex;
  if (entry.manifest !== undefined) out.manifest = entry.manifest;
  if (entry.config !== undefined) out.config = entry.config;
  return out;
}

/** The keys an entry answers `imageRegistry` lookups by: its own reference first, then its other tag or digest. */
function lookupKeys(entry: ImageEntry): { own: string; other: string[] } {
  const name = repositoryName(entry.reference);
  const { reference } = entry;
  const own = reference.kind === 'tag' ? `${name}:${reference.tag}` : `${name}@${reference.digest}`;
  const other: string[] = [];
  if (reference.kind === 'tag' && entry.digest !== '') other.push(`${name}@${entry.digest}`);
  const tag = entry.tag ?? entry.writtenTag;
  if (reference.kind === 'digest' && tag !== '') other.push(`${name}:${tag}`);
  return { own, other };
}

/** The image data of one file. */
class ImageDataFile implements ImageDataStore {
  readonly images: readonly JsonObject[];
  readonly #byImage = new Map<string, ImageEntry>();
  readonly #byKey = new Map<string, ImageEntry>();

  constructor(
    readonly source: string,
    entries: readonly ImageEntry[],
  ) {
    this.images = entries.map(celShape);
    for (const entry of entries) this.#byImage.set(entry.image, entry);
    for (const entry of entries) this.#byKey.set(lookupKeys(entry).own, entry);
    // A tag or digest an entry also gives answers for it unless another entry is that image itself.
    for (const entry of entries) for (const key of lookupKeys(entry).other) if (!this.#byKey.has(key)) this.#byKey.set(key, entry);
  }

  registryData(image: string): JsonObject | undefined {
    // kyverno/kyverno pkg/engine/adapters/rclient.go `ForRef`: the reference is parsed with go-containerregistry.
    const reference = parseRegistryReference(image);
    const name = repositoryName(reference);
    const entry = this.#byImage.get(image) ?? this.#byKey.get(reference.kind === 'tag' ? `${name}:${reference.tag}` : `${name}@${reference.digest}`);
    if (entry === undefined) return undefined;
    const written = writtenTagOf(image);
    let identifier = identifierOf(reference);
    if (reference.kind === 'digest' && written !== '') identifier = `${written}@${identifier}`;
    const digest = reference.kind === 'digest' ? reference.digest : entry.digest;
    // The keys in the order Go's encoding/json writes a map (Kyverno stores the map through JSON).
    return {
      configData: entry.config ?? null,
      identifier,
      image,
      manifest: entry.manifest ?? null,
      manifestList: entry.imageIndex ?? null,
      registry: entry.registry ?? reference.registry,
      repository: entry.repository ?? repositoryOf(reference),
      resolvedImage: entry.resolvedImage ?? (digest === '' ? '' : `${name}@${digest}`),
    };
  }
}

/** The fields of the `imageRegistry` shape, named as an entry names them. */
const REGISTRY_FIELDS: Readonly<Record<string, string>> = {
  configData: 'the image config is "config" (imageRegistry context entries read it as configData)',
  manifestList: 'the image index is "imageIndex" (imageRegistry context entries read it as manifestList)',
  identifier: 'the identifier is derived from the reference (its tag or digest)',
};

/** An unknown field of an entry that is a field of Kyverno's `imageRegistry` data: the problem says what to write. */
function withFieldHint(error: DecodeError): DecodeError {
  const match = /^unknown field "(.*)"$/.exec(error.message);
  const hint = match === null || !Object.hasOwn(REGISTRY_FIELDS, match[1]!) ? undefined : REGISTRY_FIELDS[match[1]!];
  return hint === undefined ? error : { ...error, message: `${error.message}: ${hint}` };
}

/** A problem of an image data file, at the JSON path of the offending node. */
export type ImageDataProblem = DecodeError;

/**
 * Decodes the document of an image data file (`source` names it in messages): the store, or null with the problems
 * (unknown fields, wrong types, a missing or unparsable `image`, a `tag` or `digest` that is invalid or contradicts
 * `image`, two entries for the same image).
 */
export function decodeImageData(document: JsonValue, source: string): { store: ImageDataStore | null; problems: ImageDataProblem[] } {
  if (!isObject(document)) {
    const found = document === null ? 'nothing' : Array.isArray(document) ? 'a list' : `a ${typeof document}`;
    return { store: null, problems: [{ message: `expected "images: [...]" or a ${CONTEXT_API_VERSION} Context, got ${found}`, path: [] }] };
  }
  const isContext = 'apiVersion' in document || 'kind' in document;
  const { value, errors } = decodeStrict(document, isContext ? CONTEXT_FILE : PLAIN_FILE);
  const problems = errors.map(withFieldHint);
  let images: JsonValue | undefined;
  let base: (string | number)[];
  if (isContext) {
    if (value.apiVersion !== CONTEXT_API_VERSION) problems.push({ message: `apiVersion must be ${CONTEXT_API_VERSION}, got "${String(value.apiVersion ?? '')}"`, path: ['apiVersion'] });
    if (value.kind !== 'Context') problems.push({ message: `kind must be Context, got "${String(value.kind ?? '')}"`, path: ['kind'] });
    images = isObject(value.spec) ? value.spec.images : undefined;
    base = ['spec', 'images'];
  } else {
    if (errors.length === 0 && value.images === undefined) problems.push({ message: `expected "images: [...]" (or a ${CONTEXT_API_VERSION} Context file)`, path: [] });
    images = value.images;
    base = ['images'];
  }
  const entries: ImageEntry[] = [];
  const seen = new Map<string, number>();
  const keys = new Map<string, string>();
  (Array.isArray(images) ? images : []).forEach((item, index) => {
    const path = [...base, index];
    if (!isObject(item)) {
      // A value of another type was reported by the decoder (and decoded as null).
      const reported = errors.some((error) => error.path.length === path.length && error.path.every((segment, at) => segment === path[at]));
      if (!reported) problems.push({ message: 'an image entry must be a mapping, got null', path });
      return;
    }
    const entry = checkEntry(item, path, problems);
    if (entry === null) return;
    const first = seen.get(entry.image);
    if (first !== undefined) {
      problems.push({ message: `image "${entry.image}" is given twice (first at ${[...base, first].join('.')})`, path: [...path, 'image'] });
      return;
    }
    const { own } = lookupKeys(entry);
    const same = keys.get(own);
    if (same !== undefined) {
      problems.push({ message: `image "${entry.image}" names the same image as "${same}" (${own})`, path: [...path, 'image'] });
      return;
    }
    seen.set(entry.image, index);
    keys.set(own, entry.image);
    entries.push(entry);
  });
  if (problems.length > 0) return { store: null, problems };
  return { store: new ImageDataFile(source, entries), problems: [] };
}

/** A problem of an image data file, located (1-based). */
export interface LocatedImageDataProblem {
  line: number;
  column: number;
  message: string;
}

/**
 * Reads the image data file `file` (absolute; `display` names it in the store's messages): the store, or null with the
 * problems located in the file (an unreadable file, YAML errors, several documents, the problems of
 * {@link decodeImageData}).
 */
export function loadImageDataFile(file: string, display: string, maxFileSize?: number): { store: ImageDataStore | null; problems: LocatedImageDataProblem[] } {
  const read = readSourceFile(file, maxFileSize);
  if (read.file === null) return { store: null, problems: [{ line: 1, column: 1, message: `cannot read the image data file: ${read.problems[0]?.message ?? 'unreadable'}` }] };
  const { text } = read.file;
  const parsed = parseDocuments(file, text);
  const errors = parsed.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) return { store: null, problems: errors.map(({ line, column, message }) => ({ line, column, message })) };
  const documents = parsed.documents.filter((document) => document.value !== null);
  if (documents.length === 0) return { store: null, problems: [{ line: 1, column: 1, message: 'the image data file holds no document: expected "images: [...]" or a cli.kyverno.io/v1alpha1 Context' }] };
  if (documents.length > 1) return { store: null, problems: [{ line: documents[1]!.line, column: 1, message: 'the image data file must hold a single document' }] };
  const document = documents[0]!;
  const decoded = decodeImageData(document.value, display);
  const problems = decoded.problems.map(({ path, message }) => {
    const { line, column } = locate(file, text, document.index, path);
    return { line, column, message };
  });
  return { store: decoded.store, problems };
}
