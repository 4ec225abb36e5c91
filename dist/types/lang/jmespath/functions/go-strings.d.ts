/**
 * @file Go `strings` and `path/filepath` functions on Unicode code points, as Kyverno's string
 * functions call them: `strings.Replace`, `strings.Trim`, `strings.Split`, rune truncation
 * (`aquilax/truncate` cut strategy) and `filepath.Join` of one element (Linux).
 */
/** Go `strings.Replace(s, old, replacement, n)`: the first `n` occurrences, all when `n < 0`. */
export declare function goReplace(s: string, old: string, replacement: string, n: number): string;
/** Go `strings.Trim(s, cutset)`: strips leading and trailing code points that occur in `cutset`. */
export declare function goTrim(s: string, cutset: string): string;
/** Go `strings.Split(s, sep)`: an empty separator splits into code points. */
export declare function goSplit(s: string, sep: string): string[];
/** The first `length` code points of `s` (`aquilax/truncate` with the cut strategy). */
export declare function truncateRunes(s: string, length: number): string;
/**
 * Go `filepath.Join(p)` on Linux: `filepath.Clean(p)`, except that an empty path stays empty.
 * Collapses repeated `/`, drops `.` elements, resolves `..` (dropped at the root of an absolute
 * path) and removes a trailing `/`.
 */
export declare function filepathJoin(p: string): string;
