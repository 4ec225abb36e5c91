import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSourceFile } from '../../src/source/files.js';
import { locate } from '../../src/source/locate.js';
import { parseDocuments } from '../../src/source/parse.js';
import { isKubernetesObject } from '../../src/source/resource.js';

const corpus = path.resolve(import.meta.dirname, '../..', '../shared/corpus');
const suites = ['kyverno-policies', 'kyverno-cli-tests'].map((suite) => path.join(corpus, suite));
const available = suites.every((suite) => existsSync(suite));
if (!available) console.warn(`test corpus not found at ${corpus}: skipping the corpus loading tests`);

function yamlAndJsonFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ya?ml|json)$/.test(name))
    .map((name) => path.join(directory, name))
    .sort();
}

describe.skipIf(!available)('the Kyverno test suites load without problems', () => {
  it.each(suites.map((suite) => [path.basename(suite), suite]))('%s', (_name, suite) => {
    const files = yamlAndJsonFiles(suite);
    expect(files.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let documents = 0;
    let kubernetesObjects = 0;
    for (const file of files) {
      const read = readSourceFile(file);
      if (read.file === null) {
        problems.push(...read.problems.map((p) => `${p.file}: ${p.message}`));
        continue;
      }
      const parsed = parseDocuments(file, read.file.text);
      problems.push(...parsed.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`));
      documents += parsed.documents.length;
      kubernetesObjects += parsed.documents.filter((document) => isKubernetesObject(document.value)).length;
    }
    expect(problems).toEqual([]);
    expect(documents).toBeGreaterThan(files.length);
    expect(kubernetesObjects).toBeGreaterThan(files.length / 2);
  });

  it('locates the kind of every document of a multi-document policy file', () => {
    const file = path.join(corpus, 'kyverno-policies/best-practices/require-labels/.kyverno-test/resource.yaml');
    const read = readSourceFile(file);
    expect(read.file).not.toBeNull();
    const text = read.file?.text ?? '';
    const { documents } = parseDocuments(file, text);
    expect(documents.length).toBeGreaterThan(1);
    for (const document of documents) {
      const location = locate(file, text, document.index, '/kind/');
      expect(location.line).toBeGreaterThanOrEqual(document.line);
      expect(text.split('\n')[location.line - 1].slice(location.column - 1)).toMatch(/^kind:/);
    }
  });
});
