/**
 * The Action scans through lint(): findings suppressed by `# kyverno-lint-disable…` comments are neither
 * annotated nor counted as warnings, and the log line and job summary count them as suppressed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run, type ActionCore } from '../../src/action/main.js';
import { exampleWorkspace } from './run-action.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('inline suppressions in the Action', () => {
  it('does not annotate a suppressed finding, leaves it out of the SARIF log for code scanning, and counts it in the log and the summary', async () => {
    const created = exampleWorkspace();
    cleanup = created.cleanup;
    const { dir, workspace } = created;
    const worker = path.join(workspace, 'manifests/worker.yaml');
    const text = readFileSync(worker, 'utf8');
    const line = '          image: ghcr.io/example/worker:latest\n';
    expect(text).toContain(line);
    writeFileSync(worker, text.replace(line, `          # kyverno-lint-disable-next-line disallow-latest-tag/validate-image-tag -- pinned by the release job\n${line}`));

    const logs: string[] = [];
    const core: ActionCore = {
      getInput: (name) => (name === 'sarif-file' ? 'kyverno-lint.sarif' : ''),
      setOutput: () => {},
      setSecret: () => {},
      info: (message) => logs.push(message),
      startGroup: (name) => logs.push(`::group::${name}`),
      endGroup: () => logs.push('::endgroup::'),
    };
    const eventPath = path.join(dir, 'event.json');
    writeFileSync(eventPath, '{}');
    const summaryPath = path.join(dir, 'summary.md');
    writeFileSync(summaryPath, '');
    const env = { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: 'octo/shop', GITHUB_SHA: 'a'.repeat(40), GITHUB_WORKSPACE: workspace, GITHUB_STEP_SUMMARY: summaryPath };
    const github = async (): Promise<never> => {
      throw new Error('no API in this test');
    };
    await run({ core, env, github });

    const annotations = logs.filter((message) => message.startsWith('::warning') || message.startsWith('::error'));
    expect(annotations.some((message) => message.includes('autogen-validate-image-tag'))).toBe(false);
    expect(annotations.some((message) => message.includes('autogen-require-image-tag'))).toBe(true);
    expect(annotations.some((message) => message.includes('unused-disable-directive'))).toBe(false);
    expect(logs.find((message) => message.startsWith('kyverno-lint: ') && message.includes('policies:'))).toMatch(/, 1 suppressed$/);
    const log = JSON.parse(readFileSync(path.join(workspace, 'kyverno-lint.sarif'), 'utf8')) as { runs: { results: { ruleId: string; suppressions?: unknown }[] }[] };
    const results = log.runs[0]!.results;
    expect(results.some((result) => result.ruleId === 'disallow-latest-tag/autogen-require-image-tag')).toBe(true);
    expect(results.filter((result) => result.ruleId === 'disallow-latest-tag/autogen-validate-image-tag' || result.suppressions !== undefined)).toEqual([]);
    expect(readFileSync(summaryPath, 'utf8')).toContain('1 finding suppressed (`ignore` or severity `off` in the configuration, `kyverno-lint-disable` comments, or `only-changed`)');
  });
});
