/**
 * @file The offline mocks of a Test (kyverno/kyverno cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go):
 * `apiCallResponses` (`{url | urlPath, method?, response: {statusCode?, body}}`) and
 * `globalContextEntries` (`{name, data | resources | resourceFiles, fieldPath?, projections?}`), their
 * strict-decoding schemas and Kyverno's validation of them (`ValidateAPICallResponses`,
 * `ValidateGlobalContextEntries`).
 */
import type { ApiCallMock } from '../../families/kyverno/engine/context/external/index.js';
import type { JsonValue } from '../../types.js';
import { ANY, list, STRING, STRING_LIST, struct, type DecodeError, type Schema } from '../../evaluate/strict-decode.js';
import { isObject } from '../../util/json-value.js';
import { goCleanPath } from '../../util/go-path.js';
import { goTrimSpace } from '../../util/go-strings.js';

export const API_CALL_RESPONSE: Schema = struct({
  url: STRING,
  urlPath: STRING,
  method: STRING,
  response: struct({ statusCode: ANY, body: ANY }),
});

export const GLOBAL_CONTEXT_ENTRY: Schema = struct({
  name: STRING,
  data: ANY,
  resources: list(ANY),
  resourceFiles: STRING_LIST,
  fieldPath: STRING,
  projections: list(struct({ name: STRING, path: STRING })),
});

/** A `globalContextEntries` entry as written (`resourceFiles` not read yet). */
export interface GlobalContextEntrySpec {
  name: string;
  data?: JsonValue;
  resources?: JsonValue[];
  resourceFiles?: string[];
  fieldPath?: string;
  projections?: { name: string; path: string }[];
}

const str = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');
const quote = (text: string): string => JSON.stringify(text);

/** Whether `text` is an absolute http(s) URL with a host; the reason when it is not. */
function urlProblem(text: string): 'scheme' | 'host' | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'scheme';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  return url.hostname === '' ? 'host' : null;
}

/**
 * Decodes and validates `apiCallResponses` (already strictly decoded); errors name the entry, with the messages
 * of Kyverno's `ValidateAPICallResponses` (cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go).
 */
export function decodeApiCallResponses(raw: readonly JsonValue[], errors: DecodeError[]): ApiCallMock[] {
  const mocks: ApiCallMock[] = [];
  /** The lookup keys seen (`METHOD:url`, or `url` without a method): a repeated key is an error, not an override. */
  const seen = new Set<string>();
  raw.forEach((item, i) => {
    const entry = isObject(item) ? item : {};
    const path = ['apiCallResponses', i];
    const fail = (message: string, field?: string): void => {
      errors.push({ message, path: field ? [...path, field] : path });
    };
    const url = str(entry.url).trim();
    const urlPath = str(entry.urlPath).trim();
    if (url === '' && urlPath === '') return fail(`apiCallResponses[${i}]: either url or urlPath is required`);
    if (url !== '' && urlPath !== '') return fail(`apiCallResponses[${i}]: url and urlPath are mutually exclusive`);
    if (url !== '') {
      const problem = urlProblem(url);
      if (problem === 'scheme') return fail(`apiCallResponses[${i}]: url ${quote(url)} must be an absolute https/http URL`, 'url');
      if (problem === 'host') return fail(`apiCallResponses[${i}]: url ${quote(url)} has scheme but no host`, 'url');
    }
    if (urlPath !== '' && !urlPath.startsWith('/')) {
      return fail(`apiCallResponses[${i}]: urlPath ${quote(urlPath)} must be an absolute path starting with '/'`, 'urlPath');
    }
    const method = str(entry.method).trim().toUpperCase();
    if (method !== '' && method !== 'GET' && method !== 'POST') return fail(`apiCallResponses[${i}]: method must be GET or POST`, 'method');
    const label = url !== '' ? url : urlPath;
    const response = isObject(entry.response) ? entry.response : {};
    const body = response.body;
    if (body === undefined || body === null) return fail(`apiCallResponses[${i}] ${quote(label)}: response.body is required`, 'response');
    if (!isObject(body)) return fail(`apiCallResponses[${i}] ${quote(label)}: response.body must be a JSON object`, 'response');
    const statusCode = response.statusCode ?? 0;
    if (typeof statusCode !== 'number' || !Number.isInteger(statusCode)) {
      return fail(`apiCallResponses[${i}] ${quote(label)}: statusCode must be an integer`, 'response');
    }
    if (statusCode !== 0 && (statusCode < 100 || statusCode > 599)) {
      return fail(`apiCallResponses[${i}] ${quote(label)}: statusCode ${statusCode} must be between 100 and 599`, 'response');
    }
    const key = method === '' ? label : `${method}:${label}`;
    if (seen.has(key)) {
      return fail(`apiCallResponses: duplicate entry for ${quote(label)} (key ${quote(key)}) — each method+url combination must be unique`);
    }
    seen.add(key);
    const mock: ApiCallMock = { url: label, statusCode, body };
    if (method !== '') mock.method = method;
    mocks.push(mock);
  });
  return mocks;
}

/** Why a `resourceFiles` path is refused (empty, absolute, or leaving the test directory); `null` when it is fine. */
function resourceFileProblem(file: string): string | null {
  const trimmed = goTrimSpace(file);
  if (trimmed === '') return 'file path must not be empty';
  if (trimmed.startsWith('/')) return 'file path must not be absolute';
  const clean = goCleanPath(trimmed);
  if (clean === '..' || clean.startsWith('../')) return 'file path must not escape the test directory';
  return null;
}

/**
 * Decodes and validates `globalContextEntries` (already strictly decoded), with the messages of Kyverno's
 * `ValidateGlobalContextEntries` (cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go).
 */
export function decodeGlobalContextEntries(raw: readonly JsonValue[], errors: DecodeError[]): GlobalContextEntrySpec[] {
  const entries: GlobalContextEntrySpec[] = [];
  const seen = new Set<string>();
  raw.forEach((item, i) => {
    const entry = isObject(item) ? item : {};
    const path = ['globalContextEntries', i];
    const name = str(entry.name).trim();
    if (name === '') return void errors.push({ message: 'globalContextEntries: name is required', path });
    if (seen.has(name)) return void errors.push({ message: `globalContextEntries: duplicate name ${quote(name)}`, path: [...path, 'name'] });
    seen.add(name);
    const projections: { name: string; path: string }[] = [];
    for (const [p, projection] of (Array.isArray(entry.projections) ? entry.projections : []).entries()) {
      const object = isObject(projection) ? projection : {};
      const projectionName = str(object.name).trim();
      if (projectionName === '') {
        return void errors.push({ message: `globalContextEntries entry ${quote(name)}: projection name is required`, path: [...path, 'projections', p] });
      }
      if (str(object.path).trim() === '') {
        return void errors.push({
          message: `globalContextEntries entry ${quote(name)} projection ${quote(projectionName)}: path is required`,
          path: [...path, 'projections', p],
        });
      }
      projections.push({ name: projectionName, path: str(object.path) });
    }
    // The sources are the fields present and not null: an empty `resources: []` is a source (a non-nil Go slice).
    const data = entry.data;
    const hasData = data !== undefined && data !== null;
    const hasResources = Array.isArray(entry.resources);
    const hasResourceFiles = Array.isArray(entry.resourceFiles);
    const sources = Number(hasData) + Number(hasResources) + Number(hasResourceFiles);
    const label = `globalContextEntries entry ${quote(str(entry.name))}`;
    if (sources > 1) return void errors.push({ message: `${label}: data, resources, and resourceFiles are mutually exclusive`, path });
    if (sources === 0) return void errors.push({ message: `${label}: one of data, resources, or resourceFiles is required`, path });
    if (hasData && !isObject(data)) return void errors.push({ message: `${label}: data must be a JSON object`, path: [...path, 'data'] });
    const resources = Array.isArray(entry.resources) ? entry.resources : [];
    const badResource = resources.findIndex((resource) => !isObject(resource));
    if (badResource !== -1) {
      return void errors.push({
        message: `${label} resources[${badResource}]: must be a JSON object (Kubernetes resource manifest)`,
        path: [...path, 'resources', badResource],
      });
    }
    const resourceFiles = Array.isArray(entry.resourceFiles) ? entry.resourceFiles.filter((file): file is string => typeof file === 'string') : [];
    for (const [j, file] of resourceFiles.entries()) {
      const problem = resourceFileProblem(file);
      if (problem !== null) return void errors.push({ message: `${label} resourceFiles[${j}]: ${problem}`, path: [...path, 'resourceFiles', j] });
    }
    const spec: GlobalContextEntrySpec = { name };
    if (data !== undefined && data !== null) spec.data = data;
    if (resources.length > 0) spec.resources = resources;
    if (resourceFiles.length > 0) spec.resourceFiles = resourceFiles;
    if (str(entry.fieldPath) !== '') spec.fieldPath = str(entry.fieldPath);
    if (projections.length > 0) spec.projections = projections;
    entries.push(spec);
  });
  return entries;
}
