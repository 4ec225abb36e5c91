import { describe, expect, it } from 'vitest';
import type { JmesPathErrorKind } from '../../../src/lang/jmespath/index.js';
import { type OracleVector, corpusAvailable, readOracleVectors } from './corpus.js';
import { type Outcome, evaluate, pendingKyvernoFunctions, sameResult } from './expectations.js';

const ORACLE_KINDS: Record<string, JmesPathErrorKind> = {
  compile: 'syntax',
  not_found: 'notFound',
  runtime: 'runtime',
  panic: 'runtime',
};

function agrees(vector: OracleVector, actual: Outcome): boolean {
  if (vector.result_special === 'NaN') return 'result' in actual && Number.isNaN(actual.result);
  if ('result' in vector) return 'result' in actual && sameResult(actual.result, vector.result);
  return 'error' in actual && actual.kind === ORACLE_KINDS[vector.error_kind!] && actual.error === vector.error;
}

/**
 * Oracle categories checked here; `custom` (Kyverno's own functions) belongs to the custom-function
 * module. Vectors calling a Kyverno function that is not registered yet are set aside until it is.
 */
const CATEGORIES = ['core', 'compliance'] as const;

describe.skipIf(!corpusAvailable('kyverno-oracle'))('Kyverno JMESPath oracle (functions.jsonl)', () => {
  const vectors = corpusAvailable('kyverno-oracle') ? readOracleVectors() : [];

  describe.each(CATEGORIES)('category %s', (category) => {
    const selected = vectors.filter((v) => v.category === category);
    const ready = selected.filter((v) => pendingKyvernoFunctions(v.expr).length === 0);

    it('agrees with Kyverno on at least 99% of the vectors, and on every one so far', () => {
      const disagreements = ready
        .map((vector) => ({ vector, actual: evaluate(vector.expr, vector.data) }))
        .filter(({ vector, actual }) => !agrees(vector, actual))
        .map(({ vector, actual }) => ({ expr: vector.expr, expected: vector.result ?? vector.error, actual }));
      const rate = (ready.length - disagreements.length) / ready.length;
      expect(ready.length).toBeGreaterThan(selected.length * 0.9);
      expect(rate).toBeGreaterThanOrEqual(0.99);
      expect(disagreements).toEqual([]);
    });
  });
});
