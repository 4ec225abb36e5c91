/**
 * The compiled mutate path against the reference interpreter (`EvaluationRequest.reference`): the same
 * responses (status, message, patched resource with its key order, patched targets) for the mutate cases of
 * the conformance corpus (../shared/corpus: every Kyverno test file's policies on its resources, chained as
 * the processor chains them) and for the mutate vector tables (test/fixtures/engine/mutate-vectors/). The
 * compiled path runs twice on each input: patches are pre-processed once they are seen again.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DiagnosticLog } from '../../../../../src/commands/load/diagnostics.js';
import { loadPolicies } from '../../../../../src/commands/load/policies.js';
import { loadResources } from '../../../../../src/commands/load/resources.js';
import { findTestFiles } from '../../../../../src/commands/test/suite.js';
import { evaluateResource, type ResourceResponse } from '../../../../../src/evaluate/processor.js';
import type { CompiledPolicy, EvaluationRequest, PolicyResponse } from '../../../../../src/evaluate/types.js';
import { compilePolicy } from '../../../../../src/families/kyverno/compile.js';
import { mutateResource } from '../../../../../src/families/kyverno/engine/mutate/index.js';
import { applyMutation } from '../../../../../src/families/kyverno/engine/mutate/patch.js';
import { applyStrategicMergePatch } from '../../../../../src/families/kyverno/engine/mutate/strategic-merge/index.js';
import type { Policy } from '../../../../../src/families/kyverno/policy/types.js';
import type { JsonObject, JsonValue } from '../../../../../src/types.js';
import { copy, loadVectors } from './kyverno-vectors.js';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');
const SUITES = ['kyverno-policies', 'kyverno-cli-tests'];
const SILENT = { cwd: ROOT, stdout: () => {}, stderr: () => {} };

/** JSON with key order kept and exact integers marked, so that two encodings are equal only for identical values. */
function encode(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item)) ?? 'undefined';
}

function policyResponse(response: PolicyResponse): unknown {
  return {
    policy: response.policy.name,
    rules: response.rules.map((rule) => ({ name: rule.name, status: rule.status, message: rule.message, patchedTarget: rule.patchedTarget })),
    patchedResource: response.patchedResource,
  };
}

function responses(list: readonly ResourceResponse[]): string {
  return encode(list.map(({ response }) => policyResponse(response)));
}

/** The string entries of a list field of a Kyverno test file. */
function paths(test: unknown, field: string, dir: string): string[] {
  const value = test !== null && typeof test === 'object' ? (test as Record<string, unknown>)[field] : undefined;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').map((item) => path.resolve(dir, item)) : [];
}

interface CorpusCase {
  file: string;
  policies: CompiledPolicy[];
  resources: ReturnType<typeof loadResources>['resources'];
}

/** The test files of the corpus whose kyverno.io policies mutate, with those policies and the file's resources. */
function corpusCases(): CorpusCase[] {
  const log = new DiagnosticLog(SILENT);
  const cases: CorpusCase[] = [];
  for (const suite of SUITES) {
    const dir = path.join(CORPUS, suite);
    if (!existsSync(dir)) continue;
    for (const file of findTestFiles(dir, 'kyverno-test.yaml', log)) {
      let test: unknown;
      try {
        test = parse(readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      const base = path.dirname(file);
      const policyPaths = paths(test, 'policies', base).filter(existsSync);
      const resourcePaths = paths(test, 'resources', base).filter(existsSync);
      if (policyPaths.length === 0 || resourcePaths.length === 0) continue;
      const policies = loadPolicies(policyPaths, log)
        .policies.map((loaded) => loaded.compiled)
        .filter((policy) => (policy.kind === 'ClusterPolicy' || policy.kind === 'Policy') && policy.mutate !== undefined);
      if (policies.length === 0) continue;
      const resources = loadResources(resourcePaths, log, { dedupe: false }).resources;
      if (resources.length > 0) cases.push({ file: path.relative(CORPUS, file), policies, resources });
    }
  }
  return cases;
}

const available = existsSync(CORPUS);
if (!available) console.warn(`compiled-vs-reference: ${CORPUS} is missing; the corpus cases are skipped`);

describe.skipIf(!available)('compiled mutate path = reference interpreter: the conformance corpus', () => {
  const cases = available ? corpusCases() : [];

  it('finds the mutate cases of the corpus', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  it('gives identical responses and patched resources for every mutate case', () => {
    const differences: string[] = [];
    let compared = 0;
    for (const { file, policies, resources } of cases) {
      for (const resource of resources) {
        for (const numberMode of ['float64', 'int64'] as const) {
          const options = { numberMode, mutateOnly: true };
          const reference = responses(evaluateResource(policies, resource, { ...options, reference: true }));
          // Twice: the second run pre-processes the patches seen in the first.
          for (const run of [1, 2]) {
            const compiled = responses(evaluateResource(policies, resource, options));
            compared++;
            if (compiled !== reference) differences.push(`${file} ${resource.kind}/${resource.name} (${numberMode}, run ${run}):\n  compiled  ${compiled}\n  reference ${reference}`);
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(differences).toEqual([]);
  });
});

interface EngineVector {
  test: string;
  policy: JsonObject;
  resource: JsonObject;
  applyRules?: string;
  ruleValues?: Record<string, Record<string, JsonValue>>;
}

interface ExistingVector {
  test: string;
  policy: JsonObject;
  trigger: JsonObject;
  targets: JsonObject[];
}

interface PatchVector {
  test: string;
  patch: JsonValue;
  resource: JsonObject;
}

function engineResponse(policy: Policy, request: EvaluationRequest): string {
  return encode(policyResponse(mutateResource(compilePolicy(policy), request)));
}

describe('compiled mutate path = reference interpreter: the mutate vector tables', () => {
  const engine = [
    ...loadVectors<EngineVector>('engine-mutation.yaml'),
    ...loadVectors<EngineVector>('chainsaw.yaml'),
    ...loadVectors<EngineVector>('e2e.yaml'),
  ];
  it.each(engine.map((vector) => [vector.test, vector] as const))('engine: %s', (_id, vector) => {
    const policy = copy(vector.policy) as unknown as Policy;
    if (vector.applyRules !== undefined) (policy.spec as unknown as JsonObject).applyRules = vector.applyRules;
    const compiled = compilePolicy(policy);
    const request = (reference: boolean): EvaluationRequest => {
      const result: EvaluationRequest = { resource: copy(vector.resource), numberMode: 'float64', reference };
      const values = vector.ruleValues;
      if (values !== undefined) result.values = { rule: (name) => values[name] };
      return result;
    };
    const reference = encode(policyResponse(mutateResource(compiled, request(true))));
    expect(encode(policyResponse(mutateResource(compiled, request(false))))).toBe(reference);
    expect(encode(policyResponse(mutateResource(compiled, request(false))))).toBe(reference);
  });

  const existing = loadVectors<ExistingVector>('engine-mutate-existing.yaml');
  it.each(existing.map((vector) => [vector.test, vector] as const))('mutate existing: %s', (_id, vector) => {
    const policy = copy(vector.policy) as unknown as Policy;
    const request = (reference: boolean): EvaluationRequest => ({ resource: copy(vector.trigger), numberMode: 'float64', targets: copy(vector.targets), reference });
    const reference = engineResponse(policy, request(true));
    expect(engineResponse(policy, request(false))).toBe(reference);
  });

  const merges = [...loadVectors<PatchVector>('patch-merge.yaml'), ...loadVectors<PatchVector>('strategic-preprocessing.yaml')];
  it.each(merges.map((vector, index) => [`${vector.test} #${index}`, vector] as const))('strategic merge: %s', (_id, vector) => {
    const patch = copy(vector.patch);
    const reference = encode(applyStrategicMergePatch(copy(vector.resource), patch, false));
    expect(encode(applyStrategicMergePatch(copy(vector.resource), patch, true))).toBe(reference);
    expect(encode(applyStrategicMergePatch(copy(vector.resource), patch, true))).toBe(reference);
    expect(encode(applyMutation(copy(vector.resource), patch, undefined, true))).toBe(encode(applyMutation(copy(vector.resource), patch, undefined, false)));
  });

  const jsonPatches = loadVectors<PatchVector>('patch-json6902.yaml');
  it.each(jsonPatches.map((vector, index) => [`${vector.test} #${index}`, vector] as const))('JSON patch: %s', (_id, vector) => {
    const reference = encode(applyMutation(copy(vector.resource), undefined, vector.patch, false));
    expect(encode(applyMutation(copy(vector.resource), undefined, vector.patch, true))).toBe(reference);
    expect(encode(applyMutation(copy(vector.resource), undefined, vector.patch, true))).toBe(reference);
  });
});
