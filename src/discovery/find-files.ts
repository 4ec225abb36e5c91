/**
 * @file Discovery: the files a scan reads, from the paths given on the command line (default `.`).
 *
 * - A path naming a file is always read, whatever its extension and even when `.gitignore` ignores
 *   it (as ESLint does with files named explicitly); only the `exclude` globs can leave it out, and
 *   such files are listed in `excluded` so that the caller can say so.
 * - A path naming a folder is walked recursively. Without `include` globs every `*.yaml`/`*.yml`
 *   file is read (the extensions Kyverno reads), and every `*.json` file on condition that it looks like
 *   a Kubernetes object (`ifKubernetes`: kubectl reads JSON manifests, but most JSON files of a repository
 *   are tool settings such as package.json or tsconfig.json, which may hold comments); with `include`
 *   globs, the files matching one of them whose extension is `.yaml`, `.yml` or `.json`. Kustomize's extension-less
 *   `Kustomization` files are read like `.yaml` files. Names starting with `.` (`.git`, `.github`, hidden
 *   files) and `node_modules` folders are skipped, as are symbolic links to folders (no cycles, no
 *   file read twice). A folder matching an `exclude` glob is skipped with everything below it.
 * - With `gitignore`, `.gitignore` files are honoured as Git does ({@link GitignoreStack}): those of
 *   the walked folders and those of their ancestors up to the repository root (or up to `cwd` outside
 *   a repository), and `.git/info/exclude`. Ignored folders are not entered. A folder named explicitly
 *   is walked even when it is ignored itself; then only the `.gitignore` files inside it apply.
 *
 * The result holds absolute paths, each once, sorted by code unit order (independent of the walk
 * order and of the locale). Missing or unreadable paths are problems; the other paths are still
 * walked. The walk is a single synchronous pass with `readdir` (see `bench/discovery.ts` for the
 * comparison with globby and tinyglobby).
 */
import { readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import { GitignoreStack, findGitRoot } from './gitignore.js';
import { globSet, relativeTo, type GlobSet } from './globs.js';

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
  /** Hidden folders (names starting with `.`) walked all the same, such as Kyverno's `.kyverno-test`; default none. */
  hiddenFolders?: readonly string[];
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

const DEFAULT_EXTENSIONS = new Set(['.yaml', '.yml']);
const INCLUDE_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);
const JSON_EXTENSION = '.json';
const SKIPPED_FOLDERS = new Set(['node_modules']);

interface Walk {
  include: GlobSet;
  exclude: GlobSet;
  found: Set<string>;
  ifKubernetes: Set<string>;
  problems: DiscoveryProblem[];
  /** Folders entered (a folder given twice, or inside another given folder, is walked once). */
  entered: Set<string>;
  hiddenFolders: ReadonlySet<string>;
}

function errorMessage(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/** Kustomize's kustomization file name without an extension (api/konfig `RecognizedKustomizationFileNames`). */
const KUSTOMIZATION = 'Kustomization';

/** Whether a file met in a walk is read: `true`, `false`, or `ifKubernetes`. */
function isWanted(walk: Walk, file: string): boolean | 'ifKubernetes' {
  // A kustomization is YAML whatever its name says.
  if (path.basename(file) === KUSTOMIZATION) return walk.include.empty || walk.include.matches(file);
  const extension = path.extname(file);
  if (walk.include.empty) return DEFAULT_EXTENSIONS.has(extension) || (extension === JSON_EXTENSION && 'ifKubernetes');
  return INCLUDE_EXTENSIONS.has(extension) && walk.include.matches(file);
}

/** `entry`'s kind, following a symbolic link; null for a dangling link or anything else. */
function entryKind(dir: string, entry: Dirent): 'file' | 'directory' | 'link-to-directory' | null {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  if (!entry.isSymbolicLink()) return null;
  let stats: Stats;
  try {
    stats = statSync(path.join(dir, entry.name));
  } catch {
    return null;
  }
  if (stats.isFile()) return 'file';
  return stats.isDirectory() ? 'link-to-directory' : null;
}

function walkFolder(walk: Walk, root: string, rules: GitignoreStack | null): void {
  const pending: { dir: string; rules: GitignoreStack | null }[] = [{ dir: root, rules }];
  while (pending.length > 0) {
    const { dir, rules: inherited } = pending.pop() as (typeof pending)[number];
    if (walk.entered.has(dir)) continue;
    walk.entered.add(dir);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      walk.problems.push({ path: dir, message: `cannot read folder: ${errorMessage(error)}` });
      continue;
    }
    const here = inherited === null || dir === root ? inherited : inherited.enter(dir);
    for (const entry of entries) {
      if (entry.name.startsWith('.') && !walk.hiddenFolders.has(entry.name)) continue;
      const kind = entryKind(dir, entry);
      const file = path.join(dir, entry.name);
      if (kind === 'directory') {
        if (SKIPPED_FOLDERS.has(entry.name) || walk.exclude.matches(file)) continue;
        if (here !== null && here.ignores(file, true)) continue;
        pending.push({ dir: file, rules: here });
      } else if (kind === 'file') {
        const wanted = isWanted(walk, file);
        if (wanted === false || walk.exclude.matches(file)) continue;
        if (here !== null && here.ignores(file, false)) continue;
        walk.found.add(file);
        if (wanted === 'ifKubernetes') walk.ifKubernetes.add(file);
      }
    }
  }
}

/** The `.gitignore` rules in force inside the walked folder `root`. */
function rootRules(cwd: string, root: string): GitignoreStack {
  const gitRoot = findGitRoot(root);
  const top = gitRoot ?? (relativeTo(cwd, root) !== null ? cwd : root);
  return GitignoreStack.forWalk(top, root);
}

/** Sorts strings by code unit order, independent of the locale. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Finds the files to read for `options.paths`. */
export async function findFiles(options: FindFilesOptions): Promise<FoundFiles> {
  const cwd = path.resolve(options.cwd);
  const base = path.resolve(cwd, options.base ?? cwd);
  const walk: Walk = {
    include: globSet(base, options.include),
    exclude: globSet(base, options.exclude),
    found: new Set(),
    ifKubernetes: new Set(),
    problems: [],
    entered: new Set(),
    hiddenFolders: new Set(options.hiddenFolders ?? []),
  };
  const excluded = new Set<string>();
  /** Files named explicitly: read whatever a walk found. */
  const named = new Set<string>();
  const given = options.paths.length > 0 ? options.paths : ['.'];
  for (const name of given) {
    const absolute = path.resolve(cwd, name);
    let stats: Stats;
    try {
      stats = statSync(absolute);
    } catch (error) {
      walk.problems.push({ path: name, message: `${name}: ${errorMessage(error)}` });
      continue;
    }
    if (stats.isDirectory()) {
      walkFolder(walk, absolute, options.gitignore ? rootRules(cwd, absolute) : null);
    } else if (stats.isFile()) {
      named.add(absolute);
      if (walk.exclude.matches(absolute)) excluded.add(absolute);
      else walk.found.add(absolute);
    } else {
      walk.problems.push({ path: name, message: `${name}: not a file or folder` });
    }
  }
  return {
    files: [...walk.found].sort(byCodeUnits),
    problems: walk.problems,
    excluded: [...excluded].sort(byCodeUnits),
    ifKubernetes: new Set([...walk.ifKubernetes].filter((file) => !named.has(file))),
  };
}
