/**
 * Files over the size limit are reported without being read: the CLI runs as a child process over a tree
 * holding a multi-gigabyte sparse `.yaml` file (no disk used) and reports its own peak memory.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_POLICY, REQUIRE_APP_LABEL_POLICY as POLICY, ROOT, runCli } from './helpers.js';

const GiB = 1024 ** 3;
const BIN = path.join(ROOT, 'src/commands/bin.ts');
const TSX = pathToFileURL(createRequire(path.join(ROOT, 'package.json')).resolve('tsx')).href;
/** Loaded before the CLI: writes the process's peak resident set size (bytes) to $MAX_RSS_FILE on exit. */
const REPORT_RSS = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(process.env.MAX_RSS_FILE, String(process.resourceUsage().maxRSS * 1024)));",
)}`;

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: web\n      image: nginx\n';

interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Peak resident set size of the child, in bytes. */
  maxRss: number;
}

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-limits-'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** A folder with a policy, a manifest and a sparse `huge.yaml` of `size` bytes. */
function tree(name: string, size: number): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'policy.yaml'), POLICY);
  writeFileSync(path.join(dir, 'pod.yaml'), POD);
  writeFileSync(path.join(dir, 'huge.yaml'), '');
  truncateSync(path.join(dir, 'huge.yaml'), size);
  return dir;
}

async function runChild(argv: string[], cwd: string, stdin = ''): Promise<ChildRun> {
  const rssFile = path.join(scratch, `rss-${Math.random().toString(36).slice(2)}`);
  const child = spawn(process.execPath, ['--import', TSX, '--import', REPORT_RSS, BIN, ...argv], {
    cwd,
    env: { ...process.env, MAX_RSS_FILE: rssFile, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The child may stop reading standard input early (over the limit): that is not an error here.
  child.stdin.on('error', () => {});
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, maxRss: Number(readFileSync(rssFile, 'utf8')) };
}

interface JsonFinding {
  ruleId: string;
  severity: string;
  file: string;
  line: number;
  message: string;
}

/** The findings of a JSON report but the notice of the kyverno.io policy (policy.yaml), which these tests are not about. */
const others = (stdout: string): JsonFinding[] => (JSON.parse(stdout) as { findings: JsonFinding[] }).findings.filter((finding) => finding.ruleId !== LEGACY_POLICY);

describe('files over the size limit', () => {
  it.each([
    ['3 GiB', 3 * GiB],
    ['1.5 GiB', 1.5 * GiB],
  ])('reports a sparse %s .yaml file without reading it, checks the other files, and stays under 1 GiB', async (_name, size) => {
    const dir = tree(`scan-${size}`, size);
    const run = await runChild(['.', '--no-config', '--format', 'json'], dir);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(1);
    const findings = others(run.stdout);
    expect(findings.map((finding) => [finding.ruleId, finding.severity, finding.file, finding.line])).toEqual([
      ['kyverno-lint/file-too-large', 'error', 'huge.yaml', 1],
      ['require-app-label/check-app', 'error', 'pod.yaml', 3],
    ]);
    expect(findings[0]!.message).toBe(`huge.yaml is not read: it is ${size / GiB} GiB (${size} bytes), over the 64 MiB file size limit (--max-file-size, maxFileSize in the configuration)`);
    expect(run.maxRss).toBeGreaterThan(0);
    expect(run.maxRss).toBeLessThan(GiB);
  });

  it('reports a sparse 3 GiB resource file of apply in the problems of the JSON document, under 1 GiB', async () => {
    const dir = tree('apply', 3 * GiB);
    const run = await runChild(['apply', 'policy.yaml', '-r', 'pod.yaml,huge.yaml', '--format', 'json'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('huge.yaml:1:1: the file is not read: it is 3 GiB (3221225472 bytes), over the 64 MiB file size limit (--max-file-size, maxFileSize in the configuration)');
    const document = JSON.parse(run.stdout) as { results: { resource: { name: string }; status: string }[]; problems: unknown[] };
    expect(document.results.map((result) => [result.resource.name, result.status])).toEqual([['web', 'fail']]);
    expect(document.problems).toEqual([
      {
        file: 'huge.yaml',
        line: 1,
        column: 1,
        severity: 'error',
        message: 'the file is not read: it is 3 GiB (3221225472 bytes), over the 64 MiB file size limit (--max-file-size, maxFileSize in the configuration)',
      },
    ]);
    expect(run.maxRss).toBeLessThan(GiB);
  });

  it('stops reading standard input past the limit (scan and apply)', async () => {
    const dir = tree('stdin', 0);
    const big = `${POD}# ${'x'.repeat(4096)}\n`;
    const scan = await runChild(['-', 'policy.yaml', '--no-config', '--format', 'json', '--max-file-size', '1KiB'], dir, big);
    // Nothing but the too-large input: the scan checked no manifest, which never passes.
    expect(scan.code).toBe(2);
    const findings = others(scan.stdout);
    expect(findings.map((finding) => [finding.ruleId, finding.file, finding.message])).toEqual([
      ['kyverno-lint/file-too-large', '<stdin>', 'standard input is not read: it is over the 1 KiB file size limit (--max-file-size, maxFileSize in the configuration)'],
    ]);
    // Within the limit, standard input is checked as before.
    const small = await runChild(['-', 'policy.yaml', '--no-config', '--format', 'json', '--max-file-size', '1KiB'], dir, POD);
    expect(others(small.stdout).map((finding) => [finding.ruleId, finding.file])).toEqual([
      ['require-app-label/check-app', '<stdin>'],
    ]);

    const apply = await runChild(['apply', 'policy.yaml', '-r', '-', '--format', 'json', '--max-file-size', '1KiB'], dir, big);
    expect(apply.code).toBe(1);
    expect((JSON.parse(apply.stdout) as { problems: unknown[] }).problems).toEqual([
      { file: '-', line: 1, column: 1, severity: 'error', message: 'standard input is not read: it is over the 1 KiB file size limit (--max-file-size, maxFileSize in the configuration)' },
    ]);
  });
});

describe('--max-file-size and maxFileSize', () => {
  let dir: string;
  beforeAll(() => {
    dir = path.join(scratch, 'flags');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'policy.yaml'), POLICY);
    writeFileSync(path.join(dir, 'pod.yaml'), POD);
  });

  const tooLarge = async (argv: string[]): Promise<string[]> => {
    const { stdout } = await runCli(['.', ...argv, '--format', 'json'], { cwd: dir });
    return (JSON.parse(stdout) as { findings: JsonFinding[] }).findings.filter((finding) => finding.ruleId === 'kyverno-lint/file-too-large').map((finding) => finding.file);
  };

  it.each([
    [['--no-config', '--max-file-size', '200'], ['policy.yaml']],
    [['--no-config', '--max-file-size=100B'], ['pod.yaml', 'policy.yaml']],
    [['--no-config', '--max-file-size', '1Ki'], []],
    [['--no-config'], []],
  ])('scan %j reports %j as too large', async (argv, expected) => {
    expect(POLICY.length).toBeGreaterThan(200);
    expect(POD.length).toBeLessThan(200);
    expect(await tooLarge(argv)).toEqual(expected);
  });

  it('reads maxFileSize from the configuration file, and the flag overrides it', async () => {
    writeFileSync(path.join(dir, 'limits.yaml'), 'maxFileSize: 200B\n');
    expect(await tooLarge(['--config', 'limits.yaml'])).toEqual(['policy.yaml']);
    expect(await tooLarge(['--config', 'limits.yaml', '--max-file-size', '1MiB'])).toEqual([]);
    writeFileSync(path.join(dir, 'bad-limits.yaml'), 'maxFileSize: 64 apples\n');
    const bad = await runCli(['.', '--config', 'bad-limits.yaml'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad-limits.yaml:1:14: maxFileSize must be a size in bytes of 1 or more (such as 67108864, 64Mi, 64MiB or 10MB), got "64 apples"');
  });

  it('holds for the values file the configuration names', async () => {
    writeFileSync(path.join(dir, 'values.yaml'), `apiVersion: cli.kyverno.io/v1alpha1\nkind: Value\nmetadata:\n  name: values\n# ${'x'.repeat(300)}\n`);
    writeFileSync(path.join(dir, 'with-values.yaml'), 'values: values.yaml\nmaxFileSize: 2KiB\n');
    const { code, stderr } = await runCli(['.', '--config', 'with-values.yaml', '--max-file-size', '250'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('cannot read the values file');
    expect(stderr).toContain('over the 250 bytes file size limit');
  });

  it.each([['scan'], ['apply'], ['test']])('%s rejects an invalid --max-file-size as a usage error', async (command) => {
    const { code, stderr } = await runCli([command, '--max-file-size', '0'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('invalid argument "0" for "--max-file-size" flag: expected a size in bytes of 1 or more (such as 67108864, 64MiB or 10MB)');
  });

  it('applies to apply and test inputs (policies, resources, test files)', async () => {
    const apply = await runCli(['apply', 'policy.yaml', '-r', 'pod.yaml', '--max-file-size', '200', '--format', 'json'], { cwd: dir });
    expect(apply.code).toBe(1);
    expect((JSON.parse(apply.stdout) as { problems: { file: string; message: string }[] }).problems.map((problem) => problem.file)).toEqual(['policy.yaml']);

    const suite = path.join(dir, 'suite');
    mkdirSync(suite);
    writeFileSync(path.join(suite, 'policy.yaml'), POLICY);
    writeFileSync(path.join(suite, 'pod.yaml'), POD);
    writeFileSync(
      path.join(suite, 'kyverno-test.yaml'),
      'apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata:\n  name: t\npolicies: [policy.yaml]\nresources: [pod.yaml]\nresults:\n  - policy: require-app-label\n    rule: check-app\n    resources: [web]\n    kind: Pod\n    result: fail\n',
    );
    const passing = await runCli(['test', 'suite', '--format', 'json'], { cwd: dir });
    expect(passing.code).toBe(0);
    const limited = await runCli(['test', 'suite', '--format', 'json', '--max-file-size', '250'], { cwd: dir });
    expect(limited.code).toBe(1);
    const problems = (JSON.parse(limited.stdout) as { problems: { file: string; message: string }[] }).problems;
    expect(problems.map((problem) => [problem.file, problem.message])).toEqual([
      ['suite/policy.yaml', `the file is not read: it is ${POLICY.length} bytes, over the 250 bytes file size limit (--max-file-size, maxFileSize in the configuration)`],
    ]);
  });
});
