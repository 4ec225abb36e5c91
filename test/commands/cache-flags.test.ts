import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-cache-cli-'));
  cpSync(path.join(ROOT, 'examples'), dir, { recursive: true });
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('--cache', () => {
  it.each([
    ['the default location', [] as string[], '.kyverno-lint-cache'],
    ['a file', ['--cache-location', 'state/results.cache'], 'state/results.cache'],
  ])('writes the cache at %s, and a second run prints the same report', async (_name, flags, file) => {
    const plain = await runCli(['--format', 'json', '--no-config'], { cwd: dir });
    const first = await runCli(['--format', 'json', '--no-config', '--cache', ...flags], { cwd: dir });
    expect(existsSync(path.join(dir, file))).toBe(true);
    const second = await runCli(['--format', 'json', '--no-config', '--cache', ...flags], { cwd: dir });
    for (const run of [first, second]) {
      expect(run.code).toBe(plain.code);
      expect(run.stderr).toBe(plain.stderr);
      expect(run.stdout.replace(/"durationMs":\s*[\d.]+/g, '')).toBe(plain.stdout.replace(/"durationMs":\s*[\d.]+/g, ''));
    }
  });

  it('keeps the cache in a folder named with a trailing separator', async () => {
    await runCli(['--no-config', '--cache', '--cache-location', 'caches/'], { cwd: dir });
    expect(readdirSync(path.join(dir, 'caches'))).toEqual([expect.stringMatching(/^\.kyverno-lint-cache-/)]);
  });

  it('is documented in the help', async () => {
    const help = await runCli(['scan', '--help']);
    expect(help.stdout).toMatch(/--cache\s+keep the results/);
    expect(help.stdout).toMatch(/--cache-location file\|dir\s+the cache file, or a folder/);
  });
});
