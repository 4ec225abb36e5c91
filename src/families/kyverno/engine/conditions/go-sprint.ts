/**
 * @file Go `fmt.Sprint` of JSON-decoded values, as Kyverno's set operators render keys and values
 * before comparing them as strings (`fmt.Sprint(v)` in pkg/engine/variables/operator): float64 as
 * `%v` (`1e+06`, `1.5`), objects and arrays in Go syntax (`map[a:1 b:x]`, `[a b]`, keys sorted),
 * nil as `<nil>`.
 */
import type { JsonValue } from '../../../../types.js';
import { formatFloatG } from '../../../../util/go-format.js';

/** Go `fmt.Sprint(v)` of a JSON-decoded value (`interface{}` holding float64, int64, string, bool, nil, map, slice). */
export function goSprint(v: JsonValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatFloatG(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goSprint).join(' ')}]`;
  const keys = Object.keys(v).sort(compareGoStrings);
  return `map[${keys.map((k) => `${k}:${goSprint(v[k]!)}`).join(' ')}]`;
}

/** Go string ordering: bytewise UTF-8, i.e. code point order (JavaScript's `<` orders UTF-16 units). */
function compareGoStrings(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}
