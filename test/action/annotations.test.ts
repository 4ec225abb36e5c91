import { afterEach, describe, expect, it } from 'vitest';
import { getOctokit } from '@actions/github';
import { annotatedFindings, capAnnotations, checkRunAnnotation, LEGACY_POLICY, publishCheckRun, rankFindings, workflowCommands } from '../../src/action/annotations.js';
import type { GitHubApi } from '../../src/action/github-api.js';
import { parsePatch, PullRequestDiff } from '../../src/action/pr-context.js';
import type { LintReport } from '../../src/report/types.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { finding } from './findings.js';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function api(url: string): GitHubApi {
  const octokit = getOctokit('t', { baseUrl: url });
  return { request: (route, params) => octokit.request(route, params) as Promise<{ status: number; data: unknown }> };
}

const diff = new PullRequestDiff([{ filename: 'changed.yaml', status: 'modified', hunks: parsePatch('@@ -1,5 +1,6 @@\n a\n+b\n c\n d\n e\n f') }]);

describe('rankFindings', () => {
  it('puts changed lines first, then changed files, then the rest; errors before warnings before notices; stable', () => {
    const findings = [
      finding('other.yaml', 1, 'error'),
      finding('changed.yaml', 5, 'info'),
      finding('changed.yaml', 4, 'warning'),
      finding('changed.yaml', 2, 'info'),
      finding('other.yaml', 2, 'warning'),
      finding('changed.yaml', 6, 'error'),
    ];
    expect(rankFindings(findings, diff).map((item) => `${item.location.file}:${item.location.line}`)).toEqual([
      'changed.yaml:2',
      'changed.yaml:6',
      'changed.yaml:4',
      'changed.yaml:5',
      'other.yaml:1',
      'other.yaml:2',
    ]);
  });

  it('without a pull request: by severity, then the report order', () => {
    const findings = [finding('b', 1, 'info'), finding('a', 1, 'warning'), finding('c', 1, 'error'), finding('a', 2, 'warning')];
    expect(rankFindings(findings, undefined).map((item) => item.message)).toEqual(['error at c:1', 'warning at a:1', 'warning at a:2', 'info at b:1']);
  });
});

describe('annotatedFindings', () => {
  const legacy = (file: string): ReturnType<typeof finding> => finding(file, 1, 'info', { ruleId: LEGACY_POLICY, policy: '', rule: '', status: 'problem', message: `ClusterPolicy in ${file} is a kyverno.io policy` });
  const findings = [finding('other.yaml', 4, 'error'), legacy('changed.yaml'), legacy('other.yaml'), finding('other.yaml', 9, 'info'), finding('changed.yaml', 2, 'warning')];

  it.each([
    {
      name: 'without a pull request: every finding but the legacy-policy notices',
      diff: undefined,
      annotated: ['other.yaml:4 policy-error/rule', 'other.yaml:9 policy-info/rule', 'changed.yaml:2 policy-warning/rule'],
    },
    {
      name: 'in a pull request: the legacy-policy notices of the files it changes too, in the given order',
      diff,
      annotated: ['other.yaml:4 policy-error/rule', `changed.yaml:1 ${LEGACY_POLICY}`, 'other.yaml:9 policy-info/rule', 'changed.yaml:2 policy-warning/rule'],
    },
  ])('$name', ({ diff: pullRequest, annotated }) => {
    expect(annotatedFindings(findings, pullRequest).map((item) => `${item.location.file}:${item.location.line} ${item.ruleId}`)).toEqual(annotated);
  });
});

describe('capAnnotations', () => {
  it('keeps the first 10 of each severity', () => {
    const findings = [...Array.from({ length: 12 }, (_, i) => finding('a', i + 1, 'warning')), ...Array.from({ length: 3 }, (_, i) => finding('a', i + 1, 'error'))];
    const { shown, hidden } = capAnnotations(findings);
    expect(shown.filter((item) => item.severity === 'warning')).toHaveLength(10);
    expect(shown.filter((item) => item.severity === 'error')).toHaveLength(3);
    expect(hidden.map((item) => item.location.line)).toEqual([11, 12]);
  });

  it('gives the findings of one reason for several resources one place, all shown with the first', () => {
    const cel = (file: string): ReturnType<typeof finding> => finding(file, 1, 'warning', { ruleId: 'cel/rule', status: 'error', message: 'rule could not be evaluated: validate.cel rules are not supported yet' });
    const flood = Array.from({ length: 30 }, (_, i) => cel(`m${i}.yaml`));
    const warnings = Array.from({ length: 12 }, (_, i) => finding('a', i + 1, 'warning'));
    const { shown, hidden } = capAnnotations([warnings[0]!, ...flood, ...warnings.slice(1)]);
    // One warning, the group (one place) and eight more warnings.
    expect(shown).toHaveLength(1 + 30 + 8);
    expect(hidden.map((item) => item.location.line)).toEqual([10, 11, 12]);
    const commands = workflowCommands({ findings: [] } as unknown as LintReport, shown).split('\n').filter(Boolean);
    expect(commands).toHaveLength(10);
    expect(commands.filter((line) => line.includes('title=cel/rule (30 resources)'))).toHaveLength(1);
    // Ranked after ten other warnings, the group is hidden whole.
    expect(capAnnotations([...warnings, ...flood]).hidden).toHaveLength(2 + 30);
  });
});

describe('workflowCommands', () => {
  it('formats through the github reporter', () => {
    const report = { findings: [] } as unknown as LintReport;
    expect(workflowCommands(report, [finding('a.yaml', 2, 'warning', { message: 'x, y: 50%' })])).toBe('::warning file=a.yaml,line=2,col=3,endLine=2,endColumn=10,title=policy-warning/rule::x, y: 50%25\n');
  });
});

describe('checkRunAnnotation', () => {
  it('maps severities to levels and keeps columns only for one-line ranges', () => {
    expect(checkRunAnnotation(finding('a.yaml', 2, 'error'))).toEqual({ path: 'a.yaml', start_line: 2, end_line: 2, start_column: 3, end_column: 10, annotation_level: 'failure', message: 'error at a.yaml:2', title: 'policy-error/rule' });
    const multi = checkRunAnnotation(finding('a.yaml', 2, 'info', { location: { file: 'a.yaml', line: 2, column: 1, endLine: 4, endColumn: 3 } }));
    expect(multi).toEqual({ path: 'a.yaml', start_line: 2, end_line: 4, annotation_level: 'notice', message: 'info at a.yaml:2', title: 'policy-info/rule' });
    expect(checkRunAnnotation(finding('', 0, 'warning'))).toBeUndefined();
  });
});

describe('publishCheckRun', () => {
  it('creates the run with the first 50 annotations and adds the others 50 at a time', async () => {
    fake = await startFakeGitHub({ checks: 'allowed' });
    const findings = Array.from({ length: 120 }, (_, i) => finding('a.yaml', i + 1, 'warning'));
    const result = await publishCheckRun(api(fake.url), { repository: { owner: 'o', repo: 'r' }, headSha: 'h', findings: [...findings, finding('', 0, 'error')], title: 't', summary: 's', conclusion: 'neutral' });
    expect(result).toMatchObject({ annotations: 120, requests: 3 });
    expect(result.unplaced).toHaveLength(1);
    const bodies = fake.checkRuns[0]!.bodies;
    expect(bodies.map((body) => [(body.output as { annotations: unknown[] }).annotations.length, body.status, body.conclusion])).toEqual([
      [50, 'in_progress', undefined],
      [50, 'in_progress', undefined],
      [20, 'completed', 'neutral'],
    ]);
  });

  it('findings of one reason for several resources are one annotation, at the first place, with the count and the places', async () => {
    fake = await startFakeGitHub({ checks: 'allowed' });
    const unresolved = { status: 'error' as const, ruleId: 'ctx/lookup', message: 'context entry needs a cluster' };
    const findings = [
      finding('a.yaml', 1, 'warning', unresolved),
      finding('b.yaml', 4, 'warning'),
      finding('c.yaml', 7, 'warning', unresolved),
      finding('d.yaml', 2, 'warning', unresolved),
    ];
    const result = await publishCheckRun(api(fake.url), { repository: { owner: 'o', repo: 'r' }, headSha: 'h', findings, title: 't', summary: 's', conclusion: 'neutral' });
    expect(result).toMatchObject({ annotations: 2, requests: 1, unplaced: [] });
    const annotations = (fake.checkRuns[0]!.bodies[0]!.output as { annotations: { path: string; start_line: number; title: string; message: string }[] }).annotations;
    expect(annotations.map(({ path, start_line, title, message }) => [path, start_line, title, message])).toEqual([
      ['a.yaml', 1, 'ctx/lookup (3 resources)', 'context entry needs a cluster\nResources: a.yaml:1, c.yaml:7, d.yaml:2'],
      ['b.yaml', 4, 'policy-warning/rule', 'warning at b.yaml:4'],
    ]);
  });

  it('one request when there are no more than 50, completed at once', async () => {
    fake = await startFakeGitHub({ checks: 'allowed' });
    await publishCheckRun(api(fake.url), { repository: { owner: 'o', repo: 'r' }, headSha: 'h', findings: [], title: 't', summary: 's', conclusion: 'success' });
    expect(fake.requests.map((request) => [request.method, request.body?.status, request.body?.conclusion])).toEqual([['POST', 'completed', 'success']]);
  });

  it('throws the 403 of a token without checks: write', async () => {
    fake = await startFakeGitHub({ checks: 'forbidden' });
    await expect(publishCheckRun(api(fake.url), { repository: { owner: 'o', repo: 'r' }, headSha: 'h', findings: [], title: 't', summary: 's', conclusion: 'success' })).rejects.toMatchObject({ status: 403 });
  });
});
