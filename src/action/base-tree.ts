/**
 * @file The base revision of a run: the commit the scanned files change (the pull request's base, the commit a push
 * started from, or a ref the `base` input names), so that the scan evaluates each object as an UPDATE of its base
 * version (`LintOptions.base`).
 *
 * The clone is asked first (`git`, when the workflow fetched the commit); the checkout every workflow uses
 * (`actions/checkout`, depth 1) does not hold it, so the revision is then read through the REST API: the recursive
 * listing of its tree (`GET /repos/{o}/{r}/git/trees/{ref}?recursive=1`, one request), and the blobs of the files
 * whose content differs from the workspace's (`GET /repos/{o}/{r}/git/blobs/{sha}`, a few at a time); the scan
 * reuses the workspace's files whose git blob sha is the tree entry's. This module is loaded only when a base is read.
 */
import { openGitRevision, type Revision, type RevisionFile } from '../index.js';
import { describeError, type GitHubApi } from './github-api.js';
import type { BaseInput } from './inputs.js';
import type { EventContext, PullRequestRef, Repository } from './pr-context.js';

/** More differing files than this are not read through the API (a pull request changing that many is checked without its base). */
export const MAX_API_BLOBS = 500;
/** Blob requests in flight at once. */
const CONCURRENCY = 8;

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

type Json = Record<string, unknown>;

const MODES: Record<string, RevisionFile['type']> = { '100644': 'file', '100755': 'executable', '120000': 'symlink' };

/** The files of a tree listing (`tree` entries and submodules left out). */
export function treeFiles(entries: readonly unknown[]): RevisionFile[] {
  const files: RevisionFile[] = [];
  for (const item of entries) {
    const entry = item as Json;
    const type = MODES[String(entry.mode)];
    if (entry.type !== 'blob' || type === undefined || typeof entry.path !== 'string' || typeof entry.sha !== 'string') continue;
    const file: RevisionFile = { path: entry.path, type, sha: entry.sha };
    if (typeof entry.size === 'number') file.size = entry.size;
    files.push(file);
  }
  return files;
}

async function readBlob(api: GitHubApi, repository: Repository, sha: string): Promise<Buffer> {
  const { data } = await api.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', { owner: repository.owner, repo: repository.repo, file_sha: sha });
  const blob = data as Json;
  if (typeof blob.content !== 'string') throw new Error(`the API answered no content for blob ${sha.slice(0, 12)}`);
  return Buffer.from(blob.content, blob.encoding === 'base64' ? 'base64' : 'utf8');
}

/** Reads blobs a few at a time; the first failure rejects. */
async function readBlobs(api: GitHubApi, repository: Repository, shas: readonly string[]): Promise<Map<string, Buffer>> {
  const unique = [...new Set(shas)];
  if (unique.length > MAX_API_BLOBS) throw new Error(`${unique.length} files differ from the base: more than ${MAX_API_BLOBS} are not read through the API`);
  const out = new Map<string, Buffer>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < unique.length) {
      const sha = unique[next++]!;
      out.set(sha, await readBlob(api, repository, sha));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, unique.length) }, worker));
  return out;
}

/**
 * The revision `ref` (a commit sha, a branch or a tag) of `repository` through the REST API, for the workspace at
 * `root`. Rejects when the tree cannot be listed, or is too large for one listing (GitHub truncates it).
 */
export async function apiRevision(api: GitHubApi, repository: Repository, ref: string, label: string, root: string): Promise<Revision> {
  const { data } = await api.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', { owner: repository.owner, repo: repository.repo, tree_sha: ref, recursive: '1' });
  const tree = data as Json;
  if (tree.truncated === true) throw new Error('its tree has too many entries for one listing of the API');
  if (!Array.isArray(tree.tree)) throw new Error('the API answered no tree');
  return {
    label,
    ...(SHA.test(ref) ? { commit: ref.toLowerCase() } : {}),
    root,
    files: treeFiles(tree.tree),
    readBlobs: (shas) => readBlobs(api, repository, shas),
  };
}

/** The base revision read, or why there is none. */
export type OpenedBase = { revision: Revision; from: string } | { error: string } | { none: string };

/** Which commit the run compares with. */
function target(input: BaseInput, context: EventContext, pull: PullRequestRef | undefined): { ref: string; label: string } | string {
  if (input.mode === 'ref') return { ref: input.ref, label: input.ref };
  const base = pull?.base ?? context.pushBase;
  if (base !== undefined) return { ref: base.sha, label: base.label };
  if (pull !== undefined) return `the event does not name the base commit of pull request #${pull.number}`;
  if (context.eventName === 'push') return 'the push created its branch: there is no earlier commit';
  return `the ${context.eventName || 'unknown'} event names no base commit`;
}

/** The run's base revision: from the clone when it holds the commit, else through the API. */
export async function openBase(input: BaseInput, context: EventContext, pull: PullRequestRef | undefined, api: GitHubApi | undefined, workspace: string): Promise<OpenedBase> {
  const wanted = target(input, context, pull);
  if (typeof wanted === 'string') return { none: wanted };
  const local = await openGitRevision(workspace, wanted.ref);
  if (!('error' in local)) return { revision: { ...local, label: wanted.label }, from: 'the clone' };
  const repository = context.repository;
  if (api === undefined || repository === undefined) {
    return { error: `cannot read the base revision ${wanted.label}: the clone does not hold it and ${api === undefined ? 'there is no token (input token is empty)' : 'GITHUB_REPOSITORY is not set'}` };
  }
  try {
    return { revision: await apiRevision(api, repository, wanted.ref, wanted.label, workspace), from: 'the GitHub API' };
  } catch (error) {
    return { error: `cannot read the base revision ${wanted.label} through the GitHub API (${describeError(error)})` };
  }
}
