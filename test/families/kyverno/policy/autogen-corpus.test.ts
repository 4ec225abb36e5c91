/**
 * Autogen against the real kyverno/policies and kyverno/kyverno CLI suites: every expected pass/fail result
 * of a kyverno-test.yaml on a Pod controller kind must be producible by a rule that `computeRules` yields for
 * that kind (the rule itself, `autogen-<rule>` or `autogen-cronjob-<rule>`) and whose kinds select the kind.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { checkKind } from '../../../../src/families/kyverno/match/kind.js';
import { computeRules, matchKinds } from '../../../../src/families/kyverno/policy/autogen.js';
import type { Policy } from '../../../../src/families/kyverno/policy/types.js';
import type { JsonObject } from '../../../../src/types.js';
import { CORPUS_DIR, corpusAvailable, corpusPolicies } from './corpus-policies.js';

const CONTROLLER_GVK: Record<string, { group: string; version: string; kind: string }> = {
  Deployment: { group: 'apps', version: 'v1', kind: 'Deployment' },
  DaemonSet: { group: 'apps', version: 'v1', kind: 'DaemonSet' },
  StatefulSet: { group: 'apps', version: 'v1', kind: 'StatefulSet' },
  ReplicaSet: { group: 'apps', version: 'v1', kind: 'ReplicaSet' },
  Job: { group: 'batch', version: 'v1', kind: 'Job' },
  CronJob: { group: 'batch', version: 'v1', kind: 'CronJob' },
  ReplicationController: { group: '', version: 'v1', kind: 'ReplicationController' },
};

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) testFiles(full, out);
    else if (entry === 'kyverno-test.yaml') out.push(full);
  }
  return out;
}

const truncate = (name: string): string => (name.length > 63 ? name.slice(0, 63) : name);

describe.skipIf(!corpusAvailable)('autogen on the corpus test suites', () => {
  it('yields a rule for every expected controller result', () => {
    const byFile = new Map<string, Policy[]>();
    for (const { file, doc } of corpusPolicies()) {
      const list = byFile.get(file) ?? [];
      list.push(doc as unknown as Policy);
      byFile.set(file, list);
    }
    let checked = 0;
    const missing: string[] = [];
    for (const suite of ['kyverno-policies', 'kyverno-cli-tests']) {
      for (const testFile of testFiles(path.join(CORPUS_DIR, suite))) {
        const test = parseAllDocuments(readFileSync(testFile, 'utf8'), { version: '1.1' });
        if (!Array.isArray(test)) continue;
        for (const document of test) {
          const doc = document.toJS() as JsonObject | null;
          if (!doc || !Array.isArray(doc.policies) || !Array.isArray(doc.results)) continue;
          const policies = doc.policies.flatMap(
            (p) => byFile.get(path.relative(CORPUS_DIR, path.resolve(path.dirname(testFile), String(p)))) ?? [],
          );
          for (const result of doc.results as JsonObject[]) {
            const kind = String(result.kind ?? '');
            const outcome = String(result.result ?? result.status ?? '');
            if (!CONTROLLER_GVK[kind] || !['pass', 'fail', 'warn'].includes(outcome)) continue;
            const policyName = String(result.policy ?? '');
            const policy = policies.find(
              (p) => p.metadata.name === policyName || `${p.metadata.namespace}/${p.metadata.name}` === policyName,
            );
            if (!policy) continue;
            const ruleName = String(result.rule ?? '');
            const accepted = ruleName.startsWith('autogen-')
              ? [ruleName]
              : [ruleName, truncate(`autogen-${ruleName}`), truncate(`autogen-cronjob-${ruleName}`)];
            const rules = computeRules(policy, kind);
            const ok = rules.some(
              (rule) =>
                accepted.includes(rule.name) &&
                (matchKinds(rule.match).length === 0 ||
                  checkKind(matchKinds(rule.match), CONTROLLER_GVK[kind], '', true)),
            );
            checked++;
            if (!ok) missing.push(`${path.relative(CORPUS_DIR, testFile)}: ${policyName}/${ruleName} on ${kind}`);
          }
        }
      }
    }
    console.info(`autogen corpus: ${checked} controller results checked`);
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
