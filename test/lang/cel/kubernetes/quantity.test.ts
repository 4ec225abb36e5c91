import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  amountAsApproximateFloat,
  amountAsInt64,
  compareAmounts,
  parseQuantityAmount,
  QUANTITY_ERRORS,
  quantityLibrary,
} from '../../../../src/lang/cel/kubernetes/quantity.js';
import { type Case, expectOutcome } from './run.js';

const libraries = [quantityLibrary];

/** k8s.io/apiserver/pkg/cel/library/quantity_test.go, `TestQuantity`. */
const kubernetesCases: Case[] = [
  ['quantity("12Mi") == quantity("12582912")', { value: true }],
  ['quantity("10Mo")', { runtimeError: /^quantities must match the regular expression/ }],
  ['quantity("10Mm")', { runtimeError: "unable to parse quantity's suffix" }],
  ['isQuantity("20")', { value: true }],
  ['isQuantity("20M")', { value: true }],
  ['isQuantity("20Mi")', { value: true }],
  ['isQuantity("20Mo")', { value: false }],
  ['isQuantity("10Mm")', { value: false }],
  ['isQuantity([1, 2, 3])', { compileError: /found no matching overload for 'isQuantity\(list<int>\)'/ }],
  ['quantity("200M") == quantity("200M")', { value: true }],
  ['quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")', { value: true }],
  ['quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")', { value: true }],
  ['quantity("200M") == quantity("0.3G")', { value: false }],
  ['quantity("50M").isLessThan(quantity("50Mi"))', { value: true }],
  ['quantity("50M").isLessThan(quantity("100M"))', { value: true }],
  ['quantity("100M").isLessThan(quantity("50M"))', { value: false }],
  ['quantity("50Mi").isGreaterThan(quantity("50M"))', { value: true }],
  ['quantity("150Mi").isGreaterThan(quantity("100Mi"))', { value: true }],
  ['quantity("50M").isGreaterThan(quantity("100M"))', { value: false }],
  ['quantity("200M").compareTo(quantity("0.2G"))', { value: 0n }],
  ['quantity("50M").compareTo(quantity("50Mi"))', { value: -1n }],
  ['quantity("50Mi").compareTo(quantity("50M"))', { value: 1n }],
  ['quantity("50k").add(quantity("20")) == quantity("50.02k")', { value: true }],
  ['quantity("50k").add(20).isLessThan(quantity("50020"))', { value: false }],
  ['quantity("50k").sub(quantity("20")) == quantity("49.98k")', { value: true }],
  ['quantity("50k").sub(20) == quantity("49980")', { value: true }],
  ['quantity("50k").add(20).sub(quantity("100k")).asInteger()', { value: -49980n }],
  ['quantity("50k").add(20).sub(quantity("100k")).sub(-50000).asInteger()', { value: 20n }],
  ['quantity("50k").asInteger()', { value: 50000n }],
  ['quantity("9999999999999999999999999999999999999G").asInteger()', { runtimeError: 'cannot convert value to integer' }],
  ['quantity("9999999999999999999999999999999999999G").isInteger()', { value: false }],
  ['quantity("50").isInteger()', { value: true }],
  ['quantity("50.703k").asApproximateFloat()', { value: 50703 }],
  [
    '[quantity("9999999999999999999999999999999999999")].all(x, x.add(quantity("1")).compareTo(x.add(quantity("2"))) == -1)',
    { value: true },
  ],
];

/** k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go, "quantity" (self.val1 = "20", self.val2 = "200M"). */
const crdCases: Case[] = [
  ['isQuantity(self.val1)', { value: true }],
  ['isQuantity(self.val2)', { value: true }],
  ['isQuantity("20Mi")', { value: true }],
  ['quantity(self.val2) == quantity("0.2G") && quantity("0.2G") == quantity("200M")', { value: true }],
  ['quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")', { value: true }],
  ['quantity(self.val1).isLessThan(quantity("100M"))', { value: true }],
  ['quantity(self.val2).isGreaterThan(quantity("50M"))', { value: true }],
  ['quantity(self.val2).compareTo(quantity("0.2G")) == 0', { value: true }],
  ['quantity("50k").add(quantity(self.val1)) == quantity("50.02k")', { value: true }],
  ['quantity("50k").sub(quantity(self.val1)) == quantity("49980")', { value: true }],
  ['quantity(self.val1).isInteger()', { value: true }],
];

/** Documented examples (quantity.go) and type rules of the declarations. */
const moreCases: Case[] = [
  ["quantity('200K')", { runtimeError: "unable to parse quantity's suffix" }],
  ["quantity('Three')", { runtimeError: /^quantities must match/ }],
  // quantity.go documents `quantity('Mi')` as an error, but ParseQuantity reads a suffix without digits as 0.
  ["quantity('Mi') == quantity('0')", { value: true }],
  ["isQuantity('1,3G')", { value: false }],
  ["isQuantity('10000k')", { value: true }],
  ['quantity("50000000G").isInteger()', { value: true }],
  ['quantity("50k").sub(20000).asApproximateFloat() == 30000.0', { value: true }],
  ['quantity("50k").add(20).sub(quantity("100k")).sub(-50000) == quantity("20")', { value: true }],
  // `sign` is a global function (`cel.Overload("quantity_sign", …)`), not a member.
  ['sign(quantity("-3"))', { value: -1n }],
  ['sign(quantity("0"))', { value: 0n }],
  ['sign(quantity("1m"))', { value: 1n }],
  ['quantity("1").sign()', { compileError: /no matching overload/ }],
  // Type errors are compile errors.
  ['quantity("1").isGreaterThan(1)', { compileError: /no matching overload for 'kubernetes\.Quantity\.isGreaterThan\(int\)'/ }],
  ['quantity("1").add(1.0)', { compileError: /no matching overload/ }],
  ['quantity(1)', { compileError: /no matching overload/ }],
  ['quantity("1") == 1', { compileError: /no such overload/ }],
  // Representation: an int64Amount with a negative scale, or an inf.Dec, is never an integer.
  ['quantity("1.0").isInteger()', { value: false }],
  ['quantity("1000m").isInteger()', { value: false }],
  ['quantity("1.5k").asInteger()', { value: 1500n }],
  ['quantity("1.5Ki").isInteger()', { value: false }],
  ['quantity("1Ki").asInteger()', { value: 1024n }],
  ['quantity("922337203685477580").asInteger()', { value: 922337203685477580n }],
  // 19 digits leave the int64 fast path: an inf.Dec, whatever its value.
  ['quantity("1000000000000000000").isInteger()', { value: false }],
  ['quantity("1e3").asInteger()', { value: 1000n }],
  ['quantity("1e19").isInteger()', { value: false }],
  ['quantity("0.1").asApproximateFloat()', { value: 0.1 }],
  ['quantity("1n").asApproximateFloat()', { value: 1e-9 }],
  ['quantity("1e400").asApproximateFloat()', { value: Infinity }],
  // `add`/`sub` return a *Quantity, which Quantity.Equal does not accept as its operand.
  ['quantity("1") == quantity("0").add(1)', { runtimeError: 'no such overload' }],
  ['quantity("1") != quantity("2").sub(1)', { runtimeError: 'no such overload' }],
  ['quantity("0").add(1) == quantity("1")', { value: true }],
  ['dyn(quantity("1")) == quantity("1000m")', { value: true }],
  ['type(quantity("1")) == type(quantity("2"))', { value: true }],
];

describe('Quantity library', () => {
  it.each(kubernetesCases)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome));
  it.each(crdCases)('%s', (expression, outcome) =>
    expectOutcome(libraries, expression, outcome, { self: { val1: '20', val2: '200M' } }, { self: 'dyn' }),
  );
  it.each(moreCases)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome));
});

describe('parseQuantityAmount keeps resource.Quantity representation', () => {
  const cases: [string, ReturnType<typeof parseQuantityAmount>][] = [
    ['0', { dec: false, value: 0n, scale: 0 }],
    ['1.0', { dec: false, value: 10n, scale: -1 }],
    ['50k', { dec: false, value: 50n, scale: 3 }],
    ['-1.5Gi', { dec: true, unscaled: -1610612736000000000n, scale: 9 }],
    ['12Mi', { dec: false, value: 12582912n, scale: 0 }],
    ['1e-10', { dec: true, unscaled: 1n, scale: 9 }],
    ['.', { dec: false, value: 0n, scale: 0 }],
    ['.e-10', QUANTITY_ERRORS.numeric],
    ['', QUANTITY_ERRORS.format],
    ['1Qi', QUANTITY_ERRORS.format],
    ['1Mm', QUANTITY_ERRORS.suffix],
    ['100Ei', { dec: true, unscaled: 9223372036854775807n, scale: 0 }],
  ];
  it.each(cases)('%s', (input, expected) => expect(parseQuantityAmount(input)).toEqual(expected));

  it('adds int64 amounts exactly and falls back to inf.Dec on overflow', () => {
    const big = parseQuantityAmount('9e18');
    const small = parseQuantityAmount('900000000000000000');
    if (typeof big === 'string' || typeof small === 'string') throw new Error('parse failed');
    expect(big).toEqual({ dec: false, value: 9n, scale: 18 });
    expect(addAmounts(small, small)).toEqual({ dec: false, value: 1800000000000000000n, scale: 0 });
    const sum = addAmounts(big, small);
    expect(sum).toEqual({ dec: true, unscaled: 9900000000000000000n, scale: 0 });
    expect(amountAsInt64(sum)).toBeNull();
    expect(compareAmounts(sum, big)).toBe(1);
    expect(amountAsApproximateFloat(sum)).toBe(9.9e18);
  });
});
