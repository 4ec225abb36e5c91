/**
 * @file Differential test of the mutate translation over the corpora (kyverno/policies, the Kyverno CLI test suites):
 * every mutate rule, as a one-rule policy with the whole policy's autogen controllers, is translated; each
 * translation is evaluated on the resources of the rule's Test, once more on what Kyverno made of them (a second
 * application), for CREATE and UPDATE, and compared with the JMESPath family's own evaluation of the rule.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../src/types.js';
import type { Policy } from '../../src/families/kyverno/policy/types.js';
import { checkPolicy } from '../../src/families/kyverno/policy/check.js';
import { AUTOGEN_CONTROLLERS_ANNOTATION, autogenControllers } from '../../src/families/kyverno/policy/autogen.js';
import { celOutcome, kyvernoOutcome, migrate, type MutateOutcome } from './mutate-harness.js';

const CORPORA = ['kyverno-policies', 'kyverno-cli-tests'].map((c) => resolve(__dirname, '../../../shared/corpus', c));

function docs(file: string): JsonObject[] {
  try {
    return parseAllDocuments(readFileSync(file, 'utf8'))
      .map((d) => d.toJSON() as JsonObject)
      .filter((d) => d !== null && typeof d === 'object' && !Array.isArray(d));
  } catch {
    return [];
  }
}

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) testFiles(path, out);
    else if (entry.name === 'kyverno-test.yaml') out.push(path);
  }
  return out;
}

interface Case {
  readonly label: string;
  readonly document: JsonObject;
  readonly resources: readonly JsonObject[];
}

/** One-rule copies of the mutate rules of the Tests' policies, keeping the policy's autogen controllers. */
function cases(): Case[] {
  const out: Case[] = [];
  const seen = new Set<string>();
  for (const corpus of CORPORA) {
    if (!existsSync(corpus)) continue;
    for (const file of testFiles(corpus)) {
      const test = docs(file)[0];
      if (!test) continue;
      const base = dirname(file);
      const list = (key: string): string[] => (Array.isArray(test[key]) ? (test[key] as JsonValue[]).filter((x): x is string => typeof x === 'string') : []);
      const resources = list('resources')
        .flatMap((f) => (existsSync(join(base, f)) ? docs(join(base, f)) : []))
        .filter((r) => typeof r.kind === 'string' && typeof r.apiVersion === 'string');
      for (const policyFile of list('policies')) {
        const path = join(base, policyFile);
        if (!existsSync(path)) continue;
        for (const policy of docs(path)) {
          if (!/^kyverno\.io\//.test(String(policy.apiVersion)) || !['ClusterPolicy', 'Policy'].includes(String(policy.kind))) continue;
          if (checkPolicy(policy).length > 0) continue;
          const rules = ((policy.spec as JsonObject).rules ?? []) as JsonObject[];
          const controllers = [...autogenControllers(policy as unknown as Policy)].sort().join(',') || 'none';
          for (const rule of rules) {
            if (rule.mutate === undefined) continue;
            const key = `${path}#${String(rule.name)}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const metadata = { ...(policy.metadata as JsonObject) };
            metadata.annotations = { ...((metadata.annotations as JsonObject | undefined) ?? {}), [AUTOGEN_CONTROLLERS_ANNOTATION]: controllers };
            const document = { ...policy, metadata, spec: { ...(policy.spec as JsonObject), rules: [rule] } };
            out.push({ label: `${file.slice(file.indexOf('corpus/') + 7)} ${String(rule.name)}`, document, resources });
          }
        }
      }
    }
  }
  return out;
}

function status(o: MutateOutcome): string {
  return o.status === 'none' ? 'skip' : o.status;
}

describe('mutate translation differential over the corpora', () => {
  const all = cases();

  it('finds the mutate rules', () => {
    expect(all.length).toBeGreaterThan(40);
  });

  it('agrees with Kyverno on every resource of every translated rule', () => {
    let translated = 0;
    let comparisons = 0;
    const reasons = new Map<string, number>();
    const disagreements: string[] = [];
    for (const c of all) {
      let migration;
      try {
        migration = migrate(c.document);
      } catch (error) {
        disagreements.push(`${c.label}: the translation threw ${(error as Error).message}`);
        continue;
      }
      if (migration.untranslatable.length > 0) {
        for (const u of migration.untranslatable) reasons.set(u.reason.replace(/`[^`]*`/g, '`…`'), (reasons.get(u.reason.replace(/`[^`]*`/g, '`…`')) ?? 0) + 1);
        continue;
      }
      translated++;
      for (const resource of c.resources) {
        const once = kyvernoOutcome(c.document, resource);
        for (const subject of once.status === 'pass' ? [resource, once.resource] : [resource]) {
          for (const operation of ['CREATE', 'UPDATE'] as const) {
            const expected = kyvernoOutcome(c.document, subject, { operation });
            let actual: MutateOutcome;
            try {
              actual = celOutcome(migration, subject, { operation });
            } catch (error) {
              disagreements.push(`${c.label} ${String((subject.metadata as JsonObject)?.name)} ${operation}: ${(error as Error).message.slice(0, 500)}`);
              continue;
            }
            comparisons++;
            const same = status(expected) === status(actual) && JSON.stringify(sorted(expected.resource)) === JSON.stringify(sorted(actual.resource));
            if (!same) {
              disagreements.push(
                `${c.label} ${String((subject.metadata as JsonObject)?.name)} ${operation}: kyverno ${expected.status} ${expected.message} ${JSON.stringify(expected.resource)}\n  cel ${actual.status} ${actual.message} ${JSON.stringify(actual.resource)}`,
              );
            }
          }
        }
      }
    }
    console.log(JSON.stringify({ rules: all.length, translated, comparisons, untranslatable: Object.fromEntries([...reasons].sort((a, b) => b[1] - a[1])) }, null, 2));
    expect(disagreements).toEqual([]);
    expect(comparisons).toBeGreaterThan(100);
  });
});

/** JSON with sorted keys and numbers as numbers (1 and 1.0 alike). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value === 'bigint') return Number(value);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
  return value;
}
