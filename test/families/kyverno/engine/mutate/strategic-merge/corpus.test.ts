/**
 * `patchStrategicMerge` against the patched resources of Kyverno test suites of the shared corpus
 * (kyverno/policies and kyverno/kyverno CLI tests): policies whose mutate rules are plain
 * `patchStrategicMerge` without variables or foreach. Every rule of the policy is applied in order
 * (autogen wraps the patch for Pod controllers); `skip` results must leave the resource unchanged.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyStrategicMergePatch } from '../../../../../../src/families/kyverno/engine/mutate/strategic-merge/index.js';
import type { JsonObject, JsonValue } from '../../../../../../src/types.js';
import { CORPUS_DIR, corpusAvailable } from '../../../policy/corpus-policies.js';

/** Test folders (relative to the corpus) and the `kyverno-test.yaml` folder inside them. */
const CASES: string[] = [
  'kyverno-cli-tests/test-mutate/global-anchor',
  'kyverno-policies/other/add-labels/.kyverno-test',
  'kyverno-policies/other/add-ndots/.kyverno-test',
  'kyverno-policies/other/add-default-securitycontext/.kyverno-test',
  'kyverno-policies/other/disable-automountserviceaccounttoken/.kyverno-test',
  'kyverno-policies/other/mitigate-log4shell/.kyverno-test',
  'kyverno-policies/other/apply-pss-restricted-profile/.kyverno-test',
  'kyverno-policies/karpenter/add-karpenter-donot-evict/.kyverno-test',
  'kyverno-policies/karpenter/add-karpenter-daemonset-priority-class/.kyverno-test',
  'kyverno-policies/kubecost/enable-kubecost-continuous-rightsizing/.kyverno-test',
  'kyverno-policies/istio/add-ambient-mode-namespace/.kyverno-test',
  'kyverno-cli-tests/scenarios_to_cli/other/scenario_mutate_pod_spec',
  'kyverno-cli-tests/test/wildcard_mutate',
];

function readDocs(file: string): JsonObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as JsonValue)
    .filter((d): d is JsonObject => typeof d === 'object' && d !== null && !Array.isArray(d));
}

function asList(v: JsonValue | undefined): JsonValue[] {
  return Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
}

function meta(doc: JsonObject): JsonObject {
  return (doc['metadata'] ?? {}) as JsonObject;
}

const POD_CONTROLLERS = new Set(['Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet', 'Job', 'ReplicationController']);

/** Autogen of the patch of a Pod rule for the resource's kind. */
function patchFor(patch: JsonValue, ruleKinds: string[], kind: string): JsonValue | null {
  if (ruleKinds.includes(kind) || ruleKinds.includes('*')) return patch;
  if (!ruleKinds.includes('Pod')) return null;
  if (POD_CONTROLLERS.has(kind)) return { spec: { template: patch } };
  if (kind === 'CronJob') return { spec: { jobTemplate: { spec: { template: patch } } } };
  return null;
}

function ruleKinds(rule: JsonObject): string[] {
  const match = (rule['match'] ?? {}) as JsonObject;
  const blocks = [...asList(match['any']), ...asList(match['all'])];
  if (match['resources'] !== undefined) blocks.push({ resources: match['resources'] });
  return blocks.flatMap((b) => asList(((b as JsonObject)['resources'] as JsonObject | undefined)?.['kinds']) as string[]);
}

interface Case {
  name: string;
  policy: JsonObject;
  /** For a `skip` result: the one rule applied. */
  rule?: string;
  resource: JsonObject;
  expected: JsonObject;
}

function loadCases(dir: string): Case[] {
  const full = path.join(CORPUS_DIR, dir);
  const test = readDocs(path.join(full, 'kyverno-test.yaml'))[0]!;
  const policies = asList(test['policies']).flatMap((p) => readDocs(path.join(full, p as string)));
  const resources = asList(test['resources']).flatMap((r) => readDocs(path.join(full, r as string)));
  const out: Case[] = [];
  for (const result of asList(test['results']) as JsonObject[]) {
    const policy = policies.find((p) => meta(p)['name'] === result['policy']);
    if (policy === undefined) continue;
    const patchedFile = (result['patchedResources'] ?? result['patchedResource']) as string | undefined;
    const patched = patchedFile !== undefined ? readDocs(path.join(full, patchedFile)) : [];
    const names = asList(result['resources'] ?? result['resource']) as string[];
    for (const ref of names) {
      // `namespace/name` references name the resource's namespace too.
      const name = ref.includes('/') ? ref.slice(ref.lastIndexOf('/') + 1) : ref;
      const resource = resources.find((r) => meta(r)['name'] === name && (result['kind'] === undefined || r['kind'] === result['kind']));
      if (resource === undefined) continue;
      if (result['result'] === 'pass' && patchedFile !== undefined) {
        const expected = patched.find((r) => meta(r)['name'] === name && r['kind'] === resource['kind']);
        if (expected !== undefined) out.push({ name: `${dir} ${name} (pass)`, policy, resource, expected });
      } else if (result['result'] === 'skip') {
        out.push({ name: `${dir} ${name} (skip of ${String(result['rule'])})`, policy, rule: result['rule'] as string, resource, expected: resource });
      }
    }
  }
  return out;
}

function applyPolicy(policy: JsonObject, resource: JsonObject, only?: string): JsonObject {
  let current = resource;
  for (const rule of asList((policy['spec'] as JsonObject)['rules']) as JsonObject[]) {
    if (only !== undefined && rule['name'] !== only) continue;
    const mutate = rule['mutate'] as JsonObject | undefined;
    if (mutate?.['patchStrategicMerge'] === undefined) continue;
    const patch = patchFor(mutate['patchStrategicMerge'], ruleKinds(rule), current['kind'] as string);
    if (patch === null) continue;
    const result = applyStrategicMergePatch(current, patch);
    if ('error' in result) throw new Error(result.error);
    current = result.resource;
  }
  return current;
}

/** The CLI sets the namespace of namespaced resources before patching. */
function withNamespace(resource: JsonObject, expected: JsonObject): JsonObject {
  const ns = meta(expected)['namespace'];
  if (ns === undefined || meta(resource)['namespace'] !== undefined) return resource;
  return { ...resource, metadata: { ...meta(resource), namespace: ns } };
}

const cases = corpusAvailable ? CASES.filter((d) => existsSync(path.join(CORPUS_DIR, d))).flatMap(loadCases) : [];

describe.skipIf(!corpusAvailable)('patchStrategicMerge on corpus test suites', () => {
  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThan(15);
  });
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const input = withNamespace(c.resource, c.expected);
    expect(applyPolicy(c.policy, input, c.rule)).toStrictEqual(withNamespace(c.expected, c.expected));
  });
});
