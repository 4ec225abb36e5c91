/**
 * @file Git repositories for the tests of scans against a base revision, built in temporary folders with the `git`
 * binary: each commit replaces the working tree by the files of some fixture folders.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
  /** Writes a file of the working tree (its folders made). */
  write(file: string, text: string): void;
  /** Commits the whole working tree as it is, and returns the commit's sha. */
  commitAll(message: string): string;
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
  const commitAll = (message: string): string => {
    git('add', '-A');
    git('commit', '-q', '--no-gpg-sign', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  return {
    dir,
    git,
    checkoutFiles,
    write(file, text) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    },
    commitAll,
    commit(message, ...folders) {
      checkoutFiles(...folders);
      return commitAll(message);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
