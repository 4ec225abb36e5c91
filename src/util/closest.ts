/**
 * @file "Did you mean …?" suggestions: the candidate nearest to a word by Levenshtein distance (case
 * ignored), offered only when it is close — at most a third of the word's length away (at least 1).
 */

/** Levenshtein distance (insertions, deletions and substitutions of UTF-16 code units). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The candidate nearest to `word` when it is close enough to be a likely typo of it, else null. */
export function closest(word: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const found = editDistance(lower, candidate.toLowerCase());
    if (found < bestDistance) {
      best = candidate;
      bestDistance = found;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : null;
}
