/**
 * @file Minimal text edits of one YAML document: given the value a document should have, the
 * lines to rewrite so that it reads as that value, leaving everything else byte-identical
 * (comments, key order, quoting, indentation). Used to propose fixes for mutated resources.
 *
 * The document is split exactly as `parseDocuments` splits the file and parsed alone with the
 * `yaml` package (source ranges kept); scalars are read as Kyverno reads them (`yaml11.ts`).
 * Unchanged subtrees produce no edit; a changed mapping or block sequence is edited entry by
 * entry; a changed single-line scalar keeps its quoting style. Anything else that changes (a type
 * change, flow collections, multi-line scalars, anchors, aliases, merge keys, tags) is rewritten
 * as a whole from the `:` or `-` indicator that introduces it. New lines follow the document's
 * layout: its indentation width and whether it indents sequences under their key.
 */
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node, type Pair } from 'yaml';
import type { JsonValue } from '../types.js';
import { isObject, jsonEqual } from '../util/json-value.js';
import { keyOf } from './locate.js';
import { stripByteOrderMark } from './byte-order-mark.js';
import { splitDocuments } from './split.js';
import { type BlockStyle, type CharEdit, DEFAULT_STYLE, eolOf, renderEntry, renderInlineString, toLineEdits } from './edit/text.js';
import { YamlValueError, resolveScalar, shortTag } from './yaml11.js';

import type { LineEdit } from './edit/text.js';

export type { LineEdit } from './edit/text.js';
export { applyEdits } from './edit/text.js';
export { sourceValueFor } from './edit/restore.js';

/** A value that equals nothing: a subtree that cannot be read is always rewritten. */
const UNREADABLE = Symbol('unreadable');
type Read = JsonValue | typeof UNREADABLE;

/** How a node can be rewritten as a whole: the span after its indicator, and how to render into it. */
interface Slot {
  kind: 'pair' | 'item' | 'root';
  /** Offset just after the `:` or `-` indicator (`root`: the node's start). */
  start: number;
  /** Column (0-based) of the key or dash that continuation lines are indented from. */
  column: number;
}

class EditContext {
  readonly edits: CharEdit[] = [];
  constructor(
    readonly document: Document,
    readonly body: string,
    readonly eol: string,
    readonly style: BlockStyle = DEFAULT_STYLE,
  ) {}

  column(offset: number): number {
    const lineStart = this.body.lastIndexOf('\n', offset - 1) + 1;
    return offset - lineStart;
  }

  /** Whether only blanks precede `offset` on its line. */
  startsLine(offset: number): boolean {
    const lineStart = this.body.lastIndexOf('\n', offset - 1) + 1;
    return /^[ \t]*$/.test(this.body.slice(lineStart, offset));
  }

  /** Offset of the end of the node's content, trailing blanks, line breaks and comments excluded. */
  contentEnd(node: Node): number {
    const [start, end] = node.range ?? [0, 0];
    return trimEnd(this.body, start, end);
  }

  /** Offset just past the line break ending the line that holds `offset - 1`. */
  lineEndAfter(offset: number): number {
    const newline = this.body.indexOf('\n', Math.max(offset - 1, 0));
    return newline === -1 ? this.body.length : newline + 1;
  }

  lineStart(offset: number): number {
    return this.body.lastIndexOf('\n', offset - 1) + 1;
  }
}

/** The end of the content of `[start, end)`: blanks, line breaks and whole-line comments dropped. */
function trimEnd(text: string, start: number, end: number): number {
  let at = end;
  for (;;) {
    while (at > start && /\s/.test(text[at - 1])) at--;
    // A trailing comment (from `#` preceded by a blank or at a line start) is not content.
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const line = text.slice(Math.max(lineStart, start), at);
    const hash = commentStart(line);
    if (hash === -1) return at;
    const cut = Math.max(lineStart, start) + hash;
    if (cut === at) return at;
    at = cut;
  }
}

/** Index of a comment's `#` in a line, ignoring `#` inside quotes (best effort), or -1. */
function commentStart(line: string): number {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== null) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:,[{-]/.test(line[i - 1])) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) {
      return i;
    }
  }
  return -1;
}

function isMergeKey(node: unknown): boolean {
  return isScalar(node) && node.value === '<<' && node.type === 'PLAIN' && node.tag === undefined;
}


/** The value Kyverno reads for a node (aliases resolved, merge keys applied). */
function readNode(context: EditContext, node: unknown, depth = 0): Read {
  if (depth > 64) return UNREADABLE;
  if (node === null || node === undefined) return null;
  if (isAlias(node)) return readNode(context, node.resolve(context.document), depth + 1);
  if (isScalar(node)) {
    if (typeof node.value !== 'string') return node.value === null ? null : UNREADABLE;
    const tag = node.tag === undefined ? '' : shortTag(node.tag);
    if (tag === '' && node.type !== 'PLAIN') return node.value;
    try {
      return resolveScalar(tag, node.value).value;
    } catch (error) {
      if (error instanceof YamlValueError) return UNREADABLE;
      throw error;
    }
  }
  if (isSeq(node)) {
    const items: JsonValue[] = [];
    for (const item of node.items) {
      const value = readNode(context, item, depth + 1);
      if (value === UNREADABLE) return UNREADABLE;
      items.push(value);
    }
    return items;
  }
  if (isMap(node)) {
    const merged: Record<string, JsonValue> = {};
    const own: Record<string, JsonValue> = {};
    for (const pair of node.items) {
      if (isMergeKey(pair.key)) {
        const source = isAlias(pair.value) ? pair.value.resolve(context.document) : pair.value;
        const sources = isSeq(source) ? source.items : [source];
        for (const item of sources) {
          const value = readNode(context, item, depth + 1);
          if (!isObject(value)) return UNREADABLE;
          for (const [key, entry] of Object.entries(value)) if (!Object.hasOwn(merged, key)) define(merged, key, entry);
        }
        continue;
      }
      const key = keyOf(context.document, pair.key);
      const value = readNode(context, pair.value, depth + 1);
      if (key === null || value === UNREADABLE) return UNREADABLE;
      define(own, key, value);
    }
    const result: Record<string, JsonValue> = {};
    for (const [key, value] of Object.entries(merged)) define(result, key, value);
    for (const [key, value] of Object.entries(own)) define(result, key, value);
    return result;
  }
  return UNREADABLE;
}

function define(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Whether the node carries an anchor, a tag or is an alias (then only rewritten as a whole). */
function hasProperties(node: unknown): boolean {
  if (isAlias(node)) return true;
  if (isScalar(node) || isMap(node) || isSeq(node)) return node.anchor !== undefined || node.tag !== undefined;
  return false;
}

/** Rewrites the node in `slot` as a whole with `after`. */
function replaceWhole(context: EditContext, slot: Slot, node: Node | null, after: JsonValue): void {
  const end = node === null ? slot.start : Math.max(slot.start, context.contentEnd(node));
  const text = renderEntry(slot.kind, after, slot.column, context.eol, context.style);
  context.edits.push({ from: slot.start, to: end, text });
}

function diff(context: EditContext, node: Node | null, after: JsonValue, slot: Slot, loaded?: JsonValue): void {
  let before = readNode(context, node);
  // What the edits cannot read (tags such as !!binary, duplicate keys) is compared as the loader read it.
  if (before === UNREADABLE && loaded !== undefined) before = loaded;
  if (before !== UNREADABLE && jsonEqual(before, after, 'type')) return;
  if (node === null || hasProperties(node)) return replaceWhole(context, slot, node, after);
  if (isMap(node) && !node.flow && isObject(after) && isObject(before)) {
    if (diffMap(context, node.items as Pair[], before, after, isObject(loaded) ? loaded : undefined)) return;
  } else if (isSeq(node) && !node.flow && Array.isArray(after) && Array.isArray(before)) {
    if (diffSeq(context, node.items as Node[], before, after, Array.isArray(loaded) ? loaded : undefined)) return;
  } else if (isScalar(node) && !isObject(after) && !Array.isArray(after) && node.range) {
    const [start, end] = node.range;
    const single = !context.body.slice(start, end).includes('\n') && (node.type === 'PLAIN' || node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE');
    const inline = single ? renderInlineString(node.type, after) : null;
    if (inline !== null && end > start) {
      context.edits.push({ from: start, to: end, text: inline });
      return;
    }
  }
  replaceWhole(context, slot, node, after);
}

/** Edits a block mapping pair by pair; `false` when it has to be rewritten as a whole instead. */
function diffMap(
  context: EditContext,
  pairs: Pair[],
  before: Record<string, JsonValue>,
  after: Record<string, JsonValue>,
  loaded?: Record<string, JsonValue>,
): boolean {
  const keys: string[] = [];
  for (const pair of pairs) {
    const key = keyOf(context.document, pair.key);
    if (key === null || keys.includes(key) || isMergeKey(pair.key) || !(pair.key as Node | null)?.range) return false;
    keys.push(key);
  }
  const kept = keys.filter((key) => Object.hasOwn(after, key));
  const added = Object.keys(after).filter((key) => !Object.hasOwn(before, key));
  if (kept.length + added.length === 0 || pairs.length === 0) return false;
  const firstKey = pairs[0].key as Node;
  const column = context.column(firstKey.range![0]);
  // Removing the first pair of a compact `- key:` entry would remove the dash with it.
  for (const [i, pair] of pairs.entries()) {
    if (!Object.hasOwn(after, keys[i]) && !context.startsLine((pair.key as Node).range![0])) return false;
  }
  const planned: CharEdit[] = [];
  for (const [i, pair] of pairs.entries()) {
    const keyNode = pair.key as Node;
    const value = (pair.value as Node | null) ?? null;
    if (!Object.hasOwn(after, keys[i])) {
      const from = context.lineStart(keyNode.range![0]);
      const last = value === null ? trimEnd(context.body, keyNode.range![0], keyNode.range![2]) : Math.max(context.contentEnd(value), keyNode.range![1]);
      planned.push({ from, to: context.lineEndAfter(last), text: '' });
      continue;
    }
    const colon = context.body.indexOf(':', keyNode.range![1]);
    if (colon === -1) return false;
    const sub = new EditContext(context.document, context.body, context.eol, context.style);
    const loadedValue = loaded !== undefined && Object.hasOwn(loaded, keys[i]) ? loaded[keys[i]] : undefined;
    diff(sub, value, after[keys[i]], { kind: 'pair', start: colon + 1, column: context.column(keyNode.range![0]) }, loadedValue);
    planned.push(...sub.edits);
  }
  if (added.length > 0) {
    const lastPair = pairs[pairs.length - 1];
    const lastNode = (lastPair.value as Node | null) ?? (lastPair.key as Node);
    const lastEnd = Math.max(context.contentEnd(lastNode), (lastPair.key as Node).range![1]);
    const at = context.lineEndAfter(lastEnd);
    const addition: Record<string, JsonValue> = {};
    for (const key of added) define(addition, key, after[key]);
    let text = renderEntry('block', addition, column, context.eol, context.style) + context.eol;
    if (at === context.body.length && !context.body.endsWith('\n')) text = context.eol + text.slice(0, -context.eol.length);
    planned.push({ from: at, to: at, text });
  }
  context.edits.push(...planned);
  return true;
}

/** Edits a block sequence item by item; `false` when it has to be rewritten as a whole instead. */
function diffSeq(context: EditContext, items: Node[], before: JsonValue[], after: JsonValue[], loaded?: JsonValue[]): boolean {
  if (items.length === 0 || after.length === 0) return false;
  const dashes: number[] = [];
  for (const item of items) {
    if (item?.range == null) return false;
    const dash = context.body.lastIndexOf('-', item.range[0] - 1);
    if (dash === -1 || !/^[ \t]*$/.test(context.body.slice(dash + 1, item.range[0])) || !context.startsLine(dash)) return false;
    dashes.push(dash);
  }
  const column = context.column(dashes[0]);
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && jsonEqual(before[prefix], after[prefix], 'type')) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    jsonEqual(before[before.length - 1 - suffix], after[after.length - 1 - suffix], 'type')
  ) {
    suffix++;
  }
  const oldMiddle = before.length - prefix - suffix;
  const newMiddle = after.length - prefix - suffix;
  const paired = Math.min(oldMiddle, newMiddle);
  for (let i = 0; i < paired; i++) {
    const index = prefix + i;
    diff(context, items[index], after[index], { kind: 'item', start: dashes[index] + 1, column: context.column(dashes[index]) }, loaded?.[index]);
  }
  for (let index = prefix + paired; index < prefix + oldMiddle; index++) {
    const from = context.lineStart(dashes[index]);
    context.edits.push({ from, to: context.lineEndAfter(context.contentEnd(items[index])), text: '' });
  }
  if (newMiddle > paired) {
    const inserted = after.slice(prefix + paired, prefix + newMiddle);
    let text = renderEntry('block', inserted, column, context.eol, context.style) + context.eol;
    const previous = prefix + paired - 1;
    let at: number;
    if (previous >= 0) {
      at = context.lineEndAfter(context.contentEnd(items[previous]));
      if (at === context.body.length && !context.body.endsWith('\n')) text = context.eol + text.slice(0, -context.eol.length);
    } else {
      at = context.lineStart(dashes[0]);
    }
    context.edits.push({ from: at, to: at, text });
  }
  return true;
}

/**
 * The layout of the document's block collections, from the first nested mapping and the first
 * sequence under a key (the defaults when the document has none).
 */
function detectStyle(document: Document, body: string): BlockStyle {
  const column = (offset: number): number => offset - (body.lastIndexOf('\n', offset - 1) + 1);
  let indent: number | undefined;
  let indentSeq: boolean | undefined;
  const visit = (node: unknown, depth: number): void => {
    if (depth > 32 || (indent !== undefined && indentSeq !== undefined)) return;
    if (isSeq(node)) {
      for (const item of node.items) visit(item, depth + 1);
      return;
    }
    if (!isMap(node) || node.flow) return;
    for (const pair of node.items as Pair[]) {
      const key = pair.key as Node | null;
      const value = pair.value as Node | null;
      if (!key?.range || !value?.range || (!isMap(value) && !isSeq(value)) || value.flow) continue;
      const keyColumn = column(key.range[0]);
      if (isMap(value) && indent === undefined) {
        const first = (value.items[0] as Pair | undefined)?.key as Node | null | undefined;
        if (first?.range && column(first.range[0]) > keyColumn) indent = column(first.range[0]) - keyColumn;
      }
      if (isSeq(value) && indentSeq === undefined) {
        const first = value.items[0] as Node | null | undefined;
        const dash = first?.range ? body.lastIndexOf('-', first.range[0] - 1) : -1;
        if (dash !== -1) indentSeq = column(dash) > keyColumn;
      }
      visit(value, depth + 1);
    }
  };
  visit(document.contents, 0);
  return { indent: indent ?? DEFAULT_STYLE.indent, indentSeq: indentSeq ?? DEFAULT_STYLE.indentSeq };
}

/**
 * The line edits that turn document `documentIndex` of `text` (numbered as by `parseDocuments`)
 * into `after`. Throws when the document does not exist or does not parse.
 */
export function computeEdits(text: string, documentIndex: number, after: JsonValue, loaded?: JsonValue): LineEdit[] {
  const source = stripByteOrderMark(text);
  const offset = text.length - source.length;
  const chunk = splitDocuments(source).chunks[documentIndex];
  if (chunk === undefined) throw new RangeError(`no document ${documentIndex}`);
  const body = source.slice(chunk.start, chunk.end);
  const document = parseDocument(body, { schema: 'failsafe', uniqueKeys: false, strict: false, keepSourceTokens: true });
  if (document.errors.length > 0) throw new Error(`document ${documentIndex} does not parse: ${document.errors[0].message}`);
  const context = new EditContext(document, body, eolOf(text), detectStyle(document, body));
  const root = (document.contents as Node | null) ?? null;
  const start = root?.range?.[0] ?? 0;
  diff(context, root, after, { kind: 'root', start, column: 0 }, loaded);
  const base = offset + chunk.start;
  return toLineEdits(
    text,
    context.edits.map((edit) => ({ from: edit.from + base, to: edit.to + base, text: edit.text })),
  );
}

