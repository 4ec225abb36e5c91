/**
 * @file The pull request a run is about and what it changes.
 *
 * - From the event: `pull_request` and `pull_request_target` name the pull request; `workflow_run` (the
 *   pattern for pull requests from forks) names it in `workflow_run.pull_requests`, or it is looked up by
 *   the head branch; other events (push, workflow_dispatch) have none. A `pull_request` event from a fork
 *   or from Dependabot runs with a read-only token: the reason is kept so the log can say which features
 *   are off and why.
 * - From the REST API (`GET /repos/{o}/{r}/pulls/{n}/files`, paginated): the changed files and the hunks
 *   of their `patch`, i.e. which lines of the new version are in the diff (where review comments can be
 *   placed) and which were added.
 */
import { paginate, type GitHubApi } from './github-api.js';

export interface Repository {
  owner: string;
  repo: string;
}

export interface PullRequestRef extends Repository {
  number: number;
  /** The head commit: review comments, check runs and links refer to it. */
  headSha: string;
  /** The base commit, when the event or the API names it. */
  base?: BaseCommit;
}

/** The commit the scanned files change: a pull request's base, or the commit a push started from. */
export interface BaseCommit {
  sha: string;
  /** How findings name it: the base branch (`main`), else the abbreviated sha. */
  label: string;
}

export interface EventContext {
  eventName: string;
  /** `GITHUB_REPOSITORY` (the base repository of a pull request). */
  repository: Repository | undefined;
  /** The commit the scanned files are: the pull request's head, else `GITHUB_SHA`. */
  sha: string;
  pullRequest: PullRequestRef | undefined;
  /** Why the token can only read (fork or Dependabot pull request); `undefined` when not known to be read-only. */
  readOnlyReason: string | undefined;
  /** For `workflow_run` without `pull_requests` (forks): what identifies the pull request. */
  workflowRun: { headSha: string; headOwner: string; headBranch: string } | undefined;
  /** A push's earlier commit (`before`; none for a new branch); a pull request's base is `pullRequest.base`. */
  pushBase: BaseCommit | undefined;
}

type Json = Record<string, unknown>;

function object(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

/** The base commit of a pull request object (`base: {sha, ref}` of an event or of the pulls API). */
function baseOf(pull: Json | undefined): BaseCommit | undefined {
  const base = object(pull?.base);
  const sha = text(base?.sha);
  if (sha === undefined || !SHA.test(sha)) return undefined;
  return { sha, label: text(base?.ref) ?? sha.slice(0, 7) };
}

function parseRepository(fullName: string | undefined): Repository | undefined {
  const match = /^([^/]+)\/([^/]+)$/.exec(fullName ?? '');
  return match ? { owner: match[1]!, repo: match[2]! } : undefined;
}

/** The run's event, from `GITHUB_*` variables and the event payload (`undefined` when there is no payload file). */
export function eventContext(env: Readonly<Record<string, string | undefined>>, payload: unknown): EventContext {
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const repository = parseRepository(env.GITHUB_REPOSITORY);
  const event = object(payload) ?? {};
  const context: EventContext = { eventName, repository, sha: env.GITHUB_SHA ?? '', pullRequest: undefined, readOnlyReason: undefined, workflowRun: undefined, pushBase: undefined };
  if ((eventName === 'pull_request' || eventName === 'pull_request_target') && repository) {
    const pull = object(event.pull_request);
    const number = typeof pull?.number === 'number' ? pull.number : typeof event.number === 'number' ? event.number : undefined;
    const head = object(pull?.head);
    const headSha = text(head?.sha) ?? context.sha;
    if (number !== undefined) {
      const base = baseOf(pull);
      context.pullRequest = { ...repository, number, headSha, ...(base !== undefined ? { base } : {}) };
      context.sha = headSha;
    }
    if (eventName === 'pull_request') {
      const headRepo = text(object(head?.repo)?.full_name);
      const baseRepo = text(object(object(pull?.base)?.repo)?.full_name) ?? env.GITHUB_REPOSITORY;
      if (headRepo === undefined || headRepo !== baseRepo) {
        context.readOnlyReason = `the pull request comes from a fork (${headRepo ?? 'a deleted repository'}), so the token of a pull_request event is read-only; use the workflow_run pattern (README) for reviews and check runs`;
      } else if (env.GITHUB_ACTOR === 'dependabot[bot]') {
        context.readOnlyReason = 'the pull request is from Dependabot, whose pull_request events get a read-only token';
      }
    }
  } else if (eventName === 'workflow_run' && repository) {
    const run = object(event.workflow_run);
    const headSha = text(run?.head_sha);
    if (headSha !== undefined) {
      context.sha = headSha;
      const pulls = Array.isArray(run?.pull_requests) ? run.pull_requests.map(object) : [];
      const pull = pulls.find((candidate) => typeof candidate?.number === 'number');
      if (pull !== undefined) {
        const base = baseOf(pull);
        context.pullRequest = { ...repository, number: pull.number as number, headSha, ...(base !== undefined ? { base } : {}) };
      } else {
        const headOwner = text(object(object(run?.head_repository)?.owner)?.login);
        const headBranch = text(run?.head_branch);
        if (headOwner !== undefined && headBranch !== undefined) context.workflowRun = { headSha, headOwner, headBranch };
      }
    }
  } else if (eventName === 'push') {
    // A new branch's push has no earlier commit (`before` is all zeros).
    const before = text(event.before);
    if (before !== undefined && SHA.test(before) && !/^0+$/.test(before)) context.pushBase = { sha: before, label: before.slice(0, 7) };
  }
  return context;
}

/**
 * The pull request of a `workflow_run` event that does not list it (GitHub leaves `pull_requests` empty
 * for forks): the open pull request whose head is the run's branch and commit.
 */
export async function findWorkflowRunPullRequest(api: GitHubApi, context: EventContext): Promise<PullRequestRef | undefined> {
  const { repository, workflowRun } = context;
  if (!repository || !workflowRun) return undefined;
  const pulls = await paginate<Json>(api, 'GET /repos/{owner}/{repo}/pulls', {
    ...repository,
    state: 'open',
    head: `${workflowRun.headOwner}:${workflowRun.headBranch}`,
  }, 3);
  const pull = pulls.find((candidate) => object(candidate.head)?.sha === workflowRun.headSha);
  if (!pull || typeof pull.number !== 'number') return undefined;
  const base = baseOf(pull);
  return { ...repository, number: pull.number, headSha: workflowRun.headSha, ...(base !== undefined ? { base } : {}) };
}

/** Lines `start`..`end` of the new version are in one hunk of the diff; `added` are the `+` lines among them. */
interface Hunk {
  start: number;
  end: number;
  added: Set<number>;
}

interface ChangedFile {
  /** Path relative to the repository root, `/` separated. */
  filename: string;
  status: string;
  hunks: Hunk[];
}

/** The hunks of a unified diff `patch` as the pull-request files endpoint returns it (no file headers). */
export function parsePatch(patch: string): Hunk[] {
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  let line = 0;
  for (const row of patch.split('\n')) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(row);
    if (header) {
      const start = Number(header[1]);
      const count = header[2] === undefined ? 1 : Number(header[2]);
      current = { start, end: start + count - 1, added: new Set() };
      if (count > 0) hunks.push(current);
      line = start;
      continue;
    }
    if (current === undefined) continue;
    if (row.startsWith('+')) {
      current.added.add(line);
      line++;
    } else if (row.startsWith(' ')) {
      line++;
    }
    // `-` lines and `\ No newline at end of file` do not exist in the new version.
  }
  return hunks;
}

/** What the pull request changes, by file. */
export class PullRequestDiff {
  readonly files: ReadonlyMap<string, ChangedFile>;

  constructor(files: readonly ChangedFile[]) {
    this.files = new Map(files.map((file) => [file.filename, file]));
  }

  /** The files that exist in the head commit (not removed). */
  presentFiles(): string[] {
    return [...this.files.values()].filter((file) => file.status !== 'removed').map((file) => file.filename);
  }

  isChanged(file: string): boolean {
    const found = this.files.get(file);
    return found !== undefined && found.status !== 'removed';
  }

  /** Whether `line` of `file` was added or modified by the pull request. */
  isAddedLine(file: string, line: number): boolean {
    return this.files.get(file)?.hunks.some((hunk) => hunk.added.has(line)) ?? false;
  }

  /** The hunk holding every line of `start`..`end` of `file` (where a review comment on them can be placed). */
  hunkFor(file: string, start: number, end: number): Hunk | undefined {
    return this.files.get(file)?.hunks.find((hunk) => hunk.start <= start && end <= hunk.end);
  }
}

/** The changed files of a pull request with their hunks (files without a `patch`, binary or too large, have none). */
export async function fetchPullRequestDiff(api: GitHubApi, pull: PullRequestRef): Promise<PullRequestDiff> {
  const files = await paginate<Json>(api, 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
    owner: pull.owner,
    repo: pull.repo,
    pull_number: pull.number,
  });
  return new PullRequestDiff(
    files
      .filter((file) => typeof file.filename === 'string')
      .map((file) => ({
        filename: file.filename as string,
        status: typeof file.status === 'string' ? file.status : 'modified',
        hunks: typeof file.patch === 'string' ? parsePatch(file.patch) : [],
      })),
  );
}
