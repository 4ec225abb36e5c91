import { describe, expect, it } from 'vitest';
import { COST_LIMIT_EXCEEDED } from '../../../../src/lang/cel/budget.js';
import { createCelEnvironment } from '../../../../src/lang/cel/environment.js';
import { KUBERNETES_LIBRARIES } from '../../../../src/lang/cel/kubernetes/index.js';

/** Runs `expression` with `object` bound, under the default budget (1,000,000) or none. */
function run(expression: string, object: unknown, costLimit?: number | null) {
  const env = createCelEnvironment({ libraries: KUBERNETES_LIBRARIES, variables: { object: 'dyn' }, costLimit });
  const compiled = env.compile(expression);
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.program.evaluate({ object });
}

const big = 'a'.repeat(12_000_000);

/** Calls charged as k8s.io/apiserver/pkg/cel/library/cost.go `CallCost` charges them. */
describe('Kubernetes library calls charge the runtime budget', () => {
  const overBudget: [string, unknown][] = [
    // find/findAll: ⌈(1 + size) × 0.1⌉ × ⌈regex size × 0.25⌉, charged before matching.
    ["object.findAll('a')", big],
    ["object.find('b')", big],
    // isSorted/sum/min/max: a traversal of the list.
    ['object.sum()', Array.from({ length: 1_100_000 }, () => 1)],
    ['object.isSorted()', Array.from({ length: 1_100_000 }, () => 'abcdefghijklmnopqrstu')],
    // Parsing functions: a traversal of the string.
    ['isQuantity(object)', big],
    ['isURL(object)', big],
    ['isIP(object)', big],
    ['isSemver(object)', big],
    ['jsonpatch.escapeKey(object)', big],
    // validate: string cost × regex size cost.
    ['format.dns1123Label().validate(object)', 'a'.repeat(2_000_000)],
  ];
  it.each(overBudget)('%s fails with the cost error', (expression, object) => {
    const started = performance.now();
    expect(run(expression, object)).toEqual({ ok: false, error: expect.objectContaining({ message: COST_LIMIT_EXCEEDED }) });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('leaves ordinary calls within the budget', () => {
    expect(run("object.findAll('[0-9]+').size()", 'a1b22c333'.repeat(1000))).toEqual({ ok: true, value: 3000n });
    expect(run('object.sum()', Array.from({ length: 1000 }, () => 1))).toEqual({ ok: true, value: 1000 });
  });

  it('charges nothing without a budget', () => {
    expect(run("object.find('b')", big, null)).toEqual({ ok: true, value: '' });
  });
});
