/**
 * @file Checks that the JSON reports of `kyverno-lint --shard k/n -f json` (k = 1..n) together hold the findings and
 * the suppressed findings of the unsharded run's JSON report:
 *
 *   node scripts/compare-shards.mjs whole.json shard-1.json shard-2.json …
 *
 * A finding is compared whole, but for `group.size`: the JSON reporter counts there the findings of its own report
 * that share a reason. Exits 0 when the union equals the whole run's findings, 1 otherwise (naming a few).
 */
import { readFileSync } from 'node:fs';

const [wholeFile, ...shardFiles] = process.argv.slice(2);
if (wholeFile === undefined || shardFiles.length === 0) {
  process.stderr.write('usage: node scripts/compare-shards.mjs whole.json shard-1.json [shard-2.json …]\n');
  process.exit(2);
}
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const key = (finding) => JSON.stringify(finding.group ? { ...finding, group: { ...finding.group, size: 0 } } : finding);
const whole = read(wholeFile);
const shards = shardFiles.map(read);
let equal = true;
for (const field of ['findings', 'suppressedFindings']) {
  const expected = new Set((whole[field] ?? []).map(key));
  const union = new Set(shards.flatMap((report) => (report[field] ?? []).map(key)));
  const missing = [...expected].filter((item) => !union.has(item));
  const extra = [...union].filter((item) => !expected.has(item));
  const sizes = shards.map((report) => (report[field] ?? []).length).join(' + ');
  process.stdout.write(`${field}: whole ${expected.size}, shards ${sizes}, union ${union.size}: ${missing.length} missing, ${extra.length} extra\n`);
  for (const item of missing.slice(0, 3)) process.stdout.write(`  missing ${item.slice(0, 240)}\n`);
  for (const item of extra.slice(0, 3)) process.stdout.write(`  extra ${item.slice(0, 240)}\n`);
  if (missing.length > 0 || extra.length > 0) equal = false;
}
process.stdout.write(equal ? 'the shards together report the whole run\n' : 'the shards differ from the whole run\n');
process.exit(equal ? 0 : 1);
