/**
 * @file Go `fmt.Sprint` of JSON-decoded values, as Kyverno's set operators render keys and values
 * before comparing them as strings (`fmt.Sprint(v)` in pkg/engine/variables/operator): float64 as
 * `%v` (`1e+06`, `1.5`), objects and arrays in Go syntax (`map[a:1 b:x]`, `[a b]`, keys sorted),
 * nil as `<nil>`.
 */
import type { JsonValue } from '../../../../types.js';
/** Go `fmt.Sprint(v)` of a JSON-decoded value (`interface{}` holding float64, int64, string, bool, nil, map, slice). */
export declare function goSprint(v: JsonValue): string;
