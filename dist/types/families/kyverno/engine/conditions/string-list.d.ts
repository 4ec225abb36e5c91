/**
 * @file JSON-encoded string lists in condition values (`"[\"a\", \"b\"]"`, typically a ConfigMap
 * entry), decoded as Go's `json.Unmarshal` into a `[]string` does: `null` is an empty list, `null`
 * elements become `""`, anything else that is not an array of strings is an error.
 */
/** The result of trying to decode a string as a JSON string list. */
export type StringListDecoding = {
    kind: 'list';
    list: string[];
} | {
    kind: 'invalid-json';
} | {
    kind: 'not-a-string-list';
};
/** Decodes `text` as `json.Unmarshal(text, &[]string{})` would. */
export declare function decodeStringList(text: string): StringListDecoding;
