/**
 * @file The value side of `validateValueWithIntPattern` in equal.go and notequal.go
 * (pkg/engine/variables/operator): what an int64 key is compared with.
 */
import type { JsonValue } from '../../../../types.js';
/**
 * The value as an int64: an int64 as is, a whole float64 converted with Go's `int64(f)`, a string
 * parsed with `strconv.ParseInt(s, 10, 64)`; `null` where Go's comparison fails (a fractional float,
 * an unparsable string, any other type).
 */
export declare function int64Operand(value: JsonValue): bigint | null;
