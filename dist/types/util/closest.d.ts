/**
 * @file "Did you mean …?" suggestions: the candidate nearest to a word by Levenshtein distance (case
 * ignored), offered only when it is close — at most a third of the word's length away (at least 1).
 */
/** The candidate nearest to `word` when it is close enough to be a likely typo of it, else null. */
export declare function closest(word: string, candidates: Iterable<string>): string | null;
