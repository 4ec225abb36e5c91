/**
 * @file Git repositories for the tests of scans against a base revision, built in temporary folders with the `git`
 * binary: each commit replaces the working tree by the files of some fixture folders.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Git without the user's configuration, and a fixed author. */
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'kyverno-lint',
  GIT_AUTHOR_EMAIL: 'kyverno-lint@example.com',
  GIT_COMMITTER_NAME: 'kyverno-lint',
  GIT_COMMITTER_EMAIL: 'kyverno-lint@example.com',
};

/** Fails with a clear message when there is no git binary (these tests build repositories with it). */
export function requireGit(): void {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('the git binary is not on the PATH: the tests of --base build git repositories with it');
  }
}

export interface TestRepository {
  dir: string;
  git(...args: string[]): string;
  /** Replaces the working tree (but .git) by the files of `folders` (copied in order), commits them, and returns the commit's sha. */
  commit(message: string, ...folders: string[]): string;
  /** Replaces the working tree (but .git) by the files of `folders`, without committing. */
  checkoutFiles(...folders: string[]): void;
  remove(): void;
}

export function testRepository(prefix = 'kyverno-lint-base-test-'): TestRepository {
  requireGit();
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  const checkoutFiles = (...folders: string[]): void => {
    for (const entry of readdirSync(dir)) if (entry !== '.git') rmSync(path.join(dir, entry), { recursive: true, force: true });
    for (const folder of folders) cpSync(folder, dir, { recursive: true });
  };
  return {
    dir,
    git,
    checkoutFiles,
    commit(message, ...folders) {
      checkoutFiles(...folders);
      git('add', '-A');
      git('commit', '-q', '--no-gpg-sign', '-m', message);
      return git('rev-parse', 'HEAD');
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
