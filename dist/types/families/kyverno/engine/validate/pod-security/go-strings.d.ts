/**
 * @file Go string primitives the Pod Security port relies on: Go's string ordering (bytes of UTF-8,
 * i.e. code points), `sets.NewString(...).List()` and `fmt`'s `%q`.
 */
/** Go string ordering (UTF-8 bytes, i.e. code points). */
export declare function compareGoStrings(a: string, b: string): number;
/** `sets.NewString(items...).List()`: distinct and sorted. */
export declare function sortedSet(items: Iterable<string>): string[];
/** Go's `%q` / `strconv.Quote` for the strings the checks quote (control characters escaped). */
export declare function goQuote(s: string): string;
