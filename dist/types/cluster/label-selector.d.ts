/**
 * @file Kubernetes label selectors in their string form, as `labelSelector=` query parameters carry
 * them (k8s.io/apimachinery `labels.Parse`): comma-separated requirements `key`, `!key`,
 * `key=value`, `key==value`, `key!=value`, `key in (a,b)`, `key notin (a,b)`, `key>n`, `key<n`.
 * An empty selector matches everything.
 */
/** A parsed selector: tells whether a label set matches. */
export type LabelPredicate = (labels: Readonly<Record<string, string>>) => boolean;
/** A selector that does not parse; `message` follows the API server's wording. */
export declare class SelectorError extends Error {
    readonly name = "SelectorError";
}
/** Parses a label selector; throws `SelectorError` for a malformed one. */
export declare function parseLabelSelector(text: string): LabelPredicate;
