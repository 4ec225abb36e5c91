/**
 * @file `npx tsx tools/migrate/proof.ts [path-filter]`: every kyverno.io policy of kyverno/policies with a translated
 * rule, migrated and proved on its folder's Test resources (`.kyverno-test/`) and their variants. Prints each
 * translated rule (VERIFIED, DISAGREES, UNCHECKED: nothing it applies to), then the disagreements grouped by kind
 * (aspect, operation, outcomes, first words of the messages) with one example each, and the figures. `V=1` prints
 * every disagreement kept.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { JsonObject } from '../../src/types.js';
import type { Policy } from '../../src/families/kyverno/policy/types.js';
import { checkPolicy } from '../../src/families/kyverno/policy/check.js';
import { migratePolicy } from '../../src/migrate/policy.js';
import { describeOrigin, proofResources, proveMigration, type ProofPolicy, type ProofResource } from '../../src/migrate/proof.js';
import { POLICIES_CORPUS } from '../../test/migrate/twins.js';

const only = process.argv[2];

function policyFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (!entry.startsWith('.')) policyFiles(path, out);
    } else if (/\.ya?ml$/.test(entry)) out.push(path);
  }
  return out;
}

function documents(file: string): JsonObject[] {
  try {
    return parseAllDocuments(readFileSync(file, 'utf8'))
      .map((d) => d.toJS() as unknown)
      .filter((d): d is JsonObject => d !== null && typeof d === 'object' && !Array.isArray(d));
  } catch {
    return [];
  }
}

const classes = new Map<string, { count: number; example: string }>();
const tally = { rules: 0, verified: 0, disagreeing: 0, unchecked: 0, evaluations: 0, variants: 0, ms: 0 };
for (const file of policyFiles(POLICIES_CORPUS)) {
  const name = relative(POLICIES_CORPUS, file);
  if (only !== undefined && !name.includes(only)) continue;
  const policies: ProofPolicy[] = [];
  for (const document of documents(file)) {
    if (!String(document.apiVersion).startsWith('kyverno.io/') || !['ClusterPolicy', 'Policy'].includes(String(document.kind)) || checkPolicy(document).length > 0) continue;
    const migration = migratePolicy(document as unknown as Policy, document);
    if (migration.translated.length > 0) policies.push({ document, migration });
  }
  if (policies.length === 0) continue;
  const tests = join(dirname(file), '.kyverno-test');
  const resources: ProofResource[] = [];
  if (existsSync(tests)) {
    for (const entry of readdirSync(tests).filter((e) => /\.ya?ml$/.test(e))) {
      const path = join(tests, entry);
      resources.push(...proofResources(path, readFileSync(path, 'utf8'), 'test').resources.filter((r) => !String(r.resource.apiVersion).startsWith('cli.kyverno.io/')));
    }
  }
  const proof = proveMigration(policies, resources);
  tally.evaluations += proof.figures.evaluations;
  tally.variants += proof.figures.variants;
  tally.ms += proof.figures.totalMs;
  for (const rule of proof.rules) {
    tally.rules++;
    const state = rule.verified ? 'VERIFIED' : rule.disagreementCount > 0 ? 'DISAGREES' : rule.checked === 0 ? 'UNCHECKED' : 'PROBLEM';
    if (rule.verified) tally.verified++;
    else if (rule.disagreementCount > 0) tally.disagreeing++;
    else if (rule.checked === 0) tally.unchecked++;
    console.log(`${state} ${name} ${rule.rule}: checked ${rule.checked}, variants ${rule.variants}, disagreements ${rule.disagreementCount} ${JSON.stringify(rule.normalized)} ${rule.problems.join('; ')}`);
    for (const d of rule.disagreements) {
      const words = (messages: readonly string[]): string => (messages[0] ?? '').replace(/'[^']*'|"[^"]*"|`[^`]*`/g, '…').slice(0, 60);
      const key = `${d.aspect} ${d.operation} ${d.original.outcome} → ${d.translation.outcome}: ${words(d.original.messages)} || ${words(d.translation.messages)}`;
      const example = `${name} ${rule.rule}: ${d.resource} [${describeOrigin(d.origin).replace(POLICIES_CORPUS, '')}]`;
      const entry = classes.get(key) ?? { count: 0, example };
      entry.count++;
      classes.set(key, entry);
      if (process.env.V !== undefined) console.log(`    ${key}\n      ${example}`);
    }
  }
}
console.log('\nDisagreements by kind:');
for (const [key, { count, example }] of [...classes].sort((a, b) => b[1].count - a[1].count)) console.log(`${String(count).padStart(5)} ${key}\n        e.g. ${example}`);
console.log(`\n${tally.rules} translated rules: ${tally.verified} verified, ${tally.disagreeing} disagreeing, ${tally.unchecked} with nothing to check; ${tally.variants} variants, ${tally.evaluations} processor runs, ${tally.ms} ms`);
