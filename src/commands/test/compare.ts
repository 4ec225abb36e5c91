/**
 * @file The object comparisons of `kyverno test` (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test:
 * command.go `checkResult`, compare.go `getAndCompareResource`; cmd/cli/kubectl-kyverno/resource:
 * compare.go `Compare`, tidy.go `Tidy`, labels.go `FixupGenerateLabels`): expected objects read from
 * `patchedResources` / `generatedResource(s)` / `cloneSourceResource` files (loaded like test resources,
 * once per file), the document with the actual object's apiVersion, kind, namespace and name, the
 * generate-label normalisation and "tidy" applied to both sides, structural equality, and the YAML diff
 * shown when they differ.
 */
import path from 'node:path';
import { stringify } from 'yaml';
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject, jsonEqual } from '../../util/json-value.js';
import { unifiedDiff } from '../../util/unified-diff.js';
import { DiagnosticLog } from '../load/diagnostics.js';
import type { CliIo } from '../io.js';
import { loadResources } from '../load/resources.js';

/** The TestResult field an expected object comes from, as Kyverno names it in `Resource error` messages. */
type ExpectedField = 'PatchedResources' | 'GeneratedResource' | 'GeneratedResources';

/** The two normalised objects of a mismatch, as YAML with sorted keys. */
export interface ResourceDiff {
  expected: string;
  actual: string;
}

/** The outcome of comparing an actual object with the expected file(s) of a result. */
export type Comparison =
  | { kind: 'equal' }
  /** `Resource error`: a file could not be loaded or holds no matching document (`missing`). */
  | { kind: 'error'; message: string; missing: boolean }
  /** `Resource diff`. */
  | { kind: 'diff'; message: string; diff: ResourceDiff };

/** The documents of an expected file, or why it could not be loaded. */
type ExpectedDocuments = { objects: readonly JsonObject[] } | { error: string };

const SILENT_IO: CliIo = { stdout: () => {}, stderr: () => {}, cwd: '/' };

/**
 * Files named by a Test's results, read relative to the test file's directory with the loader of test
 * resources (namespace defaulting, `null` maps made empty) and cached per file. Problems are also passed
 * on to `log`, once per file, so they show with their line and column.
 */
export class ExpectedFiles {
  readonly #cache = new Map<string, ExpectedDocuments>();

  constructor(
    private readonly dir: string,
    private readonly log?: DiagnosticLog,
    /**
     * With `--api-defaults`: the API server's defaults, applied to an expected patched resource as to the resource the
     * policies mutated (the file need not spell out the defaults).
     */
    readonly patchedDefaults?: (object: JsonObject) => JsonObject,
  ) {}

  load(file: string): ExpectedDocuments {
    const absolute = path.resolve(this.dir, file);
    let loaded = this.#cache.get(absolute);
    if (loaded === undefined) {
      loaded = this.#read(file, absolute);
      this.#cache.set(absolute, loaded);
    }
    return loaded;
  }

  #read(file: string, absolute: string): ExpectedDocuments {
    // A silent log keeps the diagnostics of this one file, to turn them into a `Resource error` message.
    const collecting = new DiagnosticLog(SILENT_IO, this.log?.maxFileSize);
    const set = loadResources([absolute], collecting, { dedupe: false });
    for (const diagnostic of collecting.diagnostics) this.log?.report(diagnostic);
    const error = collecting.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    if (error !== undefined) {
      const at = error.line > 1 || error.column > 1 ? `${file}:${error.line}:${error.column}: ` : '';
      return { error: `${at}${error.message}` };
    }
    return { objects: set.resources.map((resource) => resource.value) };
  }
}

function metadataString(object: JsonObject, field: string): string {
  const metadata = object.metadata;
  if (!isObject(metadata)) return '';
  const value = metadata[field];
  return typeof value === 'string' ? value : '';
}

function stringField(object: JsonObject, field: string): string {
  const value = object[field];
  return typeof value === 'string' ? value : '';
}

/** `metadata.name` of an object ("" when absent). */
export function objectName(object: JsonObject): string {
  return metadataString(object, 'name');
}

/** The document with the actual object's apiVersion, kind, namespace and name (the first one). */
export function findExpected(objects: readonly JsonObject[], actual: JsonObject): JsonObject | undefined {
  const apiVersion = stringField(actual, 'apiVersion');
  const kind = stringField(actual, 'kind');
  const namespace = metadataString(actual, 'namespace');
  const name = objectName(actual);
  return objects.find(
    (object) =>
      stringField(object, 'apiVersion') === apiVersion &&
      stringField(object, 'kind') === kind &&
      metadataString(object, 'namespace') === namespace &&
      objectName(object) === name,
  );
}

/**
 * A copy with Kyverno's `FixupGenerateLabels` applied: `generate.kyverno.io/*` labels removed and
 * `app.kubernetes.io/managed-by: kyverno` added unless the object sets that label. As with Go's
 * `GetLabels`, labels that are not a map of strings count as none. A `metadata` that is not a map is left
 * alone (the label cannot be set).
 */
export function fixupGenerateLabels(object: JsonObject): JsonObject {
  const metadata = object.metadata;
  if (metadata !== undefined && !isObject(metadata)) return object;
  const labels: Record<string, string> = { 'app.kubernetes.io/managed-by': 'kyverno' };
  const current = metadata?.labels;
  if (isObject(current) && Object.values(current).every((value) => typeof value === 'string')) {
    for (const [key, value] of Object.entries(current)) {
      if (!key.startsWith('generate.kyverno.io/')) labels[key] = value as string;
    }
  }
  return { ...object, metadata: { ...metadata, labels } };
}

/**
 * Kyverno's `Tidy`: `null` values, empty maps and empty lists are dropped, recursively (an element of a
 * list that tidies away disappears). `undefined` when the whole value tidies away.
 */
export function tidy(value: JsonValue): JsonValue | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) {
    const out = value.map(tidy).filter((item): item is JsonValue => item !== undefined);
    return out.length === 0 ? undefined : out;
  }
  if (typeof value === 'object') {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      const tidied = tidy(item);
      if (tidied !== undefined) out[key] = tidied;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return value;
}

/** Both sides as Kyverno compares them: labels fixed up, then tidied. */
export function normalizeForComparison(object: JsonObject): JsonObject {
  const tidied = tidy(fixupGenerateLabels(object));
  return isObject(tidied) ? tidied : {};
}

/** YAML with sorted keys, no anchors and no line folding: the text the diff is computed on. */
export function toYaml(object: JsonObject): string {
  return stringify(object, { sortMapEntries: true, aliasDuplicateObjects: false, lineWidth: 0 });
}

/** The `Resource error` message: `error: failed to load <field> resource (<err>)`. */
function loadErrorMessage(field: ExpectedField, error: string): string {
  return `error: failed to load ${field} resource (${error})`;
}

/** Kyverno's error when no document has the actual object's identity. */
function notFoundError(actual: JsonObject): string {
  return `resource with name ${objectName(actual)} not found in manifest`;
}

const DIFF_HEADERS: Record<ExpectedField, string> = {
  PatchedResources: "Patched resource didn't match the patched resource in the test result",
  GeneratedResource: "Patched resource didn't match the generated resource in the test result",
  GeneratedResources: "Generated resource didn't match any of the expected generated resources in the test result",
};

type Match = { kind: 'equal' } | { kind: 'different'; diff: ResourceDiff };

function compareObjects(actual: JsonObject, expected: JsonObject): Match {
  const normalizedActual = normalizeForComparison(actual);
  const normalizedExpected = normalizeForComparison(expected);
  // Equal as an empty JSON merge patch means it: a `bigint` is never equal to a number.
  if (jsonEqual(normalizedActual, normalizedExpected, 'type')) return { kind: 'equal' };
  return { kind: 'different', diff: { expected: toYaml(normalizedExpected), actual: toYaml(normalizedActual) } };
}

/** Compares `actual` with its document in one expected file (`patchedResources`, `generatedResource`). */
export function compareWithFile(actual: JsonObject, file: string, field: Exclude<ExpectedField, 'GeneratedResources'>, files: ExpectedFiles): Comparison {
  const loaded = files.load(file);
  if ('error' in loaded) return { kind: 'error', message: loadErrorMessage(field, loaded.error), missing: false };
  const expected = findExpected(loaded.objects, actual);
  if (expected === undefined) return { kind: 'error', message: loadErrorMessage(field, notFoundError(actual)), missing: true };
  const match = compareObjects(actual, field === 'PatchedResources' && files.patchedDefaults ? files.patchedDefaults(expected) : expected);
  return match.kind === 'equal' ? match : { kind: 'diff', message: DIFF_HEADERS[field], diff: match.diff };
}

/**
 * Compares `actual` with the `generatedResources` files: equal when its document in any file matches. The
 * diff shown is against the first document found; without any document it is a `Resource error`.
 */
export function compareWithAnyFile(actual: JsonObject, fileList: readonly string[], files: ExpectedFiles): Comparison {
  let first: ResourceDiff | undefined;
  for (const file of fileList) {
    const loaded = files.load(file);
    if ('error' in loaded) return { kind: 'error', message: loadErrorMessage('GeneratedResources', loaded.error), missing: false };
    const expected = findExpected(loaded.objects, actual);
    if (expected === undefined) continue;
    const match = compareObjects(actual, expected);
    if (match.kind === 'equal') return match;
    first ??= match.diff;
  }
  if (first === undefined) return { kind: 'error', message: loadErrorMessage('GeneratedResources', notFoundError(actual)), missing: true };
  return { kind: 'diff', message: DIFF_HEADERS.GeneratedResources, diff: first };
}

const RED = '\u001b[31m';
const GREEN = '\u001b[32m';
const RESET = '\u001b[0m';

/** The legend and unified diff (expected → actual) printed after a `Resource diff` message. */
export function formatResourceDiff(diff: ResourceDiff, color: boolean): string {
  const paint = (code: string, text: string): string => (color ? `${code}${text}${RESET}` : text);
  const legend = `(${paint(RED, '- only in expected')}, ${paint(GREEN, '+ only in actual')})`;
  return `${legend}\n\n${unifiedDiff(diff.expected, diff.actual, { from: 'expected', to: 'actual', color })}`;
}
