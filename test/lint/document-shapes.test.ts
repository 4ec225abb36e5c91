/**
 * Policies and manifests whose `metadata` is missing or of the wrong type: each is a finding at its file and
 * line, in the scan and in `apply`, and the other files are still checked.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { runCli } from '../commands/helpers.js';
import { POD, REQUIRE_TEAM_RULES, teamWorkspace } from './team-documents.js';

/** `metadata` variants: the YAML lines after `kind:`, and the message and line of the finding. */
const SHAPES: [string, string, string, number][] = [
  ['missing', '', 'metadata.name: Required value: name or generateName is required', 1],
  ['null', 'metadata: null\n', 'metadata.name: Required value: name or generateName is required', 3],
  ['empty', 'metadata: {}\n', 'metadata.name: Required value: name or generateName is required', 3],
  ['a string', 'metadata: foo\n', 'metadata: Invalid value: must be of type object, got string', 3],
  ['a list', 'metadata: [a, b]\n', 'metadata: Invalid value: must be of type object, got array', 3],
  ['a number', 'metadata: 5\n', 'metadata: Invalid value: must be of type object, got integer', 3],
  ['a name of the wrong type', 'metadata:\n  name: [x]\n', 'metadata.name: Invalid value: must be of type string, got array', 4],
  ['labels of the wrong type', 'metadata:\n  name: x\n  labels: foo\n', 'metadata.labels: Invalid value: must be of type object, got string', 5],
];

const scratch = teamWorkspace('kyverno-lint-shapes-');

async function scan() {
  const { report } = await lint({ cwd: scratch.dir, paths: ['.'], policyPaths: [], config: DEFAULT_CONFIG });
  return report.findings.map((f) => `${f.location?.file}:${f.location?.line} ${f.ruleId} ${f.message}`);
}

const TEAM_FAILURE = 'manifests/pod.yaml:3 require-team/check-team validation error: team label required. rule check-team failed at path /metadata/labels/';

describe('a policy with a missing or wrongly typed metadata', () => {
  it.each(SHAPES)('metadata %s: an invalid-policy finding at its line in the scan; the other policy still runs', async (_name, metadata, message, line) => {
    writeFileSync(path.join(scratch.dir, 'policies/bad.yaml'), `apiVersion: kyverno.io/v1\nkind: ClusterPolicy\n${metadata}${REQUIRE_TEAM_RULES}`);
    const findings = await scan();
    expect(findings).toContain(TEAM_FAILURE);
    expect(findings.filter((f) => f.startsWith('policies/bad.yaml'))).toEqual([`policies/bad.yaml:${line} kyverno-lint/invalid-policy ClusterPolicy${message.startsWith('metadata.labels') ? ' x' : ''}: ${message}`]);
  });

  it.each(SHAPES)('metadata %s: apply reports the file and line and applies the other policy', async (_name, metadata, message, line) => {
    writeFileSync(path.join(scratch.dir, 'policies/bad.yaml'), `apiVersion: kyverno.io/v1\nkind: ClusterPolicy\n${metadata}${REQUIRE_TEAM_RULES}`);
    const { code, stdout, stderr } = await runCli(['apply', 'policies', '-r', 'manifests'], { cwd: scratch.dir });
    expect(stderr).toContain(`policies/bad.yaml:${line}:`);
    expect(stderr).toContain(`ClusterPolicy: ${message}`);
    expect(stderr).not.toMatch(/\n\s+at |internal error/);
    expect(stdout).toContain('policy require-team -> resource default/Pod/app failed');
    expect(code).toBe(1);
  });
});

describe('a manifest with a missing or wrongly typed metadata', () => {
  it.each(SHAPES)('metadata %s: an invalid-manifest finding at its line, not evaluated; the other manifest still is', async (_name, metadata, message, line) => {
    writeFileSync(path.join(scratch.dir, 'manifests/bad.yaml'), `apiVersion: v1\nkind: Pod\n${metadata}spec:\n  containers:\n    - name: a\n      image: nginx:1.27\n`);
    const findings = await scan();
    expect(findings).toContain(TEAM_FAILURE);
    expect(findings.filter((f) => f.startsWith('manifests/bad.yaml'))).toEqual([`manifests/bad.yaml:${line} kyverno-lint/invalid-manifest Pod${message.startsWith('metadata.labels') ? ' x' : ''}: ${message}`]);
  });

  it('a generateName is enough for a manifest (the API server completes it)', async () => {
    writeFileSync(path.join(scratch.dir, 'manifests/job.yaml'), POD.replace('name: app', 'generateName: app-'));
    const findings = await scan();
    expect(findings.filter((f) => f.startsWith('manifests/job.yaml'))).toEqual([
      'manifests/job.yaml:3 require-team/check-team validation error: team label required. rule check-team failed at path /metadata/labels/',
    ]);
  });

  it.each(SHAPES)('metadata %s: apply evaluates it as the Kyverno CLI does, without a crash', async (_name, metadata) => {
    writeFileSync(path.join(scratch.dir, 'manifests/bad.yaml'), `apiVersion: v1\nkind: Pod\n${metadata}spec:\n  containers:\n    - name: a\n      image: nginx:1.27\n`);
    const { code, stdout, stderr } = await runCli(['apply', 'policies', '-r', 'manifests'], { cwd: scratch.dir });
    expect(stderr).not.toMatch(/\n\s+at |internal error/);
    expect(stdout).toContain('policy require-team -> resource default/Pod/app failed');
    expect(code).toBe(1);
  });
});

describe('null items and wrongly typed fields deeper in policies and exceptions', () => {
  it.each([
    ['a null rule', 'policies/bad.yaml', `apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata:\n  name: p\nspec:\n  rules:\n    - null\n`, 'policies/bad.yaml:7 kyverno-lint/invalid-policy ClusterPolicy p: spec.rules[0]: Invalid value: must be of type object, got null'],
    [
      'a null kind',
      'policies/bad.yaml',
      `apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata:\n  name: p\nspec:\n  rules:\n    - name: r\n      match:\n        any:\n          - resources:\n              kinds: [null]\n      validate:\n        deny: {}\n`,
      'policies/bad.yaml:11 kyverno-lint/invalid-policy ClusterPolicy p: spec.rules[0].match.any[0].resources.kinds[0]: Invalid value: must be of type string, got null',
    ],
    [
      'an exception with a null match entry',
      'policies/exception.yaml',
      `apiVersion: kyverno.io/v2\nkind: PolicyException\nmetadata:\n  name: e\nspec:\n  exceptions:\n    - policyName: require-team\n      ruleNames: ["*"]\n  match:\n    any:\n      - null\n`,
      'policies/exception.yaml:1 kyverno-lint/invalid-policy-exception PolicyException e: spec.match.any[0]: Invalid value: must be of type object, got null',
    ],
  ])('%s: a finding at its line, the other files still checked', async (_name, file, text, expected) => {
    writeFileSync(path.join(scratch.dir, file), text);
    const findings = await scan();
    expect(findings).toContain(TEAM_FAILURE);
    expect(findings.filter((f) => f.startsWith(file))).toEqual([expected]);
  });
});

describe('a kind: List whose items cannot be decoded', () => {
  it.each([
    ['items that are not a list', 'apiVersion: v1\nkind: List\nitems: foo\n', ['manifests/list.yaml:3 kyverno-lint/invalid-manifest List: items: Invalid value: must be of type array, got string']],
    [
      'items that are not objects',
      'apiVersion: v1\nkind: List\nitems:\n  - null\n  - 5\n  - kind: Pod\n',
      [0, 1, 2].map((i) => `manifests/list.yaml:${4 + i} kyverno-lint/invalid-manifest List: items[${i}]: not a Kubernetes object (apiVersion and kind are required)`),
    ],
  ])('%s: a finding at the line, the other files still checked', async (_name, text, expected) => {
    writeFileSync(path.join(scratch.dir, 'manifests/list.yaml'), text);
    const findings = await scan();
    expect(findings).toContain(TEAM_FAILURE);
    expect(findings.filter((f) => f.startsWith('manifests/list.yaml'))).toEqual(expected);
  });
});
