/**
 * The root of the Git working tree that holds `dir` (the nearest folder, `dir` included, with a `.git`
 * folder or file), or null outside a repository.
 */
export declare function findGitRoot(dir: string): string | null;
/** The `.gitignore` rules in force at one folder of a walk, innermost last. */
export declare class GitignoreStack {
    private readonly layers;
    private constructor();
    /** The rules in force inside `top`: its `.gitignore`, and `.git/info/exclude` when it is a repository root. */
    static at(top: string): GitignoreStack;
    /**
     * The rules in force inside `dir`, a folder named explicitly for a walk: those of `top` (`dir` or one of
     * its ancestors) and of the `.gitignore` files of the folders from `top` down to `dir`, unless `dir` or a
     * folder between `top` and `dir` is itself ignored. Then only `dir`'s own `.gitignore` applies: naming
     * an ignored folder (say, a gitignored folder of rendered manifests) reads it.
     */
    static forWalk(top: string, dir: string): GitignoreStack;
    /** The rules in force inside `dir`, a child folder of the current one: adds its `.gitignore`, if any. */
    enter(dir: string): GitignoreStack;
    private with;
    /** Whether the entry `file` (absolute; `isDirectory` for folders) is ignored by the rules in force. */
    ignores(file: string, isDirectory: boolean): boolean;
}
