/**
 * Kyverno's custom functions against the oracle vectors (category `custom` of
 * `kyverno-oracle/functions.jsonl`), produced by running Kyverno's own Go code.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Outcome, jsonText, run } from './evaluate.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const oracleFile = path.resolve(repoRoot, '../shared/corpus', 'kyverno-oracle/functions.jsonl');
const available = existsSync(oracleFile);
if (!available) console.warn(`Skipping the Kyverno function oracle: ${oracleFile} is missing.`);

interface Vector {
  line: number;
  category: string;
  fn: string;
  expr: string;
  data: unknown;
  result?: unknown;
  result_special?: 'NaN';
  error?: string;
  error_kind?: 'compile' | 'not_found' | 'runtime' | 'panic';
}

const KINDS = { compile: 'syntax', not_found: 'notFound', runtime: 'runtime', panic: 'runtime' } as const;

/**
 * Vectors where kyverno-lint deliberately differs from the oracle, by line of functions.jsonl.
 * The oracle ran Kyverno's code with Go 1.19; Kyverno itself is built with a newer Go.
 */
const KNOWN_DIFFERENCES: Readonly<Record<number, string>> = {
  259:
    'Go >= 1.20 reports a failed layout element with the value as it was before the element ' +
    '("cannot parse "23-01-01" as "2006""); Go 1.19 printed the value after it ("1-01")',
};

/** Share of the vectors that must agree (the known differences excepted, every one does today). */
const THRESHOLD = 0.999;

function agrees(vector: Vector, actual: Outcome): boolean {
  if (vector.result_special === 'NaN') return 'result' in actual && Number.isNaN(actual.result);
  if ('result' in vector) {
    if (!('result' in actual)) return false;
    try {
      return jsonText(actual.result) === jsonText(vector.result);
    } catch {
      return false;
    }
  }
  return 'error' in actual && actual.kind === KINDS[vector.error_kind!] && actual.error === vector.error;
}

function readVectors(): Vector[] {
  return readFileSync(oracleFile, 'utf8')
    .split('\n')
    .map((text, index) => ({ text, line: index + 1 }))
    .filter(({ text }) => text.trim() !== '')
    .map(({ text, line }) => ({ ...(JSON.parse(text) as Omit<Vector, 'line'>), line }))
    .filter((v) => v.category === 'custom');
}

describe.skipIf(!available)('Kyverno custom functions against the oracle', () => {
  const vectors = available ? readVectors() : [];
  const results = vectors.map((vector) => ({ vector, actual: run(vector.expr, vector.data) }));
  const disagreements = results.filter(({ vector, actual }) => !agrees(vector, actual));

  it(`agrees on at least ${THRESHOLD * 100}% of the vectors`, () => {
    expect(vectors.length).toBeGreaterThan(3000);
    expect((vectors.length - disagreements.length) / vectors.length).toBeGreaterThanOrEqual(THRESHOLD);
  });

  it('disagrees only on the known differences', () => {
    const unexpected = disagreements
      .filter(({ vector }) => KNOWN_DIFFERENCES[vector.line] === undefined)
      .map(({ vector, actual }) => ({ line: vector.line, expr: vector.expr, expected: vector.result ?? vector.error, actual }));
    expect(unexpected).toEqual([]);
  });

  it.each(Object.entries(KNOWN_DIFFERENCES))('line %s is still a difference (%s)', (line) => {
    const entry = results.find(({ vector }) => vector.line === Number(line));
    expect(entry).toBeDefined();
    expect(agrees(entry!.vector, entry!.actual)).toBe(false);
  });
});
