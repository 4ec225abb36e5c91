/**
 * @file The action proper, loaded by the entry (src/action/entry.ts) once it printed the version line: runs
 * {@link run} with the real `@actions/core`,
 * the process environment and `@actions/github`'s Octokit (loaded only when there is a token), and sets
 * the process exit code. An unexpected error fails the step with its stack (never the token: inputs are
 * not part of error messages).
 */
import * as core from '@actions/core';
import type { GitHubApi } from './github-api.js';
import { run } from './main.js';

async function github(token: string): Promise<GitHubApi> {
  const { getOctokit } = await import('@actions/github');
  const octokit = getOctokit(token);
  return { request: (route, params) => octokit.request(route, params) as Promise<{ status: number; data: unknown }> };
}

try {
  process.exitCode = await run({ core, env: process.env, github, announced: true });
} catch (error) {
  core.setFailed(`kyverno-lint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 2;
}
