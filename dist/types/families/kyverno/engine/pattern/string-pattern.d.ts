import { type Quantity } from '../../../../util/quantity.js';
/** Kyverno's comparison operators (`operator.Operator`); `''` is equality, `!` inequality. */
export type ComparisonOperator = '' | '>=' | '<=' | '>' | '<' | '!';
export interface Comparison {
    readonly kind: 'comparison';
    readonly operator: ComparisonOperator;
    /** The operand text, operator and surrounding white space removed. */
    readonly operand: string;
    /** The operand as a Go duration (nanoseconds), when it parses as one. */
    readonly duration: bigint | null;
    /** The operand as a quantity, when it parses as one. */
    readonly quantity: Quantity | null;
}
/** `a-b` (`>= a` and `<= b`) or `a!-b` (`< a` or `> b`). */
interface Range {
    readonly kind: 'inRange' | 'notInRange';
    readonly low: Comparison;
    readonly high: Comparison;
}
export type Condition = Comparison | Range;
/** A compiled string pattern: true when any alternative has all its conditions true. */
interface StringPattern {
    readonly alternatives: readonly (readonly Condition[])[];
}
/** Compiles (or fetches from the cache) a string pattern. */
export declare function compileStringPattern(pattern: string): StringPattern;
export {};
