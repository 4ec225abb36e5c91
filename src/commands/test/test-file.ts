/**
 * @file The `kyverno test` Test file (`cli.kyverno.io/v1alpha1`, `kind: Test`; kyverno/kyverno
 * cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go, test_result.go): strict decoding of one YAML document into a
 * {@link TestSpec}, the deprecated-schema checks, and the validation of result operations.
 */
import { POLICY_KINDS } from '../../evaluate/kinds.js';
import type { ApiCallMock } from '../../families/kyverno/engine/context/external/index.js';
import type { JsonObject, JsonValue } from '../../types.js';
import { ANY_MAP, BOOL, decodeStrict, list, STRING, STRING_LIST, struct, type DecodeError } from '../../evaluate/strict-decode.js';
import { API_CALL_RESPONSE, decodeApiCallResponses, decodeGlobalContextEntries, GLOBAL_CONTEXT_ENTRY, type GlobalContextEntrySpec } from './mocks.js';
import { VALUES_SPEC_FIELDS } from '../../evaluate/values.js';
import { goCleanPath } from '../../util/go-path.js';
import { goQuote, goTrimSpace } from '../../util/go-strings.js';
import { isObject } from '../../util/json-value.js';

/** `resourceSpecs` entries of a result. */
interface ResourceSpec {
  group: string;
  version: string;
  kind: string;
  namespace: string;
  subresource: string;
  name: string;
}

/** The `is…Policy` flags of a result, each naming a policy kind, in field order (from the policy kinds table). */
const CEL_KIND_FLAGS: Readonly<Record<string, string>> = Object.fromEntries(
  POLICY_KINDS.flatMap((kind) => (kind.testResultFlag === undefined ? [] : [[kind.testResultFlag, kind.kind]])),
);

/** One expected result (`results[]`). */
export interface TestResult {
  /** Position in `results`. */
  index: number;
  policy: string;
  rule: string;
  /** `undefined` when the field is absent (Go nil). */
  resources?: string[];
  resourceSpecs?: ResourceSpec[];
  result: string;
  kind: string;
  patchedResources?: string;
  generatedResource?: string;
  generatedResources?: string[];
  cloneSourceResource?: string;
  failOnMissingResources: boolean;
  operation?: string;
  /** The policy kind named by an `is…Policy: true` flag, if any. */
  celKind?: string;
}

/**
 * One Test document. Paths are as written (relative to the test file's directory unless absolute). As
 * Kyverno's `cleanTest` (cmd/cli/kubectl-kyverno/test/load.go), only `policies`, `resources` and
 * `jsonPayloads` lose their duplicates; the other path lists are kept as written.
 */
export interface TestSpec {
  apiVersion: string;
  kind: string;
  policies: string[];
  resources: string[];
  /**
   * `jsonPayloads` (or the deprecated `jsonPayload` when `jsonPayloads` is empty): blank entries dropped,
   * each cleaned as Go `path.Clean` does, duplicates removed. Results name a payload by this path.
   */
  jsonPayloads: string[];
  httpPayloads: string[];
  envoyPayloads: string[];
  targetResources: string[];
  paramResources: string[];
  exceptions: string[];
  clusterResources: string[];
  variables?: string;
  /** Inline Values (already strictly decoded). */
  values?: JsonObject;
  userinfo?: string;
  context?: string;
  /** `apiCallResponses`, validated. */
  apiCallResponses: ApiCallMock[];
  /** `globalContextEntries`, validated (`resourceFiles` not read yet). */
  globalContextEntries: GlobalContextEntrySpec[];
  results: TestResult[];
}

const RESOURCE_SPEC = struct({ group: STRING, version: STRING, kind: STRING, namespace: STRING, subresource: STRING, name: STRING });

const TEST_RESULT = struct({
  policy: STRING,
  rule: STRING,
  resources: STRING_LIST,
  resourceSpecs: list(RESOURCE_SPEC),
  result: STRING,
  kind: STRING,
  patchedResources: STRING,
  generatedResource: STRING,
  generatedResources: STRING_LIST,
  cloneSourceResource: STRING,
  failOnMissingResources: BOOL,
  operation: STRING,
  ...Object.fromEntries(Object.keys(CEL_KIND_FLAGS).map((flag) => [flag, BOOL])),
});

const TEST = struct({
  apiVersion: STRING,
  kind: STRING,
  metadata: ANY_MAP,
  name: STRING,
  policies: STRING_LIST,
  resources: STRING_LIST,
  jsonPayload: STRING,
  jsonPayloads: STRING_LIST,
  httpPayloads: STRING_LIST,
  envoyPayloads: STRING_LIST,
  targetResources: STRING_LIST,
  paramResources: STRING_LIST,
  variables: STRING,
  values: struct(VALUES_SPEC_FIELDS),
  userinfo: STRING,
  results: list(TEST_RESULT),
  exceptions: STRING_LIST,
  context: STRING,
  clusterResources: STRING_LIST,
  apiCallResponses: list(API_CALL_RESPONSE),
  globalContextEntries: list(GLOBAL_CONTEXT_ENTRY),
});

/** The operations a result may declare (cmd/cli/kubectl-kyverno/processor/operation.go, `NormalizeOperation`). */
const OPERATIONS = new Set(['CREATE', 'UPDATE', 'DELETE']);

interface DecodedTest {
  /** `undefined` when the document cannot be run (decoding errors or deprecated schema). */
  test?: TestSpec;
  errors: DecodeError[];
}

const str = (value: JsonValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const strs = (value: JsonValue | undefined): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
const unique = (values: string[] | undefined): string[] => [...new Set(values ?? [])];

/** `jsonPayloads` as Kyverno's `cleanTest` leaves them: the deprecated `jsonPayload` if none, blanks dropped, cleaned, unique. */
function cleanJsonPayloads(jsonPayload: string | undefined, jsonPayloads: string[] | undefined): string[] {
  const payloads = jsonPayloads && jsonPayloads.length > 0 ? jsonPayloads : jsonPayload ? [jsonPayload] : [];
  return unique(payloads.filter((payload) => goTrimSpace(payload) !== '').map(goCleanPath));
}

function toResult(raw: JsonObject, index: number): TestResult {
  const result: TestResult = {
    index,
    policy: str(raw.policy) ?? '',
    rule: str(raw.rule) ?? '',
    result: str(raw.result) ?? '',
    kind: str(raw.kind) ?? '',
    failOnMissingResources: raw.failOnMissingResources === true,
  };
  const resources = strs(raw.resources);
  if (resources) result.resources = resources;
  if (Array.isArray(raw.resourceSpecs)) {
    result.resourceSpecs = raw.resourceSpecs.map((spec) => {
      const object = spec !== null && typeof spec === 'object' && !Array.isArray(spec) ? spec : {};
      return {
        group: str(object.group) ?? '',
        version: str(object.version) ?? '',
        kind: str(object.kind) ?? '',
        namespace: str(object.namespace) ?? '',
        subresource: str(object.subresource) ?? '',
        name: str(object.name) ?? '',
      };
    });
  }
  for (const key of ['patchedResources', 'generatedResource', 'cloneSourceResource', 'operation'] as const) {
    const value = str(raw[key]);
    if (value !== undefined && value !== '') result[key] = value;
  }
  const generated = strs(raw.generatedResources);
  if (generated && generated.length > 0) result.generatedResources = generated;
  for (const [flag, kind] of Object.entries(CEL_KIND_FLAGS)) {
    if (raw[flag] === true) {
      result.celKind = kind;
      break;
    }
  }
  return result;
}

/** The message Kyverno aborts with for a Test document in the pre-1.15 layout. */
function deprecatedSchemaMessage(file: string): string {
  return `test file ${file} uses a deprecated schema — please migrate to the latest format`;
}

/** Decodes one Test document; `displayFile` names the file in messages. */
export function decodeTest(document: JsonValue, displayFile: string): DecodedTest {
  const { value, errors } = decodeStrict(document, TEST);
  const apiVersion = str(value.apiVersion) ?? '';
  const kind = str(value.kind) ?? '';
  if (apiVersion === '' || kind === '' || str(value.name) !== undefined) {
    errors.push({ message: deprecatedSchemaMessage(displayFile), path: [] });
  }
  const rawResults = Array.isArray(value.results) ? value.results : [];
  const results = rawResults.map((raw, index) =>
    toResult(raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}, index),
  );
  // Kyverno checks every result's operation before evaluating (cmd/cli/kubectl-kyverno/commands/test/test.go, `runTest`).
  for (const result of results) {
    if (result.operation === undefined) continue;
    const path = ['results', result.index, 'operation'];
    if (!OPERATIONS.has(result.operation)) {
      const message = `invalid test result for policy ${result.policy}: invalid operation ${goQuote(result.operation)}, must be one of CREATE, UPDATE, DELETE`;
      errors.push({ message, path });
    } else if (isObject(rawResults[result.index]) && (rawResults[result.index] as JsonObject).isDeletingPolicy === true) {
      errors.push({ message: `invalid test result for policy ${result.policy}: operation is not supported for deleting policies`, path });
    }
  }
  const apiCallResponses = decodeApiCallResponses(Array.isArray(value.apiCallResponses) ? value.apiCallResponses : [], errors);
  const globalContextEntries = decodeGlobalContextEntries(Array.isArray(value.globalContextEntries) ? value.globalContextEntries : [], errors);
  if (errors.length > 0) return { errors };
  const values = value.values;
  const test: TestSpec = {
    apiVersion,
    kind,
    policies: unique(strs(value.policies)),
    resources: unique(strs(value.resources)),
    jsonPayloads: cleanJsonPayloads(str(value.jsonPayload), strs(value.jsonPayloads)),
    httpPayloads: strs(value.httpPayloads) ?? [],
    envoyPayloads: strs(value.envoyPayloads) ?? [],
    targetResources: strs(value.targetResources) ?? [],
    paramResources: strs(value.paramResources) ?? [],
    exceptions: strs(value.exceptions) ?? [],
    clusterResources: strs(value.clusterResources) ?? [],
    apiCallResponses,
    globalContextEntries,
    results,
  };
  const variables = str(value.variables);
  if (variables) test.variables = variables;
  if (values !== undefined && values !== null && typeof values === 'object' && !Array.isArray(values)) test.values = values;
  const userinfo = str(value.userinfo);
  if (userinfo) test.userinfo = userinfo;
  const context = str(value.context);
  if (context) test.context = context;
  return { test, errors };
}
