/** @file Resource paths as segments, shared by `locate()` and the recorded source ranges. */

/** A map key or a list index. */
export type Segment = string | number;

/** Path segments: a Kyverno path string is split on `/`, dropping the leading and trailing one. */
export function segmentsOf(path: string | readonly Segment[]): Segment[] {
  if (typeof path !== 'string') return [...path];
  const parts = path.split('/');
  if (parts[0] === '') parts.shift();
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}
