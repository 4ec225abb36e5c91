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
    // What follows depends only on the store, the reference and the path (and the entry's texts): it is worked
    // out once, so every evaluation of the entry stores the same value (whose encoding is then shared).
    const byEntry = fetchedByStore(store);
    let fetched = byEntry.get(this.entry);
    if (fetched === undefined) {
      fetched = new Map();
      byEntry.set(this.entry, fetched);
    }
    const key = typeof path === 'string' ? `${reference}\n${path}` : `${reference}\n\n${JSON.stringify(path)}`;
    let outcome = fetched.get(key);
    if (outcome === undefined) {
      outcome = lookUp(store, reference, path, jmesPath, name);
      if (fetched.size >= MAX_FETCHED) fetched.clear();
      fetched.set(key, outcome);
    }
    if ('error' in outcome) throw new Error(outcome.error);
    return outcome.value;
  }
}

type Fetched = { value: unknown } | { error: string };

/** Outcomes of image data look-ups by store (none: `NO_STORE`), entry, then reference and path. */
const fetchedOutcomes = new WeakMap<object, WeakMap<ContextEntry, Map<string, Fetched>>>();
const NO_STORE = {};
/** References of one entry are the images of the resources scanned; the bound only guards against misuse. */
const MAX_FETCHED = 4096;

function fetchedByStore(store: ImageDataStore | undefined): WeakMap<ContextEntry, Map<string, Fetched>> {
  const key = store ?? NO_STORE;
  let byEntry = fetchedOutcomes.get(key);
  if (byEntry === undefined) {
    byEntry = new WeakMap();
    fetchedOutcomes.set(key, byEntry);
  }
  return byEntry;
}

/** `fetchImageDataMap` and the entry's `jmesPath` applied to it. */
function lookUp(store: ImageDataStore | undefined, reference: string, path: JsonValue, jmesPath: string, name: string): Fetched {
  let data: JsonObject | undefined;
  try {
    data = store?.registryData(reference);
  } catch (err) {
    return { error: `failed to fetch image descriptor: ${reference}, error: ${(err as Error).message}` };
  }
  if (data === undefined) return { error: missingImageDataMessage(reference, store) };
  if (typeof path !== 'string' || path === '') return { value: data };
  try {
    return { value: compileJmesPath(path).search(data) };
  } catch (err) {
    return { error: `failed to apply JMESPath (${jmesPath}) results to context entry ${name}, error: ${(err as Error).message}` };
  }
}
