/**
 * @file The untouched-line check of the corpus edit tests: which lines of a YAML document a change of its value
 * concerns, and which lines of a text an edit did not keep byte-identical.
 */
import { diffLines } from 'diff';
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node, type Pair } from 'yaml';
import { keyOf } from '../../src/source/locate.js';
import { splitDocuments } from '../../src/source/split.js';
import type { JsonValue } from '../../src/types.js';
import { isObject as isPlainObject, jsonEqual } from '../../src/util/json-value.js';

const deepEqual = (a: JsonValue, b: JsonValue): boolean => jsonEqual(a, b, 'type');

/** 1-based line of an offset. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The lines of the original document a change from `before` to `after` concerns: the lines of
 * removed or rewritten nodes (with the key or dash line that introduces them). Inserted entries
 * concern no original line. Flow collections, aliases, anchors and tags count as one node.
 */
export function concernedLines(text: string, documentIndex: number, before: JsonValue, after: JsonValue): Set<number> {
  const chunk = splitDocuments(text).chunks[documentIndex];
  const body = text.slice(chunk.start, chunk.end);
  const document = parseDocument(body, { schema: 'failsafe', uniqueKeys: false, strict: false, keepSourceTokens: true });
  const lines = new Set<number>();
  const line = (offset: number): number => lineOf(text, chunk.start + offset);
  const end = (node: Node): number => {
    let at = node.range![1];
    while (at > node.range![0] && /\s/.test(body[at - 1])) at--;
    return Math.max(at - 1, node.range![0]);
  };
  const mark = (from: number, to: number): void => {
    for (let l = line(from); l <= line(to); l++) lines.add(l);
  };
  const whole = (node: Node | null, head: number): void => mark(head, node?.range ? end(node) : head);

  const walk = (doc: Document, node: Node | null, b: JsonValue, a: JsonValue, head: number): void => {
    if (deepEqual(b, a)) return;
    if (node === null || isAlias(node) || !node.range || ('anchor' in node && node.anchor) || node.tag !== undefined) return whole(node, head);
    if (isMap(node) && !node.flow && isPlainObject(b) && isPlainObject(a) && Object.keys(a).length > 0) {
      const pairs = node.items as Pair[];
      const keys = pairs.map((pair) => keyOf(doc, pair.key));
      if (keys.some((key, i) => key === null || key === '<<' || keys.indexOf(key) !== i)) return whole(node, head);
      pairs.forEach((pair, i) => {
        const key = keys[i]!;
        const keyNode = pair.key as Node;
        const value = (pair.value as Node | null) ?? null;
        if (!Object.hasOwn(a, key)) whole(value, keyNode.range![0]);
        else walk(doc, value, b[key], a[key], keyNode.range![0]);
      });
      return;
    }
    if (isSeq(node) && !node.flow && Array.isArray(b) && Array.isArray(a) && a.length > 0) {
      const items = node.items as Node[];
      const dash = (item: Node): number => body.lastIndexOf('-', item.range![0] - 1);
      if (items.some((item) => !item?.range)) return whole(node, head);
      // Longest common subsequence of equal items; the items between two matches are paired when
      // both sides have as many, else the original ones are all concerned.
      const n = b.length;
      const m = a.length;
      const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
      for (let i = n - 1; i >= 0; i--) {
        for (let j = m - 1; j >= 0; j--) table[i][j] = deepEqual(b[i], a[j]) ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
      }
      const matches: [number, number][] = [];
      for (let i = 0, j = 0; i < n && j < m; ) {
        if (deepEqual(b[i], a[j]) && table[i][j] === table[i + 1][j + 1] + 1) matches.push([i++, j++]);
        else if (table[i + 1][j] >= table[i][j + 1]) i++;
        else j++;
      }
      let i = 0;
      let j = 0;
      for (const [toI, toJ] of [...matches, [n, m] as [number, number]]) {
        if (toI - i === toJ - j) {
          for (let k = 0; k < toI - i; k++) walk(doc, items[i + k], b[i + k], a[j + k], dash(items[i + k]));
        } else {
          for (let k = i; k < toI; k++) whole(items[k], dash(items[k]));
        }
        i = toI + 1;
        j = toJ + 1;
      }
      return;
    }
    if (isScalar(node) || isMap(node) || isSeq(node)) return whole(node, head);
  };

  const root = (document.contents as Node | null) ?? null;
  walk(document, root, before, after, root?.range?.[0] ?? 0);
  return lines;
}

/**
 * 1-based lines of `before` that are not kept byte-identical in `after`. A last line without a line
 * break counts as unchanged when it only gains one (needed to add content after it).
 */
export function changedLines(before: string, after: string): number[] {
  const terminated = (text: string): string => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  const changed: number[] = [];
  let line = 1;
  for (const part of diffLines(terminated(before), terminated(after))) {
    const count = part.count ?? 0;
    if (part.added) continue;
    if (part.removed) for (let i = 0; i < count; i++) changed.push(line + i);
    line += count;
  }
  return changed;
}
