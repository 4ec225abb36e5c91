/**
 * @file `imageRegistry` context entries answered by image data given offline (`--image-data`, `imageData:`), as
 * Kyverno's loader answers them from the registry (kyverno/kyverno pkg/engine/context/loaders/imagedata.go,
 * `imageDataLoader.fetchImageData`): `reference` substituted (it must be a string), `jmesPath` substituted, the
 * image's data looked up (`fetchImageDataMap`: `{image, resolvedImage, registry, repository, identifier,
 * manifestList, manifest, configData}`), `jmesPath` applied to it, the result merged into the context. Without the
 * data (the scan given none), or for an image the data lacks, loading fails with what to supply; the rule then
 * errors, as a failed registry lookup errors it in Kyverno (pkg/engine/context/deferred.go `LoadMatching` returns
 * the loader's error to the query).
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { IMAGE_DATA_REMEDY } from '../../../../../evaluate/image-data.js';
import { compileJmesPath, formatGoValue } from '../../../../../lang/jmespath/index.js';
import { substituteAll } from '../../variables/index.js';
import type { ContextLoader } from '../deferred.js';
import { encodeSharedEntry, type JsonContext } from '../json-context.js';
import type { ImageDataStore } from '../../../../../evaluate/types.js';

interface ImageRegistryLoaderOptions {
  /** The image data; undefined when none was given (every lookup then fails). */
  store: ImageDataStore | undefined;
  operation: string;
  /** Called when the data was stored. */
  onLoaded?: () => void;
  /** Called with the error when loading failed. */
  onFailed?: (message: string) => void;
}

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');

/** The error of an image without data, and what to supply. */
export function missingImageDataMessage(reference: string, store: ImageDataStore | undefined): string {
  if (store === undefined) return `image data for ${reference} is read from its registry, which kyverno-lint does not contact: ${IMAGE_DATA_REMEDY}`;
  return `failed to fetch image descriptor: ${reference}, error: no entry of the image data file ${store.source} names this image: add one with "image: ${reference}"`;
}

export class ImageRegistryLoader implements ContextLoader {
  /** The data stored (after `jmesPath`), kept as Kyverno keeps its marshalled data. */
  #data: { value: unknown } | undefined;

  constructor(
    private readonly entry: ContextEntry & { imageRegistry: JsonObject },
    private readonly context: JsonContext,
    private readonly options: ImageRegistryLoaderOptions,
  ) {}

  hasLoaded(): boolean {
    return this.#data !== undefined;
  }

  loadData(): void {
    try {
      this.#data ??= { value: this.#fetch() };
      try {
        this.context.addEncodedEntry(this.entry.name, encodeSharedEntry(this.#data.value));
      } catch (err) {
        throw new Error(`failed to add resource data to context: contextEntry: ${this.entry.name}, error: ${(err as Error).message}`);
      }
    } catch (err) {
      this.options.onFailed?.((err as Error).message);
      throw err;
    }
    this.options.onLoaded?.();
  }

  #fetch(): unknown {
    const { name, imageRegistry } = this.entry;
    const operation = { operation: this.options.operation };
    const written = text(imageRegistry.reference);
    let reference: JsonValue;
    try {
      reference = substituteAll(written, this.context, operation);
    } catch (err) {
      throw new Error(`failed to substitute variables in context entry ${name} ${written}: ${(err as Error).message}`);
    }
    if (typeof reference !== 'string') throw new Error(`invalid image reference ${formatGoValue(reference)}, image reference must be a string`);
    const jmesPath = text(imageRegistry.jmesPath);
    let path: JsonValue;
    try {
      path = substituteAll(jmesPath, this.context, operation);
    } catch (err) {
      throw new Error(`failed to substitute variables in context entry ${name} ${jmesPath}: ${(err as Error).message}`);
    }
    const { store } = this.options;
    let data: JsonObject | undefined;
    try {
      data = store?.registryData(reference);
    } catch (err) {
      throw new Error(`failed to fetch image descriptor: ${reference}, error: ${(err as Error).message}`);
    }
    if (data === undefined) throw new Error(missingImageDataMessage(reference, store));
    if (typeof path !== 'string' || path === '') return data;
    try {
      return compileJmesPath(path).search(data);
    } catch (err) {
      throw new Error(`failed to apply JMESPath (${jmesPath}) results to context entry ${name}, error: ${(err as Error).message}`);
    }
  }
}
