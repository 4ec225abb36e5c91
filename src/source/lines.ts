/**
 * @file Line starts of a text, for turning offsets into lines and columns: computed once per text by
 * their callers, then searched by bisection.
 */

/** The offsets at which the lines of `text` start (the first is 0; only `\n` ends a line). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The 0-based index of the line holding `offset`, given the text's `lineStarts`. */
export function lineIndexAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}
