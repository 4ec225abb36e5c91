/**
 * The shape check and Kyverno's policy validation over every ClusterPolicy/Policy of the real kyverno/policies
 * and kyverno/kyverno CLI suites. All of them are valid upstream (the suites expect results from them), so
 * neither check may reject any.
 */
import { describe, expect, it } from 'vitest';
import { checkPolicy } from '../../../../src/families/kyverno/policy/check.js';
import type { Policy } from '../../../../src/families/kyverno/policy/types.js';
import { validatePolicy } from '../../../../src/families/kyverno/policy/validate.js';
import { corpusAvailable, corpusPolicies } from './corpus-policies.js';

describe.skipIf(!corpusAvailable)('policy checks on the corpus', () => {
  it('finds every policy document', () => {
    expect(corpusPolicies().length).toBeGreaterThan(400);
  });

  it('checkPolicy reports no problem', () => {
    const problems = corpusPolicies().flatMap(({ file, index, doc }) =>
      checkPolicy(doc).map((problem) => `${file}#${index}: ${problem.message}`),
    );
    expect(problems).toEqual([]);
  });

  it('validatePolicy rejects no policy', () => {
    const rejected = corpusPolicies().flatMap(({ file, index, doc }) => {
      const error = validatePolicy(doc as unknown as Policy);
      return error === null ? [] : [`${file}#${index}: ${error}`];
    });
    expect(rejected).toEqual([]);
  });
});
