import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const FIXTURES = 'test/fixtures/cli';

interface JsonEntry {
  policy: string;
  rule: string;
  resource: string;
  kind: string;
  namespace: string;
  expected: string;
  actual: string;
  message: string;
}

describe('kyverno-lint test', () => {
  it('prints the result table and the summary of a passing test, exit 0', async () => {
    const { code, stdout, stderr } = await runCli(['test', `${FIXTURES}/test-pass`]);
    expect(code).toBe(0);
    expect(stdout).toContain('│ ID │ POLICY          │ RULE               │ RESOURCE                       │ RESULT │ REASON         │');
    expect(stdout).toContain('│  2 │ require-team    │ autogen-check-team │ apps/v1/Deployment/default/web │ Pass   │ Ok             │');
    expect(stdout).toContain('│  4 │ require-team    │ check-team         │ v1/Namespace//team-a           │ Pass   │ Excluded       │');
    expect(stdout).toContain('│  6 │ broken          │ user               │ v1/Pod/prod/db                 │ Skip   │ Invalid Policy │');
    expect(stdout.endsWith('\nTest Summary: 6 tests passed and 0 tests failed\n\n')).toBe(true);
    expect(stdout).not.toContain('Loading');
    expect(stderr).toContain(`Loading test  ( ${FIXTURES}/test-pass/kyverno-test.yaml ) ...`);
    expect(stderr).toContain('  Applying 3 policies to 4 resources with 0 exceptions ...');
  });

  it('reports mismatches and missing policies, exit 1', async () => {
    const { code, stdout, stderr } = await runCli(['test', `${FIXTURES}/test-fail`, '--remove-color']);
    expect(code).toBe(1);
    expect(stdout).toContain('│  1 │ require-team    │ check-team         │ v1/Pod/default/web             │ Fail   │ Want fail, got pass │');
    expect(stdout).toContain('│  3 │ unscored-latest │ no-latest          │ v1/Pod/default/web             │ Pass   │ Ok                  │');
    expect(stdout).toContain('│  5 │ missing         │ check              │ v1/Pod/prod/db                 │ Fail   │ Not found           │');
    expect(stdout).toContain('Test Summary: 1 tests passed and 4 tests failed');
    expect(stderr).toContain('Error: 4 tests failed');
  });

  it('adds the MESSAGE column with --detailed-results', async () => {
    const { stdout } = await runCli(['test', `${FIXTURES}/test-fail`, '--detailed-results']);
    expect(stdout).toContain('│ MESSAGE ');
    expect(stdout).toContain('validation error: images must not use the latest tag');
  });

  it('prints only the failed rows with --fail-only', async () => {
    const { stdout } = await runCli(['test', `${FIXTURES}/test-fail`, '--fail-only']);
    expect(stdout).toContain('\nTest Summary: 4 out of 5 tests failed\n\nAggregated Failed Test Cases : \n');
    expect(stdout).toContain('│  4 │ missing         │ check              │ v1/Pod/prod/db                 │ Fail   │ Not found           │');
    expect(stdout).not.toContain('│ Pass ');
  });

  it('colours the table only on a terminal without --remove-color', async () => {
    expect((await runCli(['test', `${FIXTURES}/test-pass`], { tty: true })).stdout).toContain('\u001b[1;32mPass\u001b[0m');
    expect((await runCli(['test', `${FIXTURES}/test-pass`, '--remove-color'], { tty: true })).stdout).not.toContain('\u001b[');
  });

  it('runs values files, namespace labels and dedicated operation runs', async () => {
    const { code, stdout } = await runCli(['test', `${FIXTURES}/test-values`]);
    expect(code).toBe(0);
    expect(stdout).toContain('Test Summary: 6 tests passed and 0 tests failed');
    expect(stdout).toContain('│  4 │ env-check │ env-matches │ v1/ConfigMap/dev/cm-other     │ Pass   │ Excluded │');
  });

  it('prints one JSON entry per expanded expected result, and nothing else on stdout', async () => {
    const { code, stdout } = await runCli(['test', `${FIXTURES}/test-fail`, `${FIXTURES}/test-values`, '--format', 'json']);
    expect(code).toBe(1);
    const parsed = JSON.parse(stdout) as { tests: { file: string; results: JsonEntry[] }[] };
    expect(parsed.tests.map((test) => test.file)).toEqual([`${FIXTURES}/test-fail/kyverno-test.yaml`, `${FIXTURES}/test-values/kyverno-test.yaml`]);
    expect(parsed.tests[0].results).toEqual([
      {
        policy: 'require-team',
        rule: 'check-team',
        resource: 'web',
        kind: 'Pod',
        namespace: 'default',
        expected: 'fail',
        actual: 'pass',
        passed: false,
        reason: 'Want fail, got pass',
        message: "validation rule 'check-team' passed.",
      },
      {
        policy: 'unscored-latest',
        rule: 'no-latest',
        resource: 'web',
        kind: 'Pod',
        namespace: 'default',
        expected: 'warn',
        actual: 'pass',
        passed: false,
        reason: 'Want warn, got pass',
        message: "validation rule 'autogen-no-latest' passed.",
      },
      { policy: 'missing', rule: 'check', resource: 'db', kind: 'Pod', namespace: 'prod', expected: 'pass', actual: 'missing', passed: false, reason: 'Not found', message: 'Not found' },
    ]);
    expect(parsed.tests[1].results.map((entry) => [entry.resource, entry.expected, entry.actual])).toEqual([
      ['cm-good', 'pass', 'pass'],
      ['cm-override', 'pass', 'pass'],
      ['cm-bad', 'fail', 'fail'],
      ['cm-other', 'fail', 'fail'],
      ['cm-good', 'fail', 'fail'],
      ['cm-good', 'pass', 'pass'],
    ]);
  });

  it('accepts --output-format as an alias of --format', async () => {
    const { stdout } = await runCli(['test', `${FIXTURES}/test-pass`, '--output-format=json']);
    expect(JSON.parse(stdout)).toHaveProperty('tests');
  });

  it('runs only the selected results', async () => {
    const { stdout } = await runCli(['test', `${FIXTURES}/test-fail`, '--test-case-selector', 'policy=unscored-*']);
    expect(stdout).toContain('Test Summary: 1 tests passed and 1 tests failed');
  });

  it.each([
    { selector: 'policy=require-team,resource=prod/db', rows: ['v1/Pod/prod/db Ok'] },
    {
      // A wildcard replaces `resources` too; as a name it matches no resource, so every resource is checked.
      selector: 'policy=require-team,resource=*db',
      rows: ['v1/Pod/default/web Want fail, got pass', 'apps/v1/Deployment/default/web Want fail, got pass', 'v1/Pod/prod/db Ok', 'v1/Namespace//team-a Excluded'],
    },
    { selector: 'policy=require-team,resource=db', rows: [] },
  ])('replaces the resources of selected results with the resource selector: $selector', async ({ selector, rows }) => {
    const { stdout } = await runCli(['test', `${FIXTURES}/test-pass`, '-t', selector, '--remove-color']);
    const lines = stdout.split('\n').filter((line) => /^│ +\d/.test(line));
    expect(lines.map((line) => line.split('│').map((cell) => cell.trim())).map((cells) => `${cells[4]} ${cells[6]}`)).toEqual(rows);
  });

  it('reports Test-file errors as file:line:column and still runs the other files', async () => {
    const { code, stdout, stderr } = await runCli(['test', FIXTURES]);
    expect(code).toBe(1);
    expect(stderr).toContain(`${FIXTURES}/test-errors/kyverno-test.yaml:14:5: unknown field "status"`);
    expect(stderr).toContain(
      `${FIXTURES}/test-errors/kyverno-test.yaml:16:1: test file ${FIXTURES}/test-errors/kyverno-test.yaml uses a deprecated schema — please migrate to the latest format`,
    );
    expect(stdout).toContain('Test Summary: 15 tests passed and 9 tests failed');
  });

  it('reports problems in policy and resource files at their line and keeps the rest', async () => {
    const dir = `${FIXTURES}/test-input-errors`;
    const { code, stdout, stderr } = await runCli(['test', dir]);
    expect(code).toBe(1);
    expect(stderr).toContain(`${dir}/policies.yaml:12:7: ClusterPolicy: unknown field "spec.rules[0].validat"`);
    expect(stderr).toContain(`${dir}/policies.yaml:17:1: warning: skipping v1 ConfigMap document: not a policy`);
    expect(stderr).toMatch(new RegExp(`^${dir}/resources\\.yaml:13:\\d+: `, 'm'));
    expect(stderr).toMatch(new RegExp(`^${dir}/missing\\.yaml:1:1: ENOENT`, 'm'));
    expect(stdout).toContain('│  1 │ require-name │ check │ v1/Pod/default/web │ Pass   │ Ok        │');
    expect(stdout).toContain('│  2 │ typo         │ check │ v1/Pod/default/web │ Fail   │ Not found │');
  });

  it('compares patchedResources: equal after normalisation, Resource diff with the diff, missing documents', async () => {
    const { code, stdout } = await runCli(['test', `${FIXTURES}/test-compare`, '--remove-color']);
    expect(code).toBe(1);
    expect(stdout).toContain('│  1 │ require-team │ check-team │ v1/Pod/default/web │ Pass   │ Ok             │');
    expect(stdout).toContain('│  2 │ require-team │ check-team │ v1/Pod/default/web │ Fail   │ Resource diff  │');
    expect(stdout).toContain('│  3 │ require-team │ check-team │ v1/Pod/prod/db     │ Fail   │ Resource error │');
    expect(stdout).not.toContain('│  4 │');
    expect(stdout).toContain('Test Summary: 1 tests passed and 2 tests failed');
  });

  it('prints the diff of a Resource diff in the MESSAGE column, coloured on a terminal only', async () => {
    const plain = (await runCli(['test', `${FIXTURES}/test-compare`, '--detailed-results'])).stdout;
    const lines = plain.split('\n').map((line) => line.split('│')[7]?.trim());
    const start = lines.indexOf("Patched resource didn't match the patched resource in the test result");
    expect(lines.slice(start, start + 13)).toEqual([
      "Patched resource didn't match the patched resource in the test result",
      '(- only in expected, + only in actual)',
      '',
      '--- expected',
      '+++ actual',
      '@@ -8,5 +8,5 @@',
      'namespace: default',
      'spec:',
      'containers:',
      '-    - image: nginx:latest',
      '+    - image: nginx:1.25',
      'name: app',
      "error: failed to load PatchedResources resource (resource with name db not found in manifest)",
    ]);
    const coloured = (await runCli(['test', `${FIXTURES}/test-compare`, '--detailed-results'], { tty: true })).stdout;
    expect(coloured).toContain('\u001b[32m+    - image: nginx:1.25\u001b[0m');
    expect(plain).not.toContain('\u001b[');
  });

  it('carries the diff of a Resource diff in the JSON entry', async () => {
    const { stdout } = await runCli(['test', `${FIXTURES}/test-compare`, '--format', 'json']);
    const parsed = JSON.parse(stdout) as { tests: { results: (JsonEntry & { diff?: string })[] }[] };
    const [equal, different, skipped, missing] = parsed.tests[0].results;
    expect(equal).not.toHaveProperty('diff');
    expect(different).toMatchObject({ expected: 'pass', actual: 'pass', message: "Patched resource didn't match the patched resource in the test result" });
    expect(different.diff).toBe(
      '(- only in expected, + only in actual)\n\n--- expected\n+++ actual\n@@ -8,5 +8,5 @@\n   namespace: default\n spec:\n   containers:\n-    - image: nginx:latest\n+    - image: nginx:1.25\n       name: app\n',
    );
    expect(skipped).toMatchObject({ resource: 'db', actual: 'missing', message: expect.stringMatching(/^not compared \(failOnMissingResources is false\): /) });
    expect(missing).toMatchObject({
      resource: 'db',
      actual: 'fail',
      passed: false,
      reason: 'Resource error',
      message: 'error: failed to load PatchedResources resource (resource with name db not found in manifest)',
    });
  });

  it('fails every selected result of a Test document that cannot run', async () => {
    const dir = `${FIXTURES}/test-broken-values`;
    const { code, stdout, stderr } = await runCli(['test', dir, '--format', 'json']);
    expect(code).toBe(1);
    const message = 'invalid request.operation value "PATCH" (expected CREATE, UPDATE, DELETE or CONNECT)';
    expect(stderr).toContain(`${dir}/values.yaml:4:3: failed to run test: ${message}`);
    const parsed = JSON.parse(stdout) as { tests: { results: JsonEntry[] }[] };
    expect(parsed.tests[0].results.map((entry) => [entry.resource, entry.actual, entry.message])).toEqual([
      ['web', 'missing', message],
      ['db', 'missing', message],
    ]);
  });

  it.each([
    { argv: ['test', 'no/such/dir'], code: 2, stderr: 'Error: no such file or directory: no/such/dir\n' },
    { argv: ['test', 'https://github.com/kyverno/policies/main'], code: 1, stderr: 'remote (git) test sources are not read' },
    { argv: ['test', `${FIXTURES}/test-pass/policies.yaml`], code: 1, stderr: 'not a directory' },
    { argv: ['test', `${FIXTURES}/apply`], code: 0, stderr: 'No test yamls available' },
    { argv: ['test', `${FIXTURES}/apply`, '--require-tests'], code: 1, stderr: 'Error: no tests found' },
    { argv: ['test', `${FIXTURES}/test-pass`, '--file-name', 'other.yaml'], code: 0, stderr: 'No test yamls available' },
  ])('exit $code for $argv', async ({ argv, code, stderr }) => {
    const result = await runCli(argv);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(stderr);
  });

  it.each([
    { argv: ['test'], message: 'Error: a directory is required' },
    { argv: ['test', '.', '--format', 'yaml'], message: 'Error: invalid format "yaml", expected (text, json)' },
    { argv: ['test', '.', '--frobnicate'], message: 'Error: unknown flag: --frobnicate' },
  ])('usage errors exit 2: $argv', async ({ argv, message }) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Run 'kyverno-lint test --help' for usage.");
  });

  it('prints its help', async () => {
    const { code, stdout } = await runCli(['test', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('kyverno-lint test <dirs...> [flags]');
    expect(stdout).toContain('--test-case-selector');
  });
});
