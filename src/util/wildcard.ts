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

const STAR = 0x2a; // '*'
const QUESTION = 0x3f; // '?'

/** Width in UTF-16 code units of the code point starting at `index` of `s`. */
function codePointWidth(s: string, index: number): number {
  const c = s.charCodeAt(index);
  if (c >= 0xd800 && c <= 0xdbff && index + 1 < s.length) {
    const d = s.charCodeAt(index + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

/** Reports whether `text` matches the wildcard `pattern` (go-wildcard v1.0.3 `Match`). */
export function wildcardMatch(pattern: string, text: string): boolean {
  if (pattern.length === 0) return text.length === 0;
  if (pattern === '*' || pattern === text) return true;

  const pLen = pattern.length;
  const tLen = text.length;
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;

  while (t < tLen) {
    if (p < pLen) {
      const pc = pattern.charCodeAt(p);
      if (pc === STAR) {
        starP = p;
        starT = t;
        p++;
        continue;
      }
      if (pc === QUESTION) {
        p++;
        t += codePointWidth(text, t);
        continue;
      }
      if (pc === text.charCodeAt(t)) {
        p++;
        t++;
        continue;
      }
    }
    if (starP < 0) return false;
    // Let the last star absorb one more code point and retry from just after it.
    starT += codePointWidth(text, starT);
    t = starT;
    p = starP + 1;
  }
  while (p < pLen && pattern.charCodeAt(p) === STAR) p++;
  return p === pLen;
}

/** Reports whether `s` contains a wildcard character (`*` or `?`), as Kyverno's `ContainsWildcard`. */
export function containsWildcard(s: string): boolean {
  return s.includes('*') || s.includes('?');
}
