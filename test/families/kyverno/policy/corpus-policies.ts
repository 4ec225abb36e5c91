/**
 * @file Test helper: every Kyverno ClusterPolicy/Policy document of the shared corpus (kyverno/policies and
 * the kyverno/kyverno CLI test suites), read in place from `../shared/corpus`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { JsonObject } from '../../../../src/types.js';

export const CORPUS_DIR = path.resolve(import.meta.dirname, '../../../..', '../shared/corpus');
export const corpusAvailable = existsSync(CORPUS_DIR);
if (!corpusAvailable) console.warn(`corpus folder ${CORPUS_DIR} is missing: corpus tests are skipped`);

export interface CorpusPolicy {
  /** Path relative to the corpus folder. */
  file: string;
  /** Index of the document in its file. */
  index: number;
  doc: JsonObject;
}

function yamlFiles(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yamlFiles(full, out);
    else if (entry.endsWith('.yaml') || entry.endsWith('.yml')) out.push(full);
  }
  return out;
}

function isPolicyDoc(doc: unknown): doc is JsonObject {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return false;
  const { apiVersion, kind } = doc as JsonObject;
  return (
    typeof apiVersion === 'string' &&
    apiVersion.startsWith('kyverno.io/') &&
    (kind === 'ClusterPolicy' || kind === 'Policy')
  );
}

let cached: CorpusPolicy[] | undefined;

/** All policy documents of both suites, in a stable order (YAML 1.1 scalars, as the Kyverno CLI reads them). */
export function corpusPolicies(): CorpusPolicy[] {
  if (cached) return cached;
  const out: CorpusPolicy[] = [];
  for (const suite of ['kyverno-policies', 'kyverno-cli-tests']) {
    for (const file of yamlFiles(path.join(CORPUS_DIR, suite), []).sort()) {
      const text = readFileSync(file, 'utf8');
      if (!/^kind:\s*(Cluster)?Policy\s*$/m.test(text)) continue;
      const docs = parseAllDocuments(text, { version: '1.1' });
      if (!Array.isArray(docs)) continue;
      docs.forEach((document, index) => {
        if (document.errors.length > 0) return;
        const doc = document.toJS({ maxAliasCount: -1 }) as unknown;
        if (isPolicyDoc(doc)) out.push({ file: path.relative(CORPUS_DIR, file), index, doc });
      });
    }
  }
  cached = out;
  return out;
}
