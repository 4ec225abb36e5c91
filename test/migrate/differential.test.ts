/**
 * @file Differential test over the kyverno/policies corpus: for every ClusterPolicy/Policy rule, its match/exclude,
 * preconditions and deny conditions are translated; every translation is evaluated in CEL on the folder's test
 * resources and simple variants (another operation, another namespace, another kind, and each `request.object`
 * path the rule reads set to a value of every JSON type), and compared with the JMESPath family's own evaluation
 * of the original; messages with variables are compared as texts.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../src/types.js';
import type { Rule } from '../../src/families/kyverno/policy/types.js';
import { translateConditions } from '../../src/migrate/conditions.js';
import { translateMatch } from '../../src/migrate/match.js';
import { type Outcome, type Request, USER, celMatches, celOutcome, celText, kyvernoConditions, kyvernoMatches, kyvernoText } from './harness.js';
import { translateMessage } from '../../src/migrate/jmespath.js';

const CORPUS = resolve(__dirname, '../../../shared/corpus/kyverno-policies');

function docs(file: string): JsonObject[] {
  try {
    return parseAllDocuments(readFileSync(file, 'utf8'))
      .map((d) => d.toJSON() as JsonObject)
      .filter((d) => d !== null && typeof d === 'object');
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
  policy: string;
  rule: Rule;
  resources: JsonObject[];
}

function cases(): Case[] {
  const out: Case[] = [];
  if (!existsSync(CORPUS)) return out;
  for (const file of testFiles(CORPUS)) {
    const test = docs(file)[0];
    if (!test) continue;
    const base = dirname(file);
    const list = (key: string): string[] => (Array.isArray(test[key]) ? (test[key] as JsonValue[]).filter((x): x is string => typeof x === 'string') : []);
    const resources = list('resources').flatMap((f) => (existsSync(join(base, f)) ? docs(join(base, f)) : [])).filter((r) => typeof r.kind === 'string');
    for (const policyFile of list('policies')) {
      const path = join(base, policyFile);
      if (!existsSync(path)) continue;
      for (const policy of docs(path)) {
        if (!/^kyverno\.io\//.test(String(policy.apiVersion)) || !['ClusterPolicy', 'Policy'].includes(String(policy.kind))) continue;
        const spec = policy.spec as { rules?: Rule[] } | undefined;
        for (const rule of spec?.rules ?? []) out.push({ policy: `${String((policy.metadata as JsonObject)?.name)}`, rule, resources });
      }
    }
  }
  return out;
}

/** The `request.object` paths a rule reads (`spec.containers`, `metadata.labels."corp.org/version"`). */
function objectPaths(rule: Rule): string[][] {
  const text = JSON.stringify({ preconditions: rule.preconditions ?? null, validate: rule.validate ?? null });
  const paths = new Map<string, string[]>();
  for (const match of text.matchAll(/request\.object((?:\.[A-Za-z_][A-Za-z0-9_]*|\.\\"[^"\\]+\\")+)/g)) {
    const steps = [...match[1]!.matchAll(/\.(?:([A-Za-z_][A-Za-z0-9_]*)|\\"([^"\\]+)\\")/g)].map((m) => m[1] ?? m[2]!);
    // Functions called on a path (`metadata.keys(@)`) are not steps.
    const end = text.slice(match.index! + match[0].length).startsWith('(') ? steps.length - 1 : steps.length;
    const kept = steps.slice(0, end);
    if (kept.length > 0) paths.set(kept.join('\u0000'), kept);
  }
  return [...paths.values()].slice(0, 6);
}

/** Values of every JSON type (and wildcard, numeric and JSON-list strings) a read path is set to. */
const CONTENT: (JsonValue | undefined)[] = [undefined, null, '', 'x-1', '*', '7', 7, 1.5, true, ['x', 3], [], { a: 'b' }, '["a", "b"]'];

/** The resource with `path` set to each of {@link CONTENT} (removed for undefined), one CREATE request each. */
function contentVariants(resource: JsonObject, paths: readonly string[][]): Request[] {
  const out: Request[] = [];
  for (const path of paths) {
    for (const value of CONTENT) {
      const copy = structuredClone(resource);
      let node: JsonObject = copy;
      for (const step of path.slice(0, -1)) {
        const next = node[step];
        if (next === null || typeof next !== 'object' || Array.isArray(next)) node[step] = {};
        node = node[step] as JsonObject;
      }
      if (value === undefined) delete node[path[path.length - 1]!];
      else node[path[path.length - 1]!] = value;
      out.push({ resource: copy, operation: 'CREATE', namespaceLabels: {}, userInfo: USER });
    }
  }
  return out;
}

function variants(resource: JsonObject): Request[] {
  const meta = (resource.metadata ?? {}) as JsonObject;
  const out: Request[] = [];
  for (const operation of ['CREATE', 'UPDATE', 'DELETE'] as const) {
    out.push({ resource, operation, namespaceLabels: { env: 'prod' }, userInfo: USER });
  }
  out.push({ resource: { ...resource, metadata: { ...meta, namespace: 'kube-system' } }, operation: 'CREATE', namespaceLabels: {}, userInfo: USER });
  out.push({ resource: { ...resource, kind: resource.kind === 'ConfigMap' ? 'Secret' : 'ConfigMap', apiVersion: 'v1' }, operation: 'CREATE', namespaceLabels: {}, userInfo: USER });
  return out;
}

/** Kyverno's message and the CEL one agree: the same text, or both failing to substitute. */
function sameMessage(kyverno: JsonValue | null, cel: string | null): boolean {
  return kyverno === cel || (kyverno === null && cel === null);
}

interface Figures {
  translated: number;
  untranslatable: Map<string, number>;
  comparisons: number;
  agreed: number;
  disagreements: string[];
}

function reasonGroup(reason: string): string {
  return reason.replace(/`[^`]*`/g, '`…`').replace(/"[^"]*"/g, '"…"').replace(/\s+/g, ' ').slice(0, 140);
}

describe('translation differential over kyverno/policies', () => {
  const all = cases();
  const figures: Record<'match' | 'preconditions' | 'deny' | 'message', Figures> = {
    message: { translated: 0, untranslatable: new Map(), comparisons: 0, agreed: 0, disagreements: [] },
    match: { translated: 0, untranslatable: new Map(), comparisons: 0, agreed: 0, disagreements: [] },
    preconditions: { translated: 0, untranslatable: new Map(), comparisons: 0, agreed: 0, disagreements: [] },
    deny: { translated: 0, untranslatable: new Map(), comparisons: 0, agreed: 0, disagreements: [] },
  };
  const note = (f: Figures, reason: string): void => {
    const g = reasonGroup(reason);
    f.untranslatable.set(g, (f.untranslatable.get(g) ?? 0) + 1);
  };
  const compare = (f: Figures, label: string, expected: Outcome, actual: Outcome): void => {
    f.comparisons++;
    if (expected === actual) f.agreed++;
    else f.disagreements.push(`${label}: kyverno ${String(expected)}, cel ${String(actual)}`);
  };

  it('finds the corpus', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('agrees on every comparison it can run', () => {
    for (const { policy, rule, resources } of all) {
      const rulePath = ['spec', 'rules', rule.name];
      const match = translateMatch(rule, rulePath);
      if (match.ok) figures.match.translated++;
      else note(figures.match, match.untranslatable.reason);
      const mayDelete = match.ok ? match.value.operations.includes('DELETE') : true;
      const scope = { mayDelete };
      const parts: ['preconditions' | 'deny', JsonValue | undefined][] = [
        ['preconditions', rule.preconditions as JsonValue | undefined],
        ['deny', (rule.validate?.deny as { conditions?: JsonValue } | undefined)?.conditions],
      ];
      const translated = parts.map(([name, conditions]) => {
        if (conditions === undefined) return null;
        const t = translateConditions(conditions, scope, [...rulePath, name]);
        if (t.ok) figures[name].translated++;
        else note(figures[name], t.untranslatable.reason);
        return t.ok ? t.value : null;
      });
      const message = typeof rule.validate?.message === 'string' && rule.validate.message.includes('{{') ? rule.validate.message : null;
      const messageExpression = message === null ? null : translateMessage(message, scope, [...rulePath, 'validate', 'message']);
      if (messageExpression !== null) {
        if (messageExpression.ok) figures.message.translated++;
        else note(figures.message, messageExpression.untranslatable.reason);
      }
      const paths = objectPaths(rule);
      for (const resource of resources) {
        for (const request of [...variants(resource), ...contentVariants(resource, paths)]) {
          if (messageExpression?.ok && (mayDelete || request.operation !== 'DELETE')) {
            const expected = kyvernoText(message!, request);
            const actual = celText(messageExpression.value, request);
            figures.message.comparisons++;
            if (sameMessage(expected, actual)) figures.message.agreed++;
            else figures.message.disagreements.push(`${policy}/${rule.name} ${request.operation}: kyverno ${JSON.stringify(expected)}, cel ${JSON.stringify(actual)}`);
          }
          const label = `${policy}/${rule.name} ${String(request.resource.kind)}/${String((request.resource.metadata as JsonObject)?.name)} ${request.operation}`;
          if (match.ok) compare(figures.match, `${label} match`, kyvernoMatches(rule, request), celMatches(match.value, request));
          // Conditions are compared where the translation assumes its operations (request.object on DELETE).
          if (!mayDelete && request.operation === 'DELETE') continue;
          parts.forEach(([name, conditions], i) => {
            const expression = translated[i];
            if (expression === null || expression === undefined || conditions === undefined) return;
            compare(figures[name], `${label} ${name}`, kyvernoConditions(conditions as JsonValue, request), celOutcome(expression, request));
          });
        }
      }
    }
    const report = Object.entries(figures).map(([name, f]) => ({
      part: name,
      translated: f.translated,
      untranslatable: [...f.untranslatable.values()].reduce((a, b) => a + b, 0),
      reasons: Object.fromEntries([...f.untranslatable.entries()].sort((a, b) => b[1] - a[1])),
      comparisons: f.comparisons,
      agreed: f.agreed,
      disagreements: f.disagreements.slice(0, 20),
    }));
    console.log(JSON.stringify(report, null, 2));
    for (const f of Object.values(figures)) {
      expect(f.disagreements).toEqual([]);
      expect(f.comparisons).toBeGreaterThan(0);
    }
  });
});
