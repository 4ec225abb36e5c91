/**
 * @file The Pod Security handler against the Kyverno test suites of the shared corpus: every
 * `kyverno-test.yaml` whose policies use `validate.podSecurity` is replayed row by row (resource,
 * expected result), with the test's PolicyExceptions. Rows for resources the rule does not match by kind
 * are left to the match module; rules reached through autogen are evaluated on the controller itself.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { evaluatePodSecurity, type PodSecurityException } from '../../../../../../src/families/kyverno/engine/validate/pod-security/index.js';
import type { PodSecurity, PodSecurityExclude } from '../../../../../../src/families/kyverno/policy/types.js';
import { wildcardMatch } from '../../../../../../src/util/wildcard.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const corpusPresent = existsSync(corpus);
if (!corpusPresent) console.warn(`Pod Security corpus tests skipped: ${corpus} is missing`);

/** Loosely typed YAML documents of the corpus. */
type Doc = Record<string, any>;

const POD_CONTROLLERS = new Set(['DaemonSet', 'Deployment', 'Job', 'StatefulSet', 'ReplicaSet', 'ReplicationController', 'CronJob']);

interface Row {
  title: string;
  resource: Doc;
  podSecurity: PodSecurity;
  rule: string;
  exceptions: PodSecurityException[];
  expected: string;
}

function findTestFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) findTestFiles(full, out);
    else if (entry === 'kyverno-test.yaml') out.push(full);
  }
  return out;
}

function loadDocs(file: string): Doc[] {
  return (loadAll(readFileSync(file, 'utf8')) as unknown[]).filter((doc): doc is Doc => typeof doc === 'object' && doc !== null);
}

/** The resource filters of a match/exclude block (`any`, `all` or the inline form). */
function filters(match: Doc | undefined): Doc[] {
  if (!match) return [];
  return [...(match.any ?? []), ...(match.all ?? []), ...(match.resources ? [{ resources: match.resources }] : [])];
}

/** Whether the rule, or one of its autogen variants, applies to the resource's kind. */
function ruleAppliesToKind(rule: Doc, kind: string): boolean {
  const kinds: string[] = filters(rule.match).flatMap((filter) => filter.resources?.kinds ?? []);
  return kinds.includes(kind) || (kinds.includes('Pod') && POD_CONTROLLERS.has(kind));
}

/** A PolicyException matching `resource` for `policy`/`rule`; only kinds, names and namespaces are supported. */
function exceptionMatches(exception: Doc, policy: string, rule: string, resource: Doc): boolean | 'unsupported' {
  const applies = (exception.spec?.exceptions ?? []).some(
    (entry: Doc) => entry.policyName === policy && (entry.ruleNames ?? []).some((name: string) => [rule, `autogen-${rule}`, `autogen-cronjob-${rule}`].includes(name)),
  );
  if (!applies) return false;
  const blocks = filters(exception.spec?.match);
  for (const block of blocks) {
    const description = block.resources ?? {};
    const known = ['kinds', 'names', 'namespaces'];
    if (Object.keys(block).some((key) => key !== 'resources') || Object.keys(description).some((key) => !known.includes(key))) return 'unsupported';
  }
  const matchesBlock = (block: Doc): boolean => {
    const { kinds, names, namespaces } = block.resources ?? {};
    const meta = resource.metadata ?? {};
    if (kinds && !kinds.some((kind: string) => wildcardMatch(kind, resource.kind))) return false;
    if (names && !names.some((name: string) => wildcardMatch(name, meta.name ?? ''))) return false;
    if (namespaces && !namespaces.some((namespace: string) => wildcardMatch(namespace, meta.namespace ?? ''))) return false;
    return true;
  };
  const match = exception.spec?.match ?? {};
  if (match.all) return match.all.every(matchesBlock);
  return blocks.some(matchesBlock);
}

function collectRows(): { rows: Row[]; skipped: string[] } {
  const rows: Row[] = [];
  const skipped: string[] = [];
  for (const testFile of findTestFiles(corpus)) {
    const test = loadDocs(testFile)[0];
    if (!test) continue;
    const base = path.dirname(testFile);
    const policies = (test.policies ?? []).flatMap((file: string) => loadDocs(path.resolve(base, file)));
    const podSecurityPolicies = policies.filter((policy: Doc) => (policy.spec?.rules ?? []).some((rule: Doc) => rule.validate?.podSecurity));
    if (podSecurityPolicies.length === 0) continue;
    const resources = (test.resources ?? []).flatMap((file: string) => loadDocs(path.resolve(base, file)));
    const exceptionDocs = (test.exceptions ?? []).flatMap((file: string) => loadDocs(path.resolve(base, file)));
    const where = path.relative(corpus, testFile);

    for (const result of test.results ?? []) {
      const policy = podSecurityPolicies.find((candidate: Doc) => candidate.metadata?.name === result.policy);
      const ruleName = String(result.rule ?? '').replace(/^autogen-(cronjob-)?/, '');
      const rule = policy?.spec?.rules?.find((candidate: Doc) => candidate.name === ruleName);
      if (!rule?.validate?.podSecurity) continue;
      for (const wanted of result.resources ?? []) {
        const [namespace, name] = String(wanted).includes('/') ? String(wanted).split('/') : [undefined, String(wanted)];
        const matching = resources.filter(
          (resource: Doc) => resource.metadata?.name === name && (namespace === undefined || resource.metadata?.namespace === namespace),
        );
        for (const resource of matching) {
          const title = `${where}: ${result.policy}/${result.rule} on ${resource.kind}/${wanted}`;
          if (!ruleAppliesToKind(rule, resource.kind)) {
            skipped.push(`${title} (kind not matched by the rule)`);
            continue;
          }
          const exceptions: PodSecurityException[] = [];
          let unsupported = false;
          for (const exception of exceptionDocs) {
            const matched = exceptionMatches(exception, result.policy, ruleName, resource);
            if (matched === 'unsupported') unsupported = true;
            else if (matched) {
              const key = exception.metadata.namespace ? `${exception.metadata.namespace}/${exception.metadata.name}` : exception.metadata.name;
              exceptions.push({ key, podSecurity: exception.spec.podSecurity as PodSecurityExclude[] | undefined });
            }
          }
          if (unsupported) {
            skipped.push(`${title} (exception match not supported here)`);
            continue;
          }
          rows.push({ title, resource, podSecurity: rule.validate.podSecurity, rule: rule.name, exceptions, expected: result.result });
        }
      }
    }
  }
  return { rows, skipped };
}

describe.skipIf(!corpusPresent)('Pod Security against the corpus test suites', () => {
  const { rows, skipped } = corpusPresent ? collectRows() : { rows: [], skipped: [] };
  if (skipped.length > 0) console.warn(`Pod Security corpus rows left to other modules:\n  ${skipped.join('\n  ')}`);

  it('finds the podSecurity test suites', () => {
    expect(rows.length).toBeGreaterThanOrEqual(9);
  });

  it.each(rows)('$title → $expected', ({ resource, podSecurity, rule, exceptions, expected }) => {
    expect(evaluatePodSecurity(resource, podSecurity, rule, exceptions).status).toBe(expected);
  });
});
