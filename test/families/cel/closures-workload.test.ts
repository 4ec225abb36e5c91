/**
 * The CEL closures (src/lang/cel/closures.ts) on manifests the corpus's tests do not hold: every policy of the CEL
 * folders of the kyverno/policies suites (the CEL kinds, and ClusterPolicies with `validate.cel` rules) evaluated on
 * the benchmark's generated workload (Pods, controllers, Services, ConfigMaps, Namespaces with compliant and
 * non-compliant fields), as the scan evaluates them and by the reference interpreter (cel-js alone). The responses
 * must be identical.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateWorkload } from '../../../bench/workload.js';
import { DiagnosticLog } from '../../../src/commands/load/diagnostics.js';
import { loadPolicies } from '../../../src/commands/load/policies.js';
import { loadResources } from '../../../src/commands/load/resources.js';
import { isCustomResourceDefinition, mockedCluster } from '../../../src/cluster/index.js';
import { evaluateResources, type EvaluationOptions, type ResourceResponse } from '../../../src/evaluate/processor.js';
import type { CompiledPolicy } from '../../../src/evaluate/types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SUITE = path.resolve(ROOT, '../shared/corpus/kyverno-policies');
const available = existsSync(SUITE);
if (!available) console.warn(`closures-workload: ${SUITE} is missing; the comparison is skipped`);

const CEL_FOLDERS = /-(cel|vpol|mpol|gpol|dpol|ivpol)$/;

/** The responses as comparable data: policies by kind and name, everything else as it is. */
function comparable(responses: readonly ResourceResponse[]): unknown {
  return responses.map(({ response, ...rest }) => ({ ...rest, response: { ...response, policy: `${response.policy.kind}/${response.policy.name}` } }));
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!available)('CEL closures on a generated workload', () => {
  it.each([7, 42])('respond as the reference interpreter (seed %i)', (seed) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-closures-'));
    dirs.push(dir);
    generateWorkload(dir, 20, 10, seed);
    const log = new DiagnosticLog({ stdout: () => {}, stderr: () => {}, cwd: ROOT });
    const folders = readdirSync(SUITE)
      .sort()
      .filter((name) => CEL_FOLDERS.test(name))
      .map((name) => path.join(SUITE, name));
    const seen = new Set<string>();
    const policies: CompiledPolicy[] = loadPolicies(folders, log)
      .policies.map(({ compiled }) => compiled)
      .filter((policy) => !seen.has(`${policy.kind}/${policy.name}`) && seen.add(`${policy.kind}/${policy.name}`) !== undefined);
    const resources = loadResources([dir], log, { dedupe: false }).resources;
    const objects = resources.map((resource) => resource.value);
    const options: EvaluationOptions = {
      numberMode: 'int64',
      operation: 'CREATE',
      external: { cluster: mockedCluster(objects), params: objects, crds: objects.filter(isCustomResourceDefinition), imageDataRequired: true },
      targets: objects,
      keepResourceOnMutateError: true,
      explainFailures: true,
    };
    expect(policies.length).toBeGreaterThan(100);
    expect(resources.length).toBe(200);
    const differences: string[] = [];
    let rules = 0;
    for (let start = 0; start < resources.length; start += 16) {
      const batch = resources.slice(start, start + 16);
      const compiled = evaluateResources(policies, batch, options);
      const reference = evaluateResources(policies, batch, { ...options, reference: true });
      for (const [i, resource] of batch.entries()) {
        rules += reference[i]!.reduce((sum, { response }) => sum + response.rules.length, 0);
        try {
          expect(comparable(compiled[i]!)).toStrictEqual(comparable(reference[i]!));
        } catch {
          differences.push(`${resource.kind}/${resource.name}`);
        }
      }
    }
    expect(differences).toEqual([]);
    expect(rules).toBeGreaterThan(5_000);
  }, 120_000);
});
