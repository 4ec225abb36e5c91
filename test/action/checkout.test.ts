import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkedOutCommit } from '../../src/action/checkout.js';

const A = 'a'.repeat(40);
const B = 'B'.repeat(40);
const read = (file: string) => readFileSync(file, 'utf8');
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-checkout-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('checkedOutCommit', () => {
  it('reads a detached HEAD', () => {
    expect(checkedOutCommit(read, repo({ '.git/HEAD': `${A}\n` }))).toBe(A);
  });
  it('resolves a symbolic ref by its loose file, else packed-refs', () => {
    expect(checkedOutCommit(read, repo({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/refs/heads/main': `${A}\n` }))).toBe(A);
    const packed = `# pack-refs with: peeled fully-peeled sorted\n${A} refs/heads/other\n${B} refs/heads/main\n^${A}\n`;
    expect(checkedOutCommit(read, repo({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/packed-refs': packed }))).toBe(B.toLowerCase());
  });
  it('follows a .git file to the git folder', () => {
    const dir = repo({ 'ws/.git': 'gitdir: ../real\n', 'real/HEAD': `${A}\n` });
    expect(checkedOutCommit(read, path.join(dir, 'ws'))).toBe(A);
  });
  it('is undefined without a readable HEAD or ref', () => {
    expect(checkedOutCommit(read, repo({}))).toBeUndefined();
    expect(checkedOutCommit(read, repo({ '.git/HEAD': 'ref: refs/heads/gone\n' }))).toBeUndefined();
    expect(checkedOutCommit(read, repo({ '.git/HEAD': 'garbage\n' }))).toBeUndefined();
  });
});
