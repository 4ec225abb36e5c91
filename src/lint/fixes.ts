/**
 * @file Source fixes for mutated resources (beyond Kyverno): the minimal edit of each resource's YAML
 * document that makes it read as its final patched state (`source/edit.ts`), gathered per file (a file
 * with several mutated documents gets all of their edits). Every edited file is parsed again with all its
 * edits: a document that would not read back as intended gets no edit and the reason.
 */
import { applyEdits, computeEdits, sourceValueFor, type LineEdit } from '../source/edit.js';
import { jsonEqual } from '../util/json-value.js';
import { parseDocuments } from '../source/index.js';
import type { JsonObject, JsonValue } from '../types.js';
import type { ResourceDocument } from '../evaluate/resource.js';
import { builtSourceTarget } from './built-fixes.js';
import { byCodeUnits } from '../discovery/find-files.js';

/** A file as read: its path and text (without a byte order mark). */
interface TextFile {
  path: string;
  text: string;
}

/** A resource the mutations changed: its final state and the edits of its source document. */
export interface MutatedResource {
  resource: { apiVersion: string; kind: string; namespace: string; name: string };
  /** Absolute path of the file (or `-`). */
  file: string;
  documentIndex: number;
  patchedResource: JsonObject;
  edits: LineEdit[];
  /** Why no edits could be computed, if so. */
  editError?: string;
}

/** A resource whose mutations changed it: its state before the first mutate policy and after the last. */
export interface ResourceMutation {
  resource: ResourceDocument;
  /** The resource as the mutate policies received it (loaded, normalised, values applied). */
  before: JsonObject;
  /** The final patched resource, as its file is to say it (without the API server's defaults). */
  after: JsonObject;
  /** The final patched resource as evaluated, when it differs from `after` (the API server's defaults applied). */
  evaluated?: JsonObject;
  /** Why the mutation gets no source edit (it is not idempotent, say), if it gets none. */
  unfixable?: string;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Documents of a file as written (before the loader's normalisation), by index. */
function rawDocuments(file: TextFile): Map<number, JsonValue> {
  return new Map(parseDocuments(file.path, file.text).documents.map((document) => [document.index, document.value]));
}

/**
 * The mutated resources with their source edits. `files` are the loaded resource files; a resource whose
 * edit cannot be computed carries `editError` and no edits. The edits of each file are checked together:
 * the file is parsed once with all of them applied, and every edited document must read back as its target.
 */
export function mutatedResources(
  mutations: readonly ResourceMutation[],
  files: ReadonlyMap<string, TextFile>,
  display: (file: string) => string = (file) => file,
): MutatedResource[] {
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
    if (resource.origin !== undefined) {
      // A built resource: the edit goes into the one file that holds every changed field.
      const built = builtSourceTarget(resource.origin, before, after, (path, index) => {
        const source = files.get(path);
        if (source === undefined) return undefined;
        if (!raw.has(path)) raw.set(path, rawDocuments(source));
        return raw.get(path)!.get(index);
      }, display);
      if ('error' in built) return { ...item, editError: built.error };
      const source = files.get(built.file)!;
      const placed = { ...item, file: built.file, documentIndex: built.documentIndex };
      try {
        const edited = { ...placed, edits: computeEdits(source.text, built.documentIndex, built.target, raw.get(built.file)!.get(built.documentIndex)) };
        targets.set(edited, built.target);
        return edited;
      } catch (error) {
        return { ...placed, editError: errorMessage(error) };
      }
    }
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

/** Fixes in the order of their files (the order a single thread, the workers and the cache all report them in). */
export function byFixFile(a: FileFix, b: FileFix): number {
  return byCodeUnits(a.file, b.file);
}

/** Groups the edits by file and applies them; `problems` lists the files whose edits overlap. */
export function fileFixes(mutated: readonly Pick<MutatedResource, 'file' | 'edits'>[], files: ReadonlyMap<string, TextFile>): { fixes: FileFix[]; problems: { file: string; message: string }[] } {
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
