export interface FindFilesOptions {
    /** The working directory relative paths are resolved against. */
    cwd: string;
    /** Files and folders to read (relative to `cwd` or absolute); empty means `.`. */
    paths: string[];
    /** Globs selecting the files of walked folders; empty means every `*.yaml`/`*.yml` file. */
    include: string[];
    /** Globs of files and folders left out. */
    exclude: string[];
    /** Honour `.gitignore` files. */
    gitignore: boolean;
    /** The folder `include` and `exclude` globs are relative to (the config file's folder); default `cwd`. */
    base?: string;
}
/** A path that could not be read. */
interface DiscoveryProblem {
    /** The path as given (for a given path) or the absolute path (for a folder met during the walk). */
    path: string;
    message: string;
}
interface FoundFiles {
    /** Absolute paths, sorted. */
    files: string[];
    problems: DiscoveryProblem[];
    /** Files named explicitly but left out because they match an `exclude` glob (absolute, sorted). */
    excluded: string[];
    /** Files of `files` to read only when their text looks like a Kubernetes object (`.json` files of walked folders without `include` globs). */
    ifKubernetes: Set<string>;
}
/** Sorts strings by code unit order, independent of the locale. */
export declare const byCodeUnits: (a: string, b: string) => number;
/** Finds the files to read for `options.paths`. */
export declare function findFiles(options: FindFilesOptions): Promise<FoundFiles>;
export {};
