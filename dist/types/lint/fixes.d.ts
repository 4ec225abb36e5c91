/**
 * @file Source fixes for mutated resources (beyond Kyverno): the minimal edit of each resource's YAML
 * document that makes it read as its final patched state (`source/edit.ts`), gathered per file (a file
 * with several mutated documents gets all of their edits). Every edited file is parsed again with all its
 * edits: a document that would not read back as intended gets no edit and the reason.
 */
import { type LineEdit } from '../source/edit.js';
import type { JsonObject } from '../types.js';
import type { ResourceDocument } from '../evaluate/resource.js';
/** A file as read: its path and text (without a byte order mark). */
interface TextFile {
    path: string;
    text: string;
}
/** A resource the mutations changed: its final state and the edits of its source document. */
export interface MutatedResource {
    resource: {
        apiVersion: string;
        kind: string;
        namespace: string;
        name: string;
    };
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
    /** The final patched resource. */
    after: JsonObject;
    /** Why the mutation gets no source edit (it is not idempotent, say), if it gets none. */
    unfixable?: string;
}
/**
 * The mutated resources with their source edits. `files` are the loaded resource files; a resource whose
 * edit cannot be computed carries `editError` and no edits. The edits of each file are checked together:
 * the file is parsed once with all of them applied, and every edited document must read back as its target.
 */
export declare function mutatedResources(mutations: readonly ResourceMutation[], files: ReadonlyMap<string, TextFile>): MutatedResource[];
/** The edits of every mutated document of one file, and the file's text after them. */
export interface FileFix {
    file: string;
    /** The text the edits were computed on (without a byte order mark). */
    before: string;
    after: string;
    edits: LineEdit[];
}
/** Groups the edits by file and applies them; `problems` lists the files whose edits overlap. */
export declare function fileFixes(mutated: readonly MutatedResource[], files: ReadonlyMap<string, TextFile>): {
    fixes: FileFix[];
    problems: {
        file: string;
        message: string;
    }[];
};
export {};
