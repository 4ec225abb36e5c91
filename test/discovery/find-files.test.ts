import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findFiles, type FindFilesOptions } from '../../src/discovery/find-files.js';

let root = '';

function write(relative: string, content = 'apiVersion: v1\nkind: ConfigMap\n'): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

async function find(
  options: Partial<FindFilesOptions> = {},
): Promise<{ files: string[]; problems: { path: string; message: string }[]; excluded: string[]; ifKubernetes: string[] }> {
  const found = await findFiles({ cwd: root, paths: [], include: [], exclude: [], gitignore: true, ...options });
  const rel = (files: string[]) => files.map((file) => path.relative(root, file).split(path.sep).join('/'));
  return { files: rel(found.files), problems: found.problems, excluded: rel(found.excluded), ifKubernetes: rel([...found.ifKubernetes].sort()) };
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-discovery-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('findFiles: walking folders', () => {
  it('returns every .yaml/.yml file below the working directory, and .json files to read if they hold Kubernetes objects, sorted, as absolute paths', async () => {
    write('b/deploy.yaml');
    write('a/z.yml');
    write('a/sub/y.yaml');
    write('top.yaml');
    write('a/data.json', '{}');
    write('a/notes.txt', 'x');
    write('a/UPPER.YAML');
    const found = await findFiles({ cwd: root, paths: [], include: [], exclude: [], gitignore: true });
    expect(found.files.every((file) => path.isAbsolute(file))).toBe(true);
    const all = await find();
    expect(all.files).toEqual(['a/data.json', 'a/sub/y.yaml', 'a/z.yml', 'b/deploy.yaml', 'top.yaml']);
    expect(all.ifKubernetes).toEqual(['a/data.json']);
  });

  it("reads kustomize's extension-less Kustomization files, and no other extension-less file", async () => {
    write('overlay/Kustomization', 'resources: [../base]\n');
    write('overlay/README', 'x');
    write('overlay/kustomization', 'x');
    expect((await find()).files).toEqual(['overlay/Kustomization']);
    expect((await find({ include: ['base/**'] })).files).toEqual([]);
  });

  it('reads a .json file named explicitly (or selected by include globs) unconditionally', async () => {
    write('a/data.json', '{}');
    write('a/other.json', '{}');
    expect((await find({ paths: ['a/data.json', 'a'] })).ifKubernetes).toEqual(['a/other.json']);
    expect((await find({ paths: ['a', 'a/data.json'] })).ifKubernetes).toEqual(['a/other.json']);
    const included = await find({ include: ['a/*.json'] });
    expect(included.files).toEqual(['a/data.json', 'a/other.json']);
    expect(included.ifKubernetes).toEqual([]);
  });

  it('gives the same order whatever the order of the paths and of creation', async () => {
    for (const name of ['m', 'c', 'x', 'a']) write(`${name}/f.yaml`);
    const first = await find({ paths: ['x', 'a', 'm', 'c'] });
    const second = await find({ paths: ['c', 'm', 'a', 'x'] });
    expect(first.files).toEqual(['a/f.yaml', 'c/f.yaml', 'm/f.yaml', 'x/f.yaml']);
    expect(second.files).toEqual(first.files);
  });

  it('skips dot files, dot folders and node_modules', async () => {
    write('.github/workflows/ci.yaml');
    write('.kyverno-lint.yaml');
    write('node_modules/pkg/x.yaml');
    write('app/node_modules/pkg/y.yaml');
    write('app/.hidden.yaml');
    write('app/ok.yaml');
    expect((await find()).files).toEqual(['app/ok.yaml']);
  });

  it('lists each file once when paths overlap', async () => {
    write('a/one.yaml');
    write('a/b/two.yaml');
    expect((await find({ paths: ['.', 'a', 'a/b', 'a/one.yaml'] })).files).toEqual(['a/b/two.yaml', 'a/one.yaml']);
  });

  it('does not follow symbolic links to folders but reads linked files', async () => {
    write('real/a.yaml');
    symlinkSync(path.join(root, 'real'), path.join(root, 'link'));
    symlinkSync(path.join(root, 'real', 'a.yaml'), path.join(root, 'alias.yaml'));
    symlinkSync(path.join(root, 'missing.yaml'), path.join(root, 'dangling.yaml'));
    expect((await find()).files).toEqual(['alias.yaml', 'real/a.yaml']);
  });
});

describe('findFiles: .gitignore', () => {
  it('honours the root .gitignore, ignored folders and negations', async () => {
    write('.gitignore', 'build/\n*.generated.yaml\n!keep.generated.yaml\n');
    write('build/out.yaml');
    write('app/x.generated.yaml');
    write('app/keep.generated.yaml');
    write('app/deploy.yaml');
    expect((await find()).files).toEqual(['app/deploy.yaml', 'app/keep.generated.yaml']);
  });

  it('applies a nested .gitignore to its own folder only, over the parent rules', async () => {
    write('.gitignore', '*.tmp.yaml\n');
    write('a/.gitignore', 'local.yaml\n!keep.tmp.yaml\n');
    write('a/local.yaml');
    write('a/keep.tmp.yaml');
    write('a/drop.tmp.yaml');
    write('b/local.yaml');
    write('b/keep.tmp.yaml');
    expect((await find()).files).toEqual(['a/keep.tmp.yaml', 'b/local.yaml']);
  });

  it('cannot re-include a file inside an ignored folder (as Git)', async () => {
    write('.gitignore', 'out/\n!out/keep.yaml\n');
    write('out/keep.yaml');
    expect((await find()).files).toEqual([]);
  });

  it('reads every file when gitignore is off', async () => {
    write('.gitignore', 'build/\n');
    write('build/out.yaml');
    expect((await find({ gitignore: false })).files).toEqual(['build/out.yaml']);
  });

  it('applies the .gitignore files of ancestors up to the repository root, and .git/info/exclude', async () => {
    mkdirSync(path.join(root, '.git', 'info'), { recursive: true });
    writeFileSync(path.join(root, '.git', 'info', 'exclude'), 'excluded.yaml\n');
    write('.gitignore', 'secret.yaml\n');
    write('sub/secret.yaml');
    write('sub/excluded.yaml');
    write('sub/ok.yaml');
    const found = await findFiles({ cwd: path.join(root, 'sub'), paths: ['.'], include: [], exclude: [], gitignore: true });
    expect(found.files).toEqual([path.join(root, 'sub', 'ok.yaml')]);
  });

  it('outside a repository, applies the .gitignore files from the working directory down', async () => {
    write('.gitignore', 'secret.yaml\n');
    write('sub/secret.yaml');
    write('sub/ok.yaml');
    expect((await find({ paths: ['sub'] })).files).toEqual(['sub/ok.yaml']);
  });

  it('walks a folder named explicitly even when it is ignored, with its own .gitignore only', async () => {
    write('.gitignore', 'rendered/\n');
    write('rendered/a.yaml');
    write('rendered/.gitignore', 'b.yaml\n');
    write('rendered/b.yaml');
    expect((await find()).files).toEqual([]);
    expect((await find({ paths: ['rendered'] })).files).toEqual(['rendered/a.yaml']);
  });

  it('ignores a .gitignore larger than 100 MiB without reading it, as Git does', async () => {
    write('ignored.yaml');
    write('kept.yaml');
    const gitignore = write('.gitignore', 'ignored.yaml\n');
    expect((await find()).files).toEqual(['kept.yaml']);
    truncateSync(gitignore, 100 * 1024 * 1024 + 1);
    expect((await find()).files).toEqual(['ignored.yaml', 'kept.yaml']);
  });

  it('reads a file named explicitly even when it is ignored, whatever its extension', async () => {
    write('.gitignore', '*.yaml\n');
    write('ignored.yaml');
    write('pod.json', '{}');
    expect((await find()).files).toEqual(['pod.json']);
    expect((await find({ paths: ['ignored.yaml', 'pod.json'] })).files).toEqual(['ignored.yaml', 'pod.json']);
  });
});

describe('findFiles: include and exclude globs', () => {
  it('with include globs, reads only the matching .yaml/.yml/.json files', async () => {
    write('deploy/app.yaml');
    write('deploy/app.json', '{}');
    write('deploy/README.md', '# x');
    write('policies/p.yml');
    write('other/x.yaml');
    const found = await find({ include: ['deploy/**', './policies/'] });
    expect(found.files).toEqual(['deploy/app.json', 'deploy/app.yaml', 'policies/p.yml']);
  });

  it('excludes matching files and whole matching folders', async () => {
    write('charts/app/templates/deploy.yaml');
    write('charts/app/values.yaml');
    write('deploy/app.yaml');
    write('deploy/app.test.yaml');
    expect((await find({ exclude: ['**/templates/**', '**/*.test.yaml'] })).files).toEqual(['charts/app/values.yaml', 'deploy/app.yaml']);
    expect((await find({ exclude: ['charts/'] })).files).toEqual(['deploy/app.test.yaml', 'deploy/app.yaml']);
  });

  it('matches globs relative to the base folder', async () => {
    write('project/deploy/a.yaml');
    write('project/other/b.yaml');
    write('elsewhere/c.yaml');
    const found = await find({ paths: ['.'], base: path.join(root, 'project'), include: ['deploy/**'] });
    expect(found.files).toEqual(['project/deploy/a.yaml']);
    const excluded = await find({ paths: ['.'], base: path.join(root, 'project'), exclude: ['**/a.yaml', 'elsewhere/**'] });
    expect(excluded.files).toEqual(['elsewhere/c.yaml', 'project/other/b.yaml']);
  });

  it('leaves out explicitly named files matching exclude, and lists them', async () => {
    write('charts/templates/deploy.yaml');
    write('deploy/app.yaml');
    const found = await find({ paths: ['charts/templates/deploy.yaml', 'deploy/app.yaml'], exclude: ['charts/**'] });
    expect(found.files).toEqual(['deploy/app.yaml']);
    expect(found.excluded).toEqual(['charts/templates/deploy.yaml']);
  });
});

describe('findFiles: problems', () => {
  it('names missing paths and still reads the others', async () => {
    write('a.yaml');
    const found = await find({ paths: ['missing.yaml', 'a.yaml', 'nowhere/'] });
    expect(found.files).toEqual(['a.yaml']);
    expect(found.problems).toEqual([
      { path: 'missing.yaml', message: 'missing.yaml: no such file or directory' },
      { path: 'nowhere/', message: 'nowhere/: no such file or directory' },
    ]);
  });

  it('resolves relative paths against cwd and accepts absolute paths', async () => {
    write('sub/a.yaml');
    write('b.yaml');
    const found = await findFiles({ cwd: path.join(root, 'sub'), paths: ['a.yaml', path.join(root, 'b.yaml')], include: [], exclude: [], gitignore: true });
    expect(found.files).toEqual([path.join(root, 'b.yaml'), path.join(root, 'sub', 'a.yaml')]);
    expect(found.problems).toEqual([]);
  });
});
