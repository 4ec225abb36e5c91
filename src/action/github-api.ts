/**
 * @file The part of the GitHub REST API the action uses, as one function: `request(route, params)` with
 * Octokit's route syntax (`GET /repos/{owner}/{repo}/pulls/{pull_number}/files`). The entry passes
 * `@actions/github`'s Octokit (which reads `GITHUB_API_URL`); tests point it at a local server. Failed
 * requests throw an error with the HTTP `status` (Octokit's `RequestError`).
 */

interface ApiResponse {
  status: number;
  data: unknown;
}

export interface GitHubApi {
  request(route: string, params?: Record<string, unknown>): Promise<ApiResponse>;
}

/** The HTTP status of a failed request, `undefined` for network and other errors. */
export function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A short description of a failed request for the log: the status and GitHub's message (never headers or the token). */
export function describeError(error: unknown): string {
  const status = httpStatus(error);
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return status === undefined ? message : `HTTP ${status}: ${message}`;
}

/** Whether a failure means the token may not do this (`403`, or `404` that GitHub answers for hidden resources). */
export function isPermissionError(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 403 || status === 401 || status === 404;
}

/** Every item of a paginated list endpoint (`per_page=100`, pages until a short one, at most `maxPages`). */
export async function paginate<T>(api: GitHubApi, route: string, params: Record<string, unknown>, maxPages = 30): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { data } = await api.request(route, { ...params, per_page: 100, page });
    if (!Array.isArray(data)) break;
    items.push(...(data as T[]));
    if (data.length < 100) break;
  }
  return items;
}
