/**
 * @file Kyverno's arithmetic functions: add, subtract, multiply, divide, modulo and sum on
 * numbers, quantities and durations (operand rules in `arithmetic-operands.ts`), and round.
 */
import { goPowInt, goRound } from '../../../util/go-math.js';
import { isJsonArray } from '../values.js';
import {
  type Operand,
  addOperands,
  divideOperands,
  moduloOperands,
  multiplyOperands,
  parseOperands,
  subtractOperands,
} from './arithmetic-operands.js';
import { functionError, typeMismatchError } from './errors.js';
import { intNumber } from './go-numbers.js';
import type { KyvernoFunction } from './kyverno-function.js';

const ANY = { types: ['any'] } as const;
const NUMBER = { types: ['number'] } as const;

type Operation = (name: string, x: Operand, y: Operand) => unknown;

function binary(name: string, operation: Operation, note: string): KyvernoFunction {
  return {
    name,
    args: [ANY, ANY],
    handler: ([a, b]) => operation(name, ...parseOperands(name, a, b)),
    returnType: ['any'],
    note,
  };
}

/** `sum`: one element is returned as is; more are folded with `add`, reporting as `sum`. */
function sum(items: unknown): unknown {
  if (!isJsonArray(items)) throw typeMismatchError('sum');
  if (items.length === 0) throw functionError('sum', 'at least one element in the array is required');
  let result = items[0];
  for (let i = 1; i < items.length; i++) result = addOperands('sum', ...parseOperands('sum', result, items[i]));
  return result;
}

/** `round(x, places)`: `math.Round(x × 10^places) / 10^places` with Go's `math.Pow`. */
function round(x: number, places: number): number {
  let n: number;
  try {
    n = intNumber(places);
  } catch {
    throw functionError('round', 'Non-integer argument(s) passed for round off');
  }
  // Kyverno formats this error without its arguments, so Go prints %!d(MISSING).
  if (n < 0) throw functionError('round', '%!d(MISSING) argument is out of bounds (%!d(MISSING))');
  const shift = goPowInt(10, n);
  return goRound(x * shift) / shift;
}

export const ARITHMETIC_FUNCTIONS: readonly KyvernoFunction[] = [
  binary('add', addOperands, 'does arithmetic addition of two specified values of numbers, quantities, and durations'),
  {
    name: 'sum',
    args: [{ types: ['array'] }],
    handler: ([items]) => sum(items),
    returnType: ['any'],
    note: 'does arithmetic addition of specified array of values of numbers, quantities, and durations',
  },
  binary(
    'subtract',
    subtractOperands,
    'does arithmetic subtraction of two specified values of numbers, quantities, and durations',
  ),
  binary(
    'multiply',
    multiplyOperands,
    'does arithmetic multiplication of two specified values of numbers, quantities, and durations',
  ),
  binary('divide', divideOperands, 'divisor must be non zero'),
  binary('modulo', moduloOperands, 'divisor must be non-zero, arguments must be integers'),
  {
    name: 'round',
    args: [NUMBER, NUMBER],
    handler: ([x, places]) => round(x as number, places as number),
    returnType: ['number'],
    note: 'does roundoff to upto the given decimal places',
  },
];
