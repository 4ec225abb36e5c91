import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LEGACY_POLICY, ROOT, runCli } from './helpers.js';

const EXAMPLES = path.join(ROOT, 'examples');
const LINT_FIXTURES = path.join(ROOT, 'test/fixtures/lint');

describe('kyverno-lint on the example repository: one golden file per format', () => {
  it.each([
    { format: 'stylish', file: 'example.stylish.txt' },
    { format: 'json', file: 'example.json' },
    { format: 'sarif', file: 'example.sarif.json' },
    { format: 'github', file: 'example.github.txt' },
    { format: 'junit', file: 'example.junit.xml' },
  ])('$format', async ({ format, file }) => {
    const result = await runCli(['--format', format], { cwd: EXAMPLES });
    expect(result.code).toBe(1);
    // The SARIF source root is the working directory, which differs between checkouts.
    const output = result.stdout.replaceAll(pathToFileURL(EXAMPLES).href, 'file:///EXAMPLES');
    await expect(output).toMatchFileSnapshot(`__golden__/${file}`);
  });

  it.each([
    { columns: 80, file: 'example.stylish-80.txt' },
    { columns: 200, file: 'example.stylish-200.txt' },
  ])('stylish on a terminal of $columns columns', async ({ columns, file }) => {
    const result = await runCli(['--no-color'], { cwd: EXAMPLES, tty: true, columns });
    expect(result.code).toBe(1);
    await expect(result.stdout).toMatchFileSnapshot(`__golden__/${file}`);
  });

  it('stylish on a terminal of unknown width is laid out for 80 columns; written to a file, one line per finding', async () => {
    const unknown = await runCli(['--no-color'], { cwd: EXAMPLES, tty: true });
    expect(unknown.stdout).toBe((await runCli(['--no-color'], { cwd: EXAMPLES, tty: true, columns: 80 })).stdout);
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-out-'));
    try {
      const target = path.join(dir, 'report.txt');
      await runCli(['--output-file', target], { cwd: EXAMPLES, tty: true, columns: 80 });
      expect(readFileSync(target, 'utf8')).toBe(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '__golden__/example.stylish.txt'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes only the report on stdout, and the report into --output-file when asked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-out-'));
    try {
      const target = path.join(dir, 'report.sarif');
      const result = await runCli(['-f', 'sarif', '--output-file', target], { cwd: EXAMPLES });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(JSON.parse(readFileSync(target, 'utf8')).version).toBe('2.1.0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('exit codes', () => {
  it('0 when nothing fails: the notice of a kyverno.io policy is printed, an info finding that fails nothing', async () => {
    const cwd = path.join(LINT_FIXTURES, 'clean');
    const result = await runCli([], { cwd });
    expect(result).toEqual({
      code: 0,
      stdout:
        '\npolicy.yaml\n  1:1  info  ClusterPolicy require-team-label is a kyverno.io policy, which Kyverno 1.20 no longer runs: `kyverno-lint migrate policy.yaml` translates it into CEL policies  kyverno-lint/legacy-policy\n\n✖ 1 problem (0 errors, 0 warnings, 1 info)\n',
      stderr: '',
    });
    expect(await runCli(['--quiet'], { cwd })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('1 for findings at error severity', async () => {
    const result = await runCli([], { cwd: EXAMPLES });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✖ ');
  });

  it('0 for warnings only, 1 when they exceed --max-warnings', async () => {
    const cwd = path.join(LINT_FIXTURES, 'warnings');
    expect((await runCli([], { cwd })).code).toBe(0);
    const strict = await runCli(['--max-warnings', '0'], { cwd });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('too many warnings (maximum: 0)');
  });

  it('2 for a configuration file with an unknown key, naming its line', async () => {
    const result = await runCli([], { cwd: path.join(LINT_FIXTURES, 'bad-config') });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^\.kyverno-lint\.yaml:4:1: .*ignores/m);
  });

  it.each([
    { argv: ['--format', 'pretty'], message: 'invalid format "pretty"' },
    { argv: ['--fix', '--fix-dry-run'], message: '--fix and --fix-dry-run cannot be used together' },
    { argv: ['--operation', 'PATCH'], message: 'invalid operation "PATCH"' },
  ])('2 for usage errors: $argv', async ({ argv, message }) => {
    const result = await runCli(argv, { cwd: EXAMPLES });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('2 for a path that does not exist', async () => {
    const result = await runCli(['no-such-folder'], { cwd: EXAMPLES });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no-such-folder');
  });

  it('exits 2 when there are no policies, and 0 with a warning with --allow-empty', async () => {
    const cwd = path.join(EXAMPLES, 'manifests');
    const strict = await runCli([], { cwd });
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('error: no policy found: the 5 manifests were not checked');
    const relaxed = await runCli(['--allow-empty'], { cwd });
    expect(relaxed.code).toBe(0);
    expect(relaxed.stderr).toContain('warning: no policy found');
  });
});

describe('pre-commit: --files', () => {
  it('reports only the findings of the given files, with every policy of the repository', async () => {
    const result = await runCli(['--files', '-f', 'json', 'manifests/worker.yaml'], { cwd: EXAMPLES });
    const report = JSON.parse(result.stdout) as { findings: { file: string; ruleId: string }[] };
    expect(new Set(report.findings.map((finding) => finding.file))).toEqual(new Set(['manifests/worker.yaml']));
    // Policies from examples/policies, although only a manifest was named.
    expect(report.findings.map((finding) => finding.ruleId)).toContain('restrict-replicas/max-ten-replicas');
    expect(result.code).toBe(1);
  });

  it('is clean for a file without findings', async () => {
    const result = await runCli(['--files', 'manifests/web.yaml', '-f', 'json'], { cwd: EXAMPLES });
    const report = JSON.parse(result.stdout) as { findings: { severity: string }[] };
    expect(report.findings.every((finding) => finding.severity === 'info')).toBe(true);
    expect(result.code).toBe(0);
  });
});

describe('rendered input on stdin', () => {
  it('leaves findings on <stdin> at the rendered lines when no chart of the # Source: comments is found, and says so', async () => {
    const rendered = `---
# Source: shop/templates/worker.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: worker
  namespace: shop
spec:
  replicas: 1
  selector:
    matchLabels: {app: worker}
  template:
    metadata:
      labels: {app: worker, team: shop}
    spec:
      containers:
        - name: worker
          image: ghcr.io/example/worker:latest
`;
    const result = await runCli(['-', '--policy', 'policies', '-f', 'json'], { cwd: EXAMPLES, stdin: rendered });
    const report = JSON.parse(result.stdout) as { findings: { file: string; line: number; ruleId: string }[] };
    const latest = report.findings.find((finding) => finding.ruleId === 'disallow-latest-tag/autogen-validate-image-tag');
    expect(latest).toMatchObject({ file: '<stdin>', line: 18 });
    expect(result.stderr.match(/^warning: Helm chart "shop" .* pass --helm-chart <dir> with the chart's folder$/gm)).toHaveLength(1);
  });

  const HELM = path.join(LINT_FIXTURES, 'helm');
  const SHOP = readFileSync(path.join(HELM, 'rendered/shop.yaml'), 'utf8');

  it('reports findings in the chart templates named by --helm-chart, at the line of the key they blame', async () => {
    const result = await runCli(['-', '--helm-chart', 'charts/shop-chart', '--policy', 'policies', '-f', 'json'], { cwd: HELM, stdin: SHOP });
    const report = JSON.parse(result.stdout) as { findings: { file: string; line: number; column: number; ruleId: string }[] };
    const latest = report.findings.find((finding) => finding.ruleId === 'disallow-latest-tag/autogen-validate-image-tag');
    expect(latest).toMatchObject({ file: 'charts/shop-chart/templates/deployment.yaml', line: 32, column: 11 });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
  });

  it('refuses a --helm-chart folder that does not exist, or holds no chart', async () => {
    const missing = await runCli(['-', '--helm-chart', 'charts/nope', '--policy', 'policies'], { cwd: HELM, stdin: SHOP });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file or directory: charts/nope (--helm-chart)');
    const notChart = await runCli(['-', '--helm-chart', 'policies', '--policy', 'policies'], { cwd: HELM, stdin: SHOP });
    expect(notChart.code).toBe(2);
    expect(notChart.stderr).toContain('error: --helm-chart policies: no Chart.yaml naming a chart in that folder');
  });

  it('says --helm-chart in its help', async () => {
    const help = await runCli(['scan', '--help']);
    expect(help.stdout).toMatch(/--helm-chart dir +the folder of a chart rendered into -/);
  });

  it('does not write --fix edits into templates', async () => {
    const result = await runCli(['-', '--fix', '--policy', 'policies', '-f', 'json'], { cwd: HELM, stdin: SHOP });
    expect(result.stderr).toContain('warning: --fix cannot write standard input');
    expect(result.stderr).not.toContain('fixed ');
    const report = JSON.parse(result.stdout) as { findings: { file: string; line: number; type: string }[] };
    expect(report.findings.find((finding) => finding.type === 'Mutation')).toMatchObject({ file: 'charts/shop-chart/templates/service.yaml', line: 1 });
  });
});

describe('--fix', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes the mutations into the manifests and no longer reports them', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-fix-'));
    cpSync(EXAMPLES, dir, { recursive: true });
    const before = readFileSync(path.join(dir, 'manifests/debug-pod.yaml'), 'utf8');
    const fixed = await runCli(['--fix', '-f', 'json'], { cwd: dir });
    expect(fixed.stderr).toContain('fixed manifests/debug-pod.yaml');
    // The info findings left are the notices of the kyverno.io policies, which no fix answers.
    const fixable = (finding: { severity: string; ruleId: string }): boolean => finding.severity === 'info' && finding.ruleId !== LEGACY_POLICY;
    const report = JSON.parse(fixed.stdout) as { findings: { severity: string; ruleId: string }[] };
    expect(report.findings.some(fixable)).toBe(false);
    const after = readFileSync(path.join(dir, 'manifests/debug-pod.yaml'), 'utf8');
    expect(after).not.toBe(before);
    expect(after).toContain('runAsNonRoot: true');
    const again = await runCli(['-f', 'json'], { cwd: dir });
    expect((JSON.parse(again.stdout) as { findings: { severity: string; ruleId: string }[] }).findings.some(fixable)).toBe(false);
  });
});

describe('a rule that cannot be evaluated for every resource alike, and --quiet', () => {
  const FLOOD = path.join(LINT_FIXTURES, 'flood');

  it('reports the validate.cel rule without its parameters and the unresolved API call once each, with the count of resources', async () => {
    const result = await runCli([], { cwd: FLOOD });
    expect(result.code).toBe(1);
    const rows = result.stdout.split('\n').filter((line) => line.startsWith('  3 resources  warning  '));
    expect(rows.map((row) => row.slice(row.lastIndexOf('  ') + 2))).toEqual(['cel-replicas/max-replicas', 'live-lookup/check-quota']);
    expect(result.stdout.split('error in parameterized resource: configmaps "replica-limits" not found')).toHaveLength(2);
    expect(result.stdout).toContain('✖ 8 problems (2 errors, 6 warnings)');
    // json keeps one record per resource.
    const json = JSON.parse((await runCli(['-f', 'json'], { cwd: FLOOD })).stdout);
    expect(json.findings.filter((finding: { group: unknown }) => finding.group !== null)).toHaveLength(6);
  });

  it.each([
    { name: 'errors only, warnings counted as none', cwd: FLOOD, argv: ['--quiet'], code: 1, contains: ['✖ 2 problems (2 errors, 0 warnings)', 'require-team/check-team'], lacks: ['cel-replicas', 'live-lookup'] },
    { name: 'info findings (mutations) left out', cwd: EXAMPLES, argv: ['--quiet'], code: 1, contains: ['✖ 2 problems (2 errors, 0 warnings)'], lacks: ['add-safe-defaults', 'disallow-latest-tag', 'fixable'] },
    { name: 'warnings do not count towards --max-warnings', cwd: path.join(LINT_FIXTURES, 'warnings'), argv: ['--quiet', '--max-warnings', '0'], code: 0, contains: [], lacks: ['require-team-label', 'too many warnings'] },
    { name: 'without --quiet the same warnings exceed --max-warnings', cwd: path.join(LINT_FIXTURES, 'warnings'), argv: ['--max-warnings', '0'], code: 1, contains: ['require-team-label', 'too many warnings'], lacks: [] },
    { name: 'json: the findings and summary of errors only', cwd: FLOOD, argv: ['--quiet', '-f', 'json'], code: 1, contains: ['"warning": 0', '"error": 2'], lacks: ['"severity": "warning"'] },
    { name: 'with --fix, a usage error', cwd: EXAMPLES, argv: ['--quiet', '--fix'], code: 2, contains: ['--quiet and --fix cannot be used together'], lacks: [] },
    { name: 'with --fix-dry-run, a usage error', cwd: EXAMPLES, argv: ['--quiet', '--fix-dry-run'], code: 2, contains: ['--quiet and --fix-dry-run cannot be used together'], lacks: [] },
  ])('--quiet: $name', async ({ cwd, argv, code, contains, lacks }) => {
    const result = await runCli(argv, { cwd });
    const output = result.stdout + result.stderr;
    expect(result.code).toBe(code);
    for (const text of contains) expect(output).toContain(text);
    for (const text of lacks) expect(output).not.toContain(text);
  });
});
