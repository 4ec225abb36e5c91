/**
 * `kyverno-lint test` with Kyverno Authz policies (ValidatingPolicy `evaluation.mode: Envoy` / `HTTP`) on
 * `envoyPayloads` / `httpPayloads`: the outcome of each check request (allowed, denied, no decision, error under
 * each failure policy), rule names, payload keys, compile errors aborting only the payload runs of their mode, and
 * payload decoding errors.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/commands/io.js';
import { DiagnosticLog } from '../../src/commands/load/diagnostics.js';
import { parseTestCaseSelector } from '../../src/commands/test/selector.js';
import { runTestFile } from '../../src/commands/test/suite.js';
import { scratchFolder } from './helpers.js';


function envoyPolicy(name: string, spec: string): string {
  return `apiVersion: policies.kyverno.io/v1\nkind: ValidatingPolicy\nmetadata: {name: ${name}}\nspec:\n  evaluation: {mode: Envoy}\n${spec}`;
}

function httpPolicy(name: string, spec: string): string {
  return `apiVersion: policies.kyverno.io/v1\nkind: ValidatingPolicy\nmetadata: {name: ${name}}\nspec:\n  evaluation: {mode: HTTP}\n${spec}`;
}

const POLICIES = [
  envoyPolicy(
    'admin-only',
    `  variables:
    - {name: role, expression: 'object.attributes.request.http.headers[?"x-role"].orValue("")'}
  validations:
    - expression: 'variables.role == "" ? envoy.Denied(401).Response() : null'
    - expression: 'variables.role != "admin" ? envoy.Denied(403).Response() : null'
    - expression: envoy.Allowed().Response()
`,
  ),
  envoyPolicy(
    'gets-only',
    `  matchConditions:
    - {name: get, expression: 'object.attributes.request.http.method == "GET"'}
  validations:
    - expression: 'object.attributes.request.http.path.startsWith("/admin") ? envoy.Denied(403).Response() : null'
`,
  ),
  envoyPolicy(
    'broken-variable',
    `  variables:
    - {name: num, expression: 'int(object.attributes.request.http.path)'}
  validations:
    - expression: 'variables.num > 0 ? envoy.Allowed().Response() : null'
`,
  ),
  envoyPolicy(
    'broken-ignored',
    `  failurePolicy: Ignore
  variables:
    - {name: num, expression: 'int(object.attributes.request.http.path)'}
  validations:
    - expression: 'variables.num > 0 ? envoy.Allowed().Response() : null'
`,
  ),
  httpPolicy(
    'http-team',
    `  validations:
    - expression: 'object.attributes.Header("x-team").exists(t, t == "core") ? http.Allowed().Response() : http.Denied("team " + object.attributes.Header("x-team").join(",")).Response()'
`,
  ),
].join('---\n');

const ENVOY_REQUESTS: Readonly<Record<string, unknown>> = {
  'admin.json': { attributes: { request: { http: { method: 'GET', path: '/x', headers: { 'x-role': 'admin' } } } } },
  'guest.json': { attributes: { request: { http: { method: 'POST', path: '/admin', headers: { 'x-role': 'guest' } } } } },
  'anonymous.json': { attributes: { request: { http: { method: 'GET', path: '/admin/7' } } } },
};

interface Row {
  rule: string;
  resource: string;
  result: string;
  reason: string;
  message: string;
}

/** Runs the test file of `dir` from `dir` (payload keys are then the paths as written, cleaned). */
function run(dir: string): { rows: Row[]; errors: number; problems: string[] } {
  const problems: string[] = [];
  const io: CliIo = { stdout: () => {}, stderr: () => {}, cwd: dir };
  const log = new DiagnosticLog(io);
  const outcome = runTestFile(path.join(dir, 'kyverno-test.yaml'), { io, log, selector: parseTestCaseSelector('') });
  for (const problem of log.toJson()) problems.push(problem.message);
  const rows = outcome.documents.flatMap((document) => document.results.flatMap((result) => result.rows));
  return { rows: rows.map(({ rule, resource, result, reason, message }) => ({ rule, resource, result, reason, message })), errors: outcome.errors, problems };
}

function testFile(fields: string, results: string[]): string {
  return `apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: authz}\npolicies: [policies.yaml]\n${fields}results:\n${results.map((result) => `  - ${result}`).join('\n')}\n`;
}

describe('kyverno-lint test with Kyverno Authz policies', () => {
  const scratch = scratchFolder('kyverno-lint-authz-');

  function write(policies = POLICIES): void {
    scratch.write('policies.yaml', policies);
    for (const [file, json] of Object.entries(ENVOY_REQUESTS)) scratch.write(file, JSON.stringify(json));
    scratch.write('team.json', JSON.stringify({ attributes: { method: 'GET', header: { 'X-Team': ['web'] } } }));
  }

  it.each<{ name: string; payloads: string; result: string; rows: [string, string, string][] }>([
    {
      name: 'the first non-null response decides',
      payloads: 'envoyPayloads: [./admin.json, guest.json, anonymous.json]\n',
      result: '{policy: admin-only, result: fail}',
      rows: [
        ['admin.json', 'Fail', 'request allowed'],
        ['guest.json', 'Pass', 'request denied with status code 403'],
        ['anonymous.json', 'Pass', 'request denied with status code 401'],
      ],
    },
    {
      name: 'false match conditions and no response give skip',
      payloads: 'envoyPayloads: [admin.json, guest.json, anonymous.json]\n',
      result: '{policy: gets-only, result: skip}',
      rows: [
        ['admin.json', 'Pass', 'request does not match'],
        ['guest.json', 'Pass', 'request does not match'],
        ['anonymous.json', 'Fail', 'request denied with status code 403'],
      ],
    },
    {
      name: 'an evaluation error is an error under failurePolicy Fail',
      payloads: 'envoyPayloads: [admin.json]\n',
      result: '{policy: broken-variable, result: error}',
      rows: [['admin.json', 'Pass', '']], // the message is cel's int() conversion error
    },
    {
      name: 'an evaluation error is no decision under failurePolicy Ignore',
      payloads: 'envoyPayloads: [admin.json]\n',
      result: '{policy: broken-ignored, result: skip}',
      rows: [['admin.json', 'Pass', 'request does not match']],
    },
    {
      name: 'an HTTP denial carries its reason',
      payloads: 'httpPayloads: [team.json]\n',
      result: '{policy: http-team, result: fail}',
      rows: [['team.json', 'Pass', 'request denied, reason: team web']],
    },
    {
      name: 'Envoy policies do not answer HTTP requests',
      payloads: 'httpPayloads: [team.json]\n',
      result: '{policy: admin-only, result: pass}',
      rows: [['team.json', 'Fail', 'Not found']],
    },
  ])('$name', ({ payloads, result, rows }) => {
    write();
    scratch.write('kyverno-test.yaml', testFile(payloads, [result]));
    const outcome = run(scratch.dir);
    expect(outcome.rows.map((row) => [path.basename(row.resource), row.result, row.reason === 'Ok' || row.reason.startsWith('Want') ? row.message.replace(/^(?!request).*$/, '') : row.reason])).toEqual(rows);
    for (const row of outcome.rows) {
      expect(row.resource).toMatch(/^\/[a-z]+\.json$/);
      if (row.reason !== 'Not found') expect(row.rule).not.toBe('');
    }
  });

  it('names the rule after the policy and keys the payload by its path joined to the test directory', () => {
    write();
    scratch.write('kyverno-test.yaml', testFile('envoyPayloads: [./admin.json]\n', ['{policy: admin-only, result: pass}']));
    expect(run(scratch.dir).rows).toEqual([{ rule: 'admin-only', resource: '/admin.json', result: 'Pass', reason: 'Ok', message: 'request allowed' }]);
  });

  it.each<{ name: string; payloads: string; reason: string; message: RegExp }>([
    { name: 'with payloads of its mode, a policy that does not compile aborts the test', payloads: 'envoyPayloads: [admin.json]\n', reason: 'Test error', message: /^failed to apply policies on Envoy payload \(failed to compile envoy policy bad: spec\.validations\[0\]\.expression: Invalid value: "true": rule response output is expected to be of type envoy\.service\.auth\.v3\.CheckResponse\)$/ },
    { name: 'without, it is never compiled (no response: Not found)', payloads: 'httpPayloads: [team.json]\n', reason: 'Not found', message: /^Not found$/ },
  ])('$name', ({ payloads, reason, message }) => {
    write(`${POLICIES}---\n${envoyPolicy('bad', '  validations:\n    - expression: "true"\n')}`);
    scratch.write('kyverno-test.yaml', testFile(payloads, ['{policy: bad, result: pass}']));
    const [row] = run(scratch.dir).rows;
    expect(row!.reason).toBe(reason);
    expect(row!.message).toMatch(message);
  });

  it('aborts on a payload protojson refuses', () => {
    write();
    scratch.write('odd.json', JSON.stringify({ attributes: { unknownField: true } }));
    scratch.write('kyverno-test.yaml', testFile('envoyPayloads: [odd.json]\n', ['{policy: admin-only, result: pass}']));
    const outcome = run(scratch.dir);
    expect(outcome.rows[0]!.reason).toBe('Test error');
    expect(outcome.rows[0]!.message).toMatch(/^failed to load Envoy payloads from path .*odd\.json \(proto: unknown field "unknownField"\)$/);
    expect(outcome.problems).toEqual([expect.stringMatching(/^failed to run test: failed to load Envoy payloads/)]);
  });
});
