/** @file Resource paths as segments, shared by `locate()` and the recorded source ranges. */
/** A map key or a list index. */
export type Segment = string | number;
/** Path segments: a Kyverno path string is split on `/`, dropping the leading and trailing one. */
export declare function segmentsOf(path: string | readonly Segment[]): Segment[];
