/**
 * Inline suppressions in scanned files: `# kyverno-lint-disable-next-line ids -- reason` (findings starting on
 * the next line) and `# kyverno-lint-disable ids` (the rest of the YAML document), unused and invalid
 * directives, and the suppressed findings in the reporters.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDirective } from '../../src/lint/suppressions.js';
import { runCli } from '../commands/helpers.js';
import { REQUIRE_TEAM } from './team-documents.js';

const POLICY = `${REQUIRE_TEAM}    - name: check-image
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: no latest tag
        pattern:
          spec:
            containers:
              - image: "!*:latest"
---
apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: add-owner
spec:
  rules:
    - name: owner
      match:
        any:
          - resources:
              kinds: [ConfigMap]
      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              owner: platform
`;

describe('parseDirective', () => {
  it.each([
    { comment: ' kyverno-lint-disable', expected: { kind: 'disable', ids: [] } },
    { comment: 'kyverno-lint-disable-next-line', expected: { kind: 'disable-next-line', ids: [] } },
    { comment: ' kyverno-lint-disable-next-line require-team/check-team', expected: { kind: 'disable-next-line', ids: ['require-team/check-team'] } },
    { comment: ' kyverno-lint-disable a/b, ns/p/r ,c/*,', expected: { kind: 'disable', ids: ['a/b', 'ns/p/r', 'c/*'] } },
    { comment: ' kyverno-lint-disable-next-line a/b -- legacy image, see #12', expected: { kind: 'disable-next-line', ids: ['a/b'], justification: 'legacy image, see #12' } },
    { comment: ' kyverno-lint-disable -- no ids: every rule', expected: { kind: 'disable', ids: [], justification: 'no ids: every rule' } },
    { comment: ' kyverno-lint-disable a/b ---- why', expected: { kind: 'disable', ids: ['a/b'], justification: 'why' } },
    { comment: ' kyverno-lint-disable a/b--c', expected: { kind: 'disable', ids: ['a/b--c'] } },
    { comment: ' kyverno-lint-disable a/b --', expected: { kind: 'disable', ids: ['a/b'] } },
    { comment: ' kyverno-lint-disable-nextline a/b', expected: 'invalid' },
    { comment: ' kyverno-lint-disabled', expected: 'invalid' },
    { comment: ' kyverno-lint-enable', expected: 'invalid' },
    { comment: ' kyverno-lint is great', expected: null },
    { comment: ' see kyverno-lint-disable', expected: null },
    { comment: ' a comment', expected: null },
  ])('$comment', ({ comment, expected }) => {
    expect(parseDirective(comment)).toEqual(expected);
  });
});

interface JsonFinding {
  ruleId: string;
  file: string;
  line: number;
  message: string;
  suppressions?: { kind: string; line: number; justification: string | null }[];
}
interface JsonReport {
  findings: JsonFinding[];
  suppressedFindings: JsonFinding[];
  summary: { error: number; warning: number; suppressed: number };
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function workspace(manifest: string, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-suppress-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'policy.yaml'), POLICY);
  writeFileSync(path.join(dir, 'app.yaml'), manifest);
  for (const [name, text] of Object.entries(extra)) writeFileSync(path.join(dir, name), text);
  return dir;
}

async function scan(dir: string, format = 'json', flags: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(['--no-config', '-f', format, ...flags], { cwd: dir });
}

/** The findings of app.yaml (policy.yaml holds only the notices of its kyverno.io policies). */
function ofApp(findings: readonly JsonFinding[]): JsonFinding[] {
  return findings.filter((finding) => finding.file === 'app.yaml');
}

/** `line ruleId` of each finding of app.yaml. */
function summarise(findings: readonly JsonFinding[]): string[] {
  return ofApp(findings).map((finding) => `${finding.line} ${finding.ruleId}`);
}

/** What policy.yaml reports: the notice of each of its two kyverno.io policies. */
const POLICY_NOTICES = ['policy.yaml:1 kyverno-lint/legacy-policy', 'policy.yaml:31 kyverno-lint/legacy-policy'];

/** The configuration that leaves out the notices of the kyverno.io policies of policy.yaml. */
const NO_LEGACY = { '.kyverno-lint.yaml': 'ignore: [kyverno-lint/legacy-policy]\n' };

const LABELLED = `metadata:
  name: web
  labels:
    team: shop`;

describe('suppression directives in a scan', () => {
  it.each([
    {
      name: 'next-line with the rule id suppresses the finding on the next line only',
      manifest: `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: a\n      # kyverno-lint-disable-next-line require-team/check-image\n      image: nginx:latest\n`,
      reported: ['3 require-team/check-team'],
      suppressed: ['9 require-team/check-image'],
    },
    {
      name: 'next-line without ids suppresses every rule; a trailing comment counts from its own line',
      manifest: `apiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a # kyverno-lint-disable-next-line\n      image: nginx:latest\n`,
      reported: [],
      suppressed: ['10 require-team/check-image'],
    },
    {
      name: 'next-line for another rule suppresses nothing and is unused',
      manifest: `apiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a\n      # kyverno-lint-disable-next-line require-team/check-team\n      image: nginx:latest\n`,
      reported: ['10 kyverno-lint/unused-disable-directive', '11 require-team/check-image'],
      suppressed: [],
    },
    {
      name: 'next-line means the very next line: a blank line in between breaks it',
      manifest: `apiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a\n      # kyverno-lint-disable-next-line\n\n      image: nginx:latest\n`,
      reported: ['10 kyverno-lint/unused-disable-directive', '12 require-team/check-image'],
      suppressed: [],
    },
    {
      name: 'a finding spanning lines counts by its first line (missing labels: the metadata mapping, lines 4-5)',
      manifest: `apiVersion: v1\nkind: Pod\n# kyverno-lint-disable-next-line require-team/check-team\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: a\n      image: nginx:1.27\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  # kyverno-lint-disable-next-line require-team/check-team\n  name: db\nspec:\n  containers:\n    - name: a\n      image: nginx:1.27\n`,
      reported: ['13 require-team/check-team', '14 kyverno-lint/unused-disable-directive'],
      suppressed: ['4 require-team/check-team'],
    },
    {
      name: 'disable at the top of a document covers that document, not the next one after ---',
      manifest: `# kyverno-lint-disable require-team/check-team, require-team/check-image -- legacy\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: a\n      image: nginx:latest\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: db\nspec:\n  containers:\n    - name: a\n      image: nginx:latest\n`,
      reported: ['13 require-team/check-team', '18 require-team/check-image'],
      suppressed: ['4 require-team/check-team', '9 require-team/check-image'],
    },
    {
      name: 'disable in the middle of a document covers the rest of it only',
      manifest: `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  # kyverno-lint-disable\n  containers:\n    - name: a\n      image: nginx:latest\n`,
      reported: ['3 require-team/check-team'],
      suppressed: ['9 require-team/check-image'],
    },
    {
      name: 'disable on a --- line covers the document that line starts',
      manifest: `apiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a\n      image: nginx:latest\n--- # kyverno-lint-disable require-team/*\napiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a\n      image: nginx:latest\n`,
      reported: ['10 require-team/check-image'],
      suppressed: ['21 require-team/check-image'],
    },
    {
      name: 'disable in a comment-only section before the first --- covers no document and says so',
      manifest: `# kyverno-lint-disable\n---\napiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a\n      image: nginx:latest\n`,
      reported: ['1 kyverno-lint/unused-disable-directive', '12 require-team/check-image'],
      suppressed: [],
    },
    {
      name: 'the rule an autogen rule comes from names it too',
      manifest: `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web, team: shop}\n    spec:\n      containers:\n        - name: a\n          # kyverno-lint-disable-next-line require-team/check-image\n          image: nginx:latest\n`,
      reported: [],
      suppressed: ['15 require-team/autogen-check-image'],
    },
    {
      name: 'the autogen rule id itself is known and suppresses',
      manifest: `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web, team: shop}\n    spec:\n      containers:\n        - name: a\n          # kyverno-lint-disable-next-line require-team/autogen-check-image\n          image: nginx:latest\n`,
      reported: [],
      suppressed: ['15 require-team/autogen-check-image'],
    },
    {
      name: 'an id naming no loaded rule is reported as invalid, not as unused; the known id still works',
      manifest: `apiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a\n      # kyverno-lint-disable-next-line require-team/check-imag, require-team/check-image\n      image: nginx:latest\n`,
      reported: ['10 kyverno-lint/invalid-disable-directive'],
      suppressed: ['11 require-team/check-image'],
    },
    {
      name: 'a malformed directive is reported and suppresses nothing',
      manifest: `apiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a\n      # kyverno-lint-disable-nextline require-team/check-image\n      image: nginx:latest\n`,
      reported: ['10 kyverno-lint/invalid-disable-directive', '11 require-team/check-image'],
      suppressed: [],
    },
    {
      name: 'a # inside a block scalar or a quoted string is not a comment',
      manifest: `apiVersion: v1\nkind: Pod\n${LABELLED}\n  annotations:\n    note: |\n      # kyverno-lint-disable\n    other: "# kyverno-lint-disable"\nspec:\n  containers:\n    - name: a\n      image: nginx:latest\n`,
      reported: ['14 require-team/check-image'],
      suppressed: [],
    },
    {
      name: 'a mutation is located at its document start: next-line above apiVersion suppresses it',
      manifest: `# kyverno-lint-disable-next-line add-owner/owner\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n`,
      reported: [],
      suppressed: ['2 add-owner/owner'],
    },
  ])('$name', async ({ manifest, reported, suppressed }) => {
    const { stdout } = await scan(workspace(manifest));
    const report = JSON.parse(stdout) as JsonReport;
    expect(summarise(report.findings)).toEqual(reported);
    expect(report.findings.filter((finding) => finding.file !== 'app.yaml').map((finding) => `${finding.file}:${finding.line} ${finding.ruleId}`)).toEqual(POLICY_NOTICES);
    expect(summarise(report.suppressedFindings)).toEqual(suppressed);
    expect(report.summary.suppressed).toBe(suppressed.length);
  });

  it('messages of unused and invalid directives', async () => {
    const dir = workspace(
      `# kyverno-lint-disable\n---\napiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a\n      # kyverno-lint-disable-next-line require-team/check-team, nope/x, require-team/check-tam, kyverno-lint/yaml-sintax\n      image: nginx:1.27 # kyverno-lint-disablex\n`,
    );
    const report = JSON.parse((await scan(dir)).stdout) as JsonReport;
    expect(ofApp(report.findings).map((finding) => `${finding.line} ${finding.message}`)).toEqual([
      '1 unused kyverno-lint-disable directive (no problems were reported): it covers the rest of its `---` section, which holds no document',
      // Findings at the same place are ordered by their messages.
      "12 'kyverno-lint/yaml-sintax' in kyverno-lint-disable-next-line names no rule of a loaded policy (did you mean 'kyverno-lint/yaml-syntax'?)",
      "12 'nope/x' in kyverno-lint-disable-next-line names no rule of a loaded policy",
      "12 'require-team/check-tam' in kyverno-lint-disable-next-line names no rule of a loaded policy (did you mean 'require-team/check-team'?)",
      "12 unused kyverno-lint-disable-next-line directive (no problems were reported from 'require-team/check-team')",
      '13 unknown directive "kyverno-lint-disablex": expected kyverno-lint-disable or kyverno-lint-disable-next-line',
    ]);
  });

  it('the configuration can ignore unused-directive warnings', async () => {
    const dir = workspace(`# kyverno-lint-disable\n---\napiVersion: v1\nkind: Pod\n${LABELLED}\nspec:\n  containers:\n    - name: a\n      image: nginx:1.27\n`, {
      '.kyverno-lint.yaml': 'ignore: [kyverno-lint/unused-disable-directive, kyverno-lint/legacy-policy]\n',
    });
    const { code, stdout } = await runCli(['-f', 'json'], { cwd: dir });
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as JsonReport).findings).toEqual([]);
  });

  it('--fix does not apply a suppressed mutation', async () => {
    const dir = workspace(`# kyverno-lint-disable-next-line add-owner/owner\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n`);
    const { stderr } = await scan(dir, 'json', ['--fix-dry-run']);
    expect(stderr).toContain('+    owner: platform');
    expect(stderr.match(/\+ {4}owner: platform/g)).toHaveLength(1);
    expect(stderr).toMatch(/@@ -8,\d+ \+8,\d+ @@/);
  });
});

describe('suppressed findings in the reporters', () => {
  const manifest = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: a\n      # kyverno-lint-disable-next-line require-team/check-image -- pinned by digest upstream\n      image: nginx:latest\n`;

  it('json: the summary counts them and suppressedFindings lists them with their directive', async () => {
    const report = JSON.parse((await scan(workspace(manifest))).stdout) as JsonReport;
    expect(report.summary).toMatchObject({ error: 1, warning: 0, suppressed: 1 });
    expect(report.suppressedFindings).toEqual([
      expect.objectContaining({
        ruleId: 'require-team/check-image',
        line: 9,
        suppressions: [{ kind: 'disable-next-line', line: 8, justification: 'pinned by digest upstream' }],
      }),
    ]);
  });

  it('stylish: a summary line counts them', async () => {
    const { code, stdout } = await runCli(['-f', 'stylish'], { cwd: workspace(manifest, NO_LEGACY) });
    expect(code).toBe(1);
    expect(stdout).toContain('✖ 1 problem (1 error, 0 warnings)\n  1 problem suppressed by kyverno-lint-disable comments.\n');
    expect(stdout).not.toContain('check-image');
  });

  it('stylish: only suppressed findings still say so', async () => {
    const { code, stdout } = await runCli(['-f', 'stylish'], { cwd: workspace(manifest.replace('  name: web\n', '  name: web\n  labels: {team: shop}\n'), NO_LEGACY) });
    expect(code).toBe(0);
    expect(stdout).toBe('  1 problem suppressed by kyverno-lint-disable comments.\n');
  });

  it('sarif: suppressed results carry in-source suppressions with the reason', async () => {
    const log = JSON.parse((await runCli(['-f', 'sarif'], { cwd: workspace(manifest, NO_LEGACY) })).stdout) as {
      runs: { results: { ruleId: string; suppressions?: unknown[]; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[];
    };
    const results = log.runs[0]!.results;
    expect(results.map((result) => [result.ruleId, result.locations[0]!.physicalLocation.region.startLine, result.suppressions ?? null])).toEqual([
      ['require-team/check-team', 3, null],
      ['require-team/check-image', 9, [{ kind: 'inSource', status: 'accepted', justification: 'pinned by digest upstream' }]],
    ]);
  });

  it('github annotations leave them out', async () => {
    const { stdout } = await scan(workspace(manifest), 'github');
    expect(stdout).toContain('require-team/check-team');
    expect(stdout).not.toContain('check-image');
  });
});
