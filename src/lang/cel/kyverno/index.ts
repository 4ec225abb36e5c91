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
import { httpHandle, httpLibrary } from './http.js';
import { imageLibrary } from './image.js';
import { imageDataHandle, imageDataLibrary } from './image-data.js';
import { resourceHandle, resourceLibrary } from './resource.js';
import { userLibrary } from './user.js';

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
export { globalContextHandle, globalContextLibrary } from './global-context.js';
export { httpHandle, httpLibrary } from './http.js';
export { imageLibrary } from './image.js';
export { imageDataHandle, imageDataLibrary } from './image-data.js';
export { resourceHandle, resourceLibrary } from './resource.js';
export { userLibrary } from './user.js';

/** How to build the libraries of one policy. */
export interface KyvernoLibraryOptions {
  /**
   * The policy's namespace: `""` (the default) for the cluster-scoped kinds, the namespace of a Namespaced* kind,
   * whose `resource` functions drop their namespace argument and whose unmocked `http` calls are refused.
   */
  readonly namespace?: string;
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

/** The Kyverno libraries `resource`, `http`, `globalContext`, `image.GetMetadata`, image references and `user`. */
export function kyvernoLibraries(options: KyvernoLibraryOptions = {}): KyvernoLibrarySet {
  const namespace = options.namespace ?? '';
  const libraries: CelLibrary[] = [
    globalContextLibrary(),
    resourceLibrary(namespace),
    imageLibrary(),
    imageDataLibrary(),
    userLibrary(),
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
