/**
 * @file Differential test of compiled evaluation against the reference interpreter: the pattern oracle vectors
 * (corpus `kyverno-oracle/pattern.jsonl`) through `matchCompiledPattern` and the interpreted `matchPattern`, in
 * both number modes, and the validate responses of every test of the Kyverno conformance suites evaluated both
 * ways (`EvaluationOptions.reference`). Both must agree exactly: outcome/status, message and path.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { matchCompiledPattern, matchPattern } from '../../../../src/families/kyverno/engine/pattern/index.js';
import { parseDocuments } from '../../../../src/source/index.js';
import type { JsonValue, NumberMode } from '../../../../src/types.js';
import { toFloat64Numbers } from '../../../../src/util/json-value.js';
import type { ResourceResponse } from '../../../../src/evaluate/processor.js';
import { runSuite, SUITES } from '../../../../tools/conformance/runner.js';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const corpusDir = path.resolve(repoRoot, '../shared/corpus');
const oracleFile = path.join(corpusDir, 'kyverno-oracle', 'pattern.jsonl');
const oracleAvailable = existsSync(oracleFile);
const suitesAvailable = SUITES.every((suite) => existsSync(path.join(corpusDir, suite)));
if (!oracleAvailable || !suitesAvailable) console.warn(`compiled-vs-reference: parts of ${corpusDir} are missing; those comparisons are skipped`);

/** What each evaluation compared: the validate rule responses of the compiled path and the reference path. */
const differential = vi.hoisted(() => ({ enabled: false, evaluations: 0, responses: 0, differences: [] as string[] }));

vi.mock('../../../../src/evaluate/processor.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/evaluate/processor.js')>();
  /** The validate rule responses, in order, as comparable text. */
  const summary = (responses: readonly ResourceResponse[]): string[] =>
    responses
      .filter((entry) => entry.kind === 'validate')
      .flatMap(({ response }) =>
        response.rules.map((rule) =>
          JSON.stringify([response.policy.name, rule.name, rule.status, rule.message, rule.path ?? null, rule.preExisting ?? null]),
        ),
      );
  return {
    ...original,
    evaluateResource: (...args: Parameters<typeof original.evaluateResource>): ResourceResponse[] => {
      const compiled = original.evaluateResource(...args);
      if (!differential.enabled) return compiled;
      const [policies, resource, options] = args;
      const reference = original.evaluateResource(policies, resource, { ...options, reference: true });
      const a = summary(compiled);
      const b = summary(reference);
      differential.evaluations++;
      differential.responses += a.length;
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        differential.differences.push(`${resource.name}:\n  compiled  ${a.join('\n            ')}\n  reference ${b.join('\n            ')}`);
      }
      return compiled;
    },
  };
});

interface OracleVector {
  pattern: JsonValue;
  resource: JsonValue;
}

describe.skipIf(!oracleAvailable)('compiled patterns against the interpreter: pattern oracle vectors', () => {
  const lines = oracleAvailable ? readFileSync(oracleFile, 'utf8').split('\n').filter((l) => l.length > 0) : [];
  const vectors = lines.map((line, i) => parseDocuments(`pattern.jsonl:${i + 1}`, line).documents[0]!.value as unknown as OracleVector);

  it.each(['float64', 'int64'] as const)('numberMode %s: identical outcome, path and message', (numberMode: NumberMode) => {
    const differences: string[] = [];
    vectors.forEach((vector, i) => {
      const pattern = toFloat64Numbers(vector.pattern);
      const resource = numberMode === 'float64' ? toFloat64Numbers(vector.resource) : vector.resource;
      // Twice: the second run reuses the compiled pattern and the evaluation state.
      for (let run = 0; run < 2; run++) {
        const compiled = matchCompiledPattern(resource, pattern, numberMode);
        const reference = matchPattern(resource, pattern, { numberMode });
        if (JSON.stringify(compiled) !== JSON.stringify(reference)) {
          differences.push(`line ${i + 1}: compiled ${JSON.stringify(compiled)}, reference ${JSON.stringify(reference)}`);
        }
      }
    });
    expect(vectors.length).toBeGreaterThan(100);
    expect(differences, differences.join('\n')).toEqual([]);
  });
});

describe.skipIf(!suitesAvailable)('compiled evaluation against the reference interpreter: conformance suites', () => {
  it.each(SUITES)('%s: identical validate responses', (suite) => {
    differential.enabled = true;
    differential.evaluations = 0;
    differential.responses = 0;
    differential.differences = [];
    try {
      runSuite(suite, path.join(corpusDir, suite));
    } finally {
      differential.enabled = false;
    }
    console.info(`compiled-vs-reference ${suite}: ${differential.evaluations} evaluations, ${differential.responses} validate rule responses compared`);
    expect(differential.evaluations).toBeGreaterThan(0);
    expect(differential.differences, differential.differences.slice(0, 20).join('\n')).toEqual([]);
  }, 600_000);
});
