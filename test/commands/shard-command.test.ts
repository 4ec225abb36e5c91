/**
 * The scan's `--shard k/n` and `--jobs n` flags: the shards' JSON reports together hold the whole scan's findings,
 * `--jobs 2` prints what `--jobs 1` does, and bad values are usage errors (exit 2, one line saying what is wrong).
 */
import { describe, expect, it } from 'vitest';
import { SHARD_REPOSITORY } from '../lint/shard-repository.js';
import { runCli, scratchFolder } from './helpers.js';

const scratch = scratchFolder('kyverno-lint-shard-cli-');

function repository(): void {
  for (const [file, text] of Object.entries(SHARD_REPOSITORY)) scratch.write(file, text);
}

interface JsonReport {
  findings: unknown[];
  suppressedFindings?: unknown[];
  summary: Record<string, unknown>;
}

describe('--jobs', () => {
  it('--jobs 2 prints exactly what --jobs 1 does (JSON), and exits the same', async () => {
    repository();
    const one = await runCli(['-f', 'json', '--jobs', '1'], { cwd: scratch.dir });
    const two = await runCli(['-f', 'json', '--jobs', '2'], { cwd: scratch.dir });
    const timeless = (stdout: string) => stdout.replace(/"(durationMs|duration)": [\d.]+/g, '"$1": 0');
    expect(one.code).toBe(1);
    expect(two.code).toBe(one.code);
    expect(two.stderr).toBe(one.stderr);
    expect(timeless(two.stdout)).toBe(timeless(one.stdout));
    expect((JSON.parse(one.stdout) as JsonReport).findings.length).toBeGreaterThan(10);
  });
});

describe('--shard', () => {
  it('the shards together report the findings of the whole scan', async () => {
    repository();
    const whole = JSON.parse((await runCli(['-f', 'json'], { cwd: scratch.dir })).stdout) as JsonReport;
    const shards: JsonReport[] = [];
    for (const shard of ['1/3', '2/3', '3/3']) {
      const run = await runCli(['-f', 'json', '--shard', shard], { cwd: scratch.dir });
      expect(run.code === 0 || run.code === 1).toBe(true);
      shards.push(JSON.parse(run.stdout) as JsonReport);
    }
    const union = new Set(shards.flatMap((report) => report.findings.map((finding) => JSON.stringify(finding))));
    expect([...union].sort()).toEqual(whole.findings.map((finding) => JSON.stringify(finding)).sort());
    const suppressed = new Set(shards.flatMap((report) => (report.suppressedFindings ?? []).map((finding) => JSON.stringify(finding))));
    expect([...suppressed].sort()).toEqual((whole.suppressedFindings ?? []).map((finding) => JSON.stringify(finding)).sort());
  });

  it('a shard with nothing to check passes and says so', async () => {
    repository();
    const run = await runCli(['--shard', '50/50'], { cwd: scratch.dir });
    expect(run.stderr).toMatch(/^shard 50\/50: no manifest to check \(the repository has \d+ units of work for 50 shards\); the other shards check them\n$/);
    expect(run.code === 0 || run.code === 1).toBe(true);
  });

  it.each([
    [['--shard', '3'], 'invalid argument "3" for "--shard" flag: expected k/n (for example 1/3), got "3"'],
    [['--shard', '0/2'], 'invalid argument "0/2" for "--shard" flag: the shard index must be between 1 and 2, got 0'],
    [['--shard', '3/2'], 'invalid argument "3/2" for "--shard" flag: the shard index must be between 1 and 2, got 3'],
    [['--shard', '1/0'], 'invalid argument "1/0" for "--shard" flag: the shard count must be between 1 and 1000, got 0'],
    [['--shard', 'a/b'], 'invalid argument "a/b" for "--shard" flag: expected k/n (for example 1/3), got "a/b"'],
    [['--jobs', '0'], 'invalid argument "0" for "--jobs" flag: expected a number of threads from 1 to 256'],
    [['--jobs', 'two'], 'invalid argument "two" for "--jobs" flag: expected an integer'],
  ])('%j is a usage error', async (argv, message) => {
    repository();
    const run = await runCli(argv, { cwd: scratch.dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe(`Error: ${message}`);
  });
});
