/** Tests a path against a list of globs. */
export interface GlobSet {
    /** No globs were given. */
    readonly empty: boolean;
    /** Whether the absolute path `file` matches one of the globs. */
    matches(file: string): boolean;
}
/** `file` relative to `base` with `/` separators, or null when it is not below `base`. */
export declare function relativeTo(base: string, file: string): string | null;
/** The set of `globs`, relative to the absolute folder `base`. */
export declare function globSet(base: string, globs: readonly string[]): GlobSet;
/**
 * The folders (or files) below which `globs` can match, absolute: each glob's leading part without glob
 * characters (picomatch `scan`), so that only those folders need walking (`policies/**` → `policies`,
 * `**\/*.yaml` → `base` itself). Nested roots are kept: discovery enters a folder once.
 */
export declare function globRoots(base: string, globs: readonly string[]): string[];
