/**
 * @file The include/exclude globs of discovery (`.kyverno-lint.yaml` `policies`, `manifests`,
 * `exclude`): picomatch globs matched against a file's path relative to the globs' base folder (the
 * config file's folder), with `/` separators. `**` spans folders, `*` and `?` stay within one
 * segment, `{a,b}` and `[abc]` work as in shells. A leading `./` is dropped and a trailing `/` means
 * "everything below" (`charts/` is `charts/**`). Names starting with `.` are only matched by globs
 * that spell the dot. Files outside the base folder match no glob.
 */
import path from 'node:path';
import picomatch from 'picomatch';

/** Tests a path against a list of globs. */
export interface GlobSet {
  /** No globs were given. */
  readonly empty: boolean;
  /** Whether the absolute path `file` matches one of the globs. */
  matches(file: string): boolean;
}

/** A glob as matched: without a leading `./`, with `**` after a trailing `/`. */
function normalizeGlob(glob: string): string {
  let pattern = glob.trim();
  while (pattern.startsWith('./')) pattern = pattern.slice(2);
  if (pattern.endsWith('/')) pattern += '**';
  return pattern;
}

/** `file` relative to `base` with `/` separators, or null when it is not below `base`. */
export function relativeTo(base: string, file: string): string | null {
  const relative = path.relative(base, file);
  if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return null;
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}

/** The set of `globs`, relative to the absolute folder `base`. */
export function globSet(base: string, globs: readonly string[]): GlobSet {
  const patterns = globs.map(normalizeGlob).filter((pattern) => pattern !== '');
  const test = patterns.length === 0 ? () => false : picomatch(patterns);
  return {
    empty: patterns.length === 0,
    matches(file: string): boolean {
      const relative = relativeTo(base, file);
      return relative !== null && test(relative);
    },
  };
}

/**
 * The folders (or files) below which `globs` can match, absolute: each glob's leading part without glob
 * characters (picomatch `scan`), so that only those folders need walking (`policies/**` → `policies`,
 * `**\/*.yaml` → `base` itself). Nested roots are kept: discovery enters a folder once.
 */
export function globRoots(base: string, globs: readonly string[]): string[] {
  const roots = new Set<string>();
  for (const glob of globs) {
    const pattern = normalizeGlob(glob);
    if (pattern === '') continue;
    const scanned = picomatch.scan(pattern);
    roots.add(scanned.negated ? base : path.resolve(base, scanned.base));
  }
  return [...roots];
}
