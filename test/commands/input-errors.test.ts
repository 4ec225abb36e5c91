import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const DIR = 'test/fixtures/cli/input-errors';

interface JsonResult {
  policy: string;
  rule: string;
  resource: { name: string };
  status: string;
  message: string;
}

describe('bad input is reported with file and line, and the other files are still checked', () => {
  it('reports a malformed policy, an unknown policy field, a malformed manifest and an unresolvable variable', async () => {
    const { code, stdout, stderr } = await runCli([
      'apply',
      `${DIR}/policies`,
      '-r',
      `${DIR}/resources/malformed.yaml,${DIR}/resources/pods.yaml`,
      '--format',
      'json',
    ]);
    expect(code).toBe(1);
    // The YAML error names the file, line and column of the problem.
    expect(stderr).toMatch(/^test\/fixtures\/cli\/input-errors\/policies\/malformed\.yaml:8:\d+: /m);
    expect(stderr).toMatch(/^test\/fixtures\/cli\/input-errors\/resources\/malformed\.yaml:5:\d+: /m);
    // The unknown field is reported at its own line, and that policy is not evaluated.
    expect(stderr).toContain(
      'test/fixtures/cli/input-errors/policies/unknown-field.yaml:13:9: ClusterPolicy: unknown field "spec.rules[0].validate.mesage"',
    );
    // No stack trace reaches the user.
    expect(stderr).not.toMatch(/\n\s+at /);

    const { results } = JSON.parse(stdout) as { results: JsonResult[] };
    expect(results.map((result) => [result.policy, result.rule, result.resource.name, result.status])).toEqual([
      ['owner-annotation', 'owner-must-be-team', 'web', 'error'],
      ['owner-annotation', 'require-app', 'web', 'pass'],
    ]);
    expect(results[0]!.message).toBe(
      'failed to check deny conditions: failed to substitute variables in condition key: failed to resolve ' +
        'request.object.metadata.annotations.owner at path : JMESPath query failed: Unknown key "annotations" in path',
    );
  });
});

describe('--format json carries the input problems', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-problems-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('apply: malformed YAML, an unknown policy field and an unreadable resource path, each with file:line', async () => {
    const { code, stdout } = await runCli([
      'apply',
      `${DIR}/policies`,
      '-r',
      `${DIR}/resources/pods.yaml,${DIR}/resources/malformed.yaml,${DIR}/resources`,
      '--format',
      'json',
    ]);
    expect(code).toBe(1);
    const { problems } = JSON.parse(stdout) as { problems: unknown[] };
    expect(problems).toEqual([
      { file: `${DIR}/policies/malformed.yaml`, line: 8, column: 23, severity: 'error', message: 'deficient indentation' },
      { file: `${DIR}/policies/unknown-field.yaml`, line: 13, column: 9, severity: 'error', message: 'ClusterPolicy: unknown field "spec.rules[0].validate.mesage"' },
      { file: `${DIR}/resources/malformed.yaml`, line: 5, column: 20, severity: 'error', message: 'deficient indentation' },
      { file: `${DIR}/resources`, line: 1, column: 1, severity: 'error', message: expect.stringContaining('EISDIR') },
    ]);
  });

  it('apply: an empty problems array when the input is clean', async () => {
    const { stdout } = await runCli(['apply', `${DIR}/policies/variables.yaml`, '-r', `${DIR}/resources/pods.yaml`, '--format', 'json']);
    expect(JSON.parse(stdout)).toMatchObject({ problems: [] });
  });

  it('test: a malformed resource file and a missing one of a kyverno-test.yaml', async () => {
    const suite = path.join(scratch, 'suite');
    mkdirSync(suite);
    writeFileSync(
      path.join(suite, 'kyverno-test.yaml'),
      [
        'apiVersion: cli.kyverno.io/v1alpha1',
        'kind: Test',
        'metadata:',
        '  name: broken-inputs',
        'policies: [policy.yaml]',
        'resources: [pods.yaml, missing.yaml]',
        'results:',
        '  - policy: require-app',
        '    rule: check-app',
        '    resources: [web]',
        '    kind: Pod',
        '    result: pass',
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(suite, 'policy.yaml'),
      'apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata:\n  name: require-app\nspec:\n  rules:\n    - name: check-app\n      match:\n        any:\n          - resources:\n              kinds: [Pod]\n      validate:\n        pattern:\n          metadata:\n            labels:\n              app: "?*"\n',
    );
    writeFileSync(path.join(suite, 'pods.yaml'), 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  labels: {app: web}\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  labels: [\n');
    const { code, stdout, stderr } = await runCli(['test', suite, '--format', 'json'], { cwd: scratch });
    expect(code).toBe(1);
    const { tests, problems } = JSON.parse(stdout) as { tests: unknown[]; problems: { file: string; line: number; severity: string; message: string }[] };
    expect(tests).toHaveLength(1);
    expect(problems.map((problem) => [problem.file, problem.line, problem.severity])).toEqual([
      ['suite/pods.yaml', 10, 'error'],
      ['suite/missing.yaml', 1, 'error'],
    ]);
    // The same problems as on stderr.
    for (const problem of problems) expect(stderr).toContain(`${problem.file}:${problem.line}:`);
  });

  it('test: the document without any readable test file still has problems', async () => {
    const suite = path.join(scratch, 'broken-suite');
    mkdirSync(suite, { recursive: true });
    writeFileSync(path.join(suite, 'kyverno-test.yaml'), 'apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata:\n  name: x\npolicies: [p.yaml\n');
    const { code, stdout } = await runCli(['test', suite, '--format', 'json'], { cwd: scratch });
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({ tests: [], problems: [expect.objectContaining({ file: 'broken-suite/kyverno-test.yaml', line: 5, severity: 'error' })] });
  });
});
