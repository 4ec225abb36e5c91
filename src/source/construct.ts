/**
 * @file Builds the JSON value of one YAML document from js-yaml parser events, the way Kyverno
 * gets it from `sigs.k8s.io/yaml` (go-yaml v2 decoding into `interface{}`, then JSON):
 * YAML 1.1 scalars, go-yaml v2 merge keys (`<<` overrides keys set before it; earlier sources of
 * a merge list win), aliases expanded into independent copies, go-yaml v2's "excessive aliasing"
 * limit computed from memoised node counts (an alias bomb is rejected before anything is copied),
 * non-scalar keys and non-finite numbers rejected as JSON conversion does, and nesting (aliases
 * expanded) limited to {@link MAX_DEPTH} levels. Iterative over the input; only copies of aliased
 * values recurse, at most {@link MAX_DEPTH} levels deep.
 */
import { EVENT_ID, SCALAR_STYLE, getScalarValue, type Event, type ScalarEvent } from 'js-yaml';
import type { JsonObject, JsonPrimitive, JsonValue } from '../types.js';
import { YamlValueError, objectKey, plainScalarValue, resolveScalar, shortTag } from './yaml11.js';
import { isObject } from '../util/json-value.js';

/** Deepest nesting of collections accepted in a document, alias expansion included. */
export const MAX_DEPTH = 512;

/** A document that cannot be converted; `offset` is where, in the parsed text. */
export class DocumentError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** The value of the first document of an event stream. */
interface BuiltDocument {
  value: JsonValue;
  /** The stream holds further documents (after `...`), which go-yaml's `Unmarshal` ignores. */
  hasTrailingDocuments: boolean;
}

const NO_RANGE = -1;
const MERGE_TAG = '!!merge';
const DEFAULT_TAG_HANDLES: Record<string, string> = { '!': '!', '!!': 'tag:yaml.org,2002:' };

/** An anchored node: its value and what decoding it costs go-yaml (`size`) and its `height`. */
interface Anchor {
  value: JsonValue;
  size: number;
  height: number;
  /** Scalars: how to turn the node into a mapping key. */
  scalar?: { tag: string; text: string; plain: boolean };
}

interface Frame {
  isMap: boolean;
  /** The value of a `<<` key given as a sequence: holds merge sources, not a value. */
  isMergeList: boolean;
  value: JsonValue[] | JsonObject;
  /** go-yaml v2 decode operations (`d.unmarshal` calls) this node costs. */
  size: number;
  /** Collections on the longest path down from this node (this one included). */
  height: number;
  anchor: string | null;
  offset: number;
  key: string;
  hasKey: boolean;
  keyIsMerge: boolean;
}

interface BuildState {
  source: string;
  frames: Frame[];
  anchors: Map<string, Anchor | null>;
  tagHandles: Record<string, string>;
  decodeCount: number;
  aliasCount: number;
  root: JsonValue;
  nonFiniteOffset: number;
  /** Offset of the last event that had one (empty scalars have none). */
  lastOffset: number;
}

/**
 * Builds the first document of `events` (parsed from `source`). Throws {@link DocumentError}.
 */
export function buildDocument(source: string, events: readonly Event[]): BuiltDocument {
  if (events.length === 0) return { value: null, hasTrailingDocuments: false };
  const state: BuildState = {
    source,
    frames: [],
    anchors: new Map(),
    tagHandles: DEFAULT_TAG_HANDLES,
    decodeCount: 1,
    aliasCount: 0,
    root: null,
    nonFiniteOffset: NO_RANGE,
    lastOffset: 0,
  };
  let index = 0;
  let finished = false;
  while (!finished && index < events.length) {
    const event = events[index++];
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        for (const directive of event.directives) {
          if (directive.kind === 'tag') {
            state.tagHandles = { ...state.tagHandles, [directive.handle]: directive.prefix };
          }
        }
        break;
      case EVENT_ID.SCALAR:
        onScalar(state, event);
        break;
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE:
        onCollectionStart(state, event.type === EVENT_ID.MAPPING, event);
        break;
      case EVENT_ID.ALIAS:
        onAlias(state, source.slice(event.anchorStart, event.anchorEnd), event.anchorStart - 1);
        break;
      case EVENT_ID.POP:
        if (state.frames.length === 0) finished = true;
        else onCollectionEnd(state);
        break;
    }
  }
  if (state.nonFiniteOffset !== NO_RANGE) rejectNonFinite(state.root, state.nonFiniteOffset);
  return { value: state.root, hasTrailingDocuments: index < events.length };
}

/** Where an event starts: its tag, else its anchor, else its content (`start`). */
function eventOffset(state: BuildState, event: { tagStart: number; anchorStart: number }, start: number): number {
  let offset = start;
  if (event.tagStart !== NO_RANGE) offset = event.tagStart;
  else if (event.anchorStart !== NO_RANGE) offset = event.anchorStart;
  if (offset === NO_RANGE) return state.lastOffset;
  state.lastOffset = offset;
  return offset;
}

function tagOf(state: BuildState, tagStart: number, tagEnd: number): string {
  if (tagStart === NO_RANGE) return '';
  const raw = state.source.slice(tagStart, tagEnd);
  if (raw.startsWith('!<') && raw.endsWith('>')) return shortTag(raw.slice(2, -1));
  const handleEnd = raw.indexOf('!', 1);
  const handle = handleEnd === -1 ? '!' : raw.slice(0, handleEnd + 1);
  return shortTag((state.tagHandles[handle] ?? handle) + raw.slice(handle.length));
}

function top(state: BuildState): Frame | undefined {
  return state.frames[state.frames.length - 1];
}

function count(state: BuildState, offset: number, decodes: number, viaAlias: boolean): void {
  state.decodeCount += decodes;
  if (viaAlias) state.aliasCount += decodes;
  const { decodeCount, aliasCount } = state;
  if (aliasCount > 100 && decodeCount > 1000 && aliasCount / decodeCount > allowedAliasRatio(decodeCount)) {
    throw new DocumentError('document contains excessive aliasing', offset);
  }
}

/** go-yaml v2 `allowedAliasRatio`: the share of decode operations aliases may account for. */
function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= 400_000) return 0.99;
  if (decodeCount >= 4_000_000) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - 400_000) / 3_600_000);
}

function isMergeKey(tag: string, text: string, plain: boolean): boolean {
  return text === '<<' && ((tag === '' && plain) || tag === '!' || tag === MERGE_TAG);
}

/** The JSON value of a scalar; remembers where a non-finite number (refused by JSON) appeared. */
function scalarValue(state: BuildState, tag: string, text: string, plain: boolean, offset: number): JsonPrimitive {
  if (tag === '' && !plain) return text;
  let value: JsonPrimitive;
  try {
    value = tag === '' ? plainScalarValue(text) : resolveScalar(tag, text).value;
  } catch (error) {
    throw asDocumentError(error, offset);
  }
  if (typeof value === 'number' && !Number.isFinite(value) && state.nonFiniteOffset === NO_RANGE) {
    state.nonFiniteOffset = offset;
  }
  return value;
}

function scalarKey(tag: string, text: string, plain: boolean, offset: number): string {
  if (tag === '' && !plain) return text;
  try {
    return objectKey(resolveScalar(tag, text));
  } catch (error) {
    throw asDocumentError(error, offset);
  }
}

function asDocumentError(error: unknown, offset: number): unknown {
  return error instanceof YamlValueError ? new DocumentError(error.message, offset) : error;
}

function onScalar(state: BuildState, event: ScalarEvent): void {
  const text = getScalarValue(state.source, event);
  const tag = tagOf(state, event.tagStart, event.tagEnd);
  const plain = event.style === SCALAR_STYLE.PLAIN;
  const offset = eventOffset(state, event, event.valueStart);
  const anchor = event.anchorStart === NO_RANGE ? null : state.source.slice(event.anchorStart, event.anchorEnd);
  const frame = top(state);
  if (frame !== undefined && frame.isMap && !frame.hasKey) {
    if (isMergeKey(tag, text, plain)) {
      frame.keyIsMerge = true;
    } else {
      count(state, offset, 1, false);
      frame.key = scalarKey(tag, text, plain, offset);
      frame.size += 1;
    }
    frame.hasKey = true;
    if (anchor !== null) {
      const value = scalarValue(state, tag, text, plain, offset);
      state.anchors.set(anchor, { value, size: 1, height: 0, scalar: { tag, text, plain } });
    }
    return;
  }
  count(state, offset, 1, false);
  const value = scalarValue(state, tag, text, plain, offset);
  if (anchor !== null) state.anchors.set(anchor, { value, size: 1, height: 0, scalar: { tag, text, plain } });
  addValue(state, value, 1, 0, offset);
}

function onCollectionStart(
  state: BuildState,
  isMap: boolean,
  event: { start: number; tagStart: number; anchorStart: number; anchorEnd: number },
): void {
  const offset = eventOffset(state, event, event.start);
  const parent = top(state);
  if (parent !== undefined && parent.isMap && !parent.hasKey) {
    throw new DocumentError('invalid map key: a mapping key must be a scalar', offset);
  }
  if (parent !== undefined && parent.isMergeList && !isMap) {
    throw new DocumentError('map merge requires map or sequence of maps as the value', offset);
  }
  if (state.frames.length + 1 > MAX_DEPTH) throw nestingError(offset);
  const isMergeList = !isMap && parent !== undefined && parent.isMap && parent.keyIsMerge;
  if (!isMergeList) count(state, offset, 1, false);
  const anchor = event.anchorStart === NO_RANGE ? null : state.source.slice(event.anchorStart, event.anchorEnd);
  if (anchor !== null) state.anchors.set(anchor, null);
  state.frames.push({
    isMap,
    isMergeList,
    value: isMap ? {} : [],
    size: isMergeList ? 0 : 1,
    height: 1,
    anchor,
    offset,
    key: '',
    hasKey: false,
    keyIsMerge: false,
  });
}

function onCollectionEnd(state: BuildState): void {
  const frame = state.frames.pop() as Frame;
  if (frame.anchor !== null) {
    const size = frame.isMergeList ? frame.size + 1 : frame.size;
    state.anchors.set(frame.anchor, { value: frame.value, size, height: frame.height });
  }
  if (!frame.isMergeList) {
    addValue(state, frame.value, frame.size, frame.height, frame.offset);
    return;
  }
  const target = top(state) as Frame;
  const sources = frame.value as JsonObject[];
  for (let i = sources.length - 1; i >= 0; i--) mergeInto(target, sources[i]);
  target.size += frame.size;
  target.height = Math.max(target.height, frame.height - 1);
  target.hasKey = false;
  target.keyIsMerge = false;
}

function onAlias(state: BuildState, name: string, offset: number): void {
  const anchor = state.anchors.get(name);
  if (anchor === undefined) throw new DocumentError(`unknown anchor '${name}' referenced`, offset);
  if (anchor === null) throw new DocumentError(`anchor '${name}' value contains itself`, offset);
  const frame = top(state);
  const isKey = frame !== undefined && frame.isMap && !frame.hasKey;
  count(state, offset, 1, false);
  count(state, offset, anchor.size, true);
  const size = 1 + anchor.size;
  if (isKey) {
    const { scalar } = anchor;
    if (scalar === undefined) throw new DocumentError('invalid map key: a mapping key must be a scalar', offset);
    frame.key = scalarKey(scalar.tag, scalar.text, scalar.plain, offset);
    frame.hasKey = true;
    frame.size += size;
    return;
  }
  if (frame !== undefined && (frame.isMergeList || (frame.isMap && frame.keyIsMerge))) {
    if (!isObject(anchor.value)) {
      throw new DocumentError('map merge requires map or sequence of maps as the value', offset);
    }
    if (state.frames.length + anchor.height - 1 > MAX_DEPTH) throw nestingError(offset);
    if (frame.isMergeList) {
      (frame.value as JsonValue[]).push(anchor.value);
      frame.size += size;
      frame.height = Math.max(frame.height, 1 + anchor.height);
    } else {
      mergeInto(frame, anchor.value);
      frame.size += size;
      frame.height = Math.max(frame.height, anchor.height);
      frame.hasKey = false;
      frame.keyIsMerge = false;
    }
    return;
  }
  if (state.frames.length + anchor.height > MAX_DEPTH) throw nestingError(offset);
  addValue(state, cloneJson(anchor.value), size, anchor.height, offset);
}

function addValue(state: BuildState, value: JsonValue, size: number, height: number, offset: number): void {
  const frame = top(state);
  if (frame === undefined) {
    state.root = value;
    return;
  }
  frame.size += size;
  if (!frame.isMap) {
    frame.height = Math.max(frame.height, 1 + height);
    if (frame.isMergeList && !isObject(value)) {
      throw new DocumentError('map merge requires map or sequence of maps as the value', offset);
    }
    (frame.value as JsonValue[]).push(value);
    return;
  }
  const target = frame.value as JsonObject;
  if (frame.keyIsMerge) {
    if (!isObject(value)) throw new DocumentError('map merge requires map or sequence of maps as the value', offset);
    mergeInto(frame, value);
    frame.height = Math.max(frame.height, height);
    frame.keyIsMerge = false;
  } else {
    setKey(target, frame.key, value);
    frame.height = Math.max(frame.height, 1 + height);
  }
  frame.hasKey = false;
}

/** go-yaml v2 merge: every key of `source` is written into the mapping, replacing earlier ones. */
function mergeInto(frame: Frame, source: JsonObject): void {
  const target = frame.value as JsonObject;
  for (const key of Object.keys(source)) setKey(target, key, cloneJson(source[key]));
}

/** Stores a key as an own data property (`__proto__` included: no prototype change). */
function setKey(target: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** A deep copy; depth is bounded by {@link MAX_DEPTH}, checked before copying. */
function cloneJson(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJson);
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) setKey(copy, key, cloneJson(value[key]));
  return copy;
}

function nestingError(offset: number): DocumentError {
  return new DocumentError(`document nesting exceeds ${MAX_DEPTH} levels`, offset);
}

/** Go `encoding/json` refuses NaN and infinities: fails when one is left in the value. */
function rejectNonFinite(root: JsonValue, offset: number): void {
  const pending: JsonValue[] = [root];
  while (pending.length > 0) {
    const value = pending.pop() as JsonValue;
    if (typeof value === 'number' && !Number.isFinite(value)) {
      const text = Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf';
      throw new DocumentError(`json: unsupported value: ${text}`, offset);
    }
    if (value !== null && typeof value === 'object') {
      for (const child of Array.isArray(value) ? value : Object.values(value)) pending.push(child);
    }
  }
}
