import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const POLICIES = 'test/fixtures/cli/apply/policies';
const RESOURCES = 'test/fixtures/cli/apply/resources';

interface JsonResult {
  policy: string;
  rule: string;
  resource: { apiVersion: string; kind: string; namespace: string; name: string };
  status: string;
  message: string;
  source: { file: string; line: number; column: number };
}

function lineAt(file: string, line: number): string {
  return readFileSync(path.join(ROOT, file), 'utf8').split('\n')[line - 1];
}

describe('kyverno-lint apply', () => {
  it('prints the failed rules per resource and the counters, exit 1 on failures', async () => {
    const { code, stdout } = await runCli(['apply', POLICIES, '--resource', RESOURCES]);
    expect(code).toBe(1);
    expect(stdout.startsWith('\nApplying 6 policy rule(s) to 3 resource(s)...\n')).toBe(true);
    expect(stdout).toContain(
      "policy disallow-latest -> resource default/Pod/bad failed:\n1 - validate-image-tag validation error: using a mutable image tag e.g. 'latest' is not allowed.",
    );
    expect(stdout).toContain('policy require-team -> resource default/Pod/bad failed:\n1 - check-team validation error: label team is required.');
    expect(stdout.endsWith('\npass: 3, fail: 3, warn: 0, error: 0, skip: 0 \n')).toBe(true);
  });

  it('reports failures of Audit policies as warnings with --audit-warn', async () => {
    const { code, stdout } = await runCli(['apply', POLICIES, '-r', RESOURCES, '--audit-warn']);
    expect(code).toBe(1);
    expect(stdout).toContain('policy require-team -> resource default/Pod/bad failed as audit warning:');
    expect(stdout).toContain('pass: 3, fail: 2, warn: 1, error: 0, skip: 0');
  });

  it.each([
    { argv: ['--audit-warn'], code: 0, stderr: '' },
    { argv: ['--audit-warn', '--warn-exit-code', '3'], code: 3, stderr: 'exit as warnExitCode is 3' },
  ])('exit codes for warnings: $argv', async ({ argv, code, stderr }) => {
    const result = await runCli(['apply', `${POLICIES}/require-team.yaml`, '-r', `${RESOURCES}/pods.yaml`, ...argv]);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(stderr);
  });

  it('exits with the warn exit code when nothing passed and --warn-no-pass is set', async () => {
    const result = await runCli(['apply', `${POLICIES}/require-team.yaml`, '-r', `${RESOURCES}/worker.yaml`, '--warn-no-pass', '--warn-exit-code=4']);
    expect(result.stdout).toContain('pass: 1,');
    expect(result.code).toBe(0);
    const none = await runCli(['apply', `${POLICIES}/disallow-latest.yaml`, '-r', `${RESOURCES}/worker.yaml`, '--audit-warn', '--warn-no-pass']);
    expect(none.stdout).toContain('pass: 0, fail: 1');
    expect(none.code).toBe(1);
  });

  it('prints the JSON document with the source position of each failing field', async () => {
    const { code, stdout, stderr } = await runCli(['apply', POLICIES, '--resource', `${RESOURCES}/pods.yaml,${RESOURCES}/worker.yaml`, '--format', 'json']);
    expect(code).toBe(1);
    expect(stderr).toContain('Applying 6 policy rule(s) to 3 resource(s)...');
    const { results } = JSON.parse(stdout) as { results: JsonResult[] };
    expect(results.map((result) => [result.policy, result.rule, result.resource.name, result.status, result.source.line, result.source.column])).toEqual([
      ['disallow-latest', 'validate-image-tag', 'good', 'pass', 1, 1],
      ['require-team', 'check-team', 'good', 'pass', 1, 1],
      ['disallow-latest', 'validate-image-tag', 'bad', 'fail', 22, 7],
      ['require-team', 'check-team', 'bad', 'fail', 17, 3],
      ['disallow-latest', 'autogen-validate-image-tag', 'worker', 'fail', 18, 11],
      ['require-team', 'autogen-check-team', 'worker', 'pass', 1, 1],
    ]);
    const image = results[2];
    expect(image.resource).toEqual({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'bad' });
    expect(image.source.file).toBe(`${RESOURCES}/pods.yaml`);
    expect(lineAt(image.source.file, image.source.line).slice(image.source.column - 1)).toBe('image: nginx:latest');
    expect(lineAt(results[4].source.file, results[4].source.line).trim()).toBe('image: busybox:latest');
  });

  it('prints a table with -t', async () => {
    const { stdout } = await runCli(['apply', POLICIES, '-r', RESOURCES, '-t', '--detailed-results']);
    expect(stdout).toContain('│ ID │ POLICY          │ RULE                       │ RESOURCE               │ RESULT │ MESSAGE');
    expect(stdout).toContain('│  4 │ require-team    │ check-team                 │ default/Pod/bad        │ Fail   │');
    expect(stdout).not.toContain('pass: ');
  });

  it('reads resources from standard input', async () => {
    const stdin = readFileSync(path.join(ROOT, RESOURCES, 'worker.yaml'), 'utf8');
    const { stdout } = await runCli(['apply', POLICIES, '-r', '-', '--format', 'json'], { stdin });
    const { results } = JSON.parse(stdout) as { results: JsonResult[] };
    expect(results.map((result) => [result.status, result.source.file, result.source.line])).toEqual([
      ['fail', '-', 18],
      ['pass', '-', 1],
    ]);
  });

  it.each([
    { flags: ['--set', 'settings.data.team=shop'], statuses: ['good pass', 'bad fail'] },
    { flags: ['-s', 'settings.data.team=ops,ignored'], statuses: ['good fail', 'bad fail'] },
    { flags: ['--values-file', 'test/fixtures/cli/apply-values/values.yaml'], statuses: ['good pass', 'bad fail'] },
    { flags: [], statuses: ['good error', 'bad error'] },
  ])('injects variables: $flags', async ({ flags, statuses }) => {
    const { stdout } = await runCli(['apply', 'test/fixtures/cli/apply-values/policy.yaml', '-r', `${RESOURCES}/pods.yaml`, ...flags, '--format', 'json']);
    const { results } = JSON.parse(stdout) as { results: JsonResult[] };
    expect(results.map((result) => `${result.resource.name} ${result.status}`)).toEqual(statuses);
  });

  it('lists invalid policies and counts them as errors', async () => {
    const { code, stdout } = await runCli(['apply', 'test/fixtures/cli/test-pass/policies.yaml', '-r', 'test/fixtures/cli/test-pass/resources.yaml']);
    expect(code).toBe(1);
    expect(stdout).toContain(`${'-'.repeat(70)}\nPolicies Skipped:\n1. broken: `);
    expect(stdout).toMatch(/error: 1, skip: 0 \n$/);
  });

  it('reports unreadable inputs as file:line:column and processes the others', async () => {
    const { code, stdout, stderr } = await runCli(['apply', POLICIES, '-r', `${RESOURCES}/pods.yaml,${RESOURCES}`]);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^${RESOURCES}:1:1: EISDIR`, 'm'));
    expect(stdout).toContain('pass: 2, fail: 2');
  });

  it.each([
    { argv: ['apply'], message: 'Error: require policy' },
    { argv: ['apply', POLICIES], message: 'Error: resource file(s) or cluster required' },
    { argv: ['apply', POLICIES, '-r', RESOURCES, '-f', 'v.yaml', '-s', 'a=b'], message: 'Error: pass the values either using set flag or values_file flag' },
    { argv: ['apply', '-', '-r', '-'], message: 'Error: a stdin pipe can be used for either policies or resources, not both' },
    { argv: ['apply', POLICIES, '-r', RESOURCES, '--format', 'yaml'], message: 'Error: invalid format "yaml", expected (text, json)' },
    { argv: ['apply', POLICIES, '--cluster'], message: 'Error: unknown flag: --cluster' },
  ])('usage errors exit 2: $message', async ({ argv, message }) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe('kyverno-lint', () => {
  it.each([
    { argv: ['--version'], code: 0, stream: 'stdout', text: 'kyverno-lint ' },
    { argv: ['--help'], code: 0, stream: 'stdout', text: 'Usage:' },
  ] as const)('$argv → exit $code', async ({ argv, code, stream, text }) => {
    const result = await runCli([...argv]);
    expect(result.code).toBe(code);
    expect(result[stream]).toContain(text);
  });
});
