/**
 * @file Integers beyond 2^53 (9007199254740993 = 2^53 + 1) through the whole flow: loading keeps
 * them exact as Kubernetes' unstructured decoding does (int64), the validate pattern compares them
 * as int64 in the int64 number mode, the condition operators treat them as Go int64 keys, the
 * JSON-decoded places round them to float64 as Go's `encoding/json` does, and the outputs (the JSON and
 * Go YAML writers, `--fix` edits, the scan's JSON report) print their exact digits. The admission
 * request in the context is float64 (a JSON round trip), mutated resources set into it are exact;
 * `kyverno apply` and `kyverno test` round resource numbers to float64 first, as Kyverno's CLI does.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateOperator } from '../../src/families/kyverno/engine/conditions/index.js';
import { compileJmesPath } from '../../src/lang/jmespath/index.js';
import { registerKyvernoFunctions } from '../../src/lang/jmespath/functions/index.js';
import { matchPattern } from '../../src/families/kyverno/engine/pattern/index.js';
import { parseDocuments } from '../../src/source/index.js';
import type { JsonValue } from '../../src/types.js';
import { jsonEqual, stringifyJson, toFloat64Numbers } from '../../src/util/json-value.js';
import { LEGACY_POLICY, runCli } from './helpers.js';

const BIG = '9007199254740993';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web # the name
  namespace: default
spec:
  replicas: ${BIG} # beyond 2^53
  progressDeadlineSeconds: 600
`;

const policy = (name: string, rule: string): string => `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: ${name}
spec:
  validationFailureAction: Enforce
  rules:
    - name: ${name}
      match:
        any:
          - resources:
              kinds: [Deployment]
${rule}`;

const POLICIES = [
  policy(
    'exact-replicas',
    `      validate:
        message: replicas must be exactly ${BIG}
        pattern:
          spec:
            replicas: "${BIG}"
`,
  ),
  policy(
    'bounded-replicas',
    `      validate:
        message: too many replicas
        pattern:
          spec:
            replicas: "<=9007199254740992"
`,
  ),
  policy(
    'condition-replicas',
    `      validate:
        message: replicas read as rounded
        deny:
          conditions:
            any:
              - key: "{{ request.object.spec.replicas }}"
                operator: Equals
                value: "9007199254740992"
`,
  ),
  policy(
    'jmespath-replicas',
    `      validate:
        message: replicas printed as rounded
        deny:
          conditions:
            any:
              - key: "{{ to_string(request.object.spec.replicas) }}"
                operator: NotEquals
                value: "${BIG}"
`,
  ),
  policy(
    'label-team',
    `      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              team: web
`,
  ),
  policy(
    'copy-replicas',
    `      mutate:
        patchesJson6902: |-
          - op: copy
            from: /spec/replicas
            path: /spec/minReadySeconds
`,
  ),
].join('---\n');

function load(file: string, text: string): JsonValue {
  const parsed = parseDocuments(file, text);
  expect(parsed.problems).toEqual([]);
  return parsed.documents[0]!.value;
}

describe('loading', () => {
  it.each([
    ['YAML', 'a.yaml', `a: ${BIG}\nb: [${BIG}, -${BIG}]\nc: 9007199254740991\n`],
    ['JSON', 'a.json', `{"a": ${BIG}, "b": [${BIG}, -${BIG}], "c": 9007199254740991}`],
  ])('keeps integers beyond 2^53 exact in %s manifests', (_format, file, text) => {
    expect(load(file, text)).toEqual({ a: 9007199254740993n, b: [9007199254740993n, -9007199254740993n], c: 9007199254740991 });
  });

  it('reads integers beyond int64 as float64, as apimachinery does', () => {
    expect(load('a.yaml', 'x: 18446744073709551615\n')).toEqual({ x: 18446744073709551615 });
  });
});

describe('validate patterns (resource numbers as int64)', () => {
  const resource = load('deploy.yaml', `spec:\n  replicas: ${BIG}\n`);
  it.each<[string, JsonValue, string]>([
    ['the exact digits', BIG, 'pass'],
    ['the rounded digits', '9007199254740992', 'fail'],
    ['a wildcard on the last digit', '900719925474099?', 'pass'],
    ['a quantity bound below it', '<=9007199254740992', 'fail'],
    ['a quantity bound at it', '>=9007199254740993', 'pass'],
    ['a range ending below it', '1-9007199254740992', 'fail'],
    ['a float64 pattern (2^53 after decoding)', toFloat64Numbers(9007199254740993n), 'fail'],
  ])('%s', (_name, pattern, outcome) => {
    expect(matchPattern(resource, { spec: { replicas: pattern } }, { numberMode: 'int64' }).outcome).toBe(outcome);
  });

  it('reports the exact value in the failure message', () => {
    expect(matchPattern(resource, { spec: { replicas: '<=9007199254740992' } }, { numberMode: 'int64' }).message).toBe(
      `resource value '${BIG}' does not match '<=9007199254740992' at path /spec/replicas/`,
    );
  });

  it('compares the rounded float64 in float64 mode (kyverno test)', () => {
    expect(matchPattern(toFloat64Numbers(resource), { spec: { replicas: BIG } }, { numberMode: 'float64' }).outcome).toBe('fail');
    expect(matchPattern(toFloat64Numbers(resource), { spec: { replicas: 9007199254740992 } }, { numberMode: 'float64' }).outcome).toBe('pass');
  });
});

describe('condition operators with an int64 key beyond 2^53', () => {
  it.each<[string, JsonValue, boolean]>([
    ['Equals', BIG, true],
    ['Equals', '9007199254740992', false],
    ['Equals', 9007199254740992, false],
    ['Equals', 9007199254740993n, true],
    ['NotEquals', '9007199254740992', true],
    ['NotEquals', BIG, false],
    ['NotEquals', 'not a number', true],
    ['GreaterThan', '9007199254740991', true],
    ['GreaterThanOrEquals', 9007199254740992, true],
    ['LessThan', '1h', false],
    ['AnyIn', [BIG], true],
    ['AnyIn', ['9007199254740992'], false],
    ['AllNotIn', ['9007199254740992'], true],
    ['In', [`${BIG.slice(0, -1)}*`], true],
    ['DurationGreaterThan', '1h', true],
  ])('%s %s', (operator, value, expected) => {
    expect(evaluateOperator(9007199254740993n, operator, value)).toBe(expected);
  });
});

describe('JMESPath and JSON-decoded data', () => {
  it('parse_yaml decodes numbers as float64 (encoding/json)', () => {
    registerKyvernoFunctions();
    const search = (expr: string): unknown => compileJmesPath(expr).search({});
    expect(search(`parse_yaml('a: ${BIG}').a | type(@)`)).toBe('number');
    expect(search(`parse_yaml('a: ${BIG}').a == \`9007199254740992\``)).toBe(true);
  });

  it('writes exact digits and compares encodings', () => {
    expect(stringifyJson({ a: [9007199254740993n] })).toBe(`{"a":[${BIG}]}`);
    expect(jsonEqual(9007199254740994n, 9007199254740994)).toBe(true);
    expect(jsonEqual(9007199254740993n, 9007199254740992)).toBe(false);
  });
});

describe('the CLI', () => {
  let dir: string;
  let policies: string;
  let manifest: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-int64-'));
    policies = path.join(dir, 'policies.yaml');
    manifest = path.join(dir, 'deploy.yaml');
    writeFileSync(policies, POLICIES);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // `kyverno apply` converts every resource number to float64 after loading, as `kyverno test` does
  // (cmd/cli/kubectl-kyverno/commands/apply/command.go, loadResources → test.ProcessResources).
  it('apply rounds resource numbers to float64 first, as kyverno apply does', async () => {
    writeFileSync(manifest, DEPLOYMENT);
    const { stdout } = await runCli(['apply', policies, '-r', manifest]);
    expect(stdout).toContain('pass: 3, fail: 3');
    expect(stdout).toContain('policy exact-replicas -> resource default/Deployment/web failed');
    expect(stdout).toContain('policy condition-replicas -> resource default/Deployment/web failed');
    expect(stdout).toContain('policy jmespath-replicas -> resource default/Deployment/web failed');
    expect(stdout).toContain('minReadySeconds: 9007199254740992');
    expect(stdout).toContain('replicas: 9007199254740992');
    expect(stdout).not.toContain(`replicas: ${BIG}`);
  });

  it('apply --format json writes the rounded value', async () => {
    writeFileSync(manifest, DEPLOYMENT);
    const { stdout } = await runCli(['apply', policies, '-r', manifest, '--format', 'json']);
    expect(stdout).toContain('"replicas": 9007199254740992');
    expect(stdout).not.toContain(`"replicas": ${BIG}`);
  });

  it('apply --fix writes no edit that would round a number of the file, and says why', async () => {
    writeFileSync(manifest, DEPLOYMENT);
    const { stderr } = await runCli(['apply', policies, '-r', manifest, '--fix']);
    expect(readFileSync(manifest, 'utf8')).toBe(DEPLOYMENT);
    expect(stderr).toContain('no source edit for the mutated Deployment/web: the edited document would not read back as the patched resource');
  });

  it('kyverno test converts resource numbers to float64 first', async () => {
    const testDir = mkdtempSync(path.join(dir, 'test-'));
    writeFileSync(path.join(testDir, 'deploy.yaml'), DEPLOYMENT);
    writeFileSync(
      path.join(testDir, 'policy.yaml'),
      policy(
        'rounded-replicas',
        `      validate:
        message: replicas not rounded
        deny:
          conditions:
            any:
              - key: "{{ to_string(request.object.spec.replicas) }}"
                operator: NotEquals
                value: "9007199254740992"
`,
      ),
    );
    writeFileSync(
      path.join(testDir, 'kyverno-test.yaml'),
      `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata:
  name: rounded
policies: [policy.yaml]
resources: [deploy.yaml]
results:
  - policy: rounded-replicas
    rule: rounded-replicas
    resources: [web]
    kind: Deployment
    result: pass
`,
    );
    const { code, stdout } = await runCli(['test', testDir]);
    expect(stdout).toContain('Test Summary: 1 tests passed and 0 tests failed');
    expect(code).toBe(0);
  });

  it('jp query reads its input as float64 numbers, as yaml.Unmarshal into interface{} does', async () => {
    const input = path.join(dir, 'input.yaml');
    writeFileSync(input, `a: ${BIG}\n`);
    const { code, stdout } = await runCli(['jp', 'query', '-i', input, 'a', 'type(a)']);
    expect(code).toBe(0);
    expect(stdout).toContain('9007199254740992');
    expect(stdout).not.toContain(BIG);
    expect(stdout).toContain('"number"');
  });

  // The admission controller's context holds the request after a JSON round trip (`AddRequest` →
  // `DocumentToUntyped`): conditions and JMESPath see the rounded value, patterns the exact resource.
  it('the scan checks patterns against the exact value, conditions and JMESPath against the float64 request', async () => {
    writeFileSync(manifest, DEPLOYMENT);
    const { stdout } = await runCli(['--policy', policies, manifest, '--format', 'json'], { cwd: dir });
    const report = JSON.parse(stdout) as { findings: Array<{ ruleId: string; line: number }> };
    expect(report.findings.filter((finding) => !['copy-replicas/copy-replicas', 'label-team/label-team', LEGACY_POLICY].includes(finding.ruleId)).map((finding) => [finding.ruleId, finding.line])).toEqual([
      ['condition-replicas/condition-replicas', 1],
      ['jmespath-replicas/jmespath-replicas', 1],
      ['bounded-replicas/bounded-replicas', 7],
    ]);
  });
});
