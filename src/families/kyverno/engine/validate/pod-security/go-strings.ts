/**
 * @file `sets.NewString(...).List()` of the Pod Security port, in Go's string ordering (bytes of
 * UTF-8, i.e. code points).
 */
import { compareGoStrings } from '../../../../../util/go-json.js';

/** `sets.NewString(items...).List()`: distinct and sorted. */
export function sortedSet(items: Iterable<string>): string[] {
  return [...new Set(items)].sort(compareGoStrings);
}
