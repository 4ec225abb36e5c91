/**
 * @file `.gitignore` rules as Git applies them while listing untracked files: the `.gitignore` of a
 * folder applies to the paths below it, a deeper file's rules take precedence over a shallower one's
 * (the last matching line of the deepest file that has one decides, `!` lines re-include), and an
 * ignored folder is never entered, so nothing under it can be re-included. The repository's
 * `.git/info/exclude` counts as a `.gitignore` of its root. The global `core.excludesFile` is not read.
 *
 * Used by the discovery walker, which pushes a folder's rules when it enters the folder
 * ({@link GitignoreStack.enter}) and asks about each entry before visiting it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

interface Layer {
  /** Absolute folder the rules are relative to. */
  dir: string;
  rules: Ignore;
}

/** Git ignores pattern files larger than this (`PATTERN_MAX_FILE_SIZE` in Git's dir.c, `add_patterns`). */
const PATTERN_MAX_FILE_SIZE = 100 * 1024 * 1024;

/** Reads a pattern file's text, or null when it does not exist, cannot be read, is not a regular file or is too large for Git. */
function readOptional(file: string): string | null {
  try {
    const stats = statSync(file);
    if (!stats.isFile() || stats.size > PATTERN_MAX_FILE_SIZE) return null;
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** `relative` with `/` separators (the form `ignore` expects). */
function toPosix(relative: string): string {
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}

/**
 * The root of the Git working tree that holds `dir` (the nearest folder, `dir` included, with a `.git`
 * folder or file), or null outside a repository.
 */
export function findGitRoot(dir: string): string | null {
  let current = path.resolve(dir);
  for (;;) {
    if (existsSync(path.join(current, '.git'))) return current;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** The `.gitignore` rules in force at one folder of a walk, innermost last. */
export class GitignoreStack {
  private constructor(private readonly layers: readonly Layer[]) {}

  /** The rules in force inside `top`: its `.gitignore`, and `.git/info/exclude` when it is a repository root. */
  static at(top: string): GitignoreStack {
    const root = path.resolve(top);
    const exclude = readOptional(path.join(root, '.git', 'info', 'exclude'));
    const stack = new GitignoreStack([]);
    return (exclude === null ? stack : stack.with(root, exclude)).enter(root);
  }

  /**
   * The rules in force inside `dir`, a folder named explicitly for a walk: those of `top` (`dir` or one of
   * its ancestors) and of the `.gitignore` files of the folders from `top` down to `dir`, unless `dir` or a
   * folder between `top` and `dir` is itself ignored. Then only `dir`'s own `.gitignore` applies: naming
   * an ignored folder (say, a gitignored folder of rendered manifests) reads it.
   */
  static forWalk(top: string, dir: string): GitignoreStack {
    const folders: string[] = [];
    for (let current = path.resolve(dir); ; current = path.dirname(current)) {
      if (current === path.resolve(top) || path.dirname(current) === current) break;
      folders.unshift(current);
    }
    let stack = GitignoreStack.at(top);
    for (const folder of folders) {
      if (stack.ignores(folder, true)) return new GitignoreStack([]).enter(dir);
      stack = stack.enter(folder);
    }
    return stack;
  }

  /** The rules in force inside `dir`, a child folder of the current one: adds its `.gitignore`, if any. */
  enter(dir: string): GitignoreStack {
    const text = readOptional(path.join(dir, '.gitignore'));
    return text === null ? this : this.with(dir, text);
  }

  private with(dir: string, text: string): GitignoreStack {
    return new GitignoreStack([...this.layers, { dir, rules: ignore().add(text) }]);
  }

  /** Whether the entry `file` (absolute; `isDirectory` for folders) is ignored by the rules in force. */
  ignores(file: string, isDirectory: boolean): boolean {
    for (let index = this.layers.length - 1; index >= 0; index--) {
      const layer = this.layers[index];
      const relative = toPosix(path.relative(layer.dir, file));
      if (relative === '' || relative.startsWith('../') || relative === '..' || path.isAbsolute(relative)) continue;
      const result = layer.rules.test(isDirectory ? `${relative}/` : relative);
      if (result.ignored) return true;
      if (result.unignored) return false;
    }
    return false;
  }
}
