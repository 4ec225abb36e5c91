/**
 * @file Differential test against the Kyverno oracle (`kyverno-oracle/conditions.jsonl` of the
 * shared corpus): each line is a key, an operator and a value with the outcome Kyverno's own
 * operator handlers produced (true, false, or an error: unsupported operator or handler panic).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConditionError } from '../../../../../src/families/kyverno/engine/conditions/errors.js';
import { evaluateOperator, UNKNOWN_OPERATOR_MESSAGE } from '../../../../../src/families/kyverno/engine/conditions/operators.js';
import type { JsonValue } from '../../../../../src/types.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const corpusDir = path.resolve(repoRoot, '../shared/corpus');
const oracleFile = path.join(corpusDir, 'kyverno-oracle', 'conditions.jsonl');
const available = existsSync(oracleFile);
if (!available) console.warn(`conditions oracle skipped: ${oracleFile} is missing`);

/**
 * Oracle lines (1-based) on which kyverno-lint knowingly differs from Kyverno, with the reason.
 * Every other line must match exactly.
 */
const KNOWN_DIFFERENCES: ReadonlyMap<number, string> = new Map();

/** The lowest acceptable share of matching vectors (the measured figure is 100%). */
const MIN_PASS_RATE = 0.999;

interface OracleVector {
  key: JsonValue;
  operator: string;
  value: JsonValue;
  result: boolean | 'error';
  error_kind?: 'unsupported_operator' | 'panic';
  error?: string;
}

type Outcome = { result: boolean } | { error: string };

function evaluate(vector: OracleVector): Outcome {
  try {
    return { result: evaluateOperator(vector.key, vector.operator, vector.value) };
  } catch (error) {
    if (!(error instanceof ConditionError)) throw error;
    return { error: error.message };
  }
}

/** Kyverno's error text for an error vector (the harness records no text for unsupported operators). */
function expectedError(vector: OracleVector): string {
  return vector.error_kind === 'unsupported_operator' ? UNKNOWN_OPERATOR_MESSAGE : (vector.error ?? '');
}

function matches(vector: OracleVector, outcome: Outcome): boolean {
  if (vector.result === 'error') return 'error' in outcome && outcome.error === expectedError(vector);
  return 'result' in outcome && outcome.result === vector.result;
}

describe.skipIf(!available)('condition operators against the Kyverno oracle', () => {
  const vectors: OracleVector[] = available
    ? readFileSync(oracleFile, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as OracleVector)
    : [];

  it('matches every vector outside the known differences', () => {
    const unexpected: string[] = [];
    let passed = 0;
    vectors.forEach((vector, index) => {
      const line = index + 1;
      const outcome = evaluate(vector);
      if (matches(vector, outcome)) {
        passed++;
        return;
      }
      if (!KNOWN_DIFFERENCES.has(line)) {
        unexpected.push(`line ${line}: ${JSON.stringify(vector)} → ${JSON.stringify(outcome)}`);
      }
    });
    expect(vectors.length).toBeGreaterThan(0);
    expect(unexpected).toEqual([]);
    expect(passed / vectors.length).toBeGreaterThanOrEqual(MIN_PASS_RATE);
  });

  it('lists only known differences that still differ', () => {
    const stale = [...KNOWN_DIFFERENCES.keys()].filter((line) => {
      const vector = vectors[line - 1];
      return vector === undefined || matches(vector, evaluate(vector));
    });
    expect(stale).toEqual([]);
  });
});
