/**
 * @file `evaluateResources` (the scan's evaluation of a unit's objects, validations policy by policy) against
 * `evaluateResource` on each object: the same responses in the same order, each object validated as its own
 * mutations left it. Inline policies of every stage, then every policy and resource of the conformance corpus.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DiagnosticLog } from '../../src/commands/load/diagnostics.js';
import { loadPolicies } from '../../src/commands/load/policies.js';
import { loadResources } from '../../src/commands/load/resources.js';
import { isCustomResourceDefinition, mockedCluster } from '../../src/cluster/index.js';
import { acceptPolicy } from '../../src/evaluate/family.js';
import { evaluateResource, evaluateResources, type EvaluationOptions, type ResourceResponse } from '../../src/evaluate/processor.js';
import { resourceDocument, type ResourceDocument } from '../../src/evaluate/resource.js';
import type { CompiledPolicy } from '../../src/evaluate/types.js';
import type { KubernetesObject } from '../../src/source/index.js';
import { parseDocuments } from '../../src/source/index.js';
import type { JsonObject } from '../../src/types.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const corpusDir = path.resolve(repoRoot, '../shared/corpus');
const corpusAvailable = existsSync(path.join(corpusDir, 'kyverno-policies'));
if (!corpusAvailable) console.warn(`processor-batch: ${corpusDir} is missing; the corpus comparison is skipped`);

function compile(text: string): CompiledPolicy[] {
  const { documents, problems } = parseDocuments('inline.yaml', text);
  expect(problems).toEqual([]);
  return documents.map((document) => {
    const accepted = acceptPolicy(document.value as JsonObject);
    if (accepted.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
    return accepted.policy;
  });
}

/** Every response as comparable text: kind, policy, rules (status, message, path) and the patched resource. */
function summary(responses: readonly ResourceResponse[]): string[] {
  return responses.map(({ kind, response, generationError }) =>
    JSON.stringify([
      kind,
      response.policy.name,
      response.rules.map((rule) => [rule.name, rule.status, rule.message, rule.path ?? null]),
      response.patchedResource ?? null,
      generationError ?? null,
    ]),
  );
}

/** Every YAML file below `dir`, hidden folders included. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return yamlFiles(file);
      return /\.ya?ml$/.test(name) ? [file] : [];
    });
}

function pod(name: string, labels: Record<string, string>): ResourceDocument {
  const value = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'shop', labels }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } };
  return resourceDocument(value as KubernetesObject, 'inline.yaml', 0);
}

const POLICIES = `
apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata: { name: add-team }
spec:
  rules:
    - name: add-team
      match: { any: [{ resources: { kinds: [Pod] } }] }
      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              +(team): platform
---
apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata: { name: team-is-platform }
spec:
  rules:
    - name: team
      match: { any: [{ resources: { kinds: [Pod] } }] }
      validate:
        message: "team is {{ request.object.metadata.labels.team }}"
        pattern:
          metadata:
            labels:
              team: platform
---
apiVersion: policies.kyverno.io/v1
kind: MutatingPolicy
metadata: { name: add-tier }
spec:
  matchConstraints:
    resourceRules:
      - { apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods] }
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration:
        expression: >-
          Object{metadata: Object.metadata{labels: {"tier": object.metadata.name + "-tier"}}}
---
apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata: { name: tier-named-after-pod }
spec:
  validationActions: [Audit]
  matchConstraints:
    resourceRules:
      - { apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods] }
  validations:
    - expression: "has(object.metadata.labels.tier) && object.metadata.labels.tier == object.metadata.name + '-tier'"
      message: tier
`;

describe('evaluateResources', () => {
  const policies = compile(POLICIES);
  const options: EvaluationOptions = { numberMode: 'int64', operation: 'CREATE' };
  const resources = [pod('a', {}), pod('b', { team: 'data' }), pod('c', { team: 'platform' })];

  it('gives each resource the responses evaluateResource gives it, in order', () => {
    const batch = evaluateResources(policies, resources, options);
    expect(batch).toHaveLength(resources.length);
    for (const [i, resource] of resources.entries()) expect(summary(batch[i]!)).toEqual(summary(evaluateResource(policies, resource, options)));
  });

  it('validates each resource as its own mutations left it', () => {
    const statuses = evaluateResources(policies, resources, options).map((responses) =>
      responses.filter(({ kind }) => kind === 'validate').flatMap(({ response }) => response.rules.map((rule) => `${response.policy.name}:${rule.status}`)),
    );
    // b keeps its own team (the `+(team)` anchor adds only a missing label); every Pod gets the tier named after it.
    expect(statuses).toEqual([
      ['team-is-platform:pass', 'tier-named-after-pod:pass'],
      ['team-is-platform:fail', 'tier-named-after-pod:pass'],
      ['team-is-platform:pass', 'tier-named-after-pod:pass'],
    ]);
  });

  it('gives nothing for no resources', () => {
    expect(evaluateResources(policies, [], options)).toEqual([]);
  });
});

describe.skipIf(!corpusAvailable)('evaluateResources on the conformance corpus', () => {
  it('equals evaluateResource on each resource, for every policy and resource of the corpus', () => {
    const log = new DiagnosticLog({ stdout: () => {}, stderr: () => {}, cwd: repoRoot });
    const suite = path.join(corpusDir, 'kyverno-policies');
    const folders = readdirSync(suite)
      .sort()
      .filter((name) => name !== 'LICENSE')
      .map((name) => path.join(suite, name));
    const seen = new Set<string>();
    const policies = loadPolicies(folders, log)
      .policies.map(({ compiled }) => compiled)
      .filter((policy) => {
        const key = `${policy.kind}/${policy.name}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    // The test resources are in the `.kyverno-test` folders, which discovery leaves out.
    const resources = loadResources(yamlFiles(suite), log, { dedupe: false }).resources;
    const objects = resources.map((resource) => resource.value);
    const options: EvaluationOptions = {
      numberMode: 'int64',
      operation: 'CREATE',
      external: { cluster: mockedCluster(objects), params: objects, crds: objects.filter(isCustomResourceDefinition), imageDataRequired: true },
      keepResourceOnMutateError: true,
    };
    expect(policies.length).toBeGreaterThan(250);
    expect(resources.length).toBeGreaterThan(1000);
    let responses = 0;
    const differences: string[] = [];
    // Batches of 16 objects, so that policies meet objects of other files between them: every fourth (a quarter of
    // the corpus, each object evaluated twice, keeps the test under half a minute).
    const size = 16;
    for (let start = 0; start < resources.length; start += 4 * size) {
      const batch = resources.slice(start, start + size);
      const together = evaluateResources(policies, batch, options);
      for (const [i, resource] of batch.entries()) {
        const expected = summary(evaluateResource(policies, resource, options));
        const actual = summary(together[i]!);
        responses += actual.length;
        if (JSON.stringify(actual) !== JSON.stringify(expected)) differences.push(`${resource.file} #${resource.documentIndex} ${resource.key}`);
      }
    }
    expect(differences).toEqual([]);
    expect(responses).toBeGreaterThan(200_000);
  }, 300_000);
});
