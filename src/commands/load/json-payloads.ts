/**
 * @file The JSON payloads of a Test (`jsonPayloads`), read as Kyverno's test command reads them (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/payload/load.go, `Load`; commands/test/test.go, `runTest`): a `.json` file is one JSON
 * value (Go `json.Unmarshal`), a `.yaml`/`.yml` file is one map per non-empty document (go-yaml v3, YAML 1.2),
 * the document itself when there is one, else the list of them; any other extension is refused. The payload
 * must then be an object.
 */
import path from 'node:path';
import { parseDocument } from 'yaml';
import { readSourceFile } from '../../source/index.js';
import type { JsonObject, JsonValue, NumberMode } from '../../types.js';
import { goJsonParse } from '../../util/go-json.js';
import { isObject } from '../../util/json-value.js';

/** A loaded payload: `name` is the path as the Test writes it (after cleaning), the key results use. */
export interface JsonPayload {
  name: string;
  data: JsonObject;
  /**
   * How CEL reads the payload's numbers: a JSON file's are all float64 (Go `json.Unmarshal` into `any`), a YAML
   * file's integers are int (go-yaml v3 decodes them as Go `int`).
   */
  numberMode: NumberMode;
}

/** The YAML tag of a value that is not a map, as go-yaml names it in its errors. */
function yamlTag(value: JsonValue): string {
  if (Array.isArray(value)) return '!!seq';
  if (typeof value === 'boolean') return '!!bool';
  if (typeof value === 'number' || typeof value === 'bigint') return Number.isInteger(Number(value)) ? '!!int' : '!!float';
  return '!!str';
}

/**
 * The documents of a YAML stream as kyverno/pkg ext/yaml `SplitDocuments` gives them: split at the lines that
 * are `---` (trailing blanks allowed; k8s.io/apimachinery `YAMLReader`), without the documents holding only
 * blank and comment lines (`IsEmptyDocument`).
 */
function splitDocuments(text: string): string[] {
  const documents: string[] = [];
  let current: string[] = [];
  const flush = (): void => {
    if (current.some((line) => line.trim() !== '' && !line.trim().startsWith('#'))) documents.push(current.join('\n'));
    current = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('---') && line.slice(3).trim() === '') flush();
    else current.push(line);
  }
  flush();
  return documents;
}

/** What `payload.Load` decodes: a value, `null` for Go's nil, or the reason it fails. */
function decodePayload(file: string, text: string): { value: JsonValue | undefined } | { error: string } {
  const extension = path.extname(file);
  if (extension === '.json') {
    try {
      return { value: goJsonParse(text) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
  if (extension !== '.yaml' && extension !== '.yml') return { error: `unrecognized payload format, must be yaml or json (${file})` };
  const objects: JsonValue[] = [];
  for (const chunk of splitDocuments(text)) {
    const document = parseDocument(chunk);
    const problem = document.errors[0];
    if (problem !== undefined) return { error: problem.message };
    const value = document.toJS({ maxAliasCount: 100 }) as JsonValue;
    // A `null` document decodes to a nil map, which Kyverno then reads as an empty object.
    if (value === null) objects.push({});
    else if (!isObject(value)) return { error: `cannot unmarshal ${yamlTag(value)} into map[string]interface {}` };
    else objects.push(value);
  }
  return { value: objects.length === 1 ? objects[0] : objects };
}

/**
 * Loads the payload `name` (a path relative to the test directory `dir`, or absolute), with the error Kyverno
 * aborts the test with when it cannot be used.
 */
export function loadJsonPayload(dir: string, name: string, maxFileSize?: number): { payload: JsonPayload } | { error: string } {
  const file = path.resolve(dir, name);
  const read = readSourceFile(file, maxFileSize);
  const decoded = read.file === null ? { error: read.problems[0]?.message ?? 'cannot be read' } : decodePayload(file, read.file.text);
  if ('error' in decoded) return { error: `failed to load JSON payload ${name} (${decoded.error})` };
  if (decoded.value === null || decoded.value === undefined) return { error: `JSON payload ${name} is empty or nil` };
  if (!isObject(decoded.value)) return { error: `JSON payload ${name} must be a top-level object (map)` };
  return { payload: { name, data: decoded.value, numberMode: path.extname(file) === '.json' ? 'float64' : 'int64' } };
}
