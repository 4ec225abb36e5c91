/** `sets.NewString(items...).List()`: distinct and sorted. */
export declare function sortedSet(items: Iterable<string>): string[];
