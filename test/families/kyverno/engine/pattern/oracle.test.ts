/**
 * @file Differential test against the Kyverno engine oracle (corpus `kyverno-oracle/pattern.jsonl`,
 * outcomes of Kyverno's own `validate.MatchPattern`): every vector in both number modes, outcome
 * and failure path, plus Kyverno's error text in float64 mode. Vectors are read by the source
 * loader, as manifests are: integers beyond 2^53 stay exact (Go's int64) in the resource; the
 * pattern holds float64 numbers (policies are decoded with `encoding/json`), and in float64 mode
 * so does the resource (`kyverno test` converts resource numbers).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchPattern } from '../../../../../src/families/kyverno/engine/pattern/index.js';
import { parseDocuments } from '../../../../../src/source/index.js';
import type { JsonValue, NumberMode } from '../../../../../src/types.js';
import { toFloat64Numbers } from '../../../../../src/util/json-value.js';

const repoRoot = fileURLToPath(new URL('../../../../..', import.meta.url));
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

/** Reads one vector line as the loader reads a JSON manifest. */
function loadVector(line: string, lineNumber: number): OracleVector {
  const parsed = parseDocuments(`pattern.jsonl:${lineNumber}`, line);
  if (parsed.problems.length > 0 || parsed.documents.length !== 1) {
    throw new Error(`pattern.jsonl line ${lineNumber}: ${parsed.problems.map((p) => p.message).join('; ')}`);
  }
  return parsed.documents[0]!.value as unknown as OracleVector;
}

describe.skipIf(!available)('Kyverno pattern oracle', () => {
  const lines = available ? readFileSync(oracleFile, 'utf8').split('\n').filter((l) => l.length > 0) : [];
  const vectors = lines.map((l, i) => loadVector(l, i + 1));
  const patterns = vectors.map((v) => toFloat64Numbers(v.pattern));
  const resources: Record<NumberMode, JsonValue[]> = {
    int64: vectors.map((v) => v.resource),
    float64: vectors.map((v) => toFloat64Numbers(v.resource)),
  };

  it('holds integers beyond 2^53 in resources', () => {
    expect(lines.filter((l) => /"resource":.*\b9007199254740993\b/.test(l)).length).toBeGreaterThan(0);
    expect(vectors.some((v) => JSON.stringify(v.resource, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x)).includes('9007199254740993n'))).toBe(true);
  });

  describe.each(['float64', 'int64'] as const)('numberMode %s', (numberMode) => {
    it('matches outcome and path of every vector', () => {
      const mismatches: string[] = [];
      const mismatchLines: number[] = [];
      vectors.forEach((v, i) => {
        const expected =
          numberMode === 'float64' ? { outcome: v.outcome, path: v.path } : { outcome: v.outcome_int64, path: v.path_int64 };
        const result = matchPattern(resources[numberMode][i]!, patterns[i]!, { numberMode });
        if (result.outcome !== expected.outcome || result.path !== expected.path) {
          mismatchLines.push(i + 1);
          mismatches.push(
            `line ${i + 1} (${v.category}): expected ${expected.outcome} ${expected.path}, got ${result.outcome} ${result.path}`,
          );
        }
      });
      console.info(`pattern oracle ${numberMode}: ${vectors.length - mismatchLines.length}/${vectors.length} vectors match`);
      expect(mismatches, mismatches.join('\n')).toEqual([]);
    });
  });

  it("reproduces Kyverno's error text of every vector (float64)", () => {
    const differences: string[] = [];
    vectors.forEach((v, i) => {
      if (v.message === undefined) return;
      const { message } = matchPattern(resources.float64[i]!, patterns[i]!, { numberMode: 'float64' });
      if (message !== v.message) differences.push(`line ${i + 1}: expected ${v.message}\n  got ${message}`);
    });
    expect(differences, differences.join('\n')).toEqual([]);
  });
});
