/**
 * @file The `images` context variable: container images of Pods and Pod controllers parsed with the
 * Docker reference grammar (Kyverno `pkg/utils/api/image.go` `ExtractImagesFromResource`,
 * `pkg/utils/image/infos.go` `GetImageInfo`, `distribution/reference` `Parse`), with the CLI's
 * default configuration (default registry `docker.io`, registry mutation enabled).
 */
import type { JsonObject, JsonValue } from '../types.js';
import { setOwnProperty } from './go-json.js';
import { goTrimSpace } from './go-strings.js';
import { isObject } from './json-value.js';

const DEFAULT_REGISTRY = 'docker.io';

// distribution/reference regular expressions (v0.6.0).
const ALPHANUMERIC = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const PATH_COMPONENT = `${ALPHANUMERIC}(?:${SEPARATOR}${ALPHANUMERIC})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN_NAME = `${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*`;
const HOST = `(?:${DOMAIN_NAME}|\\[(?:[a-fA-F0-9:]+)\\])`;
const DOMAIN_AND_PORT = `${HOST}(?::[0-9]+)?`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}';
const NAME = `(?:${DOMAIN_AND_PORT}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const REFERENCE = new RegExp(`^(${NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`);
const ANCHORED_NAME = new RegExp(`^(?:(${DOMAIN_AND_PORT})/)?(${PATH_COMPONENT}(?:/${PATH_COMPONENT})*)$`);

/** Hex lengths of the digest algorithms Go's `go-digest` has available. */
const DIGEST_HEX_LENGTH: Readonly<Record<string, number>> = { sha256: 64, sha384: 96, sha512: 128 };

/** The parsed form of an image reference (Kyverno `ImageInfo`). */
interface ImageInfo {
  registry: string;
  name: string;
  path: string;
  tag: string;
  digest: string;
  reference: string;
  referenceWithTag: string;
}

/** go-digest `Digest.Validate`. */
function validateDigest(digest: string): void {
  const colon = digest.indexOf(':');
  if (colon <= 0 || colon + 1 === digest.length) throw new Error('invalid checksum digest format');
  const algorithm = digest.slice(0, colon);
  const encoded = digest.slice(colon + 1);
  const length = DIGEST_HEX_LENGTH[algorithm];
  if (length === undefined) {
    if (!/^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/.test(digest)) throw new Error('invalid checksum digest format');
    throw new Error('unsupported digest algorithm');
  }
  if (encoded.length !== length) throw new Error('invalid checksum digest length');
  if (!/^[a-f0-9]+$/.test(encoded)) throw new Error('invalid checksum digest format');
}

/** distribution/reference `Parse` (reference.go): `{domain, path, tag, digest}`, or throws Go's error text. */
export function parseReference(s: string): { domain: string; path: string; tag: string; digest: string } {
  const matches = REFERENCE.exec(s);
  if (matches === null) {
    if (s === '') throw new Error('repository name must have at least one component');
    if (REFERENCE.test(s.toLowerCase())) throw new Error('repository name must be lowercase');
    throw new Error('invalid reference format');
  }
  const name = ANCHORED_NAME.exec(matches[1]!);
  const domain = name?.[1] ?? '';
  const path = name ? name[2]! : matches[1]!;
  if (path.length > 255) throw new Error('repository name must not be more than 255 characters');
  const digest = matches[3] ?? '';
  if (digest !== '') validateDigest(digest);
  return { domain, path, tag: matches[2] ?? '', digest };
}

/** Kyverno `addDefaultRegistry`: prefixes `docker.io/` unless the first segment is a registry. */
function addDefaultRegistry(image: string): string {
  const slash = image.indexOf('/');
  if (slash === -1) return `${DEFAULT_REGISTRY}/${image}`;
  const first = image.slice(0, slash);
  if (!/[.:]/.test(first) && first !== 'localhost' && first.toLowerCase() === first) {
    return `${DEFAULT_REGISTRY}/${image}`;
  }
  return image;
}

/**
 * Kyverno `GetImageInfo` with the default configuration. Throws an `Error` with Kyverno's text
 * (`bad image: docker.io/++, defaultRegistry: docker.io, enableDefaultRegistryMutation: true:
 * invalid reference format`).
 */
export function parseImage(image: string): ImageInfo {
  const full = addDefaultRegistry(image);
  let parsed;
  try {
    parsed = parseReference(full);
  } catch (err) {
    throw new Error(
      `bad image: ${full}, defaultRegistry: ${DEFAULT_REGISTRY}, enableDefaultRegistryMutation: true: ${(err as Error).message}`,
    );
  }
  const { domain: registry, path, digest } = parsed;
  const tag = parsed.tag === '' && digest === '' ? 'latest' : parsed.tag;
  const repository = registry !== '' ? `${registry}/${path}` : path;
  return {
    registry,
    name: path.slice(path.lastIndexOf('/') + 1),
    path,
    tag,
    digest,
    reference: digest !== '' ? `${repository}@${digest}` : `${repository}:${tag}`,
    referenceWithTag: `${repository}:${tag}`,
  };
}

const POD_CONTAINER_TYPES = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** Where each kind keeps its Pod spec (Kyverno's registered extractors). */
const POD_SPEC_PATHS: Readonly<Record<string, readonly string[]>> = {
  Pod: ['spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  Deployment: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  ReplicationController: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};

/** The context form of one image (`toUnstructured`: empty optional fields omitted) plus its pointer. */
function imageEntry(info: ImageInfo, pointer: string): JsonObject {
  const entry: JsonObject = {};
  if (info.registry !== '') entry.registry = info.registry;
  entry.name = info.name;
  entry.path = info.path;
  if (info.tag !== '') entry.tag = info.tag;
  if (info.digest !== '') entry.digest = info.digest;
  if (info.reference !== '') entry.reference = info.reference;
  if (info.referenceWithTag !== '') entry.referenceWithTag = info.referenceWithTag;
  entry.jsonPointer = pointer;
  return entry;
}

/** Kyverno's `extract` for one `<podSpec>/<type>/*` extractor. */
function extractContainers(node: JsonValue | undefined, path: string[], into: JsonObject): void {
  if (node === undefined || node === null) return;
  let items: [string, JsonValue][];
  if (Array.isArray(node)) items = node.map((item, i) => [String(i), item]);
  else if (isObject(node)) items = Object.entries(node);
  else throw new Error('invalid type');
  for (const [segment, container] of items) {
    if (container === null) continue;
    if (!isObject(container)) throw new Error('invalid image config');
    const pointer = `/${[...path, segment].join('/')}/image`;
    const key = container.name;
    if (typeof key !== 'string') throw new Error('invalid key');
    const image = container.image;
    if (typeof image !== 'string' || goTrimSpace(image) === '') continue;
    let info: ImageInfo;
    try {
      info = parseImage(image);
    } catch (err) {
      throw new Error(`invalid image '${image}' (${(err as Error).message})`);
    }
    setOwnProperty(into, key, imageEntry(info, pointer));
  }
}

/** Follows `path` from the resource: `null` when a level is missing, an error when it is not a map. */
function walkToPodSpec(resource: JsonObject, path: readonly string[]): JsonObject | null {
  let node: JsonValue | undefined = resource;
  for (const segment of path) {
    if (!isObject(node)) throw new Error('invalid image config');
    node = node[segment];
    if (node === undefined || node === null) return null;
  }
  if (!isObject(node)) throw new Error('invalid image config');
  return node;
}

/**
 * The `images` variable of a resource: `{<containerType>: {<containerName>: {registry, name,
 * path, tag, digest, reference, referenceWithTag, jsonPointer}}}`, or `null` when the kind has no
 * extractor or no image was found. Throws Kyverno's extraction errors (`invalid image '++' (...)`,
 * `invalid key`, `invalid image config`, `invalid type`).
 */
export function extractImages(resource: JsonObject): JsonObject | null {
  const kind = typeof resource.kind === 'string' ? resource.kind : '';
  const specPath = POD_SPEC_PATHS[kind];
  if (specPath === undefined) return null;
  const images: JsonObject = {};
  for (const type of POD_CONTAINER_TYPES) {
    const podSpec = walkToPodSpec(resource, specPath);
    if (podSpec === null) continue;
    const containers: JsonObject = {};
    extractContainers(podSpec[type], [...specPath, type], containers);
    if (Object.keys(containers).length > 0) images[type] = containers;
  }
  return Object.keys(images).length > 0 ? images : null;
}
