/**
 * The compiled evaluation of the CEL kinds against the reference interpreter (`EvaluationRequest.reference`, which
 * also evaluates every CEL program with cel-js alone, without its closures): every evaluation the Kyverno test suites
 * of the shared corpus make with a CEL policy (or a `validate.cel` rule) is made again both ways, and the responses
 * (status, message, path, properties, patched resource, generated resources, errors) must be identical.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type * as Processor from '../../../src/evaluate/processor.js';
import type { CompiledPolicy } from '../../../src/evaluate/types.js';
import { withoutClosures } from '../../../src/lang/cel/closures.js';
import type { ResourceDocument } from '../../../src/evaluate/resource.js';
import type { JsonObject } from '../../../src/types.js';

type Call =
  | { kind: 'resource'; policies: readonly CompiledPolicy[]; resource: ResourceDocument; options: Processor.EvaluationOptions }
  | { kind: 'payload'; policies: readonly CompiledPolicy[]; payload: JsonObject; options: Processor.PayloadEvaluationOptions };

const calls: Call[] = [];

// The processor as the test command runs it, with each call recorded to be made again both ways.
vi.mock('../../../src/evaluate/processor.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Processor>();
  return {
    ...actual,
    evaluateResource: (policies: readonly CompiledPolicy[], resource: ResourceDocument, options: Processor.EvaluationOptions) => {
      calls.push({ kind: 'resource', policies, resource, options });
      return actual.evaluateResource(policies, resource, options);
    },
    evaluateJsonPayload: (policies: readonly CompiledPolicy[], payload: JsonObject, options: Processor.PayloadEvaluationOptions) => {
      calls.push({ kind: 'payload', policies, payload, options });
      return actual.evaluateJsonPayload(policies, payload, options);
    },
  };
});

const { runSuite, SUITES } = await import('../../../tools/conformance/runner.js');
const processor = await vi.importActual<typeof Processor>('../../../src/evaluate/processor.js');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');
const available = existsSync(CORPUS);
if (!available) console.warn(`compiled-vs-reference: ${CORPUS} is missing; the differential test is skipped`);

const CEL_KINDS = new Set([
  'ValidatingPolicy',
  'NamespacedValidatingPolicy',
  'ValidatingAdmissionPolicy',
  'MutatingAdmissionPolicy',
  'MutatingPolicy',
  'NamespacedMutatingPolicy',
  'GeneratingPolicy',
  'NamespacedGeneratingPolicy',
  'DeletingPolicy',
  'NamespacedDeletingPolicy',
  'ImageValidatingPolicy',
  'NamespacedImageValidatingPolicy',
]);

/** A kyverno.io policy with `validate.cel` rules (their programs run with closures too). */
function hasCelRules(policy: CompiledPolicy): boolean {
  const rules = (policy as { policy?: { spec?: { rules?: { validate?: { cel?: unknown } }[] } } }).policy?.spec?.rules;
  return Array.isArray(rules) && rules.some((rule) => rule.validate?.cel !== undefined);
}

/** The responses of one call as comparable data: policies by kind and name, everything else as it is. */
function responsesOf(call: Call, reference: boolean): unknown {
  const responses =
    call.kind === 'resource'
      ? processor.evaluateResource(call.policies, call.resource, { ...call.options, reference })
      : reference
        ? withoutClosures(() => processor.evaluateJsonPayload(call.policies, call.payload, call.options))
        : processor.evaluateJsonPayload(call.policies, call.payload, call.options);
  return responses.map(({ response, ...rest }) => ({
    ...rest,
    response: { ...response, policy: `${response.policy.kind}/${response.policy.namespace ?? ''}/${response.policy.name}` },
  }));
}

describe.skipIf(!available)('compiled CEL evaluation against the reference interpreter, over the Kyverno test suites', () => {
  it.each(SUITES)('%s: every evaluation with a CEL policy responds identically both ways', (suite) => {
    calls.length = 0;
    runSuite(suite, path.join(CORPUS, suite));
    const celCalls = calls.filter((call) => call.policies.some((policy) => CEL_KINDS.has(policy.kind) || hasCelRules(policy)));
    expect(celCalls.length).toBeGreaterThan(suite === 'kyverno-policies' ? 100 : 50);
    expect(celCalls.filter((call) => call.policies.some(hasCelRules)).length).toBeGreaterThan(suite === 'kyverno-policies' ? 50 : 5);
    let rules = 0;
    const differences: string[] = [];
    for (const call of celCalls) {
      const reference = responsesOf(call, true);
      const compiled = responsesOf(call, false);
      rules += (reference as { response: { rules: unknown[] } }[]).reduce((sum, { response }) => sum + response.rules.length, 0);
      try {
        expect(compiled).toStrictEqual(reference);
      } catch {
        const name = call.kind === 'resource' ? call.resource.name : 'payload';
        differences.push(`${call.policies.map((policy) => policy.name).join(',')} on ${name}`);
      }
    }
    expect(differences).toEqual([]);
    expect(rules).toBeGreaterThan(0);
  });
});
