/**
 * The pattern translation, proved differentially: each kyverno.io rule's `validate.pattern`/`anyPattern` (the
 * kyverno/policies corpus, and hand-written cases for what the corpus does not use) is evaluated by the JMESPath
 * family and its translation by the CEL family (a ValidatingPolicy), on the kyverno-test resources and variants of
 * them along the paths the pattern reads; the verdicts must be identical.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { translateAnyPattern, translatePattern, type PatternCel } from '../../src/migrate/pattern.js';
import type { Translation } from '../../src/migrate/types.js';
import type { JsonObject, JsonValue } from '../../src/types.js';
import { parseAnchor } from '../../src/families/kyverno/engine/pattern/anchor.js';
import { containsWildcard, wildcardMatch } from '../../src/util/wildcard.js';
import { isObject } from '../../src/util/json-value.js';
import { celPolicy, celVerdict, kyvernoPolicy, kyvernoVerdict, type Verdict } from './differential.js';
import { variants } from './variants.js';

const corpus = path.resolve(import.meta.dirname, '../..', '../shared/corpus/kyverno-policies');
const available = existsSync(corpus);

const CONTROLLERS = new Set(['Deployment', 'DaemonSet', 'StatefulSet', 'Job', 'ReplicaSet', 'ReplicationController']);

interface PatternRule {
  file: string;
  rule: string;
  kinds: string[];
  pattern?: JsonValue;
  anyPattern?: JsonValue[];
  resources: JsonObject[];
}

function yamlDocuments(file: string): JsonValue[] {
  try {
    return parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS() as JsonValue);
  } catch {
    return [];
  }
}

function kindsOf(value: JsonValue | undefined, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => kindsOf(v, out));
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'kinds' && Array.isArray(v)) out.push(...v.filter((x): x is string => typeof x === 'string').map((x) => x.split('/').pop()!));
      else kindsOf(v, out);
    }
  }
  return out;
}

/** The JMESPath-family folders' pattern rules with the resources of their kyverno-test. */
function corpusRules(): PatternRule[] {
  const rules: PatternRule[] = [];
  const top = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory() && !/-(cel|vpol|mpol|gpol)$/.test(d.name));
  for (const dir of top) {
    const files = readdirSync(path.join(corpus, dir.name), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.ya?ml$/.test(f) && !f.includes('.kyverno-test') && !f.includes('.chainsaw-test'))
      .sort();
    for (const relative of files) {
      const file = path.join(corpus, dir.name, relative);
      const policies = yamlDocuments(file).filter(
        (d): d is JsonObject => isObject(d) && typeof d.apiVersion === 'string' && d.apiVersion.startsWith('kyverno.io/') && (d.kind === 'ClusterPolicy' || d.kind === 'Policy'),
      );
      if (policies.length === 0) continue;
      const test = path.join(path.dirname(file), '.kyverno-test', 'kyverno-test.yaml');
      const resources: JsonObject[] = [];
      if (existsSync(test)) {
        for (const doc of yamlDocuments(test)) {
          if (!isObject(doc) || !Array.isArray(doc.resources)) continue;
          for (const r of doc.resources) {
            if (typeof r !== 'string') continue;
            const resourceFile = path.resolve(path.dirname(test), r);
            if (!existsSync(resourceFile)) continue;
            for (const d of yamlDocuments(resourceFile)) if (isObject(d) && typeof d.kind === 'string' && typeof d.apiVersion === 'string') resources.push(d);
          }
        }
      }
      for (const policy of policies) {
        const spec = isObject(policy.spec) ? policy.spec : {};
        for (const rule of Array.isArray(spec.rules) ? spec.rules : []) {
          if (!isObject(rule) || !isObject(rule.validate)) continue;
          const { pattern, anyPattern } = rule.validate;
          if (pattern === undefined && anyPattern === undefined) continue;
          const entry: PatternRule = { file: path.relative(corpus, file), rule: String(rule.name), kinds: kindsOf(rule.match as JsonValue), resources };
          if (pattern !== undefined) entry.pattern = pattern;
          else entry.anyPattern = anyPattern as JsonValue[];
          rules.push(entry);
        }
      }
    }
  }
  return rules;
}

/** Kyverno's autogen for Pod controllers: the pattern under the pod template. */
function forKind(pattern: JsonValue, ruleKinds: string[], kind: string): JsonValue {
  if (!ruleKinds.includes('Pod')) return pattern;
  if (CONTROLLERS.has(kind)) return { spec: { template: pattern } };
  if (kind === 'CronJob') return { spec: { jobTemplate: { spec: { template: pattern } } } };
  return pattern;
}

function translate(validate: { pattern?: JsonValue; anyPattern?: JsonValue[] }): Translation<PatternCel> {
  return validate.pattern !== undefined
    ? translatePattern(validate.pattern, ['spec', 'rules', 0, 'validate', 'pattern'])
    : translateAnyPattern(validate.anyPattern!, ['spec', 'rules', 0, 'validate', 'anyPattern']);
}

/** Wildcard keys of labels/annotations patterns: Kyverno resolves each to a random matching resource key. */
function metadataWildcards(pattern: JsonValue, out: string[] = [], tag = false): string[] {
  if (Array.isArray(pattern)) pattern.forEach((p) => metadataWildcards(p, out));
  else if (isObject(pattern)) {
    for (const [key, value] of Object.entries(pattern)) {
      const inner = parseAnchor(key)?.key ?? key;
      if (tag && containsWildcard(inner)) out.push(inner);
      metadataWildcards(value, out, inner === 'labels' || inner === 'annotations');
    }
  }
  return out;
}

/** Whether some resource map has two keys matching one wildcard (Kyverno's outcome may then be random). */
function ambiguous(resource: JsonValue, wildcards: string[]): boolean {
  if (wildcards.length === 0) return false;
  if (Array.isArray(resource)) return resource.some((r) => ambiguous(r, wildcards));
  if (!isObject(resource)) return false;
  const keys = Object.keys(resource);
  if (wildcards.some((w) => keys.filter((k) => wildcardMatch(w, k)).length > 1)) return true;
  return Object.values(resource).some((r) => ambiguous(r, wildcards));
}

interface Tally {
  comparisons: number;
  agreed: number;
  ambiguous: number;
  verdicts: Record<Verdict, number>;
  mismatches: string[];
}

function compare(validate: { pattern?: JsonValue; anyPattern?: JsonValue[] }, cel: PatternCel, resources: JsonObject[], label: string, tally: Tally): void {
  const kind = resources[0]!.kind as string;
  const kyverno = kyvernoPolicy(kind, validate);
  const translated = celPolicy(cel);
  const wildcards = metadataWildcards((validate.pattern ?? validate.anyPattern) as JsonValue);
  for (const resource of resources) {
    if (ambiguous(resource, wildcards)) {
      tally.ambiguous++;
      continue;
    }
    const expected = kyvernoVerdict(kyverno, resource);
    const actual = celVerdict(translated, resource);
    tally.comparisons++;
    if (expected.verdict === actual.verdict) {
      tally.agreed++;
      tally.verdicts[expected.verdict]++;
    } else if (tally.mismatches.length < 20) {
      tally.mismatches.push(`${label}: kyverno ${expected.verdict} (${expected.message}) vs CEL ${actual.verdict} (${actual.message}) on ${JSON.stringify(resource).slice(0, 600)}`);
    }
  }
}

function newTally(): Tally {
  return { comparisons: 0, agreed: 0, ambiguous: 0, verdicts: { pass: 0, fail: 0, skip: 0, error: 0 }, mismatches: [] };
}

describe.skipIf(!available)('validate patterns of the kyverno/policies corpus', () => {
  it('translate, or say why not, and agree with the JMESPath family on every resource and variant', () => {
    const rules = corpusRules();
    const tally = newTally();
    let translated = 0;
    const reasons = new Map<string, string[]>();
    for (const rule of rules) {
      const byKind = new Map<string, JsonObject[]>();
      for (const resource of rule.resources) {
        const kind = resource.kind as string;
        if (!byKind.has(kind)) byKind.set(kind, []);
        byKind.get(kind)!.push(resource);
      }
      const base = translate(rule);
      if (!base.ok) {
        const list = reasons.get(base.untranslatable.reason) ?? [];
        list.push(`${rule.file} ${rule.rule} at ${base.untranslatable.path.join('.')}`);
        reasons.set(base.untranslatable.reason, list);
        continue;
      }
      translated++;
      for (const [kind, resources] of byKind) {
        const validate = rule.pattern !== undefined
          ? { pattern: forKind(rule.pattern, rule.kinds, kind) }
          : { anyPattern: rule.anyPattern!.map((p) => forKind(p, rule.kinds, kind)) };
        const cel = translate(validate);
        expect(cel.ok, `${rule.file} ${rule.rule} for ${kind}`).toBe(true);
        if (!cel.ok) continue;
        const all: JsonObject[] = [];
        for (const resource of resources) {
          all.push(resource);
          for (const p of validate.pattern !== undefined ? [validate.pattern] : validate.anyPattern) all.push(...variants(p, resource, 60));
        }
        compare(validate, cel.value, all, `${rule.file} ${rule.rule}`, tally);
      }
    }
    const untranslatable = [...reasons].map(([reason, where]) => `${where.length} × ${reason}\n    ${where.join('\n    ')}`);
    console.log(
      `pattern rules: ${rules.length}; translated: ${translated}; untranslatable: ${rules.length - translated}\n  ${untranslatable.join('\n  ')}\n` +
        `verdict comparisons: ${tally.comparisons}, agreed: ${tally.agreed} (pass ${tally.verdicts.pass}, fail ${tally.verdicts.fail}, skip ${tally.verdicts.skip}); ` +
        `not compared (Kyverno picks a random key among several matching a wildcard): ${tally.ambiguous}`,
    );
    expect(tally.mismatches).toEqual([]);
    expect(rules.length).toBeGreaterThan(50);
    expect(translated).toBeGreaterThan(rules.length * 0.9);
    expect(tally.comparisons).toBeGreaterThan(1000);
  });
});
