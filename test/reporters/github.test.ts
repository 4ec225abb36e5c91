import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/report/types.js';
import { checkRunAnnotation } from '../../src/action/annotations.js';
import { escapeData, escapeProperty, github, workflowCommand } from '../../src/reporters/github.js';
import { toSarif } from '../../src/reporters/sarif.js';
import { addRequests, emptyReport, latestTag, liveness, missingLabel, report, sampleReport, yamlSyntax } from './reports.js';

describe('github reporter', () => {
  it('prints nothing without findings', () => {
    expect(github(emptyReport())).toBe('');
  });

  it('writes one annotation per finding, in report order: error, warning, notice for info', () => {
    expect(github(sampleReport())).toBe(
      [
        '::error file=k8s/deploy.yaml,line=12,col=7,endLine=12,endColumn=20,title=require-labels/check-for-labels::validation error: The label `app.kubernetes.io/name` is required. rule check-for-labels failed at path /metadata/labels/app.kubernetes.io/name/',
        '::error file=policies/broken.yaml,line=4,col=3,endLine=4,endColumn=9,title=kyverno-lint/yaml-syntax::bad indentation of a mapping entry (4:3)',
        '::warning file=k8s/deploy.yaml,line=3,endLine=4,title=disallow-latest-tag/validate-image-tag::image "nginx:latest" uses <latest> & is 100%25 mutable, see: a,b%0D%0Asecond line%0Athird \'line\'.',
        '::notice file=k8s/deploy.yaml,line=20,col=9,endLine=20,endColumn=22,title=add-default-resources/add-requests::mutated Deployment/default/web',
        '::warning file=apps/team a/pod.yaml,line=108,col=11,endLine=108,endColumn=25,title=team-a/require-probes/check-liveness::validation error: Liveness probes are required.',
        '',
      ].join('\n'),
    );
  });

  it('matches the golden output', async () => {
    await expect(github(sampleReport())).toMatchFileSnapshot('./__golden__/github.txt');
  });

  it('escapes data and properties as @actions/core does', () => {
    expect(escapeData('100% a:b,c\r\nd\ne')).toBe('100%25 a:b,c%0D%0Ad%0Ae');
    expect(escapeProperty('100% a:b,c\r\nd\ne')).toBe('100%25 a%3Ab%2Cc%0D%0Ad%0Ae');
    expect(escapeData('%0A')).toBe('%250A');
    expect(escapeProperty('<&"\'>')).toBe('<&"\'>');
  });

  it('escapes file names and titles as properties', () => {
    const odd: Finding = { ...missingLabel, ruleId: 'ns:a/p,q/r%', location: { ...missingLabel.location, file: 'dir,x/a:b%.yaml' } };
    expect(github(report([odd]))).toBe(
      `::error file=dir%2Cx/a%3Ab%25.yaml,line=12,col=7,endLine=12,endColumn=20,title=ns%3Aa/p%2Cq/r%25::${missingLabel.message}\n`,
    );
  });

  it('leaves out empty and zero properties, as @actions/core does', () => {
    const noFile: Finding = { ...yamlSyntax, ruleId: 'kyverno-lint/no-policies', message: 'no policies found', location: { file: '', line: 0, column: 0, endLine: 0, endColumn: 0 } };
    expect(github(report([noFile]))).toBe('::error title=kyverno-lint/no-policies::no policies found\n');
    expect(workflowCommand('notice', [], 'm')).toBe('::notice::m');
    expect(workflowCommand('warning', [['file', ''], ['line', 0]], 'm')).toBe('::warning::m');
  });

  it('uses the severity, not the status, to choose the command', () => {
    const lines = github(report([{ ...liveness, severity: 'error' }, { ...latestTag, severity: 'info' }, { ...addRequests, severity: 'warning' }])).split('\n');
    expect(lines.map((line) => line.slice(0, line.indexOf(' ')))).toEqual(['::error', '::notice', '::warning', '']);
  });
});

describe('annotation ranges the runner keeps', () => {
  // The runner drops col/endColumn when line ≠ endLine: multi-line findings are annotated by lines only,
  // one-line findings with their columns; check runs the same; SARIF keeps the exact region.
  const cases: { name: string; location: [number, number, number, number]; command: string; checkRun: Record<string, number> | undefined; region: Record<string, number> | undefined }[] = [
    { name: 'one line with columns', location: [3, 5, 3, 12], command: 'line=3,col=5,endLine=3,endColumn=12', checkRun: { start_line: 3, end_line: 3, start_column: 5, end_column: 12 }, region: { startLine: 3, startColumn: 5, endLine: 3, endColumn: 12 } },
    { name: 'several lines', location: [3, 5, 7, 2], command: 'line=3,endLine=7', checkRun: { start_line: 3, end_line: 7 }, region: { startLine: 3, startColumn: 5, endLine: 7, endColumn: 2 } },
    { name: 'one line, end column before the start', location: [4, 9, 4, 1], command: 'line=4,col=9,endLine=4,endColumn=9', checkRun: { start_line: 4, end_line: 4, start_column: 9, end_column: 9 }, region: { startLine: 4, startColumn: 9, endLine: 4, endColumn: 1 } },
    { name: 'a line without a column', location: [2, 0, 2, 0], command: 'line=2,endLine=2', checkRun: { start_line: 2, end_line: 2 }, region: { startLine: 2, endLine: 2 } },
    { name: 'an end line before the start line', location: [6, 2, 0, 0], command: 'line=6,col=2,endLine=6,endColumn=2', checkRun: { start_line: 6, end_line: 6, start_column: 2, end_column: 2 }, region: { startLine: 6, startColumn: 2 } },
    { name: 'no position', location: [0, 0, 0, 0], command: '', checkRun: undefined, region: undefined },
  ];
  it.each(cases)('$name', ({ location: [line, column, endLine, endColumn], command, checkRun, region }) => {
    const finding: Finding = { ...missingLabel, ruleId: 'p/r', message: 'm', location: { file: 'a.yaml', line, column, endLine, endColumn } };
    expect(github(report([finding]))).toBe(`::error file=a.yaml${command ? `,${command}` : ''},title=p/r::m\n`);
    const annotation = checkRunAnnotation(finding);
    if (checkRun === undefined) expect(annotation).toBeUndefined();
    else expect(annotation).toEqual({ path: 'a.yaml', ...checkRun, annotation_level: 'failure', message: 'm', title: 'p/r' });
    const sarifRegion = toSarif(report([finding]), { color: false, toolVersion: '0' }).runs[0]!.results[0]!.locations?.[0]?.physicalLocation?.region;
    expect(sarifRegion).toEqual(region);
  });
});
