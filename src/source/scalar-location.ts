/**
 * @file Locates a range of characters of a string value in its file: a CEL expression's error or failing
 * sub-expression, given as offsets in the parsed string, becomes the lines and columns where a person edits it,
 * whatever the scalar's style (plain, quoted, literal or folded block, folded lines, escapes, CRLF line breaks).
 * The scalar is found on the cached `yaml` parse `locate()` keeps, read by `mapScalar`, and its value checked against
 * the document's value: a scalar read differently (or not a string) gives null, and the caller locates the node.
 */
import { isScalar } from 'yaml';
import type { JsonValue, SourceLocation } from '../types.js';
import { nodeAt } from './locate.js';
import type { Segment } from './path-segments.js';
import { mapScalar, type ScalarSourceMap, type ScalarStyle, type ScalarToken } from './scalar-map.js';
import type { SourceDocument } from './types.js';

const STYLES: ReadonlySet<string> = new Set<ScalarStyle>(['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED']);

/** The value at `path` in `value`, or undefined. */
function valueAt(value: JsonValue, path: readonly Segment[]): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (const segment of path) {
    if (Array.isArray(current)) current = typeof segment === 'number' ? current[segment] : undefined;
    else if (current !== null && typeof current === 'object') current = Object.hasOwn(current, segment) ? current[String(segment)] : undefined;
    else return undefined;
  }
  return current;
}

/** The scalar token of a `yaml` scalar node (offsets in its document's text), or null. */
function scalarToken(node: unknown, parentIndent: number): ScalarToken | null {
  if (!isScalar(node) || node.range == null || node.type === undefined || !STYLES.has(node.type)) return null;
  const [start, end] = node.range;
  return { style: node.type as ScalarStyle, start, end, indent: parentIndent };
}

/**
 * The source map of the string scalar at `path` of `document` (a path into `document.value`; for an item of an
 * expanded `kind: List` it is prefixed with `['items', listItem]` here), read in `source.text`; null when there is
 * no such string scalar, or when it reads differently from the parsed value.
 */
export function scalarSourceMap(
  source: { file: string; text: string },
  document: SourceDocument,
  path: readonly Segment[],
): { map: ScalarSourceMap; text: string; position(offset: number): { line: number; column: number } } | null {
  const expected = valueAt(document.value, path);
  if (typeof expected !== 'string') return null;
  const fullPath = document.listItem === undefined ? path : ['items', document.listItem, ...path];
  const found = nodeAt(source.file, source.text, document.index, fullPath);
  if (found === null) return null;
  const token = scalarToken(found.node, found.parentIndent);
  if (token === null) return null;
  const shifted: ScalarToken = { ...token, start: token.start + found.documentStart, end: token.end + found.documentStart };
  const map = mapScalar(found.source, shifted);
  if (map === null || map.value !== expected) return null;
  return { map, text: found.source, position: found.position };
}

/**
 * Where the characters `start`..`end` (UTF-16 offsets, end excluded) of the string at `path` of `document` are in
 * the file `source`: 1-based lines and columns, `endColumn` just after the last character. A range that starts or
 * ends on a line break (folded or kept, and holds more than it) leaves the break out; an empty range is the point
 * before `start` (after the last character at the end). Offsets beyond the value are clamped to it. Null when the
 * string cannot be located character by character (see {@link scalarSourceMap}) or is empty; the caller then
 * locates the field itself.
 */
export function locateInScalar(
  source: { file: string; text: string },
  document: SourceDocument,
  path: readonly Segment[],
  start: number,
  end: number,
): SourceLocation | null {
  const found = scalarSourceMap(source, document, path);
  if (found === null || !Number.isInteger(start) || !Number.isInteger(end)) return null;
  const { map, text, position } = found;
  const length = map.value.length;
  let from = Math.min(Math.max(start, 0), length);
  let to = Math.min(Math.max(end, from), length);
  let startOffset: number;
  let endOffset: number;
  if (length === 0) return null;
  if (from === to) {
    startOffset = endOffset = from < length ? map.starts[from]! : map.ends[length - 1]!;
  } else {
    const isBreak = (i: number): boolean => spansLines(map, i, text);
    while (to - from > 1 && isBreak(from)) from++;
    while (to - from > 1 && isBreak(to - 1)) to--;
    startOffset = map.starts[from]!;
    endOffset = map.ends[to - 1]!;
  }
  const first = position(startOffset);
  const last = position(endOffset);
  return { file: source.file, line: first.line, column: first.column, endLine: last.line, endColumn: last.column };
}

/** Whether the source of `value[i]` holds a line break (a fold, or a line break a block scalar keeps). */
function spansLines(map: ScalarSourceMap, i: number, text: string): boolean {
  const from = map.starts[i]!;
  const to = map.ends[i]!;
  const at = text.indexOf('\n', from);
  return at !== -1 && at < to;
}
