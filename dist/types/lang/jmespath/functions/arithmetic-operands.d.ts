import { type QuantityFormat } from '../../../util/quantity.js';
import { type GoDecimal } from './quantity-decimal.js';
export type Operand = {
    kind: 'scalar';
    value: number;
} | {
    kind: 'quantity';
    value: GoDecimal;
    format: QuantityFormat;
} | {
    kind: 'duration';
    value: bigint;
};
/** Both operands of a binary arithmetic function; throws `invalid operand` naming `name`. */
export declare function parseOperands(name: string, a: unknown, b: unknown): [Operand, Operand];
/** `add` (and `sum`, which reports errors under its own name). */
export declare function addOperands(name: string, x: Operand, y: Operand): unknown;
export declare function subtractOperands(name: string, x: Operand, y: Operand): unknown;
export declare function multiplyOperands(name: string, x: Operand, y: Operand): unknown;
export declare function divideOperands(name: string, x: Operand, y: Operand): unknown;
export declare function moduloOperands(name: string, x: Operand, y: Operand): unknown;
