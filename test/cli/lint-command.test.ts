import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

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
  it('0 when nothing fails', async () => {
    const result = await runCli([], { cwd: path.join(LINT_FIXTURES, 'clean') });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
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
  it('maps findings back to the Helm templates named by # Source: comments', async () => {
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
    expect(latest).toMatchObject({ file: 'shop/templates/worker.yaml', line: 16 });
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
    const report = JSON.parse(fixed.stdout) as { findings: { severity: string }[] };
    expect(report.findings.some((finding) => finding.severity === 'info')).toBe(false);
    const after = readFileSync(path.join(dir, 'manifests/debug-pod.yaml'), 'utf8');
    expect(after).not.toBe(before);
    expect(after).toContain('runAsNonRoot: true');
    const again = await runCli(['-f', 'json'], { cwd: dir });
    expect((JSON.parse(again.stdout) as { findings: { severity: string }[] }).findings.some((finding) => finding.severity === 'info')).toBe(false);
  });
});
