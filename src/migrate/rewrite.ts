/**
 * @file Writing a migration back into YAML files without disturbing what it does not change: a file's other
 * documents, comments and separators stay byte for byte; a migrated policy's document is replaced by its CEL
 * policies (after the comment lines that led it) and the remainder of the original (edited in place with the
 * `yaml` document model, so its comments stay); a Test's results are renamed in place.
 */
import { Document, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { JsonObject } from '../types.js';
import { stripByteOrderMark } from '../source/byte-order-mark.js';
import { splitDocuments } from '../source/split.js';
import type { PolicyMigration } from './policy.js';

/** The text of a CEL policy document, with a comment line saying where it comes from. */
export function celPolicyText(document: JsonObject, origin: string): string {
  return `# ${origin}\n${new Document(document).toString({ lineWidth: 0, indentSeq: false })}`;
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly insert: string;
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  // From the end; at one offset, a removal before an insertion (the insertion then lands before what follows).
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, edit.start) + edit.insert + out.slice(edit.end);
  return out;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset just past the line break ending the line that holds `offset` (or the end of the text). */
function lineEnd(text: string, offset: number): number {
  const next = text.indexOf('\n', offset);
  return next === -1 ? text.length : next + 1;
}

type Ranged = { range?: [number, number, number] | null };

/** The lines of a block sequence item (its `- ` line through the line its value ends on); null for flow style. */
function itemLines(text: string, item: Ranged): Edit | null {
  const range = item.range;
  if (range === undefined || range === null) return null;
  const start = lineStart(text, range[0]);
  if (!/^\s*-\s/.test(text.slice(start, range[0] + 1)) && !/^\s*-$/.test(text.slice(start, range[0]).trimEnd())) return null;
  return { start, end: lineEnd(text, Math.max(range[0], range[1] - 1)), insert: '' };
}

/** The original document without the rules that were translated (`remaining`: indexes of the rules kept). */
export function remainderText(chunk: string, remaining: readonly number[], ruleCount: number): string {
  const doc = parseDocument(chunk);
  const rules = doc.getIn(['spec', 'rules'], true);
  const edits: Edit[] = [];
  if (isSeq(rules) && !rules.flow) {
    for (let i = 0; i < ruleCount; i++) {
      if (remaining.includes(i)) continue;
      const lines = itemLines(chunk, rules.items[i] as Ranged);
      if (lines === null) {
        edits.length = 0;
        break;
      }
      edits.push(lines);
    }
    if (edits.length === ruleCount - remaining.length) return applyEdits(chunk, edits);
  }
  for (let i = ruleCount - 1; i >= 0; i--) {
    if (!remaining.includes(i)) doc.deleteIn(['spec', 'rules', i]);
  }
  return doc.toString({ lineWidth: 0 });
}

/** The comment and blank lines before a chunk's first content line. */
function leadingComments(chunk: string): string {
  const lines = chunk.split('\n');
  let n = 0;
  while (n < lines.length && (lines[n]!.trim() === '' || lines[n]!.trimStart().startsWith('#'))) n++;
  return lines.slice(0, n).map((l) => `${l}\n`).join('');
}

/**
 * `source` with documents replaced: `replace(index, chunkText)` gives the new text of document `index` (numbered
 * as `parseDocuments` numbers them), or undefined to keep it.
 */
export function replaceDocuments(source: string, replace: (index: number, chunk: string) => string | undefined): string {
  const text = stripByteOrderMark(source);
  const bom = text.length !== source.length ? source.slice(0, source.length - text.length) : '';
  const { chunks } = splitDocuments(text);
  let out = '';
  let offset = 0;
  chunks.forEach((chunk, index) => {
    const body = text.slice(chunk.start, chunk.end);
    const replacement = replace(index, body);
    if (replacement === undefined) return;
    out += text.slice(offset, chunk.start);
    let next = replacement.endsWith('\n') ? replacement : `${replacement}\n`;
    // A chunk at the end of a file without a final line break keeps that.
    if (!body.endsWith('\n')) next = next.slice(0, -1);
    out += next;
    offset = chunk.end;
  });
  return bom + out + text.slice(offset);
}

/** The new text of a migrated policy's document: its CEL policies, then what is left of it. */
export function migratedDocumentText(chunk: string, migration: PolicyMigration, ruleCount: number, ruleIndexes: ReadonlyMap<string, number>): string {
  const parts: string[] = [];
  const comments = leadingComments(chunk);
  const kindName = `${migration.kind} ${migration.namespace !== undefined ? `${migration.namespace}/` : ''}${migration.name}`;
  for (const t of migration.translated) {
    parts.push(celPolicyText(t.document, `Migrated by kyverno-lint from ${kindName}, rule ${t.rule}.`));
  }
  if (migration.remainder !== null) {
    const kept = [...ruleIndexes.entries()].filter(([rule]) => !migration.translated.some((t) => t.rule === rule)).map(([, i]) => i);
    parts.push(migration.translated.length === 0 ? chunk.slice(comments.length) : remainderText(chunk.slice(comments.length), kept, ruleCount));
  }
  return comments + parts.map((p) => (p.endsWith('\n') ? p : `${p}\n`)).join('---\n');
}

/** A scalar as YAML text: plain when it reads back as the same string, else double-quoted. */
function scalarText(value: string): string {
  const plain = new Document(value).toString().trimEnd();
  return plain.includes('\n') ? JSON.stringify(value) : plain;
}

/**
 * A Test document's text with results renamed: `renamed[i]` is the new result `i`. In block style the policy
 * name is replaced, the `rule` line removed and the kind's flag added after the policy line, so that comments,
 * key order and indentation stay; other styles are rewritten by the `yaml` document model.
 */
export function renameTestResults(chunk: string, renamed: ReadonlyMap<number, JsonObject>): string {
  const doc = parseDocument(chunk);
  const results = doc.get('results', true);
  if (!isSeq(results)) return chunk;
  const edits: Edit[] = [];
  let textual = !results.flow;
  for (const [i, result] of renamed) {
    const item = results.items[i];
    if (!isMap(item) || item.flow) {
      textual = false;
      break;
    }
    const pair = (key: string) => item.items.find((p) => isScalar(p.key) && p.key.value === key);
    const policy = pair('policy');
    const policyValue = policy?.value;
    if (policy === undefined || !isScalar(policyValue) || policyValue.range === undefined || policyValue.range === null || !isScalar(policy.key)) {
      textual = false;
      break;
    }
    edits.push({ start: policyValue.range[0], end: policyValue.range[1], insert: scalarText(String(result.policy)) });
    const keyStart = (policy.key as Ranged).range![0];
    const indent = ' '.repeat(keyStart - lineStart(chunk, keyStart));
    const added = Object.keys(result).filter((k) => pair(k) === undefined);
    if (added.length > 0) {
      const at = lineEnd(chunk, policyValue.range[1] - 1);
      const newline = chunk[at - 1] === '\n' ? '' : '\n';
      edits.push({ start: at, end: at, insert: newline + added.map((k) => `${indent}${k}: ${JSON.stringify(result[k])}\n`).join('') });
    }
    const rule = pair('rule');
    if (rule !== undefined && !('rule' in result)) {
      const keyRange = (rule.key as Ranged).range;
      const valueRange = (rule.value as Ranged | null)?.range;
      if (keyRange === undefined || keyRange === null) {
        textual = false;
        break;
      }
      const start = lineStart(chunk, keyRange[0]);
      if (chunk.slice(start, keyRange[0]).trim() !== '') {
        // `- rule: x` opens the item: keep the dash for the next key.
        textual = false;
        break;
      }
      edits.push({ start, end: lineEnd(chunk, Math.max(keyRange[0], (valueRange?.[1] ?? keyRange[1]) - 1)), insert: '' });
    }
  }
  if (textual) return applyEdits(chunk, edits);
  for (const [i, result] of renamed) {
    const item = results.items[i];
    if (!isMap(item)) continue;
    for (const p of [...item.items]) {
      const key = isScalar(p.key) ? String(p.key.value) : String(p.key);
      if (!(key in result)) item.delete(key);
    }
    for (const [key, value] of Object.entries(result)) item.set(key, doc.createNode(value));
  }
  return doc.toString({ lineWidth: 0 });
}
