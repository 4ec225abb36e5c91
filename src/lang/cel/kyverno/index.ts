/**
 * @file Kyverno's CEL libraries (kyverno/sdk `extensions/cel/libs/*`, library version 1.18), offline, for the
 * `policies.kyverno.io` kinds (kyverno/kyverno `pkg/cel/policies/*\/compiler/compiler.go` register them all;
 * GeneratingPolicy adds `generator`, ImageValidatingPolicy its image verification functions).
 *
 * A family calls {@link kyvernoLibraries} once per policy, passes `libraries` to `createCelEnvironment`, and binds
 * `handles(data)` into the activation of each evaluation:
 *
 * ```ts
 * const kyverno = kyvernoLibraries({ namespace: policyNamespace });
 * const env = createCelEnvironment({ variables, libraries: kyverno.libraries });
 * program.evaluate({ object, ...kyverno.handles({ resources, httpMocks, globalContext, images }) });
 * ```
 */
import type { CelLibrary } from '../environment.js';
import type { KyvernoLibraryData } from './data.js';
import { globalContextHandle, globalContextLibrary } from './global-context.js';
import { gzipLibrary } from './gzip.js';
import { hashLibrary } from './hash.js';
import { httpHandle, httpLibrary } from './http.js';
import { imageLibrary } from './image.js';
import { imageDataHandle, imageDataLibrary } from './image-data.js';
import { jsonLibrary } from './json.js';
import { mathLibrary } from './math.js';
import { RANDOM_SEED, randomLibrary } from './random.js';
import { resourceHandle, resourceLibrary } from './resource.js';
import { timeLibrary } from './time.js';
import { transformLibrary } from './transform.js';
import { userLibrary } from './user.js';
import { x509Library } from './x509.js';
import { yamlLibrary } from './yaml.js';

export {
  contextFileImages,
  contextFileResources,
  type ContextObject,
  type GlobalContextSource,
  type GroupVersionResource,
  type HttpMockResponse,
  type HttpMockSource,
  type ImageDataSource,
  type KyvernoLibraryData,
  parseGroupVersion,
  type ResourceSource,
  storedGlobalContext,
} from './data.js';
export { celToStructValue, GeneratorContext, generatorLibrary, type GenerateSink } from './generator.js';
export { globalContextHandle, globalContextLibrary } from './global-context.js';
export { gzipLibrary } from './gzip.js';
export { hashLibrary } from './hash.js';
export { httpHandle, httpLibrary } from './http.js';
export { imageLibrary } from './image.js';
export { imageDataHandle, imageDataLibrary } from './image-data.js';
export { type ImageVerifier, imageVerifyLibrary, withImageVerifier } from './image-verify.js';
export { jsonLibrary } from './json.js';
export { mathLibrary } from './math.js';
export { randomLibrary } from './random.js';
export { resourceHandle, resourceLibrary } from './resource.js';
export { timeLibrary } from './time.js';
export { transformLibrary } from './transform.js';
export { userLibrary } from './user.js';
export { x509Library } from './x509.js';
export { yamlLibrary } from './yaml.js';

/** How to build the libraries of one policy. */
export interface KyvernoLibraryOptions {
  /**
   * The policy's namespace: `""` (the default) for the cluster-scoped kinds, the namespace of a Namespaced* kind,
   * whose `resource` functions drop their namespace argument and whose unmocked `http` calls are refused.
   */
  readonly namespace?: string;
  /** The clock of `time.now()` (default: the system clock). */
  readonly now?: () => Date;
  /** The seed of `random()`'s generator (default: a fixed seed). */
  readonly randomSeed?: number;
}

/** The libraries of one policy and the handles of its evaluations. */
export interface KyvernoLibrarySet {
  /** For `createCelEnvironment({ libraries })`. */
  readonly libraries: readonly CelLibrary[];
  /** The variables the libraries declare, which every activation must bind (`handles` gives them). */
  readonly handleNames: readonly string[];
  /** The activation entries of the library handles for one evaluation. */
  handles(data?: KyvernoLibraryData): Record<string, unknown>;
}

/** The handle variables: `resource`, `http`, `globalContext`, `image`. */
export const KYVERNO_HANDLE_NAMES: readonly string[] = ['resource', 'http', 'globalContext', 'image'];

/**
 * Every Kyverno library of the `policies.kyverno.io` kinds except `generator` (GeneratingPolicy) and image
 * verification (ImageValidatingPolicy): `resource`, `http`, `globalContext`, `image.GetMetadata`, image references,
 * `user`, `hash`, `math`, `json`, `yaml`, `random`, `x509`, `time`, `transform`, `gzip`.
 */
export function kyvernoLibraries(options: KyvernoLibraryOptions = {}): KyvernoLibrarySet {
  const namespace = options.namespace ?? '';
  const libraries: CelLibrary[] = [
    globalContextLibrary(),
    resourceLibrary(namespace),
    imageLibrary(),
    imageDataLibrary(),
    userLibrary(),
    hashLibrary(),
    mathLibrary(),
    jsonLibrary(),
    yamlLibrary(),
    randomLibrary(options.randomSeed ?? RANDOM_SEED),
    x509Library(),
    timeLibrary(options.now),
    transformLibrary(),
    gzipLibrary(),
    httpLibrary(),
  ];
  return {
    libraries,
    handleNames: KYVERNO_HANDLE_NAMES,
    handles(data: KyvernoLibraryData = {}) {
      return {
        resource: resourceHandle(data),
        http: httpHandle(data, namespace),
        globalContext: globalContextHandle(data),
        image: imageDataHandle(data),
      };
    },
  };
}
