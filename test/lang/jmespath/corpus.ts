/**
 * @file Locating the shared test corpus (`../shared/corpus` next to the repository) and reading
 * the JMESPath vectors from it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The corpus folder, or the reason it cannot be used. */
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');

/** Whether a corpus sub-folder exists; warns (once per folder) when it does not. */
export function corpusAvailable(subdir: string): boolean {
  const dir = path.join(corpusDir, subdir);
  if (existsSync(dir)) return true;
  console.warn(`Skipping tests that need the shared corpus: ${dir} is missing.`);
  return false;
}

/** One vector of `kyverno-oracle/functions.jsonl`. */
export interface OracleVector {
  category: 'custom' | 'core' | 'compliance';
  fn: string;
  expr: string;
  data: unknown;
  result?: unknown;
  result_special?: 'NaN';
  error?: string;
  error_kind?: 'compile' | 'not_found' | 'runtime' | 'panic';
  jmespath_spec?: { result?: unknown; error?: string };
  matches_spec?: boolean;
}

export function readOracleVectors(): OracleVector[] {
  const text = readFileSync(path.join(corpusDir, 'kyverno-oracle/functions.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OracleVector);
}

/** One case of the jmespath.test compliance suite. */
export interface ComplianceCase {
  file: string;
  given: unknown;
  expression: string;
  result?: unknown;
  error?: string;
}

export function readComplianceCases(): ComplianceCase[] {
  const dir = path.join(corpusDir, 'jmespath-compliance');
  const cases: ComplianceCase[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json') || file === 'benchmarks.json') continue;
    const suites = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      given: unknown;
      cases: { expression: string; result?: unknown; error?: string }[];
    }[];
    for (const suite of suites) {
      for (const c of suite.cases) cases.push({ file: file.replace(/\.json$/, ''), given: suite.given, ...c });
    }
  }
  return cases;
}
