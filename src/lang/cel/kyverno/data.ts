/**
 * @file The data the Kyverno CEL libraries read offline, as interfaces a policy family implements from the CLI's
 * inputs, and ready-made implementations of Kyverno's offline context (kyverno/kyverno `pkg/cel/libs/fake_context.go`,
 * `FakeContextProvider`, filled by `cmd/cli/kubectl-kyverno/processor/utils.go`, `NewContextProvider`).
 *
 * A source reports a failure by throwing an `Error`; its message becomes the CEL error after Kyverno's prefix
 * (`failed to get resource: <message>`).
 */
import { withDoubles, withIntegers } from './common.js';

/** A group/version/resource triple (`k8s.io/apimachinery` `schema.GroupVersionResource`). */
export interface GroupVersionResource {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
}

/**
 * Kubernetes objects for `resource.Get`/`resource.List` (kyverno/sdk `extensions/cel/libs/resource/types.go`,
 * `ContextInterface`). `resource` is the plural resource name (`configmaps`), `apiVersion` is `group/version` or
 * `v1`, a namespace of `""` means cluster scope (and every namespace for `list`).
 */
export interface ResourceSource {
  /** The object, or `null` when it does not exist (Kubernetes NotFound). */
  get(apiVersion: string, resource: string, namespace: string, name: string): unknown;
  /** The objects (in a list's `items`); throws when the resource type cannot be listed. */
  list(apiVersion: string, resource: string, namespace: string, labels: Readonly<Record<string, string>> | undefined): readonly unknown[];
  /** Creates an object and returns it; absent offline. */
  post?(apiVersion: string, resource: string, namespace: string, data: Readonly<Record<string, unknown>>): unknown;
  /** Maps a kind to its resource; absent offline. */
  toGVR?(apiVersion: string, kind: string): GroupVersionResource;
}

/** A mocked HTTP response (a Test's `apiCallResponses` entry). */
export interface HttpMockResponse {
  readonly statusCode: number;
  readonly body: unknown;
}

/**
 * A Test's `apiCallResponses`, looked up by method (`GET`/`POST`) and URL as Kyverno does (kyverno/kyverno
 * `pkg/cel/libs/http_mock.go`, `findMockResponse`: the `METHOD:url` key first, then the `url` key).
 */
export interface HttpMockSource {
  lookup(method: string, url: string): HttpMockResponse | undefined;
}

/** A Test's `globalContextEntries` (kyverno/sdk `extensions/cel/libs/globalcontext/types.go`, `ContextInterface`). */
export interface GlobalContextSource {
  /**
   * The entry's data, or `undefined` for an unknown entry (CEL `null`); with a projection, that projection's value.
   * Throws when the projection does not exist.
   */
  get(name: string, projection?: string): unknown;
}

/** Image data by image reference (kyverno/sdk `extensions/cel/libs/imagedata/types.go`, `ContextInterface`). */
export interface ImageDataSource {
  /** The image's data (a Context file's `spec.images` entry), or `undefined` when there is none. */
  get(image: string): Readonly<Record<string, unknown>> | undefined;
  /**
   * Why `image` has no data and how to supply it, when the source says more than the default (a Context file's
   * `spec.images`).
   */
  missing?(image: string): string;
  /**
   * Image data was supplied for the evaluation (a file of image data): an image without data is missing from it, a
   * problem of that image, rather than a lack of any registry data.
   */
  readonly supplied?: boolean;
}

/** What the library handles of one evaluation read. Absent parts behave as an empty offline context. */
export interface KyvernoLibraryData {
  readonly resources?: ResourceSource;
  readonly httpMocks?: HttpMockSource;
  readonly globalContext?: GlobalContextSource;
  readonly images?: ImageDataSource;
}

/**
 * `k8s.io/apimachinery` `schema.ParseGroupVersion`: `""` → empty, `v1` → core, `group/version`; more slashes are
 * an error.
 */
export function parseGroupVersion(apiVersion: string): { group: string; version: string } {
  if (apiVersion.length === 0 || apiVersion === '/') return { group: '', version: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: apiVersion };
  if (parts.length === 2) return { group: parts[0]!, version: parts[1]! };
  throw new Error(`unexpected GroupVersion string: ${apiVersion}`);
}

/** `schema.GroupVersionResource.String()`: `group/version, Resource=resource`. */
function gvrKey(group: string, version: string, resource: string): string {
  return `${group}/${version}, Resource=${resource}`;
}

/** `schema.GroupResource.String()`: `resource` for the core group, else `resource.group`. */
function groupResource(group: string, resource: string): string {
  return group === '' ? resource : `${resource}.${group}`;
}

/** One object of a Context file with the resource its kind maps to (`RESTMapper.RESTMapping`). */
export interface ContextObject {
  /** The plural resource name the object's kind maps to (`configmaps`). */
  readonly resource: string;
  readonly object: Readonly<Record<string, unknown>>;
}

function metadataField(object: Readonly<Record<string, unknown>>, field: 'name' | 'namespace'): string {
  const metadata = object.metadata;
  if (typeof metadata !== 'object' || metadata === null) return '';
  const value = (metadata as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : '';
}

/**
 * The resources of a Context file (`spec.resources`) as Kyverno's offline context serves them
 * (`FakeContextProvider.AddResource`, `GetResource`, `ListResources`): indexed by group/version/resource, namespace
 * and name, a later object replacing an earlier one of the same name. `get` gives `null` for a missing object;
 * `list` ignores label selectors, gives the objects of the namespace in the file's order (Kyverno iterates a Go map:
 * its order varies) and fails with `<resource>[.<group>] resource not found` when no object has that
 * group/version/resource. Integral numbers are CEL ints, as Kubernetes decodes objects. No `post`, no `toGVR`
 * (Kyverno's fake panics: `not implemented`).
 */
export function contextFileResources(objects: readonly ContextObject[]): ResourceSource {
  const index = new Map<string, Map<string, Map<string, unknown>>>();
  for (const { resource, object } of objects) {
    const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
    const { group, version } = parseGroupVersion(apiVersion);
    const key = gvrKey(group, version, resource);
    let namespaces = index.get(key);
    if (namespaces === undefined) index.set(key, (namespaces = new Map()));
    const namespace = metadataField(object, 'namespace');
    let names = namespaces.get(namespace);
    if (names === undefined) namespaces.set(namespace, (names = new Map()));
    const name = metadataField(object, 'name');
    names.delete(name);
    names.set(name, withIntegers(object));
  }
  return {
    get(apiVersion, resource, namespace, name) {
      const { group, version } = parseGroupVersion(apiVersion);
      return index.get(gvrKey(group, version, resource))?.get(namespace)?.get(name) ?? null;
    },
    list(apiVersion, resource, namespace) {
      const { group, version } = parseGroupVersion(apiVersion);
      const namespaces = index.get(gvrKey(group, version, resource));
      if (namespaces === undefined) throw new Error(`${groupResource(group, resource)} resource not found`);
      return [...(namespaces.get(namespace)?.values() ?? [])];
    },
  };
}

/**
 * The images of a Context file (`spec.images`) as Kyverno's offline context serves them: looked up by the exact
 * `image` string (a later entry replacing an earlier one), each the JSON form of the CLI's `ImageData`
 * (kyverno/kyverno `cmd/cli/kubectl-kyverno/apis/v1alpha1/context.go`): `image`, `resolvedImage`, `registry` and
 * `repository` always (`""` when absent), `tag` and `digest` when not empty, `imageIndex`, `manifest` and `config`
 * when set; numbers are doubles (a JSON round trip).
 */
export function contextFileImages(entries: readonly Readonly<Record<string, unknown>>[]): ImageDataSource {
  const byImage = new Map<string, Readonly<Record<string, unknown>>>();
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  for (const entry of entries) {
    const data: Record<string, unknown> = {
      image: text(entry.image),
      resolvedImage: text(entry.resolvedImage),
      registry: text(entry.registry),
      repository: text(entry.repository),
    };
    if (text(entry.tag) !== '') data.tag = entry.tag;
    if (text(entry.digest) !== '') data.digest = entry.digest;
    for (const field of ['imageIndex', 'manifest', 'config'] as const) {
      if (entry[field] !== undefined && entry[field] !== null) data[field] = withDoubles(entry[field]);
    }
    byImage.set(text(entry.image), data);
  }
  return { get: (image) => byImage.get(image) };
}

/**
 * Global context entries stored by name, read as Kyverno's offline context reads them
 * (`FakeContextProvider.GetGlobalReference`): an unknown entry is `null`; a projection is a key of the stored map
 * (`projection "p" not found in global context entry "n"`, `…: stored value is not an object`).
 */
export function storedGlobalContext(entries: ReadonlyMap<string, unknown>): GlobalContextSource {
  return {
    get(name, projection) {
      if (!entries.has(name)) return undefined;
      const data = entries.get(name);
      if (projection === undefined || projection === '') return data;
      if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
        if (Object.hasOwn(data, projection)) return (data as Record<string, unknown>)[projection];
        throw new Error(`projection ${JSON.stringify(projection)} not found in global context entry ${JSON.stringify(name)}`);
      }
      throw new Error(
        `projection ${JSON.stringify(projection)} not found in global context entry ${JSON.stringify(name)}: stored value is not an object`,
      );
    },
  };
}
