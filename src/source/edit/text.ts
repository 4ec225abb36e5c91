/**
 * @file Text helpers of the YAML edits (`../edit.ts`): rendering of new values in the YAML that
 * Kyverno reads back as exactly those values, and the conversion of character edits into edits of
 * whole lines.
 */
import { stringify } from 'yaml';
import type { JsonValue } from '../../types.js';
import { isObject, jsonEqual, stringifyJson, valueJson } from '../../util/json-value.js';
import { parseDocuments } from '../parse.js';
import { lineIndexAt, lineStarts } from '../lines.js';

/** A replacement of the characters `[from, to)` by `text`. */
export interface CharEdit {
  from: number;
  to: number;
  text: string;
}

/**
 * A replacement of the lines `startLine..endLine` (1-based, inclusive) of the original text.
 * `replacement` is the new text of those lines including their line breaks: `''` removes the
 * lines, and it ends without a line break only where the last original line had none.
 */
export interface LineEdit {
  startLine: number;
  endLine: number;
  replacement: string;
}

export function eolOf(text: string): string {
  const newline = text.indexOf('\n');
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}

/** How Kyverno reads a YAML text (first document), or `undefined` when it does not read it. */
function readBack(text: string): JsonValue | undefined {
  const parsed = parseDocuments('render', text);
  if (parsed.problems.some((problem) => problem.severity === 'error')) return undefined;
  return parsed.documents[0]?.value ?? null;
}

/** A single-line JSON-style flow rendering (always read back as the value itself). */
function flow(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(flow).join(', ')}]`;
  if (isObject(value)) {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${flow(item)}`).join(', ')}}`;
  }
  return stringifyJson(value);
}

/** How the document being edited lays out block collections, so that new lines look like the others. */
export interface BlockStyle {
  /** Spaces per nesting level of mappings. */
  indent: number;
  /** Whether a sequence under a key is indented (`key:\n  - a`) rather than not (`key:\n- a`). */
  indentSeq: boolean;
}

export const DEFAULT_STYLE: BlockStyle = { indent: 2, indentSeq: true };

/** {@link render}'s lines by style and value: a mutation adds the same entries to many objects. Bounded. */
const renderedLines = new Map<string, readonly string[]>();
const MAX_RENDERED = 4096;

/** {@link renderLines}, each value and style rendered (and read back) once. */
function render(value: JsonValue, style: BlockStyle): readonly string[] {
  const key = `${style.indent}${style.indentSeq ? '+' : '-'}${valueJson(value)}`;
  let lines = renderedLines.get(key);
  if (lines === undefined) {
    lines = renderLines(value, style);
    if (renderedLines.size >= MAX_RENDERED) renderedLines.clear();
    renderedLines.set(key, lines);
  }
  return lines;
}

/**
 * Block YAML lines of `value` at indentation 0, checked to read back as `value`; the lines of a
 * flow rendering otherwise.
 */
function renderLines(value: JsonValue, style: BlockStyle): string[] {
  const text = stringify(value, {
    version: '1.1',
    lineWidth: 0,
    minContentWidth: 0,
    aliasDuplicateObjects: false,
    indent: style.indent,
    indentSeq: style.indentSeq,
  });
  const back = readBack(text);
  if (back !== undefined && jsonEqual(back, value, 'type')) return text.replace(/\n$/, '').split('\n');
  if (isObject(value) && Object.keys(value).length > 0) {
    return Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${flow(item)}`);
  }
  if (Array.isArray(value) && value.length > 0) return value.map((item) => `- ${flow(item)}`);
  return [flow(value)];
}

function indent(lines: readonly string[], column: number, eol: string): string {
  const prefix = ' '.repeat(column);
  return lines.map((line) => (line === '' ? line : prefix + line)).join(eol);
}

/**
 * The text of `value` for a slot: `pair` is what follows a key's `:`, `item` what follows a
 * dash (continuation lines indented from `column`); `block` is entries (mapping keys or sequence
 * items) at `column`; `root` a whole document. No trailing line break.
 */
export function renderEntry(
  kind: 'pair' | 'item' | 'block' | 'root',
  value: JsonValue,
  column: number,
  eol: string,
  style: BlockStyle = DEFAULT_STYLE,
): string {
  if (kind === 'root') return indent(render(value, style), 0, eol);
  if (kind === 'block') return indent(render(value, style), column, eol);
  const lines = render(kind === 'pair' ? { k: value } : [value], style);
  const head = kind === 'pair' ? /^(?:k|"k"):/ : /^-/;
  const match = head.exec(lines[0]);
  if (match === null) return ` ${flow(value)}`;
  const first = lines[0].slice(match[0].length);
  const rest = lines.slice(1);
  return rest.length === 0 ? first : first + eol + indent(rest, column, eol);
}

/**
 * A single-line rendering of a scalar in the quoting style of the scalar it replaces
 * (`PLAIN` scalars get whatever style reads back right), or `null` when none fits on one line.
 */
export function renderInlineString(type: string | undefined, value: JsonValue): string | null {
  if (typeof value === 'string' && type === 'QUOTE_DOUBLE') return JSON.stringify(value);
  if (typeof value === 'string' && type === 'QUOTE_SINGLE' && !/[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]/.test(value)) {
    return `'${value.replace(/'/g, "''")}'`;
  }
  const text = renderEntry('pair', value, 0, '\n');
  if (text.includes('\n') || !text.startsWith(' ')) return null;
  return text.slice(1);
}

/** Groups non-overlapping character edits of `text` into edits of whole lines. */
export function toLineEdits(text: string, edits: CharEdit[]): LineEdit[] {
  const starts = lineStarts(text);
  const lineEnd = (line: number): number => (line + 1 < starts.length ? starts[line + 1] : text.length);
  const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
  const spans = sorted.map((edit) => {
    let first: number;
    let last: number;
    if (edit.from === edit.to) {
      const line = lineIndexAt(starts, edit.from);
      // An insertion at a line start belongs to the line before it (if any).
      first = last = starts[line] === edit.from && line > 0 ? line - 1 : line;
      if (edit.from === text.length && text.length > 0 && !text.endsWith('\n')) first = last = starts.length - 1;
    } else {
      first = lineIndexAt(starts, edit.from);
      last = lineIndexAt(starts, edit.to - 1);
    }
    return { edit, first, last };
  });
  const result: LineEdit[] = [];
  let group: typeof spans = [];
  const flush = (): void => {
    if (group.length === 0) return;
    const first = group[0].first;
    const last = Math.max(...group.map((span) => span.last));
    const from = starts[first];
    let out = '';
    let cursor = from;
    for (const { edit } of group) {
      out += text.slice(cursor, edit.from) + edit.text;
      cursor = Math.max(cursor, edit.to);
    }
    out += text.slice(cursor, lineEnd(last));
    if (out !== text.slice(from, lineEnd(last))) result.push({ startLine: first + 1, endLine: last + 1, replacement: out });
    group = [];
  };
  for (const span of spans) {
    const groupLast = group.length === 0 ? -1 : Math.max(...group.map((entry) => entry.last));
    if (group.length > 0 && span.first > groupLast) flush();
    group.push(span);
  }
  flush();
  return result;
}

/** Applies line edits (as {@link toLineEdits} makes them: disjoint) to `text`. */
export function applyEdits(text: string, edits: LineEdit[]): string {
  const starts = lineStarts(text);
  const offsetOf = (line: number): number => (line - 1 < starts.length ? starts[line - 1] : text.length);
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.startLine - a.startLine)) {
    out = out.slice(0, offsetOf(edit.startLine)) + edit.replacement + out.slice(offsetOf(edit.endLine + 1));
  }
  return out;
}
