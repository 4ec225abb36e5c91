/**
 * @file Where the workspace's lines are on the pull request's head commit.
 *
 * Review comments are placed on the head commit (`pull_request.head.sha`), but the default checkout of a
 * `pull_request` event is the test merge commit (`refs/pull/N/merge`: base and head merged), usually at
 * depth 1, so the head commit is not in the clone. For every file that carries a comment, the head
 * version is read with `git show <head>:<path>` when the commit is present (full history), else through
 * the REST API (`GET /repos/{o}/{r}/contents/{path}?ref=<head>`; a file above 1 MB through its blob).
 * An equal file keeps its line numbers; a file the base branch changed under the pull request is mapped
 * line by line through the diff of the two versions (jsdiff), and a comment whose lines differ between
 * them is left to the job summary with the reason.
 */
import { execFileSync } from 'node:child_process';
import { diffLines } from 'diff';
import { describeError, httpStatus, type GitHubApi } from './github-api.js';
import type { PullRequestRef } from './pr-context.js';

/** Where lines `start`..`end` of the workspace file are in the head version, or why they cannot be placed there. */
type Placement = { startLine: number; endLine: number } | { reason: string };

/** Places lines of a workspace file on the head commit. */
export type Place = (file: string, startLine: number, endLine: number) => Placement;

/** The head version of a file: its text, `null` when the head commit has no such file. */
type ReadHeadFile = (file: string) => Promise<string | null>;

const MAX_GIT_OUTPUT = 64 * 1024 * 1024;
/** Git never waits for the network here: a partial clone would otherwise fetch missing objects lazily. */
const GIT_OPTIONS = { timeout: 30_000, env: { ...process.env, GIT_NO_LAZY_FETCH: '1', GIT_TERMINAL_PROMPT: '0' } };

/**
 * A reader of the files of commit `sha` in the git repository of `workspace`; `undefined` when git cannot
 * read that commit there (not fetched, as in a depth-1 clone of the merge commit, or no git at all). A
 * file git cannot show (absent, or its blob missing from a partial clone) is read with `fallback`.
 */
export function localCommitReader(workspace: string, sha: string, fallback: ReadHeadFile): ReadHeadFile | undefined {
  if (!/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i.test(sha)) return undefined;
  try {
    execFileSync('git', ['cat-file', '-e', `${sha}^{commit}`], { cwd: workspace, stdio: 'ignore', ...GIT_OPTIONS });
  } catch {
    return undefined;
  }
  return async (file) => {
    try {
      // `./` makes the path relative to the workspace, wherever the repository's root is.
      return execFileSync('git', ['show', `${sha}:./${file}`], { cwd: workspace, encoding: 'utf8', maxBuffer: MAX_GIT_OUTPUT, stdio: ['ignore', 'pipe', 'ignore'], ...GIT_OPTIONS });
    } catch {
      return fallback(file);
    }
  };
}

function decodeBase64(content: unknown): string | undefined {
  return typeof content === 'string' ? Buffer.from(content, 'base64').toString('utf8') : undefined;
}

/** A reader of the files of the pull request's head commit through the REST API (404: no such file). */
export function apiCommitReader(api: GitHubApi, pull: PullRequestRef): ReadHeadFile {
  return async (file) => {
    const encoded = file.split('/').map(encodeURIComponent).join('/');
    let data: Record<string, unknown>;
    try {
      const response = await api.request(`GET /repos/{owner}/{repo}/contents/${encoded}`, { owner: pull.owner, repo: pull.repo, ref: pull.headSha });
      data = response.data as Record<string, unknown>;
    } catch (error) {
      if (httpStatus(error) === 404) return null;
      throw error;
    }
    if (Array.isArray(data) || data.type !== 'file') return null;
    if (data.encoding === 'base64' && typeof data.content === 'string' && (data.content !== '' || data.size === 0)) return decodeBase64(data.content) ?? null;
    // Above 1 MB the contents endpoint leaves the content out (`encoding: none`); the blob has it.
    const blob = await api.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', { owner: pull.owner, repo: pull.repo, file_sha: String(data.sha) });
    return decodeBase64((blob.data as Record<string, unknown>).content) ?? null;
  };
}

/**
 * `map[n]`: the line of `after` that line `n` of `before` is, unchanged; `0` for a line that changed.
 * Index 0 is unused.
 */
export function unchangedLines(before: string, after: string): number[] {
  const map = [0];
  let next = 1;
  for (const change of diffLines(before, after)) {
    const count = change.count ?? 0;
    if (change.added) {
      next += count;
      continue;
    }
    for (let index = 0; index < count; index++) {
      map.push(change.removed ? 0 : next);
      if (!change.removed) next++;
    }
  }
  return map;
}

/** Lines `start`..`end` placed through `map` when every one of them is unchanged and they stay together. */
export function mapRange(map: readonly number[], start: number, end: number): { startLine: number; endLine: number } | undefined {
  const first = map[start] ?? 0;
  if (first === 0) return undefined;
  for (let line = start; line <= end; line++) if (map[line] !== first + (line - start)) return undefined;
  return { startLine: first, endLine: first + (end - start) };
}

interface HeadPlacement {
  place: Place;
  /** Files whose head version differs from the workspace's (their lines were mapped). */
  mapped: string[];
}

/**
 * Reads the head version of each of `files` (workspace paths the pull request changes) and compares it
 * with the workspace's text (`workspaceText`). A file that cannot be read places nothing, with the reason.
 */
export async function placeOnHead(files: Iterable<string>, workspaceText: (file: string) => string | undefined, read: ReadHeadFile, headSha: string): Promise<HeadPlacement> {
  const maps = new Map<string, number[] | string>();
  const mapped: string[] = [];
  const short = headSha.slice(0, 7);
  for (const file of files) {
    const text = workspaceText(file);
    if (text === undefined) {
      maps.set(file, 'the workspace file cannot be read');
      continue;
    }
    let head: string | null;
    try {
      head = await read(file);
    } catch (error) {
      maps.set(file, `the file at the head commit ${short} cannot be read (${describeError(error)})`);
      continue;
    }
    if (head === null) {
      maps.set(file, `the head commit ${short} has no such file`);
      continue;
    }
    head = head.replace(/^\uFEFF/, '');
    if (head === text) continue;
    mapped.push(file);
    maps.set(file, unchangedLines(text, head));
  }
  const place: Place = (file, startLine, endLine) => {
    const map = maps.get(file);
    if (map === undefined) return { startLine, endLine };
    if (typeof map === 'string') return { reason: `no suggestion: ${map}` };
    return (
      mapRange(map, startLine, endLine) ?? {
        reason: `no suggestion: the base branch changed these lines under the pull request (the checkout is the merge commit; the head commit ${short} has other lines here)`,
      }
    );
  };
  return { place, mapped };
}
