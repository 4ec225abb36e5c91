/**
 * @file Wildcard matching with the semantics of `IGLOU-EU/go-wildcard` v1.0.3, which Kyverno uses for
 * names, namespaces, labels, kinds and pattern strings (`kyverno/kyverno ext/wildcard/match.go`, `Match`).
 *
 * `*` matches any run of characters (possibly empty), `?` matches exactly one character (a Unicode
 * code point, as Go iterates runes). There is no escaping and no character class; matching is
 * case-sensitive and anchored at both ends. The empty pattern matches only the empty string.
 *
 * The matcher is the classic greedy two-pointer algorithm with single-star backtracking, which is
 * equivalent to go-wildcard's recursive matcher for `*`/`?` patterns and runs in O(|pattern|·|text|)
 * worst case without allocating.
 */
/** Reports whether `text` matches the wildcard `pattern` (go-wildcard v1.0.3 `Match`). */
export declare function wildcardMatch(pattern: string, text: string): boolean;
/** Reports whether `s` contains a wildcard character (`*` or `?`), as Kyverno's `ContainsWildcard`. */
export declare function containsWildcard(s: string): boolean;
