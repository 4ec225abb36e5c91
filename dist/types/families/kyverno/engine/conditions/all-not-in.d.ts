/**
 * @file The `AllNotIn` operator (pkg/engine/variables/operator/allnotin.go): true when no key
 * element matches any value element. Values of an unsupported type are false, not "not in".
 */
import type { JsonValue } from '../../../../types.js';
/** `key AllNotIn value`. */
export declare function evaluateAllNotIn(key: JsonValue, value: JsonValue): boolean;
