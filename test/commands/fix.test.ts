import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { diffLines } from 'diff';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoadedFile } from '../../src/commands/load/documents.js';
import type { ResourceDocument } from '../../src/evaluate/resource.js';
import { fileFixes, mutatedResources } from '../../src/lint/fixes.js';
import { writeFixes } from '../../src/commands/fixes.js';
import { parseDocuments } from '../../src/source/parse.js';
import { normalizeResource, type KubernetesObject } from '../../src/source/resource.js';
import type { JsonObject } from '../../src/types.js';
import { ROOT, runCli } from './helpers.js';

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-fix-'));
});
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** All files below `directory`, relative, sorted. */
function files(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.yaml'))
    .sort();
}

/** The lines `after` adds to `before`, and the lines it removes, with their new line numbers. */
function lineChanges(before: string, after: string): { added: string[]; removed: string[] } {
  const added: string[] = [];
  const removed: string[] = [];
  for (const part of diffLines(before, after)) {
    const lines = part.value.replace(/\n$/, '').split('\n');
    if (part.added) added.push(...lines);
    if (part.removed) removed.push(...lines);
  }
  return { added, removed };
}

function loadedFile(file: string, text: string): LoadedFile {
  return { path: file, text, documents: parseDocuments(file, text).documents };
}

function resourceDocument(file: LoadedFile, index: number): ResourceDocument {
  const value = normalizeResource(structuredClone(file.documents.find((d) => d.index === index)!.value) as KubernetesObject);
  const metadata = value.metadata as JsonObject;
  const namespace = String(metadata.namespace ?? '');
  const name = String(metadata.name ?? '');
  return { value, file: file.path, documentIndex: index, apiVersion: value.apiVersion, kind: value.kind, namespace, name, key: `${value.apiVersion},${value.kind},${namespace},${name}` };
}

describe('apply --fix on the example repository', () => {
  it('changes only what the mutations need, then reports the remaining violations', async () => {
    const examples = path.join(scratch, 'examples');
    cpSync(path.join(ROOT, 'examples'), examples, { recursive: true });
    const before = new Map(files(examples).map((name) => [name, readFileSync(path.join(examples, name), 'utf8')]));

    const { code, stdout, stderr } = await runCli(['apply', path.join(examples, 'policies'), '-r', path.join(examples, 'manifests'), '--fix']);
    expect(code).toBe(1);
    expect(stdout).toContain('policy restrict-replicas -> resource shop/Deployment/worker failed:');
    expect(stdout).toMatch(/\npass: \d+, fail: 4, warn: 0, error: 0, skip: \d+ \n$/);
    const fixed = stderr.split('\n').filter((line) => line.startsWith('fixed '));
    expect(fixed.map((line) => path.basename(line))).toEqual(['cache.yaml', 'debug-pod.yaml', 'web.yaml', 'worker.yaml']);

    const after = new Map(files(examples).map((name) => [name, readFileSync(path.join(examples, name), 'utf8')]));
    expect([...after.keys()]).toEqual([...before.keys()]);
    const changed = [...after.keys()].filter((name) => after.get(name) !== before.get(name));
    expect(changed).toEqual(['manifests/cache.yaml', 'manifests/debug-pod.yaml', 'manifests/web.yaml', 'manifests/worker.yaml']);

    // The manifest written with comments, quotes, flow collections and odd indentation: only insertions.
    expect(after.get('manifests/cache.yaml')).toBe(
      before
        .get('manifests/cache.yaml')!
        .replace("        fsGroup: 1000     # the volume's group\n", "        fsGroup: 1000     # the volume's group\n        runAsNonRoot: true\n")
        .replace('          readOnlyRootFilesystem: true   # data lives in /data\n', '          readOnlyRootFilesystem: true   # data lives in /data\n          allowPrivilegeEscalation: false\n')
        .replace('        - containerPort: 9121   # metrics\n', '        - containerPort: 9121   # metrics\n        securityContext:\n          allowPrivilegeEscalation: false\n'),
    );
    // Elsewhere too, no original line is touched: the fixes only add lines.
    for (const name of changed) {
      const { added, removed } = lineChanges(before.get(name)!, after.get(name)!);
      expect(removed, name).toEqual([]);
      expect(added.every((line) => /^ +(securityContext:|runAsNonRoot: true|allowPrivilegeEscalation: false)$/.test(line)), name).toBe(true);
    }
    // The Service in web.yaml, the second document, is left as it was.
    expect(after.get('manifests/web.yaml')!.split('---\n')[1]).toBe(before.get('manifests/web.yaml')!.split('---\n')[1]);

    // Applying again finds nothing left to mutate and the same violations.
    const again = await runCli(['apply', path.join(examples, 'policies'), '-r', path.join(examples, 'manifests'), '--format', 'json']);
    expect(again.code).toBe(1);
    const document = JSON.parse(again.stdout) as { mutatedResources: unknown[]; results: { status: string }[] };
    expect(document.mutatedResources).toEqual([]);
    expect(document.results.filter((result) => result.status === 'fail')).toHaveLength(4);
  });

  it('prints the fixes as a unified diff with --fix-dry-run and writes nothing', async () => {
    const examples = path.join(scratch, 'examples');
    cpSync(path.join(ROOT, 'examples'), examples, { recursive: true });
    const cache = path.join(examples, 'manifests', 'cache.yaml');
    const original = readFileSync(cache, 'utf8');
    const { stdout } = await runCli(['apply', path.join(examples, 'policies'), '-r', cache, '--fix-dry-run']);
    expect(readFileSync(cache, 'utf8')).toBe(original);
    // The diff starts on a line of its own after Kyverno's unterminated mutation line.
    expect(stdout).toContain(`Mutation has been applied successfully.\n--- ${cache}\n+++ ${cache}\n@@ -19,15 +19,19 @@\n`);
    expect(stdout).toContain(" fsGroup: 1000     # the volume's group\n+        runAsNonRoot: true\n");
    expect(stdout).toContain('+          allowPrivilegeEscalation: false\n');
    expect(stdout).not.toMatch(/^-[^-]/m);
  });

  it('labels diffs of files below the working directory a/ and b/', async () => {
    const { stdout } = await runCli(['apply', 'examples/policies/add-safe-defaults.yaml', '-r', 'examples/manifests/debug-pod.yaml', '--fix-dry-run']);
    expect(stdout).toContain('\n--- a/examples/manifests/debug-pod.yaml\n+++ b/examples/manifests/debug-pod.yaml\n@@ -10,3 +10,7 @@\n');
  });

  it('refuses --fix with --fix-dry-run', async () => {
    const { code, stderr } = await runCli(['apply', 'examples/policies', '-r', 'examples/manifests', '--fix', '--fix-dry-run']);
    expect(code).toBe(2);
    expect(stderr).toContain('--fix and --fix-dry-run cannot be used together');
  });
});

describe('apply --fix on files', () => {
  const policy = 'test/fixtures/cli/apply-mutate/policies/add-team.yaml';

  it('gives a file with several mutated documents all of their edits', async () => {
    const file = path.join(scratch, 'pods.yaml');
    const text = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: a', '---', 'apiVersion: v1', 'kind: Pod', 'metadata:', '  name: b', '  labels:', '    app: b', ''].join('\n');
    writeFileSync(file, text);
    const { code } = await runCli(['apply', policy, '-r', file, '--fix']);
    expect(code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(
      ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: a', '  labels:', '    team: unassigned', '---', 'apiVersion: v1', 'kind: Pod', 'metadata:', '  name: b', '  labels:', '    app: b', '    team: unassigned', ''].join('\n'),
    );
  });

  it('keeps what the loader normalises: no namespace added, a null map left null', async () => {
    const file = path.join(scratch, 'pod.yaml');
    const text = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  labels:\n    app: a\n  annotations: null # nothing yet\n';
    writeFileSync(file, text);
    await runCli(['apply', policy, '-r', file, '--fix']);
    expect(readFileSync(file, 'utf8')).toBe(text.replace('    app: a\n', '    app: a\n    team: unassigned\n'));
  });

  it('keeps a byte order mark and CRLF line breaks', async () => {
    const file = path.join(scratch, 'pod.yaml');
    writeFileSync(file, '\ufeffapiVersion: v1\r\nkind: Pod\r\nmetadata:\r\n  name: a\r\n');
    await runCli(['apply', policy, '-r', file, '--fix']);
    expect(readFileSync(file, 'utf8')).toBe('\ufeffapiVersion: v1\r\nkind: Pod\r\nmetadata:\r\n  name: a\r\n  labels:\r\n    team: unassigned\r\n');
  });

  it.skipIf(process.getuid?.() === 0)('reports a file it cannot write by name, without a stack trace', async () => {
    const file = path.join(scratch, 'pod.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n');
    chmodSync(file, 0o444);
    const { code, stderr } = await runCli(['apply', policy, '-r', file, '--fix']);
    expect(code).toBe(1);
    expect(stderr).toContain(`${file}:1:1: cannot write the fixed file (EACCES: permission denied)`);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('cannot fix standard input', async () => {
    const { code, stderr } = await runCli(['apply', policy, '-r', '-', '--fix'], { stdin: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n' });
    expect(code).toBe(1);
    expect(stderr).toContain('-:1:1: standard input cannot be fixed in place');
  });
});

describe('writeFixes', () => {
  it.skipIf(!existsSync('/proc/version'))('turns a write failure into an error naming the file', () => {
    const before = readFileSync('/proc/version', 'utf8');
    const [result] = writeFixes([{ file: '/proc/version', before, after: 'x', edits: [] }]);
    expect(result.file).toBe('/proc/version');
    expect(result.error).toMatch(/^cannot write the fixed file \(E[A-Z]+: [^)]*\)$/);
  });

  it('leaves a file that changed since it was read', () => {
    const file = path.join(scratch, 'f.yaml');
    writeFileSync(file, 'a: 2\n');
    expect(writeFixes([{ file, before: 'a: 1\n', after: 'a: 3\n', edits: [] }])).toEqual([{ file, error: 'the file changed while it was being checked; not fixed' }]);
    expect(readFileSync(file, 'utf8')).toBe('a: 2\n');
  });

  it('reports a file that disappeared', () => {
    const file = path.join(scratch, 'gone.yaml');
    const [result] = writeFixes([{ file, before: 'a: 1\n', after: 'a: 2\n', edits: [] }]);
    expect(result.error).toMatch(/^cannot read the file again to fix it \(ENOENT/);
  });
});

describe('mutatedResources and fileFixes', () => {
  const text = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: a', '---', 'apiVersion: v1', 'kind: Pod', 'metadata:', '  name: b', ''].join('\n');
  const file = loadedFile('/repo/pods.yaml', text);
  const files = new Map([[file.path, file]]);

  it('computes one edit list per resource and applies them together per file', () => {
    const a = resourceDocument(file, 0);
    const b = resourceDocument(file, 1);
    const mutated = mutatedResources(
      [
        { resource: a, before: a.value, after: { ...a.value, spec: { x: 1 } } },
        { resource: b, before: b.value, after: { ...b.value, spec: { z: 2 } } },
      ],
      files,
    );
    expect(mutated.map((item) => item.edits)).toEqual([
      [{ startLine: 4, endLine: 4, replacement: '  name: a\nspec:\n  x: 1\n' }],
      [{ startLine: 9, endLine: 9, replacement: '  name: b\nspec:\n  z: 2\n' }],
    ]);
    const { fixes, problems } = fileFixes(mutated, files);
    expect(problems).toEqual([]);
    expect(fixes).toHaveLength(1);
    expect(fixes[0].after).toBe(text.replace('  name: a\n', '  name: a\nspec:\n  x: 1\n').replace('  name: b\n', '  name: b\nspec:\n  z: 2\n'));
  });

  it('reports a resource whose file is not loaded instead of failing', () => {
    const a = resourceDocument(file, 0);
    const [item] = mutatedResources([{ resource: { ...a, file: '/elsewhere.yaml' }, before: a.value, after: { ...a.value, spec: {} } }], files);
    expect(item.edits).toEqual([]);
    expect(item.editError).toBe('the source file is not loaded');
  });
});
