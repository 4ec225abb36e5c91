import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isYamlFileName, listPolicyFiles, listResourceFiles, readSourceFile } from '../../src/source/files.js';

let root = '';

function write(relative: string, content: string | Buffer = 'kind: X\n'): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

function relative(files: string[]): string[] {
  return files.map((file) => path.relative(root, file));
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-files-'));
  write('policies/b.yaml');
  write('policies/a.yml');
  write('policies/c.json');
  write('policies/d.YAML');
  write('policies/.hidden.yaml');
  write('policies/.kyverno-test/kyverno-test.yaml');
  write('policies/nested/deeper/e.yaml');
  write('policies/nested/notes.txt');
  write('.dotdir/f.yaml');
  symlinkSync(path.join(root, 'policies'), path.join(root, 'policies', 'nested', 'loop'));
  write('resources/r1.yaml');
  write('resources/r2.yml');
  write('resources/.r0.yaml');
  write('resources/r3.json');
  write('resources/sub/r4.yaml');
  write('other/pod.json', '{"apiVersion": "v1", "kind": "Pod"}');
  write('bom.yaml', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('kind: X\n')]));
  write('latin1.yaml', Buffer.from([0x6b, 0x3a, 0x20, 0xe9, 0x0a]));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('policy files', () => {
  it('walks directories recursively in name order, YAML only, skipping hidden names', () => {
    const { files, problems } = listPolicyFiles([path.join(root, 'policies')]);
    expect(relative(files)).toEqual(['policies/a.yml', 'policies/b.yaml', 'policies/nested/deeper/e.yaml']);
    expect(problems).toEqual([]);
  });

  it('takes explicit files only when they are YAML and not hidden', () => {
    const { files } = listPolicyFiles([
      path.join(root, 'policies/b.yaml'),
      path.join(root, 'policies/c.json'),
      path.join(root, 'policies/.hidden.yaml'),
      path.join(root, '.dotdir'),
    ]);
    expect(relative(files)).toEqual(['policies/b.yaml']);
  });

  it('reports missing paths and remote sources without stopping', () => {
    const { files, problems } = listPolicyFiles([path.join(root, 'missing.yaml'), 'https://example.com/p.yaml', path.join(root, 'policies/a.yml')]);
    expect(relative(files)).toEqual(['policies/a.yml']);
    expect(problems.map((p) => [p.severity, p.file.endsWith('missing.yaml') || p.file.startsWith('https:')])).toEqual([
      ['error', true],
      ['error', true],
    ]);
  });

  it.each([
    ['a.yaml', true],
    ['a.yml', true],
    ['a.YAML', false],
    ['a.json', false],
    ['yaml', false],
  ])('isYamlFileName(%s) = %s', (name, expected) => {
    expect(isYamlFileName(name)).toBe(expected);
  });
});

describe('resource files', () => {
  it('uses the top-level YAML files of a directory given first and ignores the other paths', () => {
    const { files, problems } = listResourceFiles([path.join(root, 'resources'), path.join(root, 'other/pod.json')]);
    expect(relative(files)).toEqual(['resources/.r0.yaml', 'resources/r1.yaml', 'resources/r2.yml']);
    expect(problems).toEqual([
      expect.objectContaining({ file: path.join(root, 'other/pod.json'), severity: 'warning' }),
    ]);
  });

  it('reads every listed file whatever its extension when the first path is a file', () => {
    const { files, problems } = listResourceFiles([path.join(root, 'other/pod.json'), path.join(root, 'resources/r1.yaml')]);
    expect(relative(files)).toEqual(['other/pod.json', 'resources/r1.yaml']);
    expect(problems).toEqual([]);
  });

  it('reports a missing first path', () => {
    const { files, problems } = listResourceFiles([path.join(root, 'nope'), path.join(root, 'resources/r1.yaml')]);
    expect(files).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', line: 1, column: 1 });
  });
});

describe('readSourceFile', () => {
  it('removes a UTF-8 byte order mark', () => {
    expect(readSourceFile(path.join(root, 'bom.yaml'))).toEqual({
      file: { path: path.join(root, 'bom.yaml'), text: 'kind: X\n' },
      problems: [],
    });
  });

  it('reports unreadable and non-UTF-8 files as problems', () => {
    const latin1 = readSourceFile(path.join(root, 'latin1.yaml'));
    expect(latin1.file).toBeNull();
    expect(latin1.problems.map((p) => p.message)).toEqual(['the file is not valid UTF-8 text']);
    const missing = readSourceFile(path.join(root, 'missing.yaml'));
    expect(missing.file).toBeNull();
    expect(missing.problems[0]).toMatchObject({ file: path.join(root, 'missing.yaml'), severity: 'error' });
    expect(readSourceFile(path.join(root, 'resources')).problems).toHaveLength(1);
  });
});
