/**
 * Which policies a scan uses whatever paths are scanned, and scans that check nothing: no policy or no
 * manifest exits 2 unless an empty scan is allowed (`--allow-empty`, `allowEmpty: true`).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { lint } from '../../src/lint/lint.js';
import { LEGACY_POLICY, runCli, scratchFolder } from './helpers.js';
import { podNamed, REQUIRE_TEAM } from '../lint/team-documents.js';

const POD = podNamed('web');

const scratch = scratchFolder('kyverno-lint-empty-');
const { write } = scratch;

/** A repository keeping its policies beside its applications, as the configuration says. */
function repository(config = 'policies: ["policies/**"]\n'): void {
  write('.kyverno-lint.yaml', config);
  write('policies/require-team.yaml', REQUIRE_TEAM);
  write('apps/web/pod.yaml', POD);
  write('apps/api/pod.yaml', POD.replaceAll('web', 'api'));
}

/** The findings but the notices of the kyverno.io policies (every policy read has one). */
const others = <T extends { ruleId: string }>(findings: readonly T[]): T[] => findings.filter((finding) => finding.ruleId !== LEGACY_POLICY);

describe("the configuration's policies, whatever paths are scanned", () => {
  it('scanning a subfolder checks its manifests against the policies of the configuration', async () => {
    repository();
    const result = await runCli(['apps/web', '-f', 'json'], { cwd: scratch.dir });
    const report = JSON.parse(result.stdout) as { findings: { file: string; ruleId: string }[]; summary: { policies: number; manifests: number } };
    expect(others(report.findings).map((finding) => [finding.file, finding.ruleId])).toEqual([['apps/web/pod.yaml', 'require-team/check-team']]);
    expect(report.summary).toMatchObject({ policies: 1, manifests: 1 });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
  });

  it('also from a working directory below the configuration file, for stdin, and with --files', async () => {
    repository();
    for (const [argv, cwd, stdin] of [
      [['.'], path.join(scratch.dir, 'apps/api'), undefined],
      [['-'], scratch.dir, POD],
      [['--files', 'web/pod.yaml'], path.join(scratch.dir, 'apps'), undefined],
    ] as const) {
      const result = await runCli([...argv], { cwd, ...(stdin === undefined ? {} : { stdin }) });
      expect({ argv, code: result.code, stderr: result.stderr }).toEqual({ argv, code: 1, stderr: '' });
    }
  });

  it('--policy adds policies, no file is read twice, and policies outside the globs are not read', async () => {
    repository();
    write('apps/web/local-policy.yaml', REQUIRE_TEAM.replace('name: require-team', 'name: local-team'));
    write('elsewhere/extra.yaml', REQUIRE_TEAM.replace('name: require-team', 'name: extra-team'));
    const config = loadConfig(path.join(scratch.dir, '.kyverno-lint.yaml')).config;
    const result = await lint({ cwd: scratch.dir, paths: [path.join(scratch.dir, 'apps/web'), path.join(scratch.dir, 'policies')], policyPaths: [path.join(scratch.dir, 'elsewhere'), path.join(scratch.dir, 'policies')], config });
    // A policy outside the configuration's globs is read only with --policy (apps/web/local-policy.yaml is not).
    expect(others(result.report.findings).map((finding) => finding.ruleId)).toEqual(['extra-team/check-team', 'require-team/check-team']);
    expect(result.report.policies).toBe(2);
    expect(result.report.files).toEqual({ policies: 2, manifests: 1, other: 1 });
  });

  it('without policies globs, the policies are those below the scanned paths', async () => {
    repository('');
    write('apps/web/local-policy.yaml', REQUIRE_TEAM.replace('name: require-team', 'name: local-team'));
    const result = await runCli(['apps/web', '-f', 'json'], { cwd: scratch.dir });
    expect(others((JSON.parse(result.stdout) as { findings: { ruleId: string }[] }).findings).map((finding) => finding.ruleId)).toEqual(['local-team/check-team']);
    expect(result.code).toBe(1);
  });
});

describe('a scan that checks nothing exits 2 unless allowed', () => {
  it.each([
    { name: 'no policy', files: { 'apps/pod.yaml': POD }, argv: [], config: '', message: 'error: no policy found: the 1 manifest was not checked' },
    { name: 'globs selecting no policy', files: { 'policies/require-team.yaml': REQUIRE_TEAM, 'apps/pod.yaml': POD }, argv: [], config: 'policies: ["polices/**"]\n', message: `the configuration's policies globs (polices/**) select no policy` },
    { name: 'no manifest', files: { 'policies/require-team.yaml': REQUIRE_TEAM }, argv: [], config: '', message: 'error: no manifest found: the 1 policy checked nothing' },
    { name: 'nothing at all', files: { 'notes.yaml': 'a: 1\n' }, argv: [], config: '', message: 'error: no policy and no manifest found: nothing was checked' },
    { name: 'a scanned folder without manifests', files: { 'policies/require-team.yaml': REQUIRE_TEAM, 'apps/pod.yaml': POD, 'docs/x.yaml': 'a: 1\n' }, argv: ['docs'], config: 'policies: ["policies/**"]\n', message: 'error: no manifest found' },
    { name: 'only invalid policies', files: { 'p.yaml': REQUIRE_TEAM.replace('rules:', 'rulez:'), 'apps/pod.yaml': POD }, argv: [], config: '', message: 'the policies found are invalid or of an unsupported kind' },
    { name: 'only invalid manifests', files: { 'p.yaml': REQUIRE_TEAM, 'apps/pod.yaml': POD.replace('  name: web\n', '') }, argv: [], config: '', message: 'no manifest found: the 1 policy checked nothing; the manifests found are invalid (see the findings)' },
    { name: 'a policy too large to read', files: { 'p.yaml': REQUIRE_TEAM, 'apps/pod.yaml': POD }, argv: ['--max-file-size', '200'], config: '', message: 'no policy found: the 1 manifest was not checked; some files could not be read or parsed (see the findings)' },
    { name: '--fail-on-empty (the default)', files: { 'apps/pod.yaml': POD }, argv: ['--fail-on-empty'], config: '', message: 'error: no policy found' },
    { name: '--fail-on-empty over allowEmpty: true', files: { 'apps/pod.yaml': POD }, argv: ['--fail-on-empty'], config: 'allowEmpty: true\n', message: 'error: no policy found' },
  ])('$name: exit 2', async ({ files, argv, config, message }) => {
    for (const [file, text] of Object.entries(files)) write(file, text);
    write('.kyverno-lint.yaml', config);
    const result = await runCli(argv, { cwd: scratch.dir });
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('--allow-empty, or allowEmpty: true in the configuration, accepts a scan that checks nothing');
    expect(result.code).toBe(2);
  });

  it.each([
    { name: '--allow-empty', argv: ['--allow-empty'], config: '' },
    { name: 'allowEmpty: true', argv: [], config: 'allowEmpty: true\n' },
  ])('$name: exit 0 with a warning', async ({ argv, config }) => {
    write('apps/pod.yaml', POD);
    write('.kyverno-lint.yaml', config);
    const result = await runCli(argv, { cwd: scratch.dir });
    expect(result.stderr).toBe('warning: no policy found: the 1 manifest was not checked; the configuration sets no policies globs and no policy is below the scanned paths\n');
    expect(result.code).toBe(0);
  });

  it('--allow-empty and --fail-on-empty together are a usage error', async () => {
    const result = await runCli(['--allow-empty', '--fail-on-empty'], { cwd: scratch.dir });
    expect(result.stderr).toContain('--allow-empty and --fail-on-empty cannot be used together');
    expect(result.code).toBe(2);
  });

  it('allowEmpty must be a boolean, reported at its line', async () => {
    write('.kyverno-lint.yaml', 'format: json\nallowEmpty: yes\n');
    const result = await runCli([], { cwd: scratch.dir });
    expect(result.stderr).toContain('.kyverno-lint.yaml:2:13: allowEmpty must be true or false, got "yes"');
    expect(result.code).toBe(2);
  });
});

describe('pre-commit (--files): the staged files may hold nothing to check, the repository may not', () => {
  it('passes when only a valid policy is staged, printing the notice of the kyverno.io policy', async () => {
    repository();
    const result = await runCli(['--files', 'policies/require-team.yaml'], { cwd: scratch.dir });
    expect(result).toEqual({
      code: 0,
      stdout:
        '\npolicies/require-team.yaml\n  1:1  info  ClusterPolicy require-team is a kyverno.io policy, which Kyverno 1.20 no longer runs: `kyverno-lint migrate policies/require-team.yaml` translates it into CEL policies  kyverno-lint/legacy-policy\n\n✖ 1 problem (0 errors, 0 warnings, 1 info)\n',
      stderr: '',
    });
    repository(`policies: ["policies/**"]\nignore: [${LEGACY_POLICY}]\n`);
    expect(await runCli(['--files', 'policies/require-team.yaml'], { cwd: scratch.dir })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('reports a staged policy that is invalid', async () => {
    repository();
    write('policies/broken.yaml', REQUIRE_TEAM.replace('name: require-team', 'name: broken').replace('rules:', 'rulez:'));
    const result = await runCli(['--files', 'policies/broken.yaml', '-f', 'json'], { cwd: scratch.dir });
    expect((JSON.parse(result.stdout) as { findings: { ruleId: string }[] }).findings.map((finding) => finding.ruleId)).toContain('kyverno-lint/invalid-policy');
    expect(result.code).toBe(1);
  });

  it('fails when the repository has no policy at all (wrong globs), whatever is staged', async () => {
    repository('policies: ["policy/**"]\n');
    const result = await runCli(['--files', 'apps/web/pod.yaml'], { cwd: scratch.dir });
    expect(result.stderr).toContain('error: no policy found: the 2 manifests were not checked');
    expect(result.code).toBe(2);
  });
});
