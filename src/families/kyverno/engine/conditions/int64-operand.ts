/**
 * @file The value side of `validateValueWithIntPattern` in equal.go and notequal.go
 * (pkg/engine/variables/operator): what an int64 key is compared with.
 */
import type { JsonValue } from '../../../../types.js';
import { goFloatToInt64, parseGoInt64 } from '../../../../util/go-int64.js';

/**
 * The value as an int64: an int64 as is, a whole float64 converted with Go's `int64(f)`, a string
 * parsed with `strconv.ParseInt(s, 10, 64)`; `null` where Go's comparison fails (a fractional float,
 * an unparsable string, any other type).
 */
export function int64Operand(value: JsonValue): bigint | null {
  switch (typeof value) {
    case 'bigint':
      return value;
    case 'number':
      return Number.isInteger(value) ? goFloatToInt64(value) : null;
    case 'string':
      return parseGoInt64(value);
    default:
      return null;
  }
}
