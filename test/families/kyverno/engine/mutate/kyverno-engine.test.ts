/**
 * Engine-level mutate vectors ported from Kyverno's own tests: a policy and a resource through
 * `mutateResource`, asserting the patched resource (deep JSON equality) and the rule
 * statuses/messages. Sources (each vector names its test):
 * - kyverno/kyverno pkg/engine/mutation_test.go (engine-mutation.yaml, engine-mutate-existing.yaml)
 * - kyverno/kyverno test/conformance/chainsaw/mutate/** (chainsaw.yaml)
 * - kyverno/kyverno test/e2e/mutate/{config,resources}.go (e2e.yaml)
 * Fixtures: test/fixtures/engine/mutate-vectors/.
 */
import { describe, expect, it } from 'vitest';
import { mutateResource } from '../../../../../src/families/kyverno/engine/mutate/index.js';
import type { EvaluationRequest } from '../../../../../src/evaluate/types.js';
import { compilePolicy } from '../../../../../src/families/kyverno/compile.js';
import type { Policy } from '../../../../../src/families/kyverno/policy/types.js';
import type { JsonObject, JsonValue } from '../../../../../src/types.js';
import { assertKnownIdsExist, assertVector, copy, loadVectors } from './kyverno-vectors.js';

interface RuleExpectation {
  name: string;
  status: string;
  message?: string;
  messageContains?: string;
}

interface EngineVector {
  test: string;
  policy: JsonObject;
  resource: JsonObject;
  applyRules?: string;
  ruleValues?: Record<string, Record<string, JsonValue>>;
  rules: RuleExpectation[];
  expected?: JsonObject;
}

interface ChainsawVector extends EngineVector {
  source: string;
}

interface ExistingVector {
  test: string;
  policy: JsonObject;
  trigger: JsonObject;
  targets: JsonObject[];
  patchedTargets: JsonObject[];
}

const SOURCE = 'kyverno/kyverno pkg/engine/mutation_test.go';

/**
 * Vectors whose result differs from Kyverno because of code outside src/families/kyverno/engine/mutate (id → reason).
 * Each listed vector is asserted to still differ.
 */
const KNOWN_DIFFERENCES: Readonly<Record<string, string>> = {};

function checkRules(actual: { name: string; status: string; message: string }[], expected: RuleExpectation[]): void {
  expect(actual.map((r) => `${r.name}:${r.status}`)).toEqual(expected.map((r) => `${r.name}:${r.status}`));
  expected.forEach((rule, i) => {
    if (rule.message !== undefined) expect(actual[i]!.message).toBe(rule.message);
    if (rule.messageContains !== undefined) expect(actual[i]!.message).toContain(rule.messageContains);
  });
}

const vectors = loadVectors<EngineVector>('engine-mutation.yaml');
const existing = loadVectors<ExistingVector>('engine-mutate-existing.yaml');
const chainsaw = loadVectors<ChainsawVector>('chainsaw.yaml');
const e2e = loadVectors<ChainsawVector>('e2e.yaml');

describe(`${SOURCE}: mutate resources`, () => {
  it('lists only known differences that name a vector', () => {
    assertKnownIdsExist(KNOWN_DIFFERENCES, [...vectors, ...existing, ...chainsaw, ...e2e].map((v) => v.test));
  });

  it.each(vectors.map((v) => [v.test, v] as const))('%s', (id, vector) => runEngineVector(id, vector));
});

describe('kyverno/kyverno test/conformance/chainsaw/mutate (e2e conformance tests)', () => {
  it.each(chainsaw.map((v) => [v.test, v] as const))('%s', (id, vector) => runEngineVector(id, vector));
});

describe('kyverno/kyverno test/e2e/mutate (Go e2e tests)', () => {
  it.each(e2e.map((v) => [v.test, v] as const))('%s', (id, vector) => runEngineVector(id, vector));
});

function runEngineVector(id: string, vector: EngineVector): void {
  const policy = copy(vector.policy) as unknown as Policy;
  if (vector.applyRules !== undefined) (policy.spec as unknown as JsonObject).applyRules = vector.applyRules;
  const request: EvaluationRequest = { resource: copy(vector.resource), numberMode: 'float64' };
  if (vector.ruleValues !== undefined) {
    const values = vector.ruleValues;
    request.values = { rule: (name) => values[name] };
  }
  assertVector(id, KNOWN_DIFFERENCES, () => {
    const response = mutateResource(compilePolicy(policy), request);
    checkRules(response.rules, vector.rules);
    if (vector.expected !== undefined) expect(response.patchedResource).toEqual(vector.expected);
  });
}

describe(`${SOURCE}: Test_mutate_existing_resources`, () => {
  it.each(existing.map((v) => [v.test, v] as const))('%s', (id, vector) => {
    const trigger = copy(vector.trigger);
    assertVector(id, KNOWN_DIFFERENCES, () => {
      const response = mutateResource(compilePolicy(copy(vector.policy) as unknown as Policy), {
        resource: trigger,
        numberMode: 'float64',
        targets: copy(vector.targets),
      });
      // Every target yields a `pass` response carrying the patched target; the trigger is untouched.
      expect(response.rules.map((r) => r.status)).toEqual(vector.patchedTargets.map(() => 'pass'));
      expect(response.rules.map((r) => r.patchedTarget)).toEqual(vector.patchedTargets);
      expect(response.patchedResource).toEqual(vector.trigger);
    });
  });
});
