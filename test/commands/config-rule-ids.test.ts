/**
 * The rule ids of the configuration's `severity` and `ignore` checked against the policies the scan loads:
 * a typo is a configuration error (exit 2, the file's line, a suggestion), a policy not loaded a warning.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';
import { podNamed, REQUIRE_TEAM } from '../lint/team-documents.js';

const POD = podNamed('web');

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-rule-ids-'));
  mkdirSync(path.join(dir, 'policies'));
  mkdirSync(path.join(dir, 'org'));
  mkdirSync(path.join(dir, 'apps'));
  writeFileSync(path.join(dir, 'policies/require-team.yaml'), REQUIRE_TEAM);
  writeFileSync(path.join(dir, 'org/org-team.yaml'), REQUIRE_TEAM.replace('name: require-team', 'name: org-team'));
  writeFileSync(path.join(dir, 'apps/pod.yaml'), POD);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('rule ids of the configuration', () => {
  it.each([
    {
      name: 'a typo in a rule of severity.rules',
      config: 'policies: ["policies/**"]\nseverity:\n  rules:\n    require-team/check-tem: warning\n',
      argv: [],
      code: 2,
      stderr: '.kyverno-lint.yaml:4:5: severity.rules: "require-team/check-tem" names no rule of policy require-team (did you mean "require-team/check-team"?)\nError: invalid configuration file .kyverno-lint.yaml\n',
    },
    {
      name: 'a typo in an ignore entry',
      config: 'policies: ["policies/**"]\nignore:\n  - kyverno-lint/yaml-syntax\n  - require-team/chek-team\n',
      argv: [],
      code: 2,
      stderr: '.kyverno-lint.yaml:4:5: ignore: "require-team/chek-team" matches no rule of policy require-team (did you mean "require-team/check-team"?)\nError: invalid configuration file .kyverno-lint.yaml\n',
    },
    {
      name: 'a policy read only with --policy, not given in this run',
      config: 'policies: ["policies/**"]\nseverity:\n  rules:\n    org-team/check-team: warning\n',
      argv: [],
      code: 1,
      stderr: 'warning: .kyverno-lint.yaml:4:5: severity.rules: "org-team/check-team": policy org-team is not loaded in this run\n',
    },
    {
      name: 'the same policy given with --policy',
      config: 'policies: ["policies/**"]\nseverity:\n  rules:\n    org-team/check-team: warning\n',
      argv: ['--policy', 'org'],
      code: 1,
      stderr: '',
    },
    {
      name: 'correct ids, with --files',
      config: 'policies: ["policies/**"]\nseverity:\n  rules:\n    require-team/check-team: warning\nignore: ["require-team/autogen-*"]\n',
      argv: ['--files', 'apps/pod.yaml'],
      code: 0,
      stderr: '',
    },
  ])('$name', async ({ config, argv, code, stderr }) => {
    writeFileSync(path.join(dir, '.kyverno-lint.yaml'), config);
    const result = await runCli(argv, { cwd: dir });
    expect(result.stderr).toBe(stderr);
    expect(result.code).toBe(code);
    if (code === 2) expect(result.stdout).toBe('');
  });
});
