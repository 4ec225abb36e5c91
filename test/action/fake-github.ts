/**
 * @file A local stand-in for the GitHub REST API (node:http on 127.0.0.1): the endpoints the action uses,
 * answered as GitHub answers them, with every request recorded for assertions.
 *
 * - `GET /repos/{o}/{r}/pulls/{n}/files` (paginated with `per_page`/`page` and a `Link` header)
 * - `GET /repos/{o}/{r}/pulls?head=` (open pull requests by head)
 * - `GET|POST /repos/{o}/{r}/pulls/{n}/comments`, `PATCH /repos/{o}/{r}/pulls/comments/{id}`: a comment
 *   whose lines are not in one hunk of the file's patch gets 422 as on GitHub; `rejectComment` picks
 *   others to reject with 422; `readOnly` answers 403 to every write
 * - `POST /repos/{o}/{r}/pulls/{n}/reviews` (with `comments`; without `event` the review is PENDING and its
 *   comments are not listed), `DELETE /repos/{o}/{r}/pulls/{n}/reviews/{id}` (pending reviews only): as on
 *   GitHub, one comment outside the diff (or picked by `rejectComment`) refuses the whole review with 422,
 *   without saying which
 * - `GET /repos/{o}/{r}/contents/{path}?ref=` (base64, or `encoding: none` above `largeFile` bytes as
 *   GitHub does above 1 MB) and `GET /repos/{o}/{r}/git/blobs/{sha}`, from `contents[ref][path]`
 * - `GET /repos/{o}/{r}/git/trees/{ref}?recursive=1`, from `trees[ref][path]`: every file with its git blob sha and
 *   size, and the folders as `tree` entries, as GitHub lists them; the blobs endpoint serves their contents (or
 *   answers `blobStatus`)
 * - `POST /repos/{o}/{r}/check-runs`, `PATCH /repos/{o}/{r}/check-runs/{id}`: 422 above 50 annotations;
 *   403 with `readOnly` or `checks: 'forbidden'`
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parsePatch } from '../../src/action/pr-context.js';

export interface FakeFile {
  filename: string;
  status: string;
  patch?: string;
}

export interface FakeComment {
  id: number;
  path: string;
  line: number | null;
  start_line?: number | null;
  side?: string;
  commit_id?: string;
  body: string;
  user?: { login: string };
}

export interface FakePull {
  number: number;
  head: { sha: string; ref: string; label: string };
}

export interface FakeGitHubOptions {
  files?: FakeFile[];
  comments?: FakeComment[];
  pulls?: FakePull[];
  /** Every write answers 403 "Resource not accessible by integration" (a read-only token). */
  readOnly?: boolean;
  /** Only check runs answer 403 (a token without `checks: write`). */
  checks?: 'allowed' | 'forbidden';
  /** Review comments (POST, alone or in a review) answered with 422. */
  rejectComment?: (comment: Record<string, unknown>) => boolean;
  /** The files of each commit: `contents[sha][path]` is the text. */
  contents?: Record<string, Record<string, string>>;
  /** Files larger than this many bytes are served without content by the contents endpoint (GitHub: 1 MB). */
  largeFile?: number;
  /** The files of each tree: `trees[ref][path]` is the text (a ref is a commit sha or a branch name). */
  trees?: Record<string, Record<string, string>>;
  /** The blobs endpoint answers this status (a failure) instead of the content. */
  blobStatus?: number;
}

export interface FakeReview {
  id: number;
  state: 'COMMENTED' | 'PENDING';
  commit_id: string;
  body: string;
  comments: Record<string, unknown>[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  authorization: string | undefined;
  status: number;
}

export interface FakeGitHub {
  url: string;
  requests: RecordedRequest[];
  comments: FakeComment[];
  checkRuns: { id: number; bodies: Record<string, unknown>[] }[];
  /** Reviews submitted (pending ones until deleted). */
  reviews: FakeReview[];
  /** The requests other than reads. */
  writes(): RecordedRequest[];
  close(): Promise<void>;
}

const FORBIDDEN = { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' };

function inDiff(files: readonly FakeFile[], path: string, start: number, end: number): boolean {
  const file = files.find((candidate) => candidate.filename === path);
  if (!file?.patch) return false;
  return parsePatch(file.patch).some((hunk) => hunk.start <= start && end <= hunk.end);
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const files = options.files ?? [];
  const comments: FakeComment[] = structuredClone(options.comments ?? []);
  const checkRuns: FakeGitHub['checkRuns'] = [];
  const reviews: FakeReview[] = [];
  const blobs = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  let nextId = 1000;

  function handle(method: string, path: string, query: URLSearchParams, body: Record<string, unknown> | undefined, base: string): [number, unknown, Record<string, string>?] {
    const write = method !== 'GET';
    if (write && options.readOnly) return [403, FORBIDDEN];
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/files$/.exec(path))) {
      const perPage = Number(query.get('per_page') ?? 30);
      const page = Number(query.get('page') ?? 1);
      const items = files.slice((page - 1) * perPage, page * perPage);
      const last = Math.max(1, Math.ceil(files.length / perPage));
      const headers: Record<string, string> = {};
      if (page < last) headers.link = `<${base}${path}?per_page=${perPage}&page=${page + 1}>; rel="next", <${base}${path}?per_page=${perPage}&page=${last}>; rel="last"`;
      return [200, items.map((file) => ({ sha: 'f'.repeat(40), additions: 1, deletions: 0, changes: 1, ...file })), headers];
    }
    if (method === 'GET' && /^\/repos\/[^/]+\/[^/]+\/pulls$/.test(path)) {
      const head = query.get('head') ?? '';
      return [200, (options.pulls ?? []).filter((pull) => head === '' || pull.head.label === head)];
    }
    if ((match = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/comments$/.exec(path))) {
      if (method === 'GET') {
        const perPage = Number(query.get('per_page') ?? 30);
        const page = Number(query.get('page') ?? 1);
        return [200, comments.slice((page - 1) * perPage, page * perPage)];
      }
      if (method === 'POST' && body) {
        const line = Number(body.line);
        const start = body.start_line === undefined ? line : Number(body.start_line);
        if (typeof body.body !== 'string' || typeof body.path !== 'string' || !Number.isInteger(line) || body.side !== 'RIGHT' || typeof body.commit_id !== 'string') {
          return [422, { message: 'Invalid request.' }];
        }
        if (!inDiff(files, body.path, start, line) || options.rejectComment?.(body)) {
          return [422, { message: 'Validation Failed', errors: [{ resource: 'PullRequestReviewComment', code: 'custom', field: 'pull_request_review_thread.line', message: 'could not be resolved' }] }];
        }
        const comment: FakeComment = { id: nextId++, path: body.path, line, start_line: body.start_line === undefined ? null : start, side: 'RIGHT', commit_id: body.commit_id, body: body.body, user: { login: 'github-actions[bot]' } };
        comments.push(comment);
        return [201, comment];
      }
    }
    if (method === 'POST' && (match = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews$/.exec(path)) && body) {
      const items = Array.isArray(body.comments) ? (body.comments as Record<string, unknown>[]) : [];
      if (typeof body.commit_id !== 'string') return [422, { message: 'Invalid request.' }];
      for (const item of items) {
        const line = Number(item.line);
        const start = item.start_line === undefined ? line : Number(item.start_line);
        if (typeof item.path !== 'string' || typeof item.body !== 'string' || !Number.isInteger(line) || item.side !== 'RIGHT' || !inDiff(files, item.path, start, line) || options.rejectComment?.(item)) {
          return [422, { message: 'Unprocessable Entity', errors: ['Line could not be resolved'], documentation_url: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request' }];
        }
      }
      if (body.event === undefined && reviews.some((review) => review.state === 'PENDING')) return [422, { message: 'Unprocessable Entity', errors: ['User can only have one pending review per pull request'] }];
      const review: FakeReview = { id: nextId++, state: body.event === 'COMMENT' ? 'COMMENTED' : 'PENDING', commit_id: body.commit_id, body: String(body.body ?? ''), comments: items };
      reviews.push(review);
      if (review.state === 'COMMENTED') {
        for (const item of items) {
          const line = Number(item.line);
          comments.push({ id: nextId++, path: String(item.path), line, start_line: item.start_line === undefined ? null : Number(item.start_line), side: 'RIGHT', commit_id: review.commit_id, body: String(item.body), user: { login: 'github-actions[bot]' } });
        }
      }
      return [200, { id: review.id, state: review.state, commit_id: review.commit_id, body: review.body }];
    }
    if (method === 'DELETE' && (match = /^\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/reviews\/(\d+)$/.exec(path))) {
      const index = reviews.findIndex((review) => review.id === Number(match![1]));
      if (index < 0) return [404, { message: 'Not Found' }];
      if (reviews[index]!.state !== 'PENDING') return [422, { message: 'Can not delete a non-pending pull request review' }];
      const [review] = reviews.splice(index, 1);
      return [200, { id: review!.id, state: 'PENDING' }];
    }
    if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(path))) {
      const file = match[1]!.split('/').map(decodeURIComponent).join('/');
      const text = options.contents?.[query.get('ref') ?? '']?.[file];
      if (text === undefined) return [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/repos/contents#get-repository-content' }];
      const bytes = Buffer.from(text, 'utf8');
      const sha = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
      blobs.set(sha, text);
      const large = bytes.length > (options.largeFile ?? 1024 * 1024);
      return [200, { type: 'file', name: file.split('/').at(-1), path: file, sha, size: bytes.length, encoding: large ? 'none' : 'base64', content: large ? '' : bytes.toString('base64') }];
    }
    if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/git\/trees\/(.+)$/.exec(path))) {
      const files = options.trees?.[decodeURIComponent(match[1]!)];
      if (files === undefined) return [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/git/trees#get-a-tree' }];
      const folders = new Set<string>();
      const entries: Record<string, unknown>[] = [];
      for (const [file, text] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const parts = file.split('/');
        for (let depth = 1; depth < parts.length; depth++) {
          const folder = parts.slice(0, depth).join('/');
          if (folders.has(folder)) continue;
          folders.add(folder);
          entries.push({ path: folder, mode: '040000', type: 'tree', sha: createHash('sha1').update(folder).digest('hex') });
        }
        const bytes = Buffer.from(text, 'utf8');
        const sha = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
        blobs.set(sha, text);
        entries.push({ path: file, mode: '100644', type: 'blob', sha, size: bytes.length });
      }
      return [200, { sha: 't'.repeat(40), tree: entries, truncated: false }];
    }
    if (method === 'GET' && (match = /^\/repos\/[^/]+\/[^/]+\/git\/blobs\/([0-9a-f]{40})$/.exec(path))) {
      if (options.blobStatus !== undefined) return [options.blobStatus, { message: 'Server Error' }];
      const text = blobs.get(match[1]!);
      if (text === undefined) return [404, { message: 'Not Found' }];
      return [200, { sha: match[1], size: Buffer.byteLength(text), encoding: 'base64', content: Buffer.from(text, 'utf8').toString('base64') }];
    }
    if (method === 'PATCH' && (match = /^\/repos\/[^/]+\/[^/]+\/pulls\/comments\/(\d+)$/.exec(path))) {
      const comment = comments.find((candidate) => candidate.id === Number(match![1]));
      if (!comment) return [404, { message: 'Not Found' }];
      comment.body = String(body?.body ?? '');
      return [200, comment];
    }
    if (/^\/repos\/[^/]+\/[^/]+\/check-runs(\/\d+)?$/.test(path) && (method === 'POST' || method === 'PATCH')) {
      if (options.checks === 'forbidden') return [403, FORBIDDEN];
      const output = (body?.output ?? {}) as { annotations?: unknown[] };
      if ((output.annotations?.length ?? 0) > 50) return [422, { message: 'Only 50 annotations are allowed per request' }];
      if (method === 'POST') {
        const run = { id: nextId++, bodies: [body ?? {}] };
        checkRuns.push(run);
        return [201, { id: run.id, name: body?.name, head_sha: body?.head_sha, status: body?.status }];
      }
      const run = checkRuns.find((candidate) => candidate.id === Number(path.split('/').at(-1)));
      if (!run) return [404, { message: 'Not Found' }];
      run.bodies.push(body ?? {});
      return [200, { id: run.id }];
    }
    return [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }];
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | undefined;
      try {
        body = text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
      } catch {
        body = undefined;
      }
      const base = `http://${request.headers.host ?? '127.0.0.1'}`;
      const [status, data, headers] = handle(request.method ?? 'GET', url.pathname, url.searchParams, body, base);
      const auth = request.headers.authorization;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, body, authorization: typeof auth === 'string' ? auth : undefined, status });
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...(headers ?? {}) });
      response.end(JSON.stringify(data));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    comments,
    checkRuns,
    reviews,
    writes: () => requests.filter((request) => request.method !== 'GET'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A unified-diff `patch` (as the files endpoint returns it) for lines `start`..`end` of the new text,
 * where `added` lines are `+` and the others context.
 */
export function patchFor(text: string, start: number, end: number, added: (line: number) => boolean): string {
  const lines = text.replace(/\n$/, '').split('\n');
  const rows: string[] = [];
  let old = 0;
  for (let line = start; line <= end; line++) {
    const isAdded = added(line);
    if (!isAdded) old++;
    rows.push(`${isAdded ? '+' : ' '}${lines[line - 1] ?? ''}`);
  }
  const oldStart = old === 0 ? 0 : start;
  return `@@ -${oldStart},${old} +${start},${end - start + 1} @@\n${rows.join('\n')}`;
}
