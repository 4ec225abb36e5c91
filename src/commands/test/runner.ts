/**
 * @file Running one Test document as `kyverno test` does (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/commands/test/test.go, `runTest`): values, user info, policies, resources, policy
 * validation (invalid policies remembered by name), the default evaluation run plus one run per distinct
 * result `operation`, then the matching of every selected result. Mutate-existing rules see the
 * `targetResources` (and Kyverno's `Target` map is built from the patched targets); generate rules read the
 * `cloneSourceResource` files registered for their policy and rule (`ruleToCloneSourceResource` in `runTest`,
 * read by cmd/cli/kubectl-kyverno/processor/generate.go `handleGeneratePolicy`). A document that cannot run
 * has all its selected results reported as failed with the reason.
 */
import path from 'node:path';
import { ApiCallMocks, type ExternalData } from '../../families/kyverno/engine/context/external/index.js';
import { policyReference, type CelContextData, type CompiledPolicy, type RequestUserInfo } from '../../evaluate/types.js';
import { policyKindOf } from '../../evaluate/kinds.js';
import { loadContextFile, policiesReadContext } from '../load/context-file.js';
import { loadJsonPayload, type JsonPayload } from '../load/json-payloads.js';
import { loadAuthzPayload, type AuthzPayload } from '../load/authz-payloads.js';
import type { JsonObject, SourceLocation } from '../../types.js';
import { loadClusterObjects } from '../load/cluster-resources.js';
import type { DiagnosticLog } from '../load/diagnostics.js';
import { locateIn, readFile, reportAt, type LoadedFile } from '../load/documents.js';
import { applyApiDefaults, type KubernetesVersion } from '../../cluster/api-defaults/index.js';
import { defaultedManifest } from '../../lint/api-defaults.js';
import { evaluateAuthzPayload, evaluateJsonPayload, evaluateResource, type EvaluationOptions, type PayloadEvaluationOptions, type ResourceResponse } from '../../evaluate/processor.js';
import type { ResourceDocument } from '../../evaluate/resource.js';
import { loadExceptions } from '../load/exceptions.js';
import { displayPath, type CliIo } from '../io.js';
import { mockedCluster } from '../../cluster/index.js';
import { globalContextStore } from './global-context.js';
import { loadPolicies, type PolicySet } from '../load/policies.js';
import { loadResources } from '../load/resources.js';
import { ExpectedFiles } from './compare.js';
import type { TestResult, TestSpec } from './test-file.js';
import { failedOutcome, matchResult, payloadDocument, targetRun, type MatchInput, type TriggerRun } from './matching.js';
import type { TestDocumentOutcome } from './output.js';
import { selectResults, type TestCaseSelector } from './selector.js';
import { decodeUserInfo } from '../../evaluate/userinfo.js';
import { decodeValuesFile, valuesFromSpec, type ValuesFile } from '../../evaluate/values.js';

/** One Test document of a test file. */
export interface TestCase {
  /** Absolute path of the test file. */
  file: string;
  documentIndex: number;
  test: TestSpec;
}

export interface TestRunOptions {
  io: CliIo;
  log: DiagnosticLog;
  selector: TestCaseSelector;
  /** `--api-defaults`: the Kubernetes version whose API defaults the resources get before evaluation. */
  apiDefaults?: KubernetesVersion | null;
  /** Evaluate with the reference interpreter (`EvaluationOptions.reference`). */
  reference?: boolean;
  /** Called with the responses of each resource of each run (the differential test compares them). */
  observe?: (resource: ResourceDocument, responses: readonly ResourceResponse[]) => void;
}


/** What CEL lookups read without `clusterResources` and without a Context file: nothing. */
const NO_CEL_CONTEXT: CelContextData = Object.freeze({ resources: Object.freeze([]), images: Object.freeze([]) });

/** Why a Test document cannot run; `location` points at the cause when known (else the test file). */
export class TestError extends Error {
  constructor(
    message: string,
    readonly location?: SourceLocation,
  ) {
    super(message);
  }
}

/** Whether a policy document is a Kubernetes ValidatingAdmissionPolicy. */
function isValidatingAdmissionPolicy(document: JsonObject): boolean {
  return policyKindOf(String(document.apiVersion ?? ''), String(document.kind ?? ''))?.kind === 'ValidatingAdmissionPolicy';
}

function pluralize(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The first document of a CLI file (Values, UserInfo), reporting a file without any. */
function firstDocument(file: LoadedFile, what: string): LoadedFile['documents'][number] {
  const document = file.documents[0];
  if (document === undefined) throw new TestError(`${what} ${file.path} holds no document`);
  return document;
}

function loadValues(test: TestSpec, dir: string, options: TestRunOptions): ValuesFile | undefined {
  if (test.values) {
    const values = valuesFromSpec(test.values);
    const operationError = values.operationError();
    if (operationError) throw new TestError(operationError);
    return values;
  }
  if (!test.variables) return undefined;
  const file = readFile(path.resolve(dir, test.variables), options.log);
  if (file === null) throw new TestError(`failed to load values file ${test.variables}`);
  const document = firstDocument(file, 'values file');
  const decoded = decodeValuesFile(document.value, displayPath(options.io, file.path));
  for (const error of decoded.errors) reportAt(options.log, file, document, error.path, error.message);
  if (decoded.values === undefined) throw new TestError(`failed to decode values file ${test.variables}`);
  const operationError = decoded.values.operationError();
  if (operationError) throw new TestError(operationError, locateIn(file, document, ['globalValues', 'request.operation']));
  return decoded.values;
}

function loadUserInfo(test: TestSpec, dir: string, options: TestRunOptions): RequestUserInfo | undefined {
  if (!test.userinfo) return undefined;
  const file = readFile(path.resolve(dir, test.userinfo), options.log);
  if (file === null) throw new TestError(`failed to load user info file ${test.userinfo}`);
  const document = firstDocument(file, 'user info file');
  const decoded = decodeUserInfo(document.value);
  for (const error of decoded.errors) reportAt(options.log, file, document, error.path, error.message);
  if (decoded.untyped) {
    const message = `user info file ${displayPath(options.io, file.path)} uses a deprecated schema — please migrate to the latest format`;
    reportAt(options.log, file, document, [], message);
    throw new TestError(message);
  }
  if (decoded.userInfo === undefined) throw new TestError(`failed to decode user info file ${test.userinfo}`);
  return decoded.userInfo;
}

/** What the test evaluates, for the external data. */
export interface TestInputs {
  /** The resources, then the target resources, then the parameter resources: Kyverno's fake cluster holds them all. */
  clusterObjects: readonly JsonObject[];
  /** The parameter resources (`paramResources`). */
  params: readonly JsonObject[];
  /** Every policy document loaded. */
  policyDocuments: readonly JsonObject[];
  /** The JSON payloads (`jsonPayloads`). */
  jsonPayloads: readonly JsonPayload[];
  /** Whether anything is evaluated (resources or JSON payloads). */
  evaluates: boolean;
}

/**
 * The CEL lookups' data without `clusterResources` (Kyverno's fake context provider): the Context file when
 * the Test names one and a policy that reads it is evaluated (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/utils.go, `NewContextProvider`, loads it at each evaluation), else nothing.
 */
function loadCelContext(test: TestSpec, dir: string, inputs: TestInputs, options: TestRunOptions): CelContextData {
  if (test.context === undefined || !inputs.evaluates || !policiesReadContext(inputs.policyDocuments)) return NO_CEL_CONTEXT;
  const loaded = loadContextFile(path.resolve(dir, test.context), options.log);
  if ('error' in loaded) throw new TestError(`failed to load context file ${test.context}: ${loaded.error.message}`, loaded.error.location);
  return loaded.data;
}

/**
 * The data of `configMap`, `apiCall` and `globalReference` context entries and of the CEL lookups: with
 * `clusterResources`, a mocked cluster holding the test's resources, target and parameter resources, then the
 * cluster resources (Kyverno allows API calls and reads ConfigMaps only then, and its CEL lookups read that
 * cluster, ignoring the `context` file); without, the `context` file's data for the CEL lookups; the
 * parameter resources; the `apiCallResponses` mocks; the `globalContextEntries`.
 */
export function loadExternalData(
  test: TestSpec,
  dir: string,
  inputs: TestInputs,
  options: TestRunOptions,
  progress: (line: string) => void,
): ExternalData {
  const external: ExternalData = {};
  if (test.clusterResources.length > 0) {
    progress('Loading Kubernetes resources ...');
    const state = loadClusterObjects(test.clusterResources.map((file) => path.resolve(dir, file)), options.log, { crdBase: dir });
    if (state.failed.length > 0) throw new TestError(`failed to load Kubernetes resources: ${displayPath(options.io, state.failed[0]!)}`);
    external.cluster = mockedCluster(inputs.clusterObjects, state);
    if (state.definitions.length > 0) external.crds = state.definitions;
  } else {
    external.celContext = loadCelContext(test, dir, inputs, options);
  }
  if (inputs.params.length > 0) external.params = inputs.params;
  if (test.apiCallResponses.length > 0) external.apiCallMocks = new ApiCallMocks(test.apiCallResponses);
  if (test.globalContextEntries.length > 0) {
    const loaded = globalContextStore(test.globalContextEntries, dir, options.log);
    if ('error' in loaded) throw new TestError(loaded.error);
    external.globalContext = loaded.store;
  }
  return external;
}

interface PreparedPolicies {
  evaluated: CompiledPolicy[];
  invalid: Map<string, string>;
  byName: Map<string, CompiledPolicy[]>;
}

/** The loaded policies named by a selected result: only those are evaluated. */
function preparePolicies(set: PolicySet, referenced: ReadonlySet<string>): PreparedPolicies {
  const prepared: PreparedPolicies = { evaluated: [], invalid: new Map(), byName: new Map() };
  // A Kyverno Authz policy is compiled on its payloads only: Kyverno does not skip it as invalid.
  for (const { name, reason, abortsPayloads } of set.invalid) {
    if (referenced.has(name) && abortsPayloads !== 'http' && abortsPayloads !== 'envoy') prepared.invalid.set(name, reason);
  }
  for (const { name, compiled } of set.policies) {
    if (!referenced.has(name)) continue;
    prepared.evaluated.push(compiled);
    const named = prepared.byName.get(name) ?? [];
    named.push(compiled);
    prepared.byName.set(name, named);
  }
  return prepared;
}

/**
 * The clone sources of each policy (Kyverno's `ruleToCloneSourceResource`, keyed by policy and rule): for
 * every rule of a policy, the first result (of all the Test's results, CEL ones aside) naming that policy
 * (`namespace/name` for a namespaced Policy) and rule decides; its `cloneSourceResource` is registered when
 * the rule clones. The objects of a policy's registered files seed its generation store.
 */
export function cloneSourceLookup(
  policies: readonly CompiledPolicy[],
  results: readonly TestResult[],
  files: ExpectedFiles,
): (policy: CompiledPolicy) => readonly JsonObject[] {
  const registered = new Map<string, string[]>();
  for (const compiled of policies) {
    const reference = policyReference(compiled);
    const paths: string[] = [];
    for (const rule of compiled.rules) {
      const result = results.find((candidate) => candidate.celKind === undefined && candidate.policy === reference && candidate.rule === rule.name);
      if (result?.cloneSourceResource && rule.clones === true && !paths.includes(result.cloneSourceResource)) paths.push(result.cloneSourceResource);
    }
    if (paths.length > 0) registered.set(reference, paths);
  }
  const sources = new Map<string, readonly JsonObject[]>();
  return (policy) => {
    const reference = policyReference(policy);
    let objects = sources.get(reference);
    if (objects === undefined) {
      objects = (registered.get(reference) ?? []).flatMap((file) => {
        const loaded = files.load(file);
        return 'objects' in loaded ? loaded.objects : [];
      });
      sources.set(reference, objects);
    }
    return objects;
  };
}

function evaluationRun(
  policies: readonly CompiledPolicy[],
  resources: readonly ResourceDocument[],
  options: Omit<EvaluationOptions, 'numberMode'>,
  observe?: TestRunOptions['observe'],
): TriggerRun {
  const responses = new Map<string, ResourceResponse[]>();
  for (const resource of resources) {
    const responded = evaluateResource(policies, resource, { numberMode: 'float64', ...options });
    observe?.(resource, responded);
    responses.set(resource.key, responded);
  }
  return { resources, responses };
}

/**
 * The default run with the JSON payloads added, each under its path as the Test writes it (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/commands/test/test.go, `runTest`: one policy processor run per payload, whose responses
 * go to `Trigger[jp.name]`). The runs of the result operations do not see the payloads.
 */
function withPayloads(
  run: TriggerRun,
  policies: readonly CompiledPolicy[],
  payloads: readonly JsonPayload[],
  dir: string,
  options: Omit<EvaluationOptions, 'numberMode'>,
): TriggerRun {
  if (payloads.length === 0) return run;
  const resources = [...run.resources];
  const responses = new Map(run.responses);
  for (const payload of payloads) {
    const document = payloadDocument(payload.name, payload.data, path.resolve(dir, payload.name));
    const evaluation: PayloadEvaluationOptions = { numberMode: payload.numberMode };
    if (options.userInfo) evaluation.userInfo = options.userInfo;
    if (options.exceptions) evaluation.exceptions = options.exceptions;
    if (options.external) evaluation.external = options.external;
    resources.push(document);
    responses.set(document.key, [...(responses.get(document.key) ?? []), ...evaluateJsonPayload(policies, payload.data, evaluation)]);
  }
  return { resources, responses };
}

/**
 * The `httpPayloads` then the `envoyPayloads` (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test/test.go,
 * `runTest`): each file once (Kyverno keys them by full path), with the progress lines Kyverno prints.
 */
function loadAuthzPayloads(test: TestSpec, dir: string, options: TestRunOptions, progress: (line: string) => void): AuthzPayload[] {
  const payloads: AuthzPayload[] = [];
  for (const [kind, names] of [['http', test.httpPayloads], ['envoy', test.envoyPayloads]] as const) {
    if (names.length === 0) continue;
    progress(`  Loading ${kind === 'http' ? 'HTTP' : 'Envoy'} payloads ...`);
    for (const name of names) {
      const loaded = loadAuthzPayload(kind, dir, name, options.log.maxFileSize);
      if ('error' in loaded) throw new TestError(loaded.error);
      const payload = { ...loaded.payload, key: displayPath(options.io, loaded.payload.key) };
      if (!payloads.some((other) => other.kind === kind && other.key === payload.key)) payloads.push(payload);
    }
  }
  return payloads;
}

/** The run with the responses of the Kyverno Authz policies to each check request, under the request's path. */
function withAuthzPayloads(run: TriggerRun, policies: readonly CompiledPolicy[], payloads: readonly AuthzPayload[]): TriggerRun {
  if (payloads.length === 0) return run;
  const resources = [...run.resources];
  const responses = new Map(run.responses);
  for (const payload of payloads) {
    if (!responses.has(payload.key)) resources.push(payloadDocument(payload.key, {}, payload.key));
    responses.set(payload.key, [...(responses.get(payload.key) ?? []), ...evaluateAuthzPayload(policies, payload.kind, payload.request)]);
  }
  return { resources, responses };
}

/** Runs one Test document; `null` when the selector keeps none of its results. */
export function runTestCase(testCase: TestCase, options: TestRunOptions): TestDocumentOutcome | null {
  const { test } = testCase;
  const selected = selectResults(options.selector, test.results);
  if (selected.length === 0) return null;
  const progress = (line: string): void => options.io.stderr(`${line}\n`);
  const dir = path.dirname(testCase.file);
  const outcome: TestDocumentOutcome = { file: testCase.file, documentIndex: testCase.documentIndex, results: [], policyDocuments: [] };
  progress(`Loading test  ( ${displayPath(options.io, testCase.file)} ) ...`);
  try {
    progress('  Loading values/variables ...');
    const values = loadValues(test, dir, options);
    if (test.userinfo) progress('  Loading user infos ...');
    const userInfo = loadUserInfo(test, dir, options);
    progress('  Loading policies ...');
    const policySet = loadPolicies(test.policies.map((file) => path.resolve(dir, file)), options.log);
    outcome.policyDocuments = policySet.documents;
    progress('  Loading resources ...');
    const loadedSet = loadResources(test.resources.map((file) => path.resolve(dir, file)), options.log, { dedupe: true });
    const version = options.apiDefaults ?? null;
    const resourceSet = version === null ? loadedSet : { ...loadedSet, resources: loadedSet.resources.map((resource) => defaultedManifest(resource, version)) };
    if (resourceSet.firstPathMissing) throw new TestError(`failed to load resources (${test.resources[0]})`);
    if (test.jsonPayloads.length > 0) progress('  Loading JSON payloads ...');
    const jsonPayloads = test.jsonPayloads.map((name) => {
      const loaded = loadJsonPayload(dir, name, options.log.maxFileSize);
      if ('error' in loaded) throw new TestError(loaded.error);
      return loaded.payload;
    });
    const authzPayloads = loadAuthzPayloads(test, dir, options, progress);
    const targetSet = loadResources(test.targetResources.map((file) => path.resolve(dir, file)), options.log, { dedupe: false });
    if (targetSet.firstPathMissing) throw new TestError(`failed to load target resources (${test.targetResources[0]})`);
    const targets = targetSet.resources;
    // A ValidatingPolicy that does not compile aborts every evaluation (kyverno/kyverno
    // pkg/cel/policies/vpol/engine/provider.go `NewProvider`, called for each resource by the policy processor).
    const aborting = policySet.invalid.find((policy) => policy.abortsTest);
    const firstResource = resourceSet.resources[0];
    if (aborting !== undefined && firstResource !== undefined) {
      throw new TestError(`failed to apply policies on resource ${firstResource.name} (${aborting.reason})`, { file: aborting.file.path, line: aborting.document.line, column: 1 });
    }
    // On a JSON payload only the JSON-mode ValidatingPolicies are compiled (processor/policy_processor.go).
    const abortingPayloads = policySet.invalid.find((policy) => policy.abortsPayloads === 'json');
    const firstPayload = jsonPayloads[0];
    if (abortingPayloads !== undefined && firstPayload !== undefined) {
      const message = `failed to apply validating policies on JSON payload ${firstPayload.name} (${abortingPayloads.reason})`;
      throw new TestError(message, { file: abortingPayloads.file.path, line: abortingPayloads.document.line, column: 1 });
    }
    const paramSet = loadResources(test.paramResources.map((file) => path.resolve(dir, file)), options.log, { dedupe: false });
    if (paramSet.firstPathMissing) throw new TestError(`failed to load parameter resources (${test.paramResources[0]})`);
    const params = paramSet.resources.map((param) => param.value);
    if (test.context !== undefined && test.clusterResources.length > 0) {
      const message = '"context" is ignored: with "clusterResources" the CEL lookups read the cluster resources, as in Kyverno';
      options.log.report({ file: testCase.file, line: 1, column: 1, message, severity: 'warning' });
    }
    const inputs: TestInputs = {
      clusterObjects: [...resourceSet.resources, ...targets].map((resource) => resource.value).concat(params),
      params,
      policyDocuments: policySet.documents,
      jsonPayloads,
      evaluates: resourceSet.resources.length + jsonPayloads.length > 0,
    };
    const external = loadExternalData(test, dir, inputs, options, progress);
    if (test.exceptions.length > 0) progress('  Loading exceptions ...');
    const exceptions = loadExceptions(test.exceptions.map((file) => path.resolve(dir, file)), options.log);
    // cmd/cli/kubectl-kyverno/commands/test/test.go, `runTest`: kyverno.io PolicyExceptions cannot go with VAPs.
    if (exceptions.some((exception) => exception.family === 'kyverno') && policySet.documents.some(isValidatingAdmissionPolicy)) {
      throw new TestError('use of exceptions with ValidatingAdmissionPolicies is not supported');
    }
    const policyCount = policySet.policies.length + policySet.invalid.length + policySet.unsupported.size;
    const applying = `${pluralize(policyCount, 'policy', 'policies')} to ${pluralize(resourceSet.resources.length, 'resource', 'resources')}`;
    progress(`  Applying ${applying} with ${pluralize(exceptions.length, 'exception', 'exceptions')} ...`);

    const referenced = new Set(selected.map((result) => result.policy.slice(result.policy.lastIndexOf('/') + 1)));
    const prepared = preparePolicies(policySet, referenced);
    const files = new ExpectedFiles(dir, options.log, version === null ? undefined : (object) => applyApiDefaults(object, version));
    const run: Omit<EvaluationOptions, 'numberMode'> = {
      values,
      userInfo,
      exceptions,
      bindings: policySet.bindings,
      external,
      // Kyverno's fake cluster, which mutate-existing rules select targets from, holds the resources and the targets.
      targets: [...resourceSet.resources, ...targets].map((target) => target.value),
      cloneSources: cloneSourceLookup(prepared.evaluated, test.results, files),
    };
    if (options.reference) run.reference = true;
    for (const kind of ['http', 'envoy'] as const) {
      const aborting = policySet.invalid.find((policy) => policy.abortsPayloads === kind);
      if (aborting !== undefined && authzPayloads.some((payload) => payload.kind === kind)) {
        throw new TestError(`failed to apply policies on ${kind === 'http' ? 'HTTP' : 'Envoy'} payload (${aborting.reason})`, { file: aborting.file.path, line: aborting.document.line, column: 1 });
      }
    }
    const trigger = withAuthzPayloads(withPayloads(evaluationRun(prepared.evaluated, resourceSet.resources, run, options.observe), prepared.evaluated, jsonPayloads, dir, run), prepared.evaluated, authzPayloads);
    const byOperation = new Map<string, TriggerRun>();
    for (const operation of new Set(selected.flatMap((result) => (result.operation ? [result.operation] : [])))) {
      byOperation.set(operation, evaluationRun(prepared.evaluated, resourceSet.resources, { ...run, operation }, options.observe));
    }
    progress('  Checking results ...');
    const input: MatchInput = {
      trigger,
      byOperation,
      target: targetRun(targets, trigger),
      invalidPolicies: prepared.invalid,
      unsupportedPolicies: policySet.unsupported,
      policies: prepared.byName,
      files,
    };
    outcome.results = selected.map((result) => matchResult(result, input));
  } catch (error) {
    if (!(error instanceof TestError)) throw error;
    const { file, line, column } = error.location ?? { file: testCase.file, line: 1, column: 1 };
    options.log.report({ file, line, column, message: `failed to run test: ${error.message}`, severity: 'error' });
    outcome.results = selected.map((result) => failedOutcome(result, 'Test error', error.message));
  }
  return outcome;
}
