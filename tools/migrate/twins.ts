/**
 * @file `npx tsx tools/migrate/twins.ts [folder-filter]`: each kyverno/policies folder X that has a CEL twin,
 * migrated and run through its own migrated Test. PASS: every rule translated and the Test passes; KEPT: some
 * rules were not translated (they stay as a ClusterPolicy); FAIL: the migrated Test fails. `V=1` prints the
 * test output of failures.
 */
import { findTwins, runTwin } from '../../test/migrate/twins.js';

const only = process.argv[2];
const counts: Record<string, [passed: number, total: number]> = {};
for (const twin of findTwins()) {
  if (only !== undefined && !twin.folder.includes(only)) continue;
  const group = twin.actions.includes('mutate') ? 'mutate' : twin.actions.join('+');
  const run = await runTwin(twin);
  const translated = run.untranslatable.length === 0;
  const entry = (counts[group] ??= [0, 0]);
  entry[1]++;
  if (run.passed && translated) entry[0]++;
  console.log(`${run.passed && translated ? 'PASS' : run.passed ? 'KEPT' : 'FAIL'} ${group} ${twin.folder} ${run.untranslatable.join(' | ')}`);
  if (!run.passed && process.env.V !== undefined) console.log(run.output);
}
for (const [group, [passed, total]] of Object.entries(counts)) console.log(`${group}: ${passed}/${total} (${((100 * passed) / total).toFixed(1)}%)`);
