/**
 * @file The `AnyNotIn` operator (pkg/engine/variables/operator/anynotin.go): true when some key
 * element matches no value element. Values of an unsupported type are false, not "not in".
 */
import type { JsonValue } from '../../../../types.js';
/** `key AnyNotIn value`. */
export declare function evaluateAnyNotIn(key: JsonValue, value: JsonValue): boolean;
