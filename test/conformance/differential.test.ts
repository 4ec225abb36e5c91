/**
 * The differential test of compiled evaluation: every resource of the Kyverno test suites is evaluated by the code
 * the families compile from each policy and by the reference interpreter (`EvaluationOptions.reference`), and the
 * responses must be identical — each rule's status, message, path and every other field, and the patched resource.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSuite, SUITES } from '../../tools/conformance/runner.js';
import type { ResourceResponse } from '../../src/evaluate/processor.js';
import { policyReference, type CompiledPolicy } from '../../src/evaluate/types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');
const available = existsSync(CORPUS);
if (!available) console.warn(`differential test: ${CORPUS} is missing; the Kyverno test suites are skipped`);

/** The responses as text: the policy by reference, every other field as it is (key order included). */
function serialize(responses: readonly ResourceResponse[]): string {
  return JSON.stringify(responses, (key, value: unknown) => {
    if (key === 'policy' && value !== null && typeof value === 'object' && 'family' in value) return policyReference(value as CompiledPolicy);
    if (typeof value === 'function') return '[function]';
    if (typeof value === 'bigint') return `${value}n`;
    return value;
  });
}

/** Every resource's responses of one suite, in evaluation order, prefixed by the test file and resource key. */
function responsesOf(suite: string, reference: boolean): string[] {
  const out: string[] = [];
  runSuite(suite, path.join(CORPUS, suite), {
    reference,
    observe: (file, resource, responses) => out.push(`${file} ${resource.key}\n${serialize(responses)}`),
  });
  return out;
}

describe.skipIf(!available)('compiled evaluation and the reference interpreter give identical responses', () => {
  it.each(SUITES)('%s', (suite) => {
    const compiled = responsesOf(suite, false);
    const reference = responsesOf(suite, true);
    expect(compiled.length).toBe(reference.length);
    expect(compiled.length).toBeGreaterThan(100);
    const differences = compiled.flatMap((text, index) => (text === reference[index] ? [] : [{ compiled: text, reference: reference[index] }]));
    expect(differences.slice(0, 3)).toEqual([]);
  }, 300_000);
});
