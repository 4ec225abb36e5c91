/**
 * `kyverno-lint test` with `jsonPayloads`: JSON-mode ValidatingPolicies evaluated on each payload, the payload
 * path (as the Test writes it, cleaned) as the key results name, the rows of results without `resources`,
 * Kubernetes-mode policies skipped, payload number semantics, exceptions, compile errors, and the `namespace/name`
 * entry Kyverno's matching crashes on.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/commands/io.js';
import { DiagnosticLog } from '../../src/commands/load/diagnostics.js';
import { parseTestCaseSelector } from '../../src/commands/test/selector.js';
import { runTestFile } from '../../src/commands/test/suite.js';
import { scratchFolder } from './helpers.js';

const JSON_POLICIES = `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata: {name: no-curl}
spec:
  evaluation: {mode: JSON}
  validations:
    - expression: "!object.Stages.exists(s, s.Commands.exists(c, c.Cmd == 'RUN' && c.Value.contains('curl')))"
      message: curl is not allowed
---
apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata: {name: int-count}
spec:
  evaluation: {mode: JSON}
  matchConditions:
    - {name: has-count, expression: "has(object.count)"}
  validations:
    - expression: "type(object.count) == int"
      message: count is not an int
---
apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata: {name: pods-only}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [pods]}
  validations:
    - expression: "true"
`;

const CURL = JSON.stringify({ Stages: [{ Commands: [{ Cmd: 'RUN', Value: 'curl -s http://x' }] }], count: 1 });
const CLEAN = JSON.stringify({ Stages: [{ Commands: [{ Cmd: 'RUN', Value: 'echo hi' }] }] });

const SILENT: CliIo = { stdout: () => {}, stderr: () => {}, cwd: '/' };

interface Row {
  policy: string;
  rule: string;
  resource: string;
  result: string;
  reason: string;
  message: string;
}

/** Every row of every result of the test file in `dir`, and the per-entry verdicts. */
function run(dir: string): { rows: Row[]; passed: boolean[]; errors: number } {
  const log = new DiagnosticLog(SILENT);
  const outcome = runTestFile(path.join(dir, 'kyverno-test.yaml'), { io: SILENT, log, selector: parseTestCaseSelector('') });
  const results = outcome.documents.flatMap((document) => document.results);
  return {
    rows: results.flatMap((result) => result.rows.map(({ policy, rule, resource, result: verdict, reason, message }) => ({ policy, rule, resource, result: verdict, reason, message }))),
    passed: results.flatMap((result) => result.entries.map((entry) => entry.passed)),
    errors: outcome.errors,
  };
}

function testFile(payloads: string[], results: string[], extra = ''): string {
  return `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata: {name: payloads}
policies: [policies.yaml]
jsonPayloads: [${payloads.join(', ')}]
${extra}results:
${results.map((result) => `  - ${result}`).join('\n')}
`;
}

describe('kyverno-lint test with JSON payloads', () => {
  const scratch = scratchFolder('kyverno-lint-payloads-');

  it.each<{ name: string; payloads: string[]; results: string[]; rows: Partial<Row>[]; passed: boolean[] }>([
    {
      name: 'a result without resources is compared with every payload',
      payloads: ['./curl.json', 'clean.json'],
      results: ['{policy: no-curl, result: fail}'],
      rows: [
        { resource: '/curl.json', result: 'Pass', reason: 'Ok', message: 'curl is not allowed' },
        { resource: '/clean.json', result: 'Fail', reason: 'Want fail, got pass', message: 'success' },
      ],
      passed: [false],
    },
    {
      name: 'resources name payloads by their cleaned path',
      payloads: ['./curl.json', 'clean.json'],
      results: ['{policy: no-curl, resources: [curl.json], result: fail}', '{policy: no-curl, resources: [clean.json], result: pass}'],
      rows: [
        { resource: '/curl.json', result: 'Pass', reason: 'Ok' },
        { resource: '/clean.json', result: 'Pass', reason: 'Ok' },
      ],
      passed: [true, true],
    },
    {
      name: 'an entry naming no payload falls back to all of them',
      payloads: ['curl.json'],
      results: ['{policy: no-curl, resources: [absent.json], result: fail}'],
      rows: [{ resource: '/curl.json', result: 'Pass', reason: 'Ok' }],
      passed: [true],
    },
    {
      name: 'matchConditions false give a skip rule',
      payloads: ['clean.json'],
      results: ['{policy: int-count, result: skip}'],
      rows: [{ resource: '/clean.json', result: 'Pass', reason: 'Ok', message: 'skip' }],
      passed: [true],
    },
    {
      name: 'numbers of a JSON payload are doubles',
      payloads: ['curl.json'],
      results: ['{policy: int-count, result: pass}'],
      rows: [{ resource: '/curl.json', result: 'Fail', reason: 'Want pass, got fail', message: 'count is not an int' }],
      passed: [false],
    },
    {
      name: 'integers of a YAML payload are ints',
      payloads: ['count.yaml'],
      results: ['{policy: int-count, result: pass}'],
      rows: [{ resource: '/count.yaml', result: 'Pass', reason: 'Ok' }],
      passed: [true],
    },
    {
      name: 'a Kubernetes-mode policy does not respond to a payload',
      payloads: ['curl.json'],
      results: ['{policy: pods-only, result: pass}'],
      rows: [{ resource: '/curl.json', result: 'Fail', reason: 'Not found' }],
      passed: [false],
    },
    {
      name: 'a payload in a folder keeps its folder in the RESOURCE cell',
      payloads: ['data/../data/curl.json'],
      results: ['{policy: no-curl, result: fail}'],
      rows: [{ resource: 'data/curl.json', result: 'Pass', reason: 'Ok' }],
      passed: [true],
    },
    {
      name: 'a namespace/name entry crashes Kyverno on a payload key',
      payloads: ['data/curl.json'],
      results: ['{policy: no-curl, resources: [data/curl.json], result: fail}'],
      rows: [{ resource: 'data/curl.json', result: 'Fail', reason: 'Test error' }],
      passed: [false],
    },
  ])('$name', ({ payloads, results, rows, passed }) => {
    scratch.write('policies.yaml', JSON_POLICIES);
    scratch.write('curl.json', CURL);
    scratch.write('clean.json', CLEAN);
    scratch.write('data/curl.json', CURL);
    scratch.write('count.yaml', 'count: 1\n');
    scratch.write('kyverno-test.yaml', testFile(payloads, results));
    const outcome = run(scratch.dir);
    expect(outcome.rows).toHaveLength(rows.length);
    rows.forEach((row, index) => expect(outcome.rows[index]).toMatchObject(row));
    expect(outcome.passed).toEqual(passed);
  });

  it('applies CEL PolicyExceptions to payloads', () => {
    scratch.write('policies.yaml', JSON_POLICIES);
    scratch.write('curl.json', CURL);
    scratch.write(
      'exception.yaml',
      `apiVersion: policies.kyverno.io/v1
kind: PolicyException
metadata: {name: allow-counted}
spec:
  policyRefs: [{name: no-curl, kind: ValidatingPolicy}]
  matchConditions:
    - {name: counted, expression: "has(object.count)"}
`,
    );
    scratch.write('kyverno-test.yaml', testFile(['curl.json'], ['{policy: no-curl, result: skip}'], 'exceptions: [exception.yaml]\n'));
    const outcome = run(scratch.dir);
    expect(outcome.rows).toEqual([
      { policy: 'no-curl', rule: 'exception', resource: '/curl.json', result: 'Pass', reason: 'Ok', message: 'rule is skipped due to policy exception: allow-counted' },
    ]);
  });

  it.each<{ name: string; mode: string; reason: string | null }>([
    { name: 'a JSON-mode policy that does not compile aborts the payload run', mode: 'JSON', reason: 'Test error' },
    { name: 'a Kubernetes-mode policy that does not compile is not compiled for payloads', mode: 'Kubernetes', reason: null },
  ])('$name', ({ mode, reason }) => {
    scratch.write('policies.yaml', `${JSON_POLICIES}---\napiVersion: policies.kyverno.io/v1\nkind: ValidatingPolicy\nmetadata: {name: broken}\nspec:\n  evaluation: {mode: ${mode}}\n  validations:\n    - expression: "object.x +"\n`);
    scratch.write('curl.json', CURL);
    scratch.write('kyverno-test.yaml', testFile(['curl.json'], ['{policy: no-curl, result: fail}']));
    const outcome = run(scratch.dir);
    if (reason === null) {
      expect(outcome.rows.map((row) => [row.resource, row.reason])).toEqual([['/curl.json', 'Ok']]);
      expect(outcome.errors).toBe(0);
    } else {
      expect(outcome.rows.map((row) => row.reason)).toEqual([reason]);
      expect(outcome.rows[0]!.message).toMatch(/^failed to apply validating policies on JSON payload curl\.json \(failed to compile policy broken/);
      expect(outcome.errors).toBe(1);
    }
  });
});
