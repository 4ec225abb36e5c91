/**
 * The pattern translation, proved differentially: each kyverno.io rule's `validate.pattern`/`anyPattern` (the
 * kyverno/policies corpus, and hand-written cases for what the corpus does not use) is evaluated by the JMESPath
 * family and its translation by the CEL family (a ValidatingPolicy), on the kyverno-test resources and variants of
 * them along the paths the pattern reads; the verdicts must be identical.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { translateAnyPattern, translatePattern, type PatternCel } from '../../src/migrate/pattern.js';
import type { Translation } from '../../src/migrate/types.js';
import type { JsonObject, JsonValue } from '../../src/types.js';
import { wildcardMatch } from '../../src/util/wildcard.js';
import { isObject } from '../../src/util/json-value.js';
import { celPolicy, celVerdict, kyvernoPolicy, kyvernoVerdict, type Verdict } from './differential.js';
import { metadataWildcards, variants } from '../../src/migrate/variants.js';

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

const cliTests = path.resolve(import.meta.dirname, '../..', '../shared/corpus/kyverno-cli-tests');

/** The pattern rules of the Kyverno CLI test suite, each with the resources of the tests that use its policy. */
function cliRules(): PatternRule[] {
  const rules: PatternRule[] = [];
  const tests = readdirSync(cliTests, { recursive: true, encoding: 'utf8' }).filter((f) => path.basename(f) === 'kyverno-test.yaml').sort();
  for (const relative of tests) {
    const test = path.join(cliTests, relative);
    for (const doc of yamlDocuments(test)) {
      if (!isObject(doc) || !Array.isArray(doc.policies) || !Array.isArray(doc.resources)) continue;
      const resources: JsonObject[] = [];
      for (const r of doc.resources) {
        const file = typeof r === 'string' ? path.resolve(path.dirname(test), r) : '';
        if (file === '' || !existsSync(file)) continue;
        for (const d of yamlDocuments(file)) if (isObject(d) && typeof d.kind === 'string' && typeof d.apiVersion === 'string') resources.push(d);
      }
      for (const p of doc.policies) {
        const file = typeof p === 'string' ? path.resolve(path.dirname(test), p) : '';
        if (file === '' || !existsSync(file) || !/\.ya?ml$/.test(file)) continue;
        for (const policy of yamlDocuments(file)) {
          if (!isObject(policy) || typeof policy.apiVersion !== 'string' || !policy.apiVersion.startsWith('kyverno.io/')) continue;
          const spec = isObject(policy.spec) ? policy.spec : {};
          for (const rule of Array.isArray(spec.rules) ? spec.rules : []) {
            if (!isObject(rule) || !isObject(rule.validate)) continue;
            const { pattern, anyPattern } = rule.validate;
            if (pattern === undefined && anyPattern === undefined) continue;
            const entry: PatternRule = { file: path.relative(cliTests, file), rule: String(rule.name), kinds: kindsOf(rule.match as JsonValue), resources };
            if (pattern !== undefined) entry.pattern = pattern;
            else entry.anyPattern = anyPattern as JsonValue[];
            rules.push(entry);
          }
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


/** Whether some resource map has two keys matching one wildcard (Kyverno's outcome may then be random). */
function ambiguous(resource: JsonValue, wildcards: string[]): boolean {
  if (wildcards.length === 0) return false;
  if (Array.isArray(resource)) return resource.some((r) => ambiguous(r, wildcards));
  if (!isObject(resource)) return false;
  const keys = Object.keys(resource);
  if (wildcards.some((w) => keys.filter((k) => wildcardMatch(w, k)).length > 1)) return true;
  return Object.values(resource).some((r) => ambiguous(r, wildcards));
}

/** The deepest nesting of brackets in a CEL text (string literals aside). */
function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[') max = Math.max(max, ++depth);
    else if (c === ')' || c === ']') depth--;
  }
  return max;
}

interface Tally {
  comparisons: number;
  agreed: number;
  ambiguous: number;
  /** Resources on which the translation raised its Go-text error (a non-integral number compared by its text). */
  goText: number;
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
    if (actual.verdict === 'go-text') {
      tally.goText++;
      continue;
    }
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
  return { comparisons: 0, agreed: 0, ambiguous: 0, goText: 0, verdicts: { pass: 0, fail: 0, skip: 0, error: 0, 'go-text': 0 }, mismatches: [] };
}

function differential(suite: string, rules: PatternRule[], minimum: number): void {
  {
    const tally = newTally();
    const size = { length: 0, depth: 0 };
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
      for (const text of [base.value.expression, base.value.skipWhen ?? '']) {
        size.length = Math.max(size.length, text.length);
        size.depth = Math.max(size.depth, bracketDepth(text));
      }
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
      `${suite}: pattern rules: ${rules.length}; translated: ${translated}; untranslatable: ${rules.length - translated}\n  ${untranslatable.join('\n  ')}\n` +
        `verdict comparisons: ${tally.comparisons}, agreed: ${tally.agreed} (pass ${tally.verdicts.pass}, fail ${tally.verdicts.fail}, skip ${tally.verdicts.skip}); ` +
        `not compared (Kyverno picks a random key among several matching a wildcard): ${tally.ambiguous}; ` +
        `the translation's Go-text error (a non-integral number compared by its Go text): ${tally.goText}; ` +
        `largest expression: ${size.length} characters, bracket depth ${size.depth}`,
    );
    expect(tally.mismatches).toEqual([]);
    expect(rules.length).toBeGreaterThan(minimum);
    expect(translated).toBeGreaterThan(rules.length * 0.8);
    expect(tally.comparisons).toBeGreaterThan(minimum * 10);
  }
}

describe.skipIf(!available)('validate patterns of the Kyverno test suites', () => {
  it('kyverno/policies: translate, or say why not, and agree with the JMESPath family on every resource and variant', () => {
    differential('kyverno/policies', corpusRules(), 50);
  });
  it.skipIf(!existsSync(cliTests))('Kyverno CLI tests: the same', () => {
    differential('Kyverno CLI tests', cliRules(), 20);
  });
});

type Case = {
  name: string;
  validate: { pattern?: JsonValue; anyPattern?: JsonValue[] };
  /**
   * Pod parts (metadata is merged into a name and namespace), the verdict Kyverno gives, and the translation's
   * when it differs (only `go-text`: Kyverno's verdict depends on Go's text of a non-integral number).
   */
  resources: [JsonObject, Verdict, Verdict?][];
};

function pod(parts: JsonObject): JsonObject {
  const metadata = isObject(parts.metadata) ? parts.metadata : {};
  return { apiVersion: 'v1', kind: 'Pod', ...parts, metadata: { name: 'p', namespace: 'default', ...metadata } };
}

const web = (image: string, extra: JsonObject = {}): JsonObject => ({ name: 'web', image, ...extra });

const CASES: Case[] = [
  {
    name: 'conditional anchor in a list of maps: a false condition skips the element',
    validate: { pattern: { spec: { containers: [{ '(name)': 'web*', image: '!*:latest' }] } } },
    resources: [
      [{ spec: { containers: [web('nginx:latest')] } }, 'fail'],
      [{ spec: { containers: [{ name: 'db', image: 'pg:latest' }] } }, 'skip'],
      [{ spec: { containers: [web('nginx:1')] } }, 'pass'],
      [{ spec: { containers: [web('nginx:1'), { name: 'db', image: 'pg:latest' }] } }, 'pass'],
      [{ spec: { containers: [] } }, 'pass'],
    ],
  },
  {
    // Keys holding anchors are checked first, in descending order: `spec` before `metadata`.
    name: 'global anchor: the whole rule skips when it does not hold',
    validate: { pattern: { metadata: { '<(labels)': { tier: 'db' } }, spec: { '=(hostNetwork)': false } } },
    resources: [
      [{ metadata: { labels: { tier: 'db' } }, spec: { hostNetwork: true } }, 'fail'],
      [{ metadata: { labels: { tier: 'web' } }, spec: { hostNetwork: true } }, 'fail'],
      [{ metadata: { labels: { tier: 'web' } }, spec: { hostNetwork: false } }, 'skip'],
      [{ spec: { hostNetwork: true } }, 'fail'],
      [{ metadata: { labels: { tier: 'db' } }, spec: {} }, 'pass'],
    ],
  },
  {
    name: 'global anchor inside list elements',
    validate: { pattern: { spec: { containers: [{ '<(name)': 'web', image: 'nginx*' }] } } },
    resources: [
      [{ spec: { containers: [web('nginx')] } }, 'pass'],
      [{ spec: { containers: [web('httpd')] } }, 'fail'],
      [{ spec: { containers: [{ name: 'db', image: 'httpd' }] } }, 'skip'],
      [{ spec: { containers: [{ name: 'db', image: 'httpd' }, web('nginx')] } }, 'pass'],
    ],
  },
  {
    name: 'existence anchor: some element must match',
    validate: { pattern: { spec: { '^(containers)': [{ image: 'nginx*' }] } } },
    resources: [
      [{ spec: { containers: [{ name: 'a', image: 'httpd' }, web('nginx:1')] } }, 'pass'],
      [{ spec: { containers: [{ name: 'a', image: 'httpd' }] } }, 'fail'],
      [{ spec: {} }, 'pass'],
      [{ spec: { containers: 'nginx' } }, 'fail'],
    ],
  },
  {
    name: 'negation and equality anchors',
    validate: { pattern: { spec: { 'X(hostPID)': 'null', '=(securityContext)': { '=(runAsNonRoot)': true } } } },
    resources: [
      [{ spec: { hostPID: false } }, 'fail'],
      [{ spec: {} }, 'pass'],
      [{ spec: { securityContext: { runAsNonRoot: false } } }, 'fail'],
      [{ spec: { securityContext: { runAsNonRoot: 'true' } } }, 'fail'],
      [{ spec: { securityContext: {} } }, 'pass'],
    ],
  },
  {
    name: 'phase-1 anchors: after a false condition, the failures of other anchors are ignored',
    validate: { pattern: { spec: { '(hostNetwork)': true, '=(dnsPolicy)': 'Default', 'X(hostIPC)': 'null', image: 'x' } } },
    resources: [
      [{ spec: { hostNetwork: false, dnsPolicy: 'ClusterFirst' } }, 'skip'],
      [{ spec: { hostNetwork: true, dnsPolicy: 'ClusterFirst', image: 'x' } }, 'fail'],
      [{ spec: { hostNetwork: false, hostIPC: true } }, 'skip'],
      [{ spec: { hostNetwork: true, dnsPolicy: 'Default', image: 'x' } }, 'pass'],
      [{ spec: { hostNetwork: true, dnsPolicy: 'Default', image: 'y' } }, 'fail'],
    ],
  },
  {
    name: 'a conditional anchor holding a map with its own conditions',
    validate: { pattern: { spec: { '(securityContext)': { '(runAsUser)': '>0' }, containers: [{ '=(securityContext)': { 'X(privileged)': 'null' } }] } } },
    resources: [
      [{ spec: { securityContext: { runAsUser: 1000 }, containers: [web('a', { securityContext: { privileged: false } })] } }, 'fail'],
      [{ spec: { securityContext: { runAsUser: 0 }, containers: [web('a', { securityContext: { privileged: false } })] } }, 'skip'],
      [{ spec: { securityContext: {}, containers: [web('a', { securityContext: { privileged: false } })] } }, 'skip'],
      [{ spec: { securityContext: { runAsUser: 5 }, containers: [web('a')] } }, 'pass'],
    ],
  },
  {
    // `=(containers)` skips without a raw skip (every element's condition is false): a later failure still fails.
    name: 'phase-1 anchors: a packaged skip does not hide a later failure',
    validate: { pattern: { spec: { '=(containers)': [{ '(name)': 'x', image: 'y' }], 'X(hostIPC)': 'null', image: 'x' } } },
    resources: [
      [{ spec: { containers: [{ name: 'a' }], hostIPC: true, image: 'x' } }, 'fail'],
      [{ spec: { containers: [{ name: 'a' }], image: 'x' } }, 'pass'],
      [{ spec: { containers: [{ name: 'a' }], image: 'z' } }, 'fail'],
      [{ spec: { containers: [{ name: 'x', image: 'z' }], image: 'x' } }, 'fail'],
    ],
  },
  {
    name: 'operators: ranges, negated ranges, alternatives and conjunctions',
    validate: { pattern: { spec: { replicas: '2-5', priority: '10!-20', weight: '<3 | >10', port: '>=1024 & <=65535 | 80' } } },
    resources: [
      [{ spec: { replicas: 3, priority: 5, weight: 11, port: 8080 } }, 'pass'],
      [{ spec: { replicas: 6, priority: 5, weight: 11, port: 8080 } }, 'fail'],
      [{ spec: { replicas: 3, priority: 15, weight: 11, port: 8080 } }, 'fail'],
      [{ spec: { replicas: 3, priority: 5, weight: 5, port: 80 } }, 'fail'],
      [{ spec: { replicas: '3', priority: '21', weight: 2.5, port: 80 } }, 'pass'],
      [{ spec: { replicas: 3, priority: 5, weight: 1, port: 443 } }, 'fail'],
    ],
  },
  {
    name: 'quantities and durations',
    validate: { pattern: { spec: { memory: '<=1Gi', cpu: '100m-2', timeout: '>=1m', grace: '!0s' } } },
    resources: [
      [{ spec: { memory: '512Mi', cpu: '500m', timeout: '90s', grace: '5s' } }, 'pass'],
      [{ spec: { memory: '2Gi', cpu: '500m', timeout: '90s', grace: '5s' } }, 'fail'],
      [{ spec: { memory: 1073741824, cpu: 1, timeout: '1h', grace: '0' } }, 'fail'],
      [{ spec: { memory: 1073741824, cpu: 1, timeout: '1h', grace: 10 } }, 'pass'],
      [{ spec: { memory: '1Gi', cpu: '3', timeout: '30s', grace: '1s' } }, 'fail'],
      [{ spec: { memory: 0.5, cpu: 1.5, timeout: '2m', grace: '1m' } }, 'pass'],
    ],
  },
  {
    name: 'numbers, strings and booleans as Kyverno coerces them',
    validate: { pattern: { spec: { replicas: 3, ratio: 0.5, enabled: true, label: '1*', version: '3' } } },
    resources: [
      [{ spec: { replicas: 3, ratio: 0.5, enabled: true, label: 12, version: 3 } }, 'pass'],
      [{ spec: { replicas: '3', ratio: '0.5', enabled: true, label: '1a', version: '3' } }, 'pass'],
      [{ spec: { replicas: '3.0', ratio: '5e-1', enabled: true, label: 1.5, version: 3 } }, 'pass', 'go-text'],
      [{ spec: { replicas: '3.0', ratio: '5e-1', enabled: true, label: 10, version: 3 } }, 'pass'],
      [{ spec: { replicas: 3.5, ratio: 0.5, enabled: 'true', label: 12, version: 3 } }, 'fail'],
      [{ spec: { replicas: 3, ratio: 0.5, enabled: true, label: true, version: 3 } }, 'fail'],
    ],
  },
  {
    name: 'null and "*" and "?*"',
    validate: { pattern: { spec: { optional: null, required: '*', nonEmpty: '?*' } } },
    resources: [
      [{ spec: { required: 'x', nonEmpty: 'y' } }, 'pass'],
      [{ spec: { optional: 0, required: false, nonEmpty: 'y' } }, 'pass'],
      [{ spec: { optional: 1, required: 'x', nonEmpty: 'y' } }, 'fail'],
      [{ spec: { required: null, nonEmpty: 'y' } }, 'fail'],
      [{ spec: { required: 'x', nonEmpty: '' } }, 'fail'],
      [{ spec: { required: 'x' } }, 'fail'],
    ],
  },
  {
    name: 'scalar lists and nested lists',
    // Only the first element of a scalar list pattern counts: [1, 2] requires every element to be 1.
    validate: { pattern: { spec: { args: ['--safe*', 'ignored'], matrix: [[1, 2], ['a*']] } } },
    resources: [
      [{ spec: { args: ['--safe-a', '--safe'], matrix: [[1, 1], ['ab', 'ac']] } }, 'pass'],
      [{ spec: { args: ['--safe-a', '--safe'], matrix: [[1, 2], ['ab', 'ac']] } }, 'fail'],
      [{ spec: { args: ['--safe-a', '--unsafe'], matrix: [[1], ['ab']] } }, 'fail'],
      [{ spec: { args: [], matrix: [[], ['ab'], ['extra']] } }, 'pass'],
      [{ spec: { args: ['--safe'], matrix: [[1]] } }, 'fail'],
      [{ spec: { args: '--safe', matrix: [[1], ['ab']] } }, 'fail'],
      [{ spec: { args: ['--safe'], matrix: [1, ['ab']] } }, 'fail'],
    ],
  },
  {
    name: 'wildcard keys under metadata annotations and labels',
    validate: {
      pattern: {
        metadata: {
          annotations: { 'X(fluxcd.io/*)': 'null', '=(apparmor.io/*)': 'runtime/default | localhost/*' },
          labels: { 'app.kubernetes.io/*': '?*' },
        },
      },
    },
    resources: [
      [{ metadata: { annotations: { 'apparmor.io/web': 'localhost/x' }, labels: { 'app.kubernetes.io/name': 'web' } } }, 'pass'],
      [{ metadata: { annotations: { 'fluxcd.io/sync': 'x' }, labels: { 'app.kubernetes.io/name': 'web' } } }, 'fail'],
      [{ metadata: { annotations: { 'apparmor.io/web': 'unconfined' }, labels: { 'app.kubernetes.io/name': 'web' } } }, 'fail'],
      [{ metadata: { annotations: {}, labels: { app: 'web' } } }, 'fail'],
      [{ metadata: { annotations: {}, labels: { 'app.kubernetes.io/name': '' } } }, 'fail'],
    ],
  },
  {
    // wildcards.ExpandInMetadata keeps only the string entries of a labels pattern when the resource has labels.
    name: 'non-string label values are dropped from the pattern',
    // (Kyverno refuses them only under the pattern's metadata and spec.template.metadata.)
    validate: { pattern: { spec: { jobTemplate: { metadata: { labels: { app: 'web', replicas: 3, '=(owner)': null, '=(team)': 'a*' } } } } } },
    resources: [
      [{ spec: { jobTemplate: { metadata: { labels: { app: 'web' } } } } }, 'pass'],
      [{ spec: { jobTemplate: { metadata: { labels: { app: 'web', owner: 'x', replicas: '4', team: 'ab' } } } } }, 'pass'],
      [{ spec: { jobTemplate: { metadata: { labels: { app: 'web', team: 'b' } } } } }, 'fail'],
      [{ spec: { jobTemplate: { metadata: { labels: { app: 'db' } } } } }, 'fail'],
      [{ spec: { jobTemplate: { metadata: {} } } }, 'fail'],
    ],
  },
  {
    name: 'anyPattern: a pass wins, a failure beats skips, all skipping skips',
    validate: {
      anyPattern: [
        { spec: { containers: [{ '(name)': 'a*', image: 'x' }] } },
        { spec: { containers: [{ '(name)': 'b*', image: 'y' }] } },
      ],
    },
    resources: [
      [{ spec: { containers: [{ name: 'a1', image: 'x' }] } }, 'pass'],
      [{ spec: { containers: [{ name: 'a1', image: 'y' }] } }, 'fail'],
      [{ spec: { containers: [{ name: 'c1', image: 'z' }] } }, 'skip'],
      [{ spec: { containers: [{ name: 'b1', image: 'y' }, { name: 'a1', image: 'y' }] } }, 'pass'],
      [{ spec: { containers: [{ name: 'b1', image: 'x' }, { name: 'c1', image: 'y' }] } }, 'fail'],
    ],
  },
  {
    // Kyverno's `%e` text of a double has no CEL equivalent: the translation raises an error where it decides.
    name: 'doubles compare by their %e text and %f quantity',
    validate: { pattern: { spec: { ratio: '>0.5', text: '7.5*', exact: '0.75' } } },
    resources: [
      [{ spec: { ratio: 0.75, text: 0.75, exact: 0.75 } }, 'pass', 'go-text'],
      [{ spec: { ratio: 0.75, text: '7.5', exact: '0.75' } }, 'pass'],
      [{ spec: { ratio: 1234.5, text: '7.5', exact: '0.75' } }, 'pass'],
      [{ spec: { ratio: 0.25, text: 0.75, exact: 0.75 } }, 'fail'],
      [{ spec: { ratio: 0.75, text: '0.75', exact: 0.75 } }, 'fail'],
    ],
  },
];

describe('hand-written patterns', () => {
  const all = newTally();
  afterAll(() => console.log(`hand-written patterns: ${all.comparisons} verdict comparisons, ${all.agreed} agreed (pass ${all.verdicts.pass}, fail ${all.verdicts.fail}, skip ${all.verdicts.skip}); Go-text errors: ${all.goText}`));
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const cel = translate(c.validate);
    expect(cel.ok).toBe(true);
    if (!cel.ok) return;
    const kyverno = kyvernoPolicy('Pod', c.validate);
    const translated = celPolicy(cel.value);
    // The verdicts Kyverno gives, and the translation's.
    const expected = c.resources.map(([parts, verdict, cel]) => [JSON.stringify(parts), verdict, cel ?? verdict]);
    const actual = c.resources.map(([parts]) => [JSON.stringify(parts), kyvernoVerdict(kyverno, pod(parts)).verdict, celVerdict(translated, pod(parts)).verdict]);
    expect(actual).toEqual(expected);
    // And identical verdicts on the variants.
    const tally = newTally();
    const resources = c.resources.flatMap(([parts]) => {
      const resource = pod(parts);
      const patterns = c.validate.pattern !== undefined ? [c.validate.pattern] : c.validate.anyPattern!;
      return [resource, ...patterns.flatMap((p) => variants(p, resource, 200))];
    });
    compare(c.validate, cel.value, resources, c.name, tally);
    all.comparisons += tally.comparisons;
    all.agreed += tally.agreed;
    all.goText += tally.goText;
    for (const verdict of ['pass', 'fail', 'skip'] as const) all.verdicts[verdict] += tally.verdicts[verdict];
    expect(tally.mismatches).toEqual([]);
    expect(tally.comparisons).toBeGreaterThan(c.resources.length);
  });
});

describe('patterns without a faithful translation', () => {
  const cases: [string, JsonValue, string, (string | number)[]][] = [
    ['a variable', { spec: { serviceAccountName: '{{ request.object.metadata.name }}' } }, 'variables are translated by the conditions translator ({{ }} in a pattern value)', ['p', 'spec', 'serviceAccountName']],
    ['an add-if-not-present anchor', { metadata: { '+(labels)': { app: 'x' } } }, 'Kyverno refuses the policy: a +() (add-if-not-present) anchor in a validate pattern', ['p', 'metadata', '+(labels)']],
    ['an empty existence anchor', { spec: { '^(containers)': [] } }, 'Kyverno refuses the policy: an existence anchor needs a non-empty list', ['p', 'spec', '^(containers)']],
    ['a reference', { spec: { a: '$(./../b)' } }, 'variables are translated by the conditions translator ($( ) reference in a pattern value)', ['p', 'spec', 'a']],
    [
      'a wildcard label key inside a list',
      { items: [{ metadata: { labels: { 'app*': 'x' } } }] },
      'a wildcard key under metadata.labels inside a list: Kyverno rewrites the pattern in place, so later list elements see the keys of the first one',
      ['p', 'items', 0, 'metadata', 'labels'],
    ],
    [
      'a non-string label value under the pattern metadata',
      { metadata: { labels: { app: 1 } } },
      'Kyverno refuses the policy: labels and annotations support only string values',
      ['p', 'metadata'],
    ],
    [
      'the only anchors of a labels pattern on non-string values',
      { status: { metadata: { labels: { app: { '(a)': 'b' } } } } },
      'the only anchors under metadata.labels on non-string values: Kyverno drops them from the pattern only when the resource has labels, which changes the order it checks keys in',
      ['p', 'status', 'metadata', 'labels'],
    ],
  ];
  it.each(cases)('%s', (_name, pattern, reason, where) => {
    expect(translatePattern(pattern, ['p'])).toEqual({ ok: false, untranslatable: { reason, path: where } });
  });
});
