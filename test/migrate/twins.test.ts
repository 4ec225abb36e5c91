/**
 * @file The migration measured on kyverno/policies: each folder X with a CEL twin is migrated and X's own Test,
 * migrated too, must pass. Every folder in the committed baseline must stay passing (all of its rules translated,
 * the Test green), and the shares of passing folders must hold: 90% of the validate-only folders, 75% of the
 * mutate folders.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTwins, runTwin, POLICIES_CORPUS } from './twins.js';
import { existsSync } from 'node:fs';

const BASELINE = path.join(import.meta.dirname, 'twins-baseline.json');
const available = existsSync(POLICIES_CORPUS);
if (!available) console.warn(`kyverno/policies corpus not found at ${POLICIES_CORPUS}: the migration twin tests are skipped`);

describe.skipIf(!available)('migrating kyverno/policies folders that have a CEL twin', () => {
  it('passes their own migrated Tests: the baseline holds, 90% of validate-only and 75% of mutate folders', { timeout: 600_000 }, async () => {
    const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as { passing: string[] };
    const groups = new Map<string, { passed: string[]; total: number }>();
    const failures: string[] = [];
    for (const twin of findTwins()) {
      const group = twin.actions.includes('mutate') ? 'mutate' : twin.actions.join('+');
      const run = await runTwin(twin);
      const entry = groups.get(group) ?? { passed: [], total: 0 };
      groups.set(group, entry);
      entry.total++;
      if (run.passed && run.untranslatable.length === 0) entry.passed.push(twin.folder);
      else if (baseline.passing.includes(twin.folder)) failures.push(`${twin.folder}: ${run.passed ? run.untranslatable.join('; ') : run.output}`);
    }
    expect(failures).toEqual([]);
    const share = (group: string): number => {
      const entry = groups.get(group);
      return entry === undefined || entry.total === 0 ? 0 : entry.passed.length / entry.total;
    };
    expect(share('validate')).toBeGreaterThanOrEqual(0.9);
    expect(share('mutate')).toBeGreaterThanOrEqual(0.75);
  });
});
