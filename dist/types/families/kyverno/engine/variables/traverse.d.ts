/**
 * What a traversal does to each leaf (`isKey` false) and map key (`isKey` true); it may return a
 * `SubstitutionFailure` to stop the traversal.
 */
export interface LeafAction {
    leaf(value: unknown, path: string, isKey: boolean): unknown;
    /**
     * Whether the action leaves every leaf and key of `value` (a map or list) as it is: the traversal then
     * keeps `value` itself instead of a copy (its result may share structure with its input).
     */
    unchanged?(value: object): boolean;
}
/**
 * Applies `action` to every leaf and key of `document`; returns the new document. A
 * `SubstitutionFailure` from the action stops the traversal and is returned.
 */
export declare function traverse(document: unknown, path: string, action: LeafAction): unknown;
/** Calls `visit` for every leaf and map key of `document` with Kyverno's traversal paths. */
export declare function visitLeavesAndKeys(document: unknown, visit: (value: unknown, path: string) => void, path?: string): void;
