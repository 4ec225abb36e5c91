/**
 * @file Scalar comparison of a resource value with a pattern value, as Kyverno's `pattern.Validate`
 * (kyverno/kyverno `pkg/engine/pattern/pattern.go`: `Validate`, the string patterns of
 * `validateStringPatterns`, and `compareDuration`, `compareQuantity`). Patterns decode as float64;
 * resource numbers are float64 or int64 according to the number mode (`kyverno test` vs `kyverno apply`).
 */
import type { JsonValue, NumberMode } from '../../../../types.js';
/**
 * Reports whether a resource value satisfies a scalar pattern value (Kyverno `pattern.Validate`).
 * `undefined` stands for a missing key and behaves as `null`. An object pattern accepts any object;
 * an array pattern never matches.
 */
export declare function validateValue(value: JsonValue | undefined, pattern: JsonValue, numberMode: NumberMode): boolean;
