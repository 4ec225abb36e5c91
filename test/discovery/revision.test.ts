/**
 * Reading a revision without a checkout: the parsers of git's outputs, and {@link openGitRevision} on a repository
 * built with git (a subfolder as working directory, changed files, symbolic links, errors).
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitBlobSha, openGitRevision, parseCatFileBatch, parseLsTree, type Revision, type RevisionError } from '../../src/discovery/revision.js';
import { testRepository, type TestRepository } from '../lint/git-repository.js';

function opened(revision: Revision | RevisionError): Revision {
  if ('error' in revision) throw new Error(revision.error);
  return revision;
}

describe('git output parsers', () => {
  it('ls-tree -r -z -l: files, executables and links; submodules left out; paths with spaces, tabs and new lines kept', () => {
    const output = Buffer.from(
      [
        `100644 blob ${'a'.repeat(40)}      12\tdeploy/web app.yaml`,
        `100755 blob ${'b'.repeat(40)}       3\tbin/run\twith tab`,
        `120000 blob ${'c'.repeat(40)}       9\tlink.yaml`,
        `160000 commit ${'d'.repeat(40)}       -\tvendor/sub`,
        `100644 blob ${'e'.repeat(40)}       0\tline\nbreak.yaml`,
        '',
      ].join('\0'),
    );
    expect(parseLsTree(output)).toEqual([
      { path: 'deploy/web app.yaml', type: 'file', sha: 'a'.repeat(40), size: 12 },
      { path: 'bin/run\twith tab', type: 'executable', sha: 'b'.repeat(40), size: 3 },
      { path: 'link.yaml', type: 'symlink', sha: 'c'.repeat(40), size: 9 },
      { path: 'line\nbreak.yaml', type: 'file', sha: 'e'.repeat(40), size: 0 },
    ]);
  });

  it('cat-file --batch: contents by sha, new lines and empty blobs included; a missing object is an error', () => {
    const one = Buffer.from('a: 1\n\nb: 2\n');
    const output = Buffer.concat([Buffer.from(`${'1'.repeat(40)} blob ${one.length}\n`), one, Buffer.from('\n'), Buffer.from(`${'2'.repeat(40)} blob 0\n\n`)]);
    const blobs = parseCatFileBatch(output, ['1'.repeat(40), '2'.repeat(40)]);
    expect(blobs.get('1'.repeat(40))?.toString()).toBe('a: 1\n\nb: 2\n');
    expect(blobs.get('2'.repeat(40))?.toString()).toBe('');
    expect(() => parseCatFileBatch(Buffer.from(`${'3'.repeat(40)} missing\n`), ['3'.repeat(40)])).toThrow(`blob ${'3'.repeat(40)} is not in the repository`);
  });

  it("a blob's sha is git's: sha1 of `blob <length>\\0<content>`", () => {
    expect(gitBlobSha(Buffer.from(''))).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    expect(gitBlobSha(Buffer.from('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });
});

describe('openGitRevision', () => {
  let repo: TestRepository;
  afterEach(() => repo.remove());

  it('lists the files from the repository root, from a subfolder too, knows which the working tree changed, and reads blobs in one process', async () => {
    repo = testRepository();
    repo.write('apps/web.yaml', 'kind: A\n');
    repo.write('apps/api.yaml', 'kind: B\n');
    repo.write('README.md', 'hello\n');
    symlinkSync('apps/web.yaml', path.join(repo.dir, 'web-link.yaml'));
    const first = repo.commitAll('first');
    repo.write('apps/web.yaml', 'kind: A2\n');
    repo.git('rm', '-q', 'README.md');
    const revision = opened(await openGitRevision(path.join(repo.dir, 'apps'), 'main'));
    expect(revision).toMatchObject({ label: 'main', commit: first, root: repo.dir });
    expect(revision.files.map((file) => [file.path, file.type, file.size])).toEqual([
      ['README.md', 'file', 6],
      ['apps/api.yaml', 'file', 8],
      ['apps/web.yaml', 'file', 8],
      ['web-link.yaml', 'symlink', 13],
    ]);
    expect(revision.files.map((file) => [file.path, revision.sameInWorkingTree?.(file)])).toEqual([
      ['README.md', false],
      ['apps/api.yaml', true],
      ['apps/web.yaml', false],
      ['web-link.yaml', true],
    ]);
    const blobs = await revision.readBlobs(revision.files.map((file) => file.sha));
    expect(revision.files.map((file) => blobs.get(file.sha)?.toString())).toEqual(['hello\n', 'kind: B\n', 'kind: A\n', 'apps/web.yaml']);
    await expect(revision.readBlobs(['0'.repeat(40)])).rejects.toThrow('is not in the repository');
  });

  it('an unknown ref, a path outside any repository, and HEAD of a repository without commits', async () => {
    repo = testRepository();
    expect(await openGitRevision(repo.dir, 'main~3')).toEqual({ error: `unknown revision "main~3": it names no commit of the repository at ${repo.dir} (a branch, tag or sha; in a shallow clone, fetch it first)` });
    expect(await openGitRevision(path.join(repo.dir, '.git'), 'HEAD')).toMatchObject({ error: expect.stringContaining('--base needs a git working tree') });
    const empty = opened(await openGitRevision(repo.dir, 'HEAD'));
    expect(empty.files).toEqual([]);
    expect(empty.commit).toBeUndefined();
  });
});
