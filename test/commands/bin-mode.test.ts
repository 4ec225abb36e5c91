import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };

function gitMode(file: string): string | null {
  try {
    const line = execFileSync('git', ['ls-files', '--stage', '--', file], { cwd: root, encoding: 'utf8' });
    return line.split(' ')[0] || null;
  } catch {
    return null; // not a git checkout (an unpacked tarball): nothing recorded to check
  }
}

describe('the package bin', () => {
  const bin = pkg.bin['kyverno-lint'];

  it('is dist/cli.js with a node shebang', () => {
    expect(bin).toBe('dist/cli.js');
    expect(readFileSync(path.join(root, bin), 'utf8').split('\n', 1)[0]).toBe('#!/usr/bin/env node');
  });

  it('is executable in the working tree (npx and ./dist/cli.js run it directly)', () => {
    expect(statSync(path.join(root, bin)).mode & 0o111).not.toBe(0);
  });

  it.runIf(gitMode(bin) !== null)('is recorded as executable in git, so a fresh clone can run it', () => {
    expect(gitMode(bin)).toBe('100755');
  });

});
