import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSuite, SUITES, type SuiteConformance } from '../../tools/conformance/runner.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');
const BASELINE = path.join(ROOT, 'test/conformance/baseline.json');

const available = existsSync(CORPUS);
if (!available) console.warn(`conformance: ${CORPUS} is missing; the Kyverno test suites are skipped`);

describe.skipIf(!available)('conformance with the Kyverno test suites (test/conformance/baseline.json)', () => {
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Record<string, string[]>;

  it.each(SUITES)('%s: every test file of the baseline still passes', (suite) => {
    const result: SuiteConformance = runSuite(suite, path.join(CORPUS, suite));
    const passing = new Set(result.files.filter((file) => file.passed).map((file) => file.file));
    const regressions = (baseline[suite] ?? []).filter((file) => !passing.has(file));
    expect(regressions).toEqual([]);
    expect(result.results.total).toBeGreaterThan(0);
  });
});
