import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type LintConfig } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { LEGACY_POLICY, runCli, scratchFolder } from '../commands/helpers.js';
import { ADD_DEFAULTS, POD, REQUIRE_TEAM } from './team-documents.js';

const scratch = scratchFolder('kyverno-lint-scan-');
const { write } = scratch;

async function scan(config: Partial<LintConfig> = {}) {
  const result = await lint({ cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: { ...DEFAULT_CONFIG, ...config }, fixes: true });
  return result;
}

/** The findings but the notice of the kyverno.io policy (policy.yaml), which these tests are not about. */
const others = (result: Awaited<ReturnType<typeof scan>>) => result.report.findings.filter((finding) => finding.ruleId !== LEGACY_POLICY);

describe('scan options and edge cases', () => {
  it('checks every item of a kind: List, located inside the list', async () => {
    write('policy.yaml', REQUIRE_TEAM);
    write('list.yaml', `apiVersion: v1\nkind: List\nitems:\n  - ${POD.trimEnd().split('\n').join('\n    ')}\n`);
    expect(others(await scan()).map((finding) => [finding.ruleId, finding.location.file, finding.location.line])).toEqual([['require-team/check-team', 'list.yaml', 6]]);
  });

  it('ignores problems of the tool by their kyverno-lint/ rule id', async () => {
    write('policy.yaml', REQUIRE_TEAM);
    write('broken.yaml', 'a: [1, 2\n');
    expect(others(await scan()).map((finding) => finding.ruleId)).toEqual(['kyverno-lint/yaml-syntax']);
    const ignored = await scan({ ignore: ['kyverno-lint/yaml-syntax'] });
    expect(others(ignored)).toEqual([]);
    expect(ignored.report.counts.suppressed).toBe(1);
  });

  it('neither reports nor fixes the mutations of ignored rules or rules set to off', async () => {
    write('policy.yaml', ADD_DEFAULTS);
    write('pod.yaml', POD);
    const reported = await scan();
    expect(others(reported).map((finding) => finding.ruleId)).toEqual(['add-defaults/add-non-root']);
    expect(reported.fixes).toHaveLength(1);
    for (const config of [{ ignore: ['add-defaults/*'] }, { severity: { ...DEFAULT_CONFIG.severity, policies: { 'add-defaults': 'off' as const } } }]) {
      const quiet = await scan(config);
      expect(others(quiet)).toEqual([]);
      expect(quiet.fixes).toEqual([]);
    }
  });

  it('--files checks a named file even where discovery skips it (gitignored)', async () => {
    write('policy.yaml', REQUIRE_TEAM);
    write('.gitignore', 'rendered/\n');
    write('rendered/pod.yaml', POD);
    const skipped = await runCli([], { cwd: scratch.dir });
    expect(skipped.code).toBe(2);
    expect(skipped.stderr).toContain('no manifest found');
    const named = await runCli(['--files', 'rendered/pod.yaml', '-f', 'json'], { cwd: scratch.dir });
    expect(named.code).toBe(1);
    expect((JSON.parse(named.stdout) as { findings: { file: string }[] }).findings.map((finding) => finding.file)).toEqual(['rendered/pod.yaml']);
    expect(readFileSync(path.join(scratch.dir, 'rendered/pod.yaml'), 'utf8')).toBe(POD);
  });

  it('--files exits 2 for a file that does not exist', async () => {
    write('policy.yaml', REQUIRE_TEAM);
    const result = await runCli(['--files', 'missing.yaml'], { cwd: scratch.dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Error: no such file or directory: missing.yaml\n');
  });
});
