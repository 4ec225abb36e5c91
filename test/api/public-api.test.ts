/**
 * The package's public API (src/index.ts, `exports` of package.json): what a programmatic user imports, used
 * as that user would, on the repository fixtures and on scratch folders.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { acceptException, acceptPolicy, applyEdits, DEFAULT_CONFIG, evaluate, findConfigFile, lint, loadConfig, reporters, unifiedDiff, type LintConfig, type LintResult } from '../../src/index.js';
import { scratchFolder } from '../commands/helpers.js';
import { ADD_DEFAULTS, POD, REQUIRE_TEAM } from '../lint/team-documents.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/lint');

/** The default configuration without the notice of each kyverno.io policy (`kyverno-lint/legacy-policy`). */
const NO_LEGACY: LintConfig = { ...DEFAULT_CONFIG, ignore: ['kyverno-lint/legacy-policy'] };

async function scan(dir: string, config: LintConfig = DEFAULT_CONFIG, fixes = false): Promise<LintResult> {
  return lint({ cwd: dir, paths: ['.'], policyPaths: [], config, fixes });
}

describe('public API', () => {
  const scratch = scratchFolder('kyverno-lint-api-');

  it('exports the values of the API and nothing else', () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        'CONFIG_FILE_NAMES',
        'DEFAULT_CONFIG',
        'POLICY_KINDS',
        'acceptException',
        'acceptPolicy',
        'evaluate',
        'policyKindOf',
        'REPORTER_NAMES',
        'annotationRange',
        'applyEdits',
        'collapseSameReason',
        'findConfigFile',
        'github',
        'groupMessage',
        'groupTitle',
        'isReporterName',
        'lint',
        'openGitRevision',
        'parseShard',
        'loadConfig',
        'parseConfig',
        'reportBlocks',
        'reporters',
        'reportWriters',
        'sameReasonGroups',
        'sarif',
        'sarifChunks',
        'toSarif',
        'unifiedDiff',
        'workflowCommand',
      ].sort(),
    );
  });

  it('lint() of a clean repository: one policy, one manifest, nothing wrong, only the notice of its kyverno.io policy', async () => {
    const result = await scan(path.join(fixtures, 'clean'));
    expect(result.report.findings.map((finding) => [finding.ruleId, finding.severity, finding.status, finding.location.file, finding.location.line])).toEqual([
      ['kyverno-lint/legacy-policy', 'info', 'problem', 'policy.yaml', 1],
    ]);
    expect(result.report.counts).toEqual({ error: 0, warning: 0, info: 1, suppressed: 0 });
    const quiet = await scan(path.join(fixtures, 'clean'), NO_LEGACY);
    expect(quiet.report.findings).toEqual([]);
    expect(quiet.report.counts).toEqual({ error: 0, warning: 0, info: 0, suppressed: 1 });
    expect([result.report.policies, result.report.manifests]).toEqual([1, 1]);
    expect(result.report.statuses.pass).toBe(1);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.configProblems).toEqual([]);
    expect(result.empty).toBeNull();
    expect(result.fixes).toEqual([]);
  });

  it('lint() reports a failing rule at the resource, and the reporters write it', async () => {
    scratch.write('policies/require-team.yaml', REQUIRE_TEAM);
    scratch.write('manifests/pod.yaml', POD);
    const { report } = await scan(scratch.dir, NO_LEGACY);
    expect(report.findings.map((finding) => [finding.ruleId, finding.severity, finding.status, finding.location.file, finding.location.line])).toEqual([
      ['require-team/check-team', 'error', 'fail', 'manifests/pod.yaml', 3],
    ]);
    expect(report.counts.error).toBe(1);
    expect(report.findings[0]!.resource).toEqual({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'app' });

    const json = JSON.parse(reporters.json(report, { color: false, toolVersion: '1.2.3' })) as { findings: { ruleId: string }[] };
    expect(json.findings.map((finding) => finding.ruleId)).toEqual(['require-team/check-team']);
    const sarif = api.toSarif(report, { color: false, toolVersion: '1.2.3' });
    expect(sarif.runs[0]!.results.map((result) => result.ruleId)).toEqual(['require-team/check-team']);
    expect(reporters.github(report, { color: false, toolVersion: '1.2.3' })).toMatch(/^::error file=manifests\/pod\.yaml,line=3,/m);
  });

  it('the configuration file found and loaded in the folder applies to lint()', async () => {
    scratch.write('policy.yaml', REQUIRE_TEAM);
    scratch.write('pod.yaml', POD);
    scratch.write('.kyverno-lint.yaml', 'ignore:\n  - require-team/*\n  - kyverno-lint/legacy-policy\n');
    const file = findConfigFile(scratch.dir);
    expect(file).toBe(path.join(scratch.dir, '.kyverno-lint.yaml'));
    const loaded = loadConfig(file!);
    expect(loaded.problems).toEqual([]);
    const { report } = await scan(scratch.dir, loaded.config);
    expect(report.findings).toEqual([]);
    expect(report.counts.suppressed).toBe(2);
  });

  it('a configuration naming no loaded rule stops the scan with a configuration problem', async () => {
    scratch.write('policy.yaml', REQUIRE_TEAM);
    scratch.write('pod.yaml', POD);
    scratch.write('.kyverno-lint.yaml', 'ignore:\n  - kyverno-lint/legacy-policy\nseverity:\n  rules:\n    require-team/no-such-rule: warning\n');
    const loaded = loadConfig(findConfigFile(scratch.dir)!);
    const result = await scan(scratch.dir, loaded.config);
    expect(result.configProblems.map((problem) => [problem.line, problem.message.includes('no-such-rule')])).toEqual([[5, true]]);
    expect(result.report.findings).toEqual([]);
    expect(result.report.manifests).toBe(0);
  });

  it('lint() of a folder without manifests says the scan was empty', async () => {
    scratch.write('policy.yaml', REQUIRE_TEAM);
    const result = await scan(scratch.dir);
    expect(result.empty).toMatchObject({ noPolicy: false, noManifest: true });
    expect(result.empty!.message).toContain('no manifest found');
  });

  it('the edits of a mutation applied with applyEdits() give the fixed file, shown by unifiedDiff()', async () => {
    scratch.write('policy.yaml', ADD_DEFAULTS);
    scratch.write('pod.yaml', POD);
    const result = await scan(scratch.dir, DEFAULT_CONFIG, true);
    const [finding] = result.report.findings;
    expect([finding!.ruleId, finding!.severity, finding!.fixable]).toEqual(['add-defaults/add-non-root', 'info', true]);
    const before = readFileSync(path.join(scratch.dir, 'pod.yaml'), 'utf8');
    const after = applyEdits(before, finding!.fix!);
    // `LintResult.fixes` name the files by absolute path (what `--fix` writes), findings by relative path.
    expect(finding!.location.file).toBe('pod.yaml');
    expect(result.fixes.map((fix) => [fix.file, fix.after])).toEqual([[path.join(scratch.dir, 'pod.yaml'), after]]);
    expect(after).toContain('runAsNonRoot: true');
    const diff = unifiedDiff(before, after, { from: 'a/pod.yaml', to: 'b/pod.yaml', context: 1 });
    expect(diff).toMatch(/^\+ +runAsNonRoot: true$/m);
  });

  describe('acceptPolicy and evaluate', () => {
    const document = parse(REQUIRE_TEAM) as api.JsonObject;
    const pod = (labels: Record<string, string>): api.JsonObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', labels }, spec: { containers: [{ name: 'web', image: 'nginx' }] } });

    it('accepts a ClusterPolicy and evaluates resources against it', () => {
      const accepted = acceptPolicy(document);
      expect(accepted.status).toBe('accepted');
      if (accepted.status !== 'accepted') return;
      const policy = accepted.policy;
      expect([policy.family, policy.kind, policy.name]).toEqual(['kyverno', 'ClusterPolicy', 'require-team']);
      const statuses = (resource: api.JsonObject): string[] => evaluate([policy], resource).flatMap(({ kind, response }) => response.rules.map((rule) => `${kind} ${rule.name} ${rule.status}`));
      expect(statuses(pod({}))).toEqual(['validate check-team fail']);
      expect(statuses(pod({ team: 'a' }))).toEqual(['validate check-team pass']);
    });

    it('applies accepted policy exceptions', () => {
      const accepted = acceptPolicy(document);
      if (accepted.status !== 'accepted') throw new Error(accepted.status);
      const exception = acceptException({
        apiVersion: 'kyverno.io/v2',
        kind: 'PolicyException',
        metadata: { name: 'web-team', namespace: 'default' },
        spec: { exceptions: [{ policyName: 'require-team', ruleNames: ['check-team'] }], match: { any: [{ resources: { kinds: ['Pod'], names: ['web'] } }] } },
      });
      if (exception.status !== 'accepted') throw new Error(exception.status);
      const rules = evaluate([accepted.policy], pod({}), { exceptions: [exception.exception] }).flatMap(({ response }) => response.rules);
      expect(rules.map((rule) => [rule.name, rule.status])).toEqual([['check-team', 'skip']]);
      expect(acceptException({ apiVersion: 'kyverno.io/v2', kind: 'PolicyException', metadata: { name: 'empty' }, spec: {} })).toMatchObject({ status: 'invalid' });
      expect(acceptException({ apiVersion: 'policies.kyverno.io/v1', kind: 'PolicyException', metadata: { name: 'cel' }, spec: {} })).toEqual({
        status: 'invalid',
        reason: 'PolicyException cel: spec.policyRefs is required',
      });
    });

    it('reports malformed, invalid and not yet evaluated policy documents', () => {
      const malformed = acceptPolicy({ ...document, spec: { rules: 'none' } });
      expect(malformed.status).toBe('malformed');
      const invalid = acceptPolicy({ ...document, spec: { admission: false, background: false, rules: (document.spec as api.JsonObject).rules! } });
      expect(invalid).toMatchObject({ status: 'invalid', reason: 'disabling both admission and background processing is not allowed' });
      const cel = acceptPolicy({ apiVersion: 'policies.kyverno.io/v1', kind: 'NamespacedValidatingPolicy', metadata: { name: 'v' }, spec: { evaluation: { mode: 'Envoy' } } });
      expect(cel).toMatchObject({ status: 'unsupported', kind: { kind: 'NamespacedValidatingPolicy', family: 'cel' } });
      expect(() => acceptPolicy(pod({}))).toThrow('not a policy kind');
    });
  });
});
