/**
 * @file A revision of the repository, read without a checkout: the files of a commit (path, mode, blob sha, size)
 * and the contents of their blobs. A scan with a base revision (`--base <ref>`) loads its manifests from it.
 *
 * {@link openGitRevision} reads it with the `git` binary, in three processes whatever the number of files:
 * `git rev-parse` (the repository root, the commit the ref names), `git ls-tree -r -z -l --full-tree` (every file of
 * the commit, from the repository root even when the working directory is a subfolder) and `git diff --name-only`
 * (which files of the working tree differ from the commit, so that the others are reused as they are); the blobs
 * that differ are then read by one `git cat-file --batch`. The GitHub Action implements the same interface over the
 * REST API (src/action/base-tree.ts), as its shallow checkout does not hold the base commit.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';

/** A file of a revision. */
export interface RevisionFile {
  /** Path from the repository root, `/` separated. */
  path: string;
  /** A regular file, an executable one, or a symbolic link (its blob holds the link's target). */
  type: 'file' | 'executable' | 'symlink';
  /** The git blob sha (hex). */
  sha: string;
  /** Size in bytes, when known. */
  size?: number;
}

/** A revision of the repository: its files, and a way to read their contents. */
export interface Revision {
  /** How findings name the revision: the ref as given (`main`, `HEAD`), or an abbreviated sha. */
  label: string;
  /** The commit's sha, when known. */
  commit?: string;
  /** Absolute path of the repository's root in the working tree: the paths of `files` are relative to it. */
  root: string;
  /** Every file (submodules left out), each once. */
  files: readonly RevisionFile[];
  /**
   * Whether the working tree's file at the same path holds the same content (it can be reused instead of read):
   * `undefined` when the revision does not know, and the caller compares the blob shas.
   */
  sameInWorkingTree?(file: RevisionFile): boolean | undefined;
  /** The contents of these blobs, by sha; rejects when one cannot be read. */
  readBlobs(shas: readonly string[]): Promise<Map<string, Buffer>>;
  /** The repository's `.git/info/exclude` (ignore rules of the working tree that no `.gitignore` holds), if any. */
  excludeFile?: string;
}

/** Why a revision cannot be opened, for the user. */
export interface RevisionError {
  error: string;
}

/** The git blob sha of a content: sha1 of `blob <length>\0<content>`. */
export function gitBlobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** Larger outputs than this (a listing of a huge tree) are refused by `execFile`. */
const MAX_GIT_OUTPUT = 512 * 1024 * 1024;
/** Git never asks for credentials here (a partial clone fetching a missing blob would otherwise wait for them). */
const GIT_ENV = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' };

interface GitRun {
  code: number;
  stdout: Buffer;
  stderr: string;
}

class GitMissing extends Error {}

/** Runs git in `cwd`; rejects with {@link GitMissing} when there is no git binary. */
function git(cwd: string, args: readonly string[]): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, encoding: 'buffer', maxBuffer: MAX_GIT_OUTPUT, env: GIT_ENV }, (error, stdout, stderr) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOENT') {
        reject(new GitMissing('git is not installed or not on the PATH: --base reads the base revision with git'));
        return;
      }
      if (error !== null && typeof code !== 'number') {
        reject(error);
        return;
      }
      resolve({ code: typeof code === 'number' ? code : 0, stdout, stderr: stderr.toString('utf8').trim() });
    });
  });
}

/** Modes of `git ls-tree` entries read as files; submodules (`160000`, type commit) are left out. */
const FILE_MODES: Record<string, RevisionFile['type']> = { '100644': 'file', '100755': 'executable', '120000': 'symlink' };

/** The entries of `git ls-tree -r -z -l`: `<mode> SP <type> SP <sha> SP+ <size> TAB <path> NUL`. */
export function parseLsTree(output: Buffer): RevisionFile[] {
  const files: RevisionFile[] = [];
  for (const record of output.toString('utf8').split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, sha, size] = record.slice(0, tab).split(/ +/);
    const kind = FILE_MODES[mode ?? ''];
    if (kind === undefined || type !== 'blob' || sha === undefined) continue;
    const file: RevisionFile = { path: record.slice(tab + 1), type: kind, sha };
    if (size !== undefined && /^\d+$/.test(size)) file.size = Number(size);
    files.push(file);
  }
  return files;
}

/**
 * The objects of a `git cat-file --batch` output for `shas` in the order asked: `<sha> <type> <size> LF <content> LF`,
 * or `<name> missing LF`.
 */
export function parseCatFileBatch(output: Buffer, shas: readonly string[]): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let at = 0;
  for (const asked of shas) {
    const end = output.indexOf(0x0a, at);
    if (end < 0) throw new Error(`git cat-file ended before blob ${asked}`);
    const header = output.subarray(at, end).toString('utf8');
    const parts = header.split(' ');
    if (parts[1] === 'missing' || parts.length !== 3) throw new Error(`blob ${asked} is not in the repository (${header})`);
    const size = Number(parts[2]);
    const start = end + 1;
    out.set(asked, output.subarray(start, start + size));
    at = start + size + 1;
  }
  return out;
}

/** Reads blobs with one `git cat-file --batch` process. */
function catFile(root: string, shas: readonly string[]): Promise<Map<string, Buffer>> {
  const unique = [...new Set(shas)];
  if (unique.length === 0) return Promise.resolve(new Map());
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd: root, env: GIT_ENV, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) => reject((error as NodeJS.ErrnoException).code === 'ENOENT' ? new GitMissing('git is not installed or not on the PATH') : error));
    // A closed pipe (git gone) is reported by the exit status.
    child.stdin.on('error', () => {});
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`git cat-file failed (exit code ${code})${stderr.trim() ? `: ${stderr.trim()}` : ''}`));
        return;
      }
      try {
        resolve(parseCatFileBatch(Buffer.concat(chunks), unique));
      } catch (error) {
        reject(error);
      }
    });
    child.stdin.end(`${unique.join('\n')}\n`);
  });
}

/** `git diff -z --name-only` output: the paths, relative to the repository root. */
function nulList(output: Buffer): string[] {
  return output
    .toString('utf8')
    .split('\0')
    .filter((item) => item !== '');
}

/**
 * The revision `ref` names in the git repository that holds `cwd` (a subfolder of it or its root), or why it cannot
 * be read: no git binary, not a repository, a ref that names no commit. `HEAD` of a repository without any commit
 * yet (an unborn branch, as for the first commit a pre-commit hook checks) is an empty revision: every object is new.
 */
export async function openGitRevision(cwd: string, ref: string): Promise<Revision | RevisionError> {
  if (ref === '' || ref.startsWith('-')) return { error: `invalid revision "${ref}": expected a branch, a tag, a commit sha or an expression such as HEAD~1` };
  try {
    const top = await git(cwd, ['rev-parse', '--show-toplevel', '--git-path', 'info/exclude']);
    if (top.code !== 0) {
      if (/not a git repository/i.test(top.stderr)) return { error: `--base needs a git repository: ${cwd} is not in one` };
      if (/work tree/i.test(top.stderr)) return { error: `--base needs a git working tree: ${cwd} is inside a bare repository or a .git folder` };
      return { error: `cannot read the git repository of ${cwd}: ${top.stderr || `git rev-parse exited with ${top.code}`}` };
    }
    const [rootLine, excludeLine] = top.stdout.toString('utf8').split('\n');
    if (!rootLine) return { error: `--base needs a git working tree: ${cwd} is inside a bare repository or a .git folder` };
    const root = path.resolve(rootLine);
    const excludeFile = excludeLine ? path.resolve(cwd, excludeLine) : undefined;
    const resolved = await git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
    if (resolved.code !== 0) {
      if (ref === 'HEAD' && (await git(cwd, ['symbolic-ref', '--quiet', 'HEAD'])).code === 0) {
        // An unborn branch: the first commit's base is the empty tree.
        return { label: ref, root, files: [], readBlobs: async () => new Map(), ...(excludeFile ? { excludeFile } : {}) };
      }
      return { error: `unknown revision "${ref}": it names no commit of the repository at ${root} (a branch, tag or sha; in a shallow clone, fetch it first)` };
    }
    const commit = resolved.stdout.toString('utf8').trim();
    const tree = await git(root, ['ls-tree', '-r', '-z', '-l', '--full-tree', commit]);
    if (tree.code !== 0) return { error: `cannot list the files of ${ref} (${commit.slice(0, 12)}): ${tree.stderr}` };
    const files = parseLsTree(tree.stdout);
    // The tracked files the working tree changed since the commit (content, mode or presence); the others are reused.
    const diff = await git(root, ['diff', '--no-renames', '--no-ext-diff', '--ignore-submodules', '--name-only', '-z', commit, '--']);
    const changed = diff.code === 0 ? new Set(nulList(diff.stdout)) : undefined;
    return {
      label: ref,
      commit,
      root,
      files,
      ...(changed !== undefined ? { sameInWorkingTree: (file: RevisionFile) => !changed.has(file.path) } : {}),
      readBlobs: (shas) => catFile(root, shas),
      ...(excludeFile ? { excludeFile } : {}),
    };
  } catch (error) {
    return { error: error instanceof GitMissing ? error.message : `cannot run git: ${(error as Error).message}` };
  }
}
