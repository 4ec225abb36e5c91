/**
 * The install paths README's "Installing" gives before the package is published: a tarball made by
 * `npm pack` (its file name and what it holds) and the bundled bin run straight from a clone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

interface Packed {
  filename: string;
  files: { path: string; mode: number }[];
}

describe('README install paths', () => {
  const installing = readme.split(/^## /m).find((section) => section.startsWith('Installing\n')) ?? '';

  it('has an Installing section with a Git URL, an npm pack tarball and a clone', () => {
    expect(installing).not.toBe('');
    expect(installing).toMatch(/npm install --save-dev "git\+https:/);
    expect(installing).toContain('./dist/cli.js');
    expect(installing).toContain('npm pack');
  });

  it('names the tarball npm pack makes, which holds the executable bin and needs no build', () => {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as Packed[];
    expect(packed!.filename).toBe(`kyverno-lint-${pkg.version}.tgz`);
    expect(installing).toContain(`./${packed!.filename}`);
    const bin = packed!.files.find((file) => file.path === pkg.bin['kyverno-lint']);
    expect(bin, 'the bin is in the tarball').toBeDefined();
    expect(bin!.mode & 0o111).not.toBe(0);
    expect(packed!.files.map((file) => file.path)).toContain('dist/action.js');
  });
});
