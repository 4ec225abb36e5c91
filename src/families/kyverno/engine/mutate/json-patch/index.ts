/**
 * @file RFC 6902 JSON Patch as Kyverno applies `mutate.patchesJson6902`
 * (kyverno/kyverno `pkg/engine/mutate/patch/patchJSON6902.go` over evanphx/json-patch v5
 * `patch.go`, with `ApplyOptions{SupportNegativeIndices, AllowMissingPathOnRemove,
 * EnsurePathExistsOnAdd}`).
 *
 * Error texts are those of json-patch (`<context>: <cause>` as `errors.Wrapf` composes them);
 * the mutate handler prefixes them with `failed to patch resource: ` for the rule message.
 * A JSON `null` in the resource behaves like json-patch's nil node (missing as a container,
 * equal to a `null`/absent test value).
 *
 * The `v4` flavour is gopkg.in/evanphx/json-patch.v4 `Patch.Apply` as Kubernetes' mutation library and Kyverno's
 * MutatingPolicies use it (kyverno/kyverno pkg/cel/policies/mpol/compiler/json.go `jsonPatcher.Patch`): a removed
 * path must exist, an added path's parents are not created, and `replace` sets a missing key of an existing map
 * (v4 `partialDoc.get` never fails).
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { parseDocuments } from '../../../../../source/parse.js';
import { GoJsonError, goJsonParse, goJsonStringify, setOwnProperty } from '../../../../../util/go-json.js';
import { cloneJson } from '../../../../../util/json-value.js';

type JsonPatchResult = { resource: JsonObject } | { error: string };

/** Which json-patch applies the patch: v5 with Kyverno's `ApplyOptions` (default), or v4's plain `Apply`. */
export type JsonPatchFlavour = 'kyverno' | 'v4';

const ERR_MISSING = 'missing value';
const ERR_INVALID = 'invalid state detected';
const ERR_INVALID_INDEX = 'invalid index referenced';
const ERR_TEST_FAILED = 'test failed';

/** An error of json-patch; `missing` marks `ErrMissing` causes (the test operation tolerates them). */
class PatchError extends Error {
  constructor(
    message: string,
    readonly missing = false,
  ) {
    super(message);
  }
}

function wrap(context: string, cause: string, missing = false): PatchError {
  return new PatchError(`${context}: ${cause}`, missing);
}

export type Operation = Record<string, JsonValue>;
type Container = JsonObject | JsonValue[];

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go `strconv.Atoi`: the integer, or Go's error text. */
function atoi(text: string): { value: number } | { error: string } {
  if (!/^[+-]?[0-9]+$/.test(text)) return { error: `strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax` };
  const big = BigInt(text);
  if (big < INT64_MIN || big > INT64_MAX) {
    return { error: `strconv.Atoi: parsing ${JSON.stringify(text)}: value out of range` };
  }
  return { value: Number(big) };
}

/** RFC 6901 token decoding (`~1` first, then `~0`, in one left-to-right pass as `strings.Replacer`). */
function decodeKey(token: string): string {
  return token.replace(/~[01]/g, (escape) => (escape === '~1' ? '/' : '~'));
}

function isContainer(value: JsonValue | undefined): value is Container {
  return typeof value === 'object' && value !== null;
}

const clone = cloneJson;

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The document being patched; `original` is what json-patch's root `self` node still holds. */
interface State {
  doc: Container;
  original: JsonValue;
  flavour: JsonPatchFlavour;
}

/** `container.get(key)`: a value (`undefined` for a nil node) or an error. */
function get(state: State, container: Container, key: string): { value: JsonValue | undefined } | PatchError {
  if (key === '') return { value: container === state.doc ? clone(state.original) : undefined };
  if (!Array.isArray(container)) {
    if (!hasOwn(container, key)) return wrap(`unable to get nonexistent key: ${key}`, ERR_MISSING, true);
    const value = container[key];
    return { value: value === null ? undefined : value };
  }
  const parsed = atoi(key);
  if ('error' in parsed) return new PatchError(parsed.error);
  let index = parsed.value;
  if (index < 0) {
    if (index < -container.length) return wrap(`Unable to access invalid index: ${index}`, ERR_INVALID_INDEX);
    index += container.length;
  }
  if (index >= container.length) return wrap(`Unable to access invalid index: ${index}`, ERR_INVALID_INDEX);
  const value = container[index];
  return { value: value === null ? undefined : value };
}

/** `container.add(key, value)`: object keys are set, array indices insert (`-` appends). */
function add(container: Container, key: string, value: JsonValue): PatchError | null {
  if (!Array.isArray(container)) {
    setOwnProperty(container, key, value);
    return null;
  }
  if (key === '-') {
    container.push(value);
    return null;
  }
  const parsed = atoi(key);
  if ('error' in parsed) return wrap(`value was not a proper array index: '${key}'`, parsed.error);
  let index = parsed.value;
  const size = container.length + 1;
  if (index >= size) return wrap(`Unable to access invalid index: ${index}`, ERR_INVALID_INDEX);
  if (index < 0) {
    if (index < -size) return wrap(`Unable to access invalid index: ${index}`, ERR_INVALID_INDEX);
    index += size;
  }
  container.splice(index, 0, value);
  return null;
}

/** `container.set(key, value)` (replace): the key or index is known to exist. */
function set(container: Container, key: string, value: JsonValue): PatchError | null {
  if (!Array.isArray(container)) {
    setOwnProperty(container, key, value);
    return null;
  }
  const parsed = atoi(key);
  if ('error' in parsed) return new PatchError(parsed.error);
  let index = parsed.value;
  if (index < 0) {
    if (index < -container.length) return wrap(`Unable to access invalid index: ${index}`, ERR_INVALID_INDEX);
    index += container.length;
  }
  container[index] = value;
  return null;
}

/** `container.remove(key)` with `AllowMissingPathOnRemove`, or (`strict`, v4) without. */
function remove(container: Container, key: string, strict = false): PatchError | null {
  if (!Array.isArray(container)) {
    if (strict && !hasOwn(container, key)) return wrap(`Unable to remove nonexistent key: ${key}`, ERR_MISSING, true);
    delete container[key];
    return null;
  }
  const parsed = atoi(key);
  if ('error' in parsed) return new PatchError(parsed.error);
  let index = parsed.value;
  if (index >= container.length) return strict ? wrap(`Unable to access invalid index: ${index}`, ERR_INVALID_INDEX) : null;
  if (index < 0) {
    if (index < -container.length) return strict ? wrap(`Unable to access invalid index: ${index}`, ERR_INVALID_INDEX) : null;
    index += container.length;
  }
  container.splice(index, 1);
  return null;
}

/** json-patch `findObject`: the container holding the last token of `path`, and that token. */
function findObject(state: State, path: string): { container: Container; key: string } | null {
  const split = path.split('/');
  if (split.length < 2) return path === '' ? { container: state.doc, key: '' } : null;
  let container = state.doc;
  for (const part of split.slice(1, -1)) {
    const next = get(state, container, decodeKey(part));
    if (next instanceof PatchError || !isContainer(next.value)) return null;
    container = next.value;
  }
  return { container, key: decodeKey(split[split.length - 1]) };
}

/** json-patch `ensurePathExists`: creates the missing parents of an `add` path. */
function ensurePathExists(state: State, path: string): PatchError | null {
  const split = path.split('/');
  if (split.length < 2) return null;
  const parts = split.slice(1);
  let container = state.doc;
  for (let at = 0; at < parts.length - 1; at++) {
    const part = parts[at];
    const target = get(state, container, decodeKey(part));
    if (target instanceof PatchError || target.value === undefined) {
      const own = atoi(part);
      if ('value' in own && Array.isArray(container) && own.value >= container.length + 1) {
        while (container.length < own.value) container.push(null);
      }
      const nextPart = parts[at + 1];
      const next = atoi(nextPart);
      if ('value' in next || nextPart === '-') {
        let index = 'value' in next ? next.value : 0;
        if (index < 0) {
          if (index < -1) {
            return wrap(`Unable to ensure path for negative index other than -1: ${index}`, ERR_INVALID_INDEX);
          }
          index = 0;
        }
        const created: JsonValue[] = [];
        // json-patch adds the new node under the undecoded token and ignores a failing add.
        add(container, part, created);
        for (let i = 0; i < index; i++) created.push(null);
        container = created;
      } else {
        const created: JsonObject = {};
        add(container, part, created);
        container = created;
      }
    } else if (isContainer(target.value)) {
      container = target.value;
    } else {
      return new PatchError(ERR_INVALID);
    }
  }
  return null;
}

/** Structural equality of json-patch `lazyNode.equal` (nil nodes and `null` are alike). */
function equal(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || a === null || b === undefined || b === null) {
    return (a === undefined || a === null) && (b === undefined || b === null);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => equal(item, b[i]));
  }
  if (typeof a === 'object' || typeof b === 'object') {
    if (typeof a !== 'object' || typeof b !== 'object') return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => hasOwn(b, key) && equal(a[key], b[key]));
  }
  return a === b;
}

function operationValue(op: Operation): JsonValue {
  return clone(op.value ?? null);
}

function applyAdd(state: State, op: Operation): PatchError | null {
  const path = op.path as string;
  if (path === '') {
    const value = operationValue(op);
    if (!isContainer(value)) {
      return new PatchError(`json: cannot unmarshal ${goTypeName(value)} into Go value of type map[string]*jsonpatch.lazyNode`);
    }
    state.doc = value;
    state.original = clone(value);
    return null;
  }
  const ensured = state.flavour === 'v4' ? null : ensurePathExists(state, path);
  if (ensured !== null) return ensured;
  const found = findObject(state, path);
  if (found === null) return wrap(`add operation does not apply: doc is missing path: "${path}"`, ERR_MISSING, true);
  const failed = add(found.container, found.key, operationValue(op));
  return failed === null ? null : wrap(`error in add for path: '${path}'`, failed.message);
}

function applyRemove(state: State, op: Operation): PatchError | null {
  const path = op.path as string;
  const found = findObject(state, path);
  const strict = state.flavour === 'v4';
  if (found === null) return strict ? wrap(`remove operation does not apply: doc is missing path: "${path}"`, ERR_MISSING, true) : null;
  const failed = remove(found.container, found.key, strict);
  return failed === null ? null : wrap(`error in remove for path: '${path}'`, failed.message);
}

function applyReplace(state: State, op: Operation): PatchError | null {
  const path = op.path as string;
  if (path === '') {
    const value = operationValue(op);
    // json-patch wraps a nil error here, which yields no error: the document is left as it is.
    if (!isContainer(value)) return null;
    state.doc = value;
    return null;
  }
  const found = findObject(state, path);
  if (found === null) return wrap(`replace operation does not apply: doc is missing path: ${path}`, ERR_MISSING, true);
  const missingKey = state.flavour === 'v4' && !Array.isArray(found.container);
  if (!missingKey && get(state, found.container, found.key) instanceof PatchError) {
    return wrap(`replace operation does not apply: doc is missing key: ${path}`, ERR_MISSING, true);
  }
  const failed = set(found.container, found.key, operationValue(op));
  return failed === null ? null : wrap(`error in remove for path: '${path}'`, failed.message);
}

function applyMove(state: State, op: Operation): PatchError | null {
  const from = op.from as string;
  if (from === '') return wrap('unable to move entire document to another path', ERR_INVALID);
  const source = findObject(state, from);
  if (source === null) return wrap(`move operation does not apply: doc is missing from path: ${from}`, ERR_MISSING, true);
  const value = get(state, source.container, source.key);
  if (value instanceof PatchError) return wrap(`error in move for path: '${source.key}'`, value.message);
  const removed = remove(source.container, source.key);
  if (removed !== null) return wrap(`error in move for path: '${source.key}'`, removed.message);
  const path = op.path as string;
  const target = findObject(state, path);
  if (target === null) {
    return wrap(`move operation does not apply: doc is missing destination path: ${path}`, ERR_MISSING, true);
  }
  const failed = add(target.container, target.key, value.value ?? null);
  return failed === null ? null : wrap(`error in move for path: '${path}'`, failed.message);
}

function applyCopy(state: State, op: Operation): PatchError | null {
  const from = op.from as string;
  const source = findObject(state, from);
  if (source === null) {
    return wrap(`copy operation does not apply: doc is missing from path: "${from}"`, ERR_MISSING, true);
  }
  const value = get(state, source.container, source.key);
  if (value instanceof PatchError) return wrap(`error in copy for from: '${from}'`, value.message);
  const path = op.path as string;
  const target = findObject(state, path);
  if (target === null) {
    return wrap(`copy operation does not apply: doc is missing destination path: ${path}`, ERR_MISSING, true);
  }
  const failed = add(target.container, target.key, clone(value.value ?? null));
  return failed === null ? null : wrap('error while adding value during copy', failed.message);
}

function applyTest(state: State, op: Operation): PatchError | null {
  const path = op.path as string;
  const expected = op.value;
  if (path === '') {
    return equal(state.doc, expected) ? null : wrap(`testing value ${path} failed`, ERR_TEST_FAILED);
  }
  const found = findObject(state, path);
  if (found === null) return wrap(`test operation does not apply: is missing path: ${path}`, ERR_MISSING, true);
  const actual = get(state, found.container, found.key);
  if (actual instanceof PatchError && !actual.missing) return wrap(`error in test for path: '${path}'`, actual.message);
  const value = actual instanceof PatchError ? undefined : actual.value;
  return equal(value, expected) ? null : wrap(`testing value ${path} failed`, ERR_TEST_FAILED);
}

/** Go's name of a JSON value's type in `json: cannot unmarshal X into ...` errors. */
function goTypeName(value: JsonValue): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/** `Operation.Path()` / `From()`: a string field, or json-patch's decoding error. */
function stringField(op: Operation, field: 'path' | 'from'): string | null {
  const value = op[field];
  if (value === undefined || value === null) {
    return field === 'path' ? `operation missing path field: ${ERR_MISSING}` : `operation, missing from field: ${ERR_MISSING}`;
  }
  if (typeof value !== 'string') return `json: cannot unmarshal ${goTypeName(value)} into Go value of type string`;
  return null;
}

function kindOf(op: Operation): string {
  return typeof op.op === 'string' ? op.op : 'unknown';
}

/** json-patch `validateOperation`. */
function validateOperation(op: Operation): string | null {
  switch (kindOf(op)) {
    case 'add':
    case 'replace':
      if (!hasOwn(op, 'value')) return `failed to decode 'value': operation, missing value field: ${ERR_MISSING}`;
      break;
    case 'move':
    case 'copy': {
      const error = stringField(op, 'from');
      if (error !== null) return `failed to decode 'from': ${error}`;
      break;
    }
    case 'remove':
    case 'test':
      break;
    default:
      return 'unsupported operation';
  }
  const error = stringField(op, 'path');
  return error === null ? null : `failed to decode 'path': ${error}`;
}

export type DecodedPatch = { operations: Operation[] } | { error: string };

/** Decoded patches by text: a rule's substituted patch is often the same for many resources. Bounded. */
const decodedPatches = new Map<string, DecodedPatch>();
const MAX_DECODED_PATCHES = 1024;

/**
 * The operations of a `patchesJson6902` value: a string is read as JSON when it starts with `[`,
 * as YAML otherwise (Kyverno `ConvertPatchesToJSON`), then decoded (`jsonpatch.DecodePatch`).
 * Operations are read-only (decodings of a text are shared).
 */
export function decodeJsonPatch(patch: string | JsonValue): DecodedPatch {
  if (typeof patch !== 'string') return decode(patch);
  let decoded = decodedPatches.get(patch);
  if (decoded === undefined) {
    decoded = decode(patch);
    if (decodedPatches.size >= MAX_DECODED_PATCHES) decodedPatches.clear();
    decodedPatches.set(patch, decoded);
  }
  return decoded;
}

function decode(patch: string | JsonValue): DecodedPatch {
  let value: JsonValue;
  if (typeof patch === 'string') {
    if (patch.length === 0 || patch[0] === '[') {
      try {
        value = goJsonParse(patch);
      } catch (error) {
        if (!(error instanceof GoJsonError) && !(error instanceof SyntaxError)) throw error;
        return { error: `failed to decode patches: ${ERR_INVALID}` };
      }
    } else {
      const parsed = parseDocuments('patchesJson6902', patch);
      const problem = parsed.problems.find((p) => p.severity === 'error');
      if (problem !== undefined) {
        return { error: `failed to convert patchesJSON6902 to JSON: error converting YAML to JSON: ${problem.message}` };
      }
      value = parsed.documents[0]?.value ?? null;
    }
  } else {
    value = patch;
  }
  if (value === null) return { operations: [] };
  if (!Array.isArray(value)) {
    return { error: `failed to decode patches: json: cannot unmarshal ${goTypeName(value)} into Go value of type jsonpatch.Patch` };
  }
  const operations: Operation[] = [];
  for (const item of value) {
    if (item !== null && (typeof item !== 'object' || Array.isArray(item))) {
      return {
        error: `failed to decode patches: json: cannot unmarshal ${goTypeName(item)} into Go value of type jsonpatch.Operation`,
      };
    }
    operations.push(item ?? {});
  }
  for (const [i, op] of operations.entries()) {
    const error = validateOperation(op);
    if (error !== null) {
      const text = value[i] === null ? 'null' : goJsonStringify(op);
      return { error: `failed to decode patches: invalid operation ${text}: ${error}` };
    }
  }
  return { operations };
}

/**
 * Applies a `patchesJson6902` patch to a copy of `resource`. Operations run in order and the
 * first failing one aborts the patch (no partial result).
 */
export function applyJsonPatch(resource: JsonObject, patch: string | JsonValue, flavour: JsonPatchFlavour = 'kyverno'): JsonPatchResult {
  const decoded = decodeJsonPatch(patch);
  if ('error' in decoded) return decoded;
  // The resource itself is never modified: it can stand for the original document, which is only read (copied).
  const state: State = { doc: clone(resource), original: resource, flavour };
  for (const op of decoded.operations) {
    let failed: PatchError | null;
    switch (kindOf(op)) {
      case 'add':
        failed = applyAdd(state, op);
        break;
      case 'remove':
        failed = applyRemove(state, op);
        break;
      case 'replace':
        failed = applyReplace(state, op);
        break;
      case 'move':
        failed = applyMove(state, op);
        break;
      case 'test':
        failed = applyTest(state, op);
        break;
      case 'copy':
        failed = applyCopy(state, op);
        break;
      default:
        failed = new PatchError(`Unexpected kind: ${kindOf(op)}`);
    }
    if (failed !== null) return { error: failed.message };
  }
  if (Array.isArray(state.doc)) return { error: 'patched resource is not an object' };
  return { resource: state.doc };
}
