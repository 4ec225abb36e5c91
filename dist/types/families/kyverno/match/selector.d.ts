/** apimachinery `IsQualifiedName` (label keys). */
export declare function isQualifiedName(value: string): boolean;
/** apimachinery `IsValidLabelValue`. */
export declare function isValidLabelValue(value: string): boolean;
/**
 * Whether a label selector matches a label set. `selector` is the raw policy value (a non-null object);
 * an invalid selector returns false, as Kyverno's "failed to parse selector" makes the filter fail.
 */
export declare function selectorMatches(selector: object, labels: Readonly<Record<string, string>>): boolean;
/**
 * apimachinery `LabelSelectorAsSelector` as policy validation applies it (before any wildcard rewrite):
 * the error text of an invalid selector, or null. `requirements` is the number of requirements built.
 */
export declare function describeSelector(selector: object): {
    error: string | null;
    requirements: number;
};
