/**
 * @file Source fixes for mutated resources (beyond Kyverno): the minimal edit of each resource's YAML
 * document that makes it read as its final patched state (`source/edit.ts`), gathered per file (a file
 * with several mutated documents gets all of their edits), then written in place (`apply --fix`) or shown
 * as unified diffs (`--fix-dry-run`). Every edited file is parsed again before it is written: a
 * document that would not read back as intended is reported instead of written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { applyEdits, computeEdits, sourceValueFor, type LineEdit } from '../source/edit.js';
import { jsonEqual } from '../util/json-value.js';
import { parseDocuments, stripByteOrderMark } from '../source/index.js';
import type { JsonObject, JsonValue } from '../types.js';
import { unifiedDiff } from '../util/unified-diff.js';
import type { MutatedResource } from '../commands/apply/output.js';
import type { LoadedFile } from '../commands/load/documents.js';
import type { LoadedResource } from '../evaluate/processor.js';
import { displayPath, type CliIo } from '../commands/io.js';

/** A resource whose mutations changed it: its state before the first mutate policy and after the last. */
export interface ResourceMutation {
  resource: LoadedResource;
  /** The resource as the mutate policies received it (loaded, normalised, values applied). */
  before: JsonObject;
  /** The final patched resource. */
  after: JsonObject;
  /** Why the mutation gets no source edit (it is not idempotent, say), if it gets none. */
  unfixable?: string;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Documents of a file as written (before the loader's normalisation), by index. */
function rawDocuments(file: LoadedFile): Map<number, JsonValue> {
  return new Map(parseDocuments(file.path, file.text).documents.map((document) => [document.index, document.value]));
}

/**
 * The mutated resources with their source edits. `files` are the loaded resource files; a resource whose
 * edit cannot be computed carries `editError` and no edits. The edits of each file are checked together:
 * the file is parsed once with all of them applied, and every edited document must read back as its target.
 */
export function mutatedResources(mutations: readonly ResourceMutation[], files: ReadonlyMap<string, LoadedFile>): MutatedResource[] {
  const raw = new Map<string, Map<number, JsonValue>>();
  const targets = new Map<MutatedResource, JsonValue>();
  const items = mutations.map(({ resource, before, after, unfixable }) => {
    const item: MutatedResource = {
      resource: { apiVersion: resource.apiVersion, kind: resource.kind, namespace: resource.namespace, name: resource.name },
      file: resource.file,
      documentIndex: resource.documentIndex,
      patchedResource: after,
      edits: [],
    };
    if (unfixable !== undefined) return { ...item, editError: unfixable };
    const file = files.get(resource.file);
    if (file === undefined) return { ...item, editError: 'the source file is not loaded' };
    if (!raw.has(file.path)) raw.set(file.path, rawDocuments(file));
    const document = raw.get(file.path)!.get(resource.documentIndex);
    if (document === undefined) return { ...item, editError: `document ${resource.documentIndex} not found` };
    try {
      const target = sourceValueFor(document, before, after);
      const edited = { ...item, edits: computeEdits(file.text, resource.documentIndex, target, document) };
      targets.set(edited, target);
      return edited;
    } catch (error) {
      return { ...item, editError: errorMessage(error) };
    }
  });
  const byFile = new Map<string, MutatedResource[]>();
  for (const item of items) if (targets.has(item)) byFile.set(item.file, [...(byFile.get(item.file) ?? []), item]);
  for (const [path, edited] of byFile) {
    const file = files.get(path)!;
    const all = edited.flatMap((item) => item.edits).sort((a, b) => a.startLine - b.startLine);
    const reread = new Map(parseDocuments(file.path, applyEdits(file.text, all)).documents.map((document) => [document.index, document.value]));
    for (const item of edited) {
      const value = reread.get(item.documentIndex);
      if (value === undefined || !jsonEqual(value, targets.get(item)!, 'type')) {
        item.edits = [];
        item.editError = 'the edited document would not read back as the patched resource';
      }
    }
  }
  return items;
}

/** The edits of every mutated document of one file, and the file's text after them. */
export interface FileFix {
  file: string;
  /** The text the edits were computed on (without a byte order mark). */
  before: string;
  after: string;
  edits: LineEdit[];
}

/** Groups the edits by file and applies them; `problems` lists the files whose edits overlap. */
export function fileFixes(mutated: readonly MutatedResource[], files: ReadonlyMap<string, LoadedFile>): { fixes: FileFix[]; problems: { file: string; message: string }[] } {
  const byFile = new Map<string, LineEdit[]>();
  for (const item of mutated) {
    if (item.edits.length === 0) continue;
    byFile.set(item.file, [...(byFile.get(item.file) ?? []), ...item.edits]);
  }
  const fixes: FileFix[] = [];
  const problems: { file: string; message: string }[] = [];
  for (const [path, edits] of byFile) {
    const file = files.get(path)!;
    const sorted = [...edits].sort((a, b) => a.startLine - b.startLine);
    if (sorted.some((edit, i) => i > 0 && edit.startLine <= sorted[i - 1].endLine)) {
      problems.push({ file: path, message: 'the edits of its documents overlap; not fixed' });
      continue;
    }
    fixes.push({ file: path, before: file.text, after: applyEdits(file.text, sorted), edits: sorted });
  }
  return { fixes, problems };
}

/** `--fix-dry-run`: the unified diff of every file the fixes change (`a/<path>`, `b/<path>` labels). */
export function formatFixDiffs(io: Pick<CliIo, 'cwd'>, fixes: readonly FileFix[], color: boolean): string {
  return fixes
    .map((fix) => {
      const shown = displayPath(io, fix.file);
      const relative = !shown.startsWith('/') && shown !== '-';
      return unifiedDiff(fix.before, fix.after, { from: relative ? `a/${shown}` : shown, to: relative ? `b/${shown}` : shown, color });
    })
    .join('');
}

/** The outcome of writing one fix. */
export interface WrittenFix {
  file: string;
  /** `null` when written. */
  error: string | null;
}

/**
 * `--fix`: writes each fixed file in place (a byte order mark is kept). A file read from standard input,
 * changed on disk since it was read, or that cannot be written gets an error and is left alone.
 */
export function writeFixes(fixes: readonly FileFix[]): WrittenFix[] {
  return fixes.map((fix) => {
    if (fix.file === '-') return { file: fix.file, error: 'standard input cannot be fixed in place' };
    let current: string;
    try {
      current = readFileSync(fix.file, 'utf8');
    } catch (error) {
      return { file: fix.file, error: `cannot read the file again to fix it (${errorMessage(error)})` };
    }
    const body = stripByteOrderMark(current);
    if (body !== fix.before) return { file: fix.file, error: 'the file changed while it was being checked; not fixed' };
    try {
      writeFileSync(fix.file, current.slice(0, current.length - body.length) + fix.after);
    } catch (error) {
      // Node's message ends with the system call and the path, which the diagnostic already names.
      return { file: fix.file, error: `cannot write the fixed file (${errorMessage(error).replace(/, \w+ '.*'$/, '')})` };
    }
    return { file: fix.file, error: null };
  });
}
