import type { LoadProblem } from './types.js';
/** A file read as text (UTF-8, byte order mark removed). */
interface SourceFile {
    path: string;
    text: string;
}
/** Files found for a list of paths, in the order the CLI reads them. */
interface FileList {
    files: string[];
    problems: LoadProblem[];
}
/** Whether the CLI reads a file of that name as YAML (`.yaml`/`.yml`, case-sensitive). */
export declare function isYamlFileName(name: string): boolean;
/** The policy files under `paths`, recursively, in the order the CLI loads them. */
export declare function listPolicyFiles(paths: readonly string[]): FileList;
/** The resource files for `paths`, as the CLI resolves them. */
export declare function listResourceFiles(paths: readonly string[]): FileList;
/** The largest input read by default, in bytes (64 MiB): a YAML file over it is not a hand-written manifest. */
export declare const DEFAULT_MAX_FILE_SIZE: number;
/** An input refused by the size limit: its size when known (a regular file), null for a stream cut off at the limit. */
export interface TooLarge {
    tooLarge: true;
    size: number | null;
    limit: number;
}
export declare function isTooLarge(value: unknown): value is TooLarge;
/** Why `what` (a file name, or "standard input") is not read, for messages. */
export declare function tooLargeMessage(what: string, refused: TooLarge): string;
/**
 * The bytes of `file`, at most `maxBytes` of them: a regular file larger than that is refused by its size
 * (a 3 GB sparse file costs nothing), anything else (a pipe, a device) once more bytes than that were read.
 * Open and read errors are thrown (Node's errors, with their `code`).
 */
export declare function readFileBounded(file: string, maxBytes: number): Buffer | TooLarge;
/** The first `bytes` bytes of `file` as UTF-8 text (less for a shorter file); open and read errors are thrown. */
export declare function readFileHead(file: string, bytes: number): string;
/** All of a stream (standard input) as UTF-8 text, or {@link TooLarge} as soon as more than `maxBytes` came (the rest is not read). */
export declare function readStreamBounded(stream: AsyncIterable<Buffer | string>, maxBytes: number): Promise<string | TooLarge>;
/**
 * Reads a file as UTF-8 text without its byte order mark; unreadable, too large (over `maxBytes`) or
 * non-UTF-8 files are problems.
 */
export declare function readSourceFile(file: string, maxBytes?: number): {
    file: SourceFile | null;
    problems: LoadProblem[];
};
export {};
