/**
 * @file The CEL environment and activation of the ValidatingPolicy family, built in one place
 * (kyverno/kyverno pkg/cel/policies/vpol/compiler/compiler.go, `createBaseVpolEnv`): the variables `object`,
 * `oldObject`, `request`, `namespaceObject`, `variables` and `exceptions`, Kyverno's default options and a
 * cost limit of 1,000,000 per expression. Kyverno types `request` and `namespaceObject` and gives `variables`
 * one field per declared variable; here they are `dyn` (an unknown variable name fails at run time, not at
 * compile time). The Kyverno and Kubernetes CEL libraries are registered here as they become available.
 *
 * Values: a JSON number is a CEL `double` in `float64` mode (`kyverno test` converts every resource number to
 * float64, cmd/cli/kubectl-kyverno/commands/test/test.go) and an integral one a CEL `int` in `int64` mode.
 */
import type { ClusterReader, ExternalData, ImageDataStore } from '../../evaluate/types.js';
import { IMAGE_DATA_REMEDY } from '../../evaluate/image-data.js';
import { ADMISSION_REQUEST_TYPE, createCelEnvironment, DEFAULT_COST_LIMIT, NAMESPACE_TYPE, type CelEnvironment, type CelLibrary } from '../../lang/cel/index.js';
import { KUBERNETES_LIBRARIES } from '../../lang/cel/kubernetes/index.js';
import {
  contextFileImages,
  contextFileResources,
  generatorLibrary,
  imageVerifyLibrary,
  kyvernoLibraries,
  type ImageDataSource,
  type KyvernoLibraryData,
  type KyvernoLibrarySet,
  type ResourceSource,
} from '../../lang/cel/kyverno/index.js';
import type { JsonObject, JsonValue, NumberMode } from '../../types.js';
import { extensibleCopy } from '../../util/json-value.js';
import { resourceOfKind } from './match/index.js';


const libraries = new Map<string, KyvernoLibrarySet>();

/** Kyverno's libraries for the policies of `namespace`: a Namespaced* policy's `resource` functions drop their namespace argument (kyverno/sdk extensions/cel/libs/resource/lib.go). */
function librariesOf(namespace: string): KyvernoLibrarySet {
  let found = libraries.get(namespace);
  if (found === undefined) {
    found = kyvernoLibraries({ namespace });
    libraries.set(namespace, found);
  }
  return found;
}

const environments = new Map<string, CelEnvironment>();

/** The type of `variables`: an object with one field per declared variable (kyverno/kyverno pkg/cel/compiler `VariablesType`). */
const VARIABLES_TYPE = 'kyverno.variables';

/**
 * The environment ValidatingPolicy expressions (and the match conditions of their exceptions) compile in, for a
 * policy of `namespace` (`""` for a cluster-scoped policy) declaring `variableNames`: `request` and
 * `namespaceObject` are typed as Kubernetes types them (an unknown field is a compile error), `variables` has one
 * `dyn` field per declared variable (`variables.undeclared` is a compile error); `object` and `oldObject` are `dyn`.
 */
export function validatingPolicyEnvironment(namespace = '', variableNames: readonly string[] = []): CelEnvironment {
  return policyEnvironment(namespace, variableNames, DEFAULT_COST_LIMIT);
}

/**
 * The environment of DeletingPolicy expressions: declared as ValidatingPolicy's, without a cost limit
 * (kyverno/kyverno pkg/cel/policies/dpol/compiler/compiler.go `createBaseDpolEnv`).
 */
export function deletingPolicyEnvironment(namespace = '', variableNames: readonly string[] = []): CelEnvironment {
  return policyEnvironment(namespace, variableNames, null);
}

/**
/**
 * The environment of MutatingPolicy expressions: ValidatingPolicy's, plus the mutation library's `Object` and
 * `JSONPatch` constructions (kyverno/kyverno pkg/cel/policies/mpol/compiler/compiler.go `newExtendedEnv`).
 */
export function mutatingPolicyEnvironment(namespace = '', variableNames: readonly string[] = []): CelEnvironment {
  return policyEnvironment(namespace, variableNames, DEFAULT_COST_LIMIT, MUTATING);
}

/**
 * The environment of GeneratingPolicy expressions and template placeholders (kyverno/kyverno
 * pkg/cel/policies/gpol/compiler/compiler.go `createBaseGpolEnv`): declared as DeletingPolicy's, with mixed-type
 * list and map literals allowed (`DynamicResourceEnvOptions`), no two-variable comprehensions (a plain cel-go
 * environment), and the `generator` library.
 */
export function generatingPolicyEnvironment(namespace = '', variableNames: readonly string[] = []): CelEnvironment {
  return policyEnvironment(namespace, variableNames, null, generatingFlavour(namespace));
}

/**
 * The environment of ImageValidatingPolicy expressions (kyverno/kyverno pkg/image/verification/evaluator/compiler.go,
 * `createBaseIvpolEnv`): ValidatingPolicy's without `exceptions`, with `images` (`map<string, list<string>>`),
 * `attestors` (`map<string, dyn>`), `attestations` (`map<string, string>`) and the image verification functions.
 */
export function imageValidatingPolicyEnvironment(namespace = '', variableNames: readonly string[] = []): CelEnvironment {
  return policyEnvironment(namespace, variableNames, DEFAULT_COST_LIMIT, IMAGE_VALIDATING);
}

/** What an environment flavour adds to (or removes from) the ValidatingPolicy environment. */
interface Flavour {
  readonly key: string;
  readonly variables?: Readonly<Record<string, string | undefined>>;
  readonly libraries?: readonly CelLibrary[];
  /** Mixed-type list and map literals allowed. */
  readonly heterogeneousLiterals?: boolean;
  /** The mutation library's message constructions. */
  readonly structLiterals?: boolean;
  /** No two-variable comprehensions (a plain cel-go environment). */
  readonly noTwoVariableComprehensions?: boolean;
}

const MUTATING: Flavour = { key: 'mpol', structLiterals: true };

const IMAGE_VALIDATING: Flavour = {
  key: 'ivpol',
  variables: { exceptions: undefined, images: 'map<string, list<string>>', attestors: 'map<string, dyn>', attestations: 'map<string, string>' },
  libraries: [imageVerifyLibrary()],
};

function generatingFlavour(namespace: string): Flavour {
  return { key: 'gpol', libraries: [generatorLibrary(namespace)], heterogeneousLiterals: true, noTwoVariableComprehensions: true };
}

function policyEnvironment(namespace: string, variableNames: readonly string[], costLimit: number | null, flavour?: Flavour): CelEnvironment {
  const key = `${namespace}\u0000${costLimit ?? 'none'}\u0000${flavour?.key ?? ''}\u0000${variableNames.join('\u0000')}`;
  let env = environments.get(key);
  if (env === undefined) {
    const variables: Record<string, string | undefined> = {
      object: 'dyn',
      oldObject: 'dyn',
      request: ADMISSION_REQUEST_TYPE,
      namespaceObject: NAMESPACE_TYPE,
      variables: VARIABLES_TYPE,
      exceptions: 'dyn',
    };
    for (const [name, type] of Object.entries(flavour?.variables ?? {})) {
      if (type === undefined) delete variables[name];
      else variables[name] = type;
    }
    env = createCelEnvironment({
      objectTypes: { [VARIABLES_TYPE]: Object.fromEntries(variableNames.map((name) => [name, 'dyn'])) },
      variables,
      libraries: [...librariesOf(namespace).libraries, ...KUBERNETES_LIBRARIES, ...(flavour?.libraries ?? [])],
      costLimit,
      homogeneousAggregateLiterals: flavour?.heterogeneousLiterals !== true,
      structLiterals: flavour?.structLiterals === true,
      ...(flavour?.noTwoVariableComprehensions ? { twoVariableComprehensions: false } : {}),
    });
    environments.set(key, env);
  }
  return env;
}

/** The library handles (`resource`, `http`, `globalContext`, `image`) of one evaluation of a policy of `namespace`. */
export function libraryHandles(namespace: string, external: ExternalData | undefined): Readonly<Record<string, unknown>> {
  const data = libraryData(external);
  let byNamespace = handlesCache.get(data);
  if (byNamespace === undefined) {
    byNamespace = new Map();
    handlesCache.set(data, byNamespace);
  }
  let handles = byNamespace.get(namespace);
  if (handles === undefined) {
    // The handles hold no state of their own: one set serves every evaluation over the same data.
    handles = librariesOf(namespace).handles(data);
    byNamespace.set(namespace, handles);
  }
  return handles;
}

const handlesCache = new WeakMap<KyvernoLibraryData, Map<string, Readonly<Record<string, unknown>>>>();

/**
 * The image data a Context file gives (`spec.images`), when Kyverno's CEL lookups read one (see {@link libraryData}):
 * what ImageValidatingPolicy reads instead of the registry.
 */
export function contextImages(external: ExternalData | undefined): ImageDataSource | undefined {
  return libraryData(external).images;
}

const NO_EXTERNAL_DATA: KyvernoLibraryData = {};
const libraryDataCache = new WeakMap<ExternalData, KyvernoLibraryData>();

/**
 * What the Kyverno libraries read offline, from the evaluation's external data (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/utils.go, `NewContextProvider`): a Context file's objects and images when one is
 * given (the fake context), else the mocked cluster's objects (a scan's manifests, a Test's `clusterResources`); the
 * Test's `apiCallResponses` and `globalContextEntries`.
 */
function libraryData(external: ExternalData | undefined): KyvernoLibraryData {
  if (external === undefined) return NO_EXTERNAL_DATA;
  let data = libraryDataCache.get(external);
  if (data === undefined) {
    const built: { -readonly [K in keyof KyvernoLibraryData]: KyvernoLibraryData[K] } = {};
    if (external.celContext) {
      const objects = external.celContext.resources.map((object) => ({ resource: pluralOf(object), object }));
      built.resources = contextFileResources(objects);
      // A file of image data first, then a Context file's images: a later entry of the same image wins, so the Context file's (apply).
      built.images = contextFileImages(external.imageData ? [...external.imageData.images, ...external.celContext.images] : external.celContext.images);
    } else if (external.cluster) {
      built.resources = clusterResources(external.cluster);
    }
    if (!external.celContext && (external.imageData !== undefined || external.imageDataRequired === true)) built.images = imageDataFile(external.imageData);
    const mocks = external.apiCallMocks;
    if (mocks) built.httpMocks = { lookup: (method, url) => mocks.lookup(method, url) };
    const global = external.globalContext;
    if (global) built.globalContext = { get: (name, projection) => (global.has(name) ? global.get(name, projection) : undefined) };
    data = built;
    libraryDataCache.set(external, data);
  }
  return data;
}

/**
 * A file of image data (`ExternalData.imageData`) as CEL lookups read it: by the exact image string, as the Kyverno
 * CLI's fake context provider reads a Context file's images (kyverno/kyverno pkg/cel/libs/fake_context.go,
 * `GetImageData`). Without a file (the scan given none) every lookup fails, saying how to give one.
 */
function imageDataFile(store: ImageDataStore | undefined): ImageDataSource {
  const images = contextFileImages(store?.images ?? []);
  return {
    get: (image) => images.get(image),
    missing: (image) =>
      store === undefined
        ? `image data for ${image} is read from its registry, which kyverno-lint does not contact: ${IMAGE_DATA_REMEDY}`
        : `image data for ${image} not found in the image data file ${store.source}: add an entry with image: ${image} (CEL lookups match the reference exactly)`,
    supplied: store !== undefined,
  };
}

/** The plural resource name of an object's kind (the CLI's built-in REST mapping). */
function pluralOf(object: JsonObject): string {
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  const slash = apiVersion.indexOf('/');
  return resourceOfKind(slash === -1 ? '' : apiVersion.slice(0, slash), typeof object.kind === 'string' ? object.kind : '');
}

/** `resource.Get`/`List` over a cluster answering API requests (kyverno/sdk extensions/cel/libs/resource/impl.go). */
function clusterResources(cluster: ClusterReader): ResourceSource {
  const base = (apiVersion: string, resource: string, namespace: string): string => {
    const prefix = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    return `${prefix}${namespace === '' ? '' : `/namespaces/${encodeURIComponent(namespace)}`}/${encodeURIComponent(resource)}`;
  };
  const failure = (body: JsonObject): Error => new Error(typeof body.message === 'string' ? body.message : 'request failed');
  return {
    get(apiVersion, resource, namespace, name) {
      const response = cluster.request('GET', `${base(apiVersion, resource, namespace)}/${encodeURIComponent(name)}`);
      if (response.statusCode === 404) return null;
      if (response.statusCode !== 200) throw failure(response.body);
      return response.body;
    },
    list(apiVersion, resource, namespace, labels) {
      const selector = labels === undefined ? '' : Object.entries(labels).map(([key, value]) => `${key}=${value}`).join(',');
      const query = selector === '' ? '' : `?labelSelector=${encodeURIComponent(selector)}`;
      const response = cluster.request('GET', `${base(apiVersion, resource, namespace)}${query}`);
      if (response.statusCode !== 200) throw failure(response.body);
      return Array.isArray(response.body.items) ? response.body.items : [];
    },
  };
}

/** `exceptions`: the images and values partial exceptions allow (kyverno/kyverno pkg/cel/libs `Exception`). */
export interface ExceptionsValue {
  allowedImages: string[];
  allowedValues: string[];
}

/** What an activation is built from. */
export interface ActivationData {
  object: JsonObject | null;
  oldObject: JsonObject | null;
  request: JsonObject | null;
  namespaceObject: JsonObject | null;
}

const converted: Record<NumberMode, WeakMap<JsonObject, unknown>> = { float64: new WeakMap(), int64: new WeakMap() };

/** {@link celValue} of an object, cached by identity (evaluated documents are never mutated). */
function celObject(value: JsonObject, mode: NumberMode): unknown {
  let out = converted[mode].get(value);
  if (out === undefined) {
    out = celValue(value, mode);
    converted[mode].set(value, out);
  }
  return out;
}

/** A JSON value as CEL sees it in `mode`: integral numbers are `int` (bigint) in `int64` mode, else `double`. */
export function celValue(value: JsonValue, mode: NumberMode): unknown {
  if (typeof value === 'bigint') return mode === 'int64' ? value : Number(value);
  if (typeof value === 'number') return mode === 'int64' && Number.isInteger(value) ? BigInt(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => celValue(item, mode));
  const out: Record<string, unknown> = {};
  // Nested objects go through the cache: `request.object` is the resource `object` already converted.
  for (const [key, item] of Object.entries(value)) out[key] = item !== null && typeof item === 'object' && !Array.isArray(item) ? celObject(item, mode) : celValue(item, mode);
  return out;
}

/**
 * The activation of one evaluation: the admission variables (null when absent), `exceptions` once known, and
 * `variables` (a lazy map, see vpol/evaluate.ts). Library handles are bound here as they become available.
 */
export function validatingPolicyActivation(data: ActivationData, mode: NumberMode): Record<string, unknown> {
  const convert = (value: JsonObject | null, as: NumberMode = mode): unknown => (value === null ? null : celObject(value, as));
  return {
    object: convert(data.object),
    oldObject: convert(data.oldObject),
    // `request` is the AdmissionRequest round-tripped through JSON: its integral numbers decode as int64.
    request: convert(data.request, 'int64'),
    namespaceObject: convert(data.namespaceObject),
  };
}

const activationBases: Record<NumberMode, WeakMap<ActivationData, Map<Readonly<Record<string, unknown>>, Readonly<Record<string, unknown>>>>> = {
  float64: new WeakMap(),
  int64: new WeakMap(),
};

/**
 * `Object.assign(validatingPolicyActivation(data, mode), handles)` for the compiled evaluation: the activation is
 * made once per request data (which every policy of a request shares) and library handles, and copied for each
 * evaluation (which adds `exceptions` and `variables` to its copy).
 */
export function compiledActivation(data: ActivationData, mode: NumberMode, handles: Readonly<Record<string, unknown>>): Record<string, unknown> {
  let byHandles = activationBases[mode].get(data);
  if (byHandles === undefined) {
    byHandles = new Map();
    activationBases[mode].set(data, byHandles);
  }
  let base = byHandles.get(handles);
  if (base === undefined) {
    base = Object.assign(validatingPolicyActivation(data, mode), handles);
    byHandles.set(handles, base);
  }
  // The evaluation adds `exceptions` and `variables` to its copy.
  return extensibleCopy(base);
}
