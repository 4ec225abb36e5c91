/**
 * @file Splitting of values-file keys into path segments, as Kyverno's `AddVariable` does with Go's
 * `encoding/csv` reader and `.` as the separator: `a.b.c` → `a`, `b`, `c`; `"a.b".c` → `a.b`, `c`
 * (`""` inside quotes is a quote). Only the first record counts. Errors carry Go's csv texts.
 */
/**
 * The fields of the first CSV record of `key`. Throws an `Error` with Go's text: `EOF` for an
 * empty key, `parse error on line 1, column N: bare " in non-quoted-field`, ...
 */
export declare function splitDottedKey(key: string): string[];
