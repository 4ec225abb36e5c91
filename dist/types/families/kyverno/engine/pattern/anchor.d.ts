/** Anchor kinds by modifier: none, `<`, `X`, `+`, `=`, `^`. */
export type AnchorType = 'condition' | 'global' | 'negation' | 'addIfNotPresent' | 'equality' | 'existence';
export interface Anchor {
    readonly type: AnchorType;
    /** The inner key (the resource key the anchor refers to). */
    readonly key: string;
}
/** Parses an anchor key (`(name)`, `=(hostNetwork)`, `X(foo)`), or returns `null` for a plain key. */
export declare function parseAnchor(key: string): Anchor | null;
/** Builds the key text of an anchor (`anchor.String`): `=(key)`, `(key)`. */
export declare function anchorString(type: AnchorType, key: string): string;
