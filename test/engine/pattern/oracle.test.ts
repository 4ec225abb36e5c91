/**
 * @file Differential test against the Kyverno engine oracle (corpus `kyverno-oracle/pattern.jsonl`,
 * outcomes of Kyverno's own `validate.MatchPattern`): every vector in both number modes, outcome
 * and failure path, plus Kyverno's error text in float64 mode.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchPattern } from '../../../src/engine/pattern/index.js';
import type { JsonValue, NumberMode } from '../../../src/types.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const corpusDir = path.resolve(repoRoot, '../shared/corpus');
const oracleFile = path.join(corpusDir, 'kyverno-oracle', 'pattern.jsonl');
const available = existsSync(oracleFile);
if (!available) console.warn(`pattern oracle skipped: ${oracleFile} is missing (corpus folder ${corpusDir})`);

interface OracleVector {
  category: string;
  pattern: JsonValue;
  resource: JsonValue;
  outcome: string;
  path: string;
  message?: string;
  outcome_int64: string;
  path_int64: string;
}

/**
 * Vectors (1-based line numbers) known to differ, per number mode. All int64 ones hold the integer
 * literal 9007199254740993 (2^53 + 1) in the resource: Go decodes it as an exact int64, while
 * `JSON.parse` rounds it to 9007199254740992, so comparisons with patterns naming 2^53 + 1 (or
 * 2^53 as a float) come out the other way. The JSON value model cannot carry that precision.
 */
const KNOWN_DIFFERENCES: Record<NumberMode, readonly number[]> = {
  float64: [],
  int64: [86, 261, 322, 335, 510, 615, 993, 1192, 3084, 3167, 3173, 3533, 3739, 3880, 3948, 4083, 4090, 4327, 4627],
};

/** Minimum pass rates, from the measured figures (float64 4987/4987, int64 4968/4987). */
const MIN_PASS_RATE: Record<NumberMode, number> = { float64: 1, int64: 0.996 };

describe.skipIf(!available)('Kyverno pattern oracle', () => {
  const lines = available ? readFileSync(oracleFile, 'utf8').split('\n').filter((l) => l.length > 0) : [];
  const vectors = lines.map((l) => JSON.parse(l) as OracleVector);

  describe.each(['float64', 'int64'] as const)('numberMode %s', (numberMode) => {
    it('matches outcome and path of every vector except the known differences', () => {
      const mismatches: string[] = [];
      const mismatchLines: number[] = [];
      vectors.forEach((v, i) => {
        const expected =
          numberMode === 'float64' ? { outcome: v.outcome, path: v.path } : { outcome: v.outcome_int64, path: v.path_int64 };
        const result = matchPattern(v.resource, v.pattern, { numberMode });
        if (result.outcome !== expected.outcome || result.path !== expected.path) {
          mismatchLines.push(i + 1);
          mismatches.push(
            `line ${i + 1} (${v.category}): expected ${expected.outcome} ${expected.path}, got ${result.outcome} ${result.path}`,
          );
        }
      });
      const passRate = (vectors.length - mismatchLines.length) / vectors.length;
      expect(mismatchLines, mismatches.join('\n')).toEqual(KNOWN_DIFFERENCES[numberMode]);
      expect(passRate).toBeGreaterThanOrEqual(MIN_PASS_RATE[numberMode]);
    });
  });

  it('known int64 differences all involve an integer beyond 2^53', () => {
    for (const line of KNOWN_DIFFERENCES.int64) {
      expect(lines[line - 1]).toMatch(/\b9007199254740993\b/);
    }
  });

  it("reproduces Kyverno's error text of every vector (float64)", () => {
    const differences: string[] = [];
    vectors.forEach((v, i) => {
      if (v.message === undefined) return;
      const { message } = matchPattern(v.resource, v.pattern, { numberMode: 'float64' });
      if (message !== v.message) differences.push(`line ${i + 1}: expected ${v.message}\n  got ${message}`);
    });
    expect(differences, differences.join('\n')).toEqual([]);
  });
});
