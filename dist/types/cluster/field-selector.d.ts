/**
 * @file Kubernetes field selectors in their string form, as `fieldSelector=` query parameters carry
 * them (k8s.io/apimachinery `fields.ParseSelector`): comma-separated `field=value`, `field==value`,
 * `field!=value` terms, `\,` `\=` `\\` escapes in values. Every resource supports `metadata.name` and
 * `metadata.namespace`; a few kinds support more fields, as the API server registers them.
 */
import type { JsonObject } from '../types.js';
/** A parsed field selector: tells whether an object matches. */
export type FieldPredicate = (object: JsonObject) => boolean;
/**
 * Parses a field selector for a resource (`group`, `plural`); throws `SelectorError` when it does not
 * parse or names a field the resource does not support.
 */
export declare function parseFieldSelector(text: string, group: string, plural: string): FieldPredicate;
