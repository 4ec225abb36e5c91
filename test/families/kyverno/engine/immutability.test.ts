/**
 * The engine never modifies the policies and resources it is given: evaluations share them (and parts of
 * them) between rules, policies and resources, and caches key on them by identity. Every policy and
 * resource is deep-frozen here (writing to a frozen object throws in ES modules), and the responses must
 * be those of an evaluation of unfrozen copies: mutate, validate and generate policies, through the
 * scan's pipeline (a mocked cluster of the manifests, mutate-existing targets, failed mutations keeping
 * the resource).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateWorkload } from '../../../../bench/workload.js';
import { DiagnosticLog } from '../../../../src/commands/load/diagnostics.js';
import { evaluateResource, type EvaluationOptions, type ResourceResponse } from '../../../../src/evaluate/processor.js';
import { mockedCluster } from '../../../../src/cluster/index.js';
import { loadPolicies } from '../../../../src/commands/load/policies.js';
import { loadResources } from '../../../../src/commands/load/resources.js';
import type { KyvernoPolicy } from '../../../../src/families/kyverno/compile.js';
import { acceptPolicy } from '../../../../src/evaluate/family.js';
import { policyKindOf } from '../../../../src/evaluate/kinds.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CORPUS_POLICIES = path.resolve(ROOT, '../shared/corpus/kyverno-policies');
const SILENT = { cwd: ROOT, stdout: () => {}, stderr: () => {} };

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** Policy folders: the example repository's, and the non-CEL families of the Kyverno policies corpus when present. */
function policyPaths(): string[] {
  const paths = [path.join(ROOT, 'examples/policies')];
  if (existsSync(CORPUS_POLICIES)) {
    for (const name of readdirSync(CORPUS_POLICIES).sort()) {
      if (/cel|vpol|mpol|gpol|ivpol|dpol/i.test(name) || name === 'LICENSE') continue;
      paths.push(path.join(CORPUS_POLICIES, name));
    }
  } else {
    console.warn(`immutability: ${CORPUS_POLICIES} is missing; only the example policies are evaluated`);
  }
  return paths;
}

/** One independent load of the policies and manifests, frozen or not. */
function load(manifests: string, freeze: boolean) {
  const log = new DiagnosticLog(SILENT);
  const seen = new Set<string>();
  const policies: KyvernoPolicy[] = [];
  // The documents are frozen before they are accepted: checking, validation and compilation read them too.
  for (const document of loadPolicies(policyPaths(), log).documents) {
    if (policyKindOf(String(document.apiVersion), String(document.kind))?.family !== 'kyverno') continue;
    const accepted = acceptPolicy(freeze ? deepFreeze(document) : document);
    if (accepted.status !== 'accepted') continue;
    const compiled = accepted.policy as KyvernoPolicy;
    const key = `${compiled.kind}/${compiled.policy.metadata.namespace ?? ''}/${compiled.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // The policy the engine reads (a float64 copy of the document where numbers had to change).
    if (freeze) deepFreeze(compiled.policy);
    policies.push(compiled);
  }
  const resources = loadResources([manifests, path.join(ROOT, 'examples/manifests')], log, { dedupe: false }).resources;
  if (freeze) for (const resource of resources) deepFreeze(resource.value);
  const objects = resources.map((resource) => resource.value);
  const options: EvaluationOptions = {
    numberMode: 'int64',
    operation: 'CREATE',
    external: { cluster: mockedCluster(objects) },
    targets: objects,
    keepResourceOnMutateError: true,
  };
  return { policies, resources, options };
}

function summary(responses: readonly ResourceResponse[]): string {
  return JSON.stringify(
    responses.map(({ kind, response, generationError }) => ({
      kind,
      policy: response.policy.name,
      rules: response.rules,
      patchedResource: response.patchedResource,
      generationError,
    })),
    (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value),
  );
}

describe('evaluation leaves policies and resources unchanged', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-immutability-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  generateWorkload(directory, 20, 10, 7);

  it('gives the same responses on deep-frozen policies and resources', () => {
    const plain = load(directory, false);
    const frozen = load(directory, true);
    expect(frozen.resources.length).toBe(plain.resources.length);
    expect(frozen.policies.length).toBe(plain.policies.length);
    let rules = 0;
    let patched = 0;
    for (let i = 0; i < plain.resources.length; i++) {
      const expected = evaluateResource(plain.policies, plain.resources[i]!, plain.options);
      const actual = evaluateResource(frozen.policies, frozen.resources[i]!, frozen.options);
      expect(summary(actual), plain.resources[i]!.key).toBe(summary(expected));
      for (const { kind, response } of expected) {
        rules += response.rules.length;
        if (kind === 'mutate' && response.rules.some((rule) => rule.status === 'pass')) patched++;
      }
    }
    // The workload exercises the engine: many rule responses, and mutations that change resources.
    expect(rules).toBeGreaterThan(plain.resources.length);
    expect(patched).toBeGreaterThan(0);
  }, 120_000);
});
