/**
 * @file `$( ... )` references to other fields of the same document (Kyverno `vars.go`
 * `substituteReferencesIfAny`, `resolveReference`): the reference path, relative to the field's own
 * path, is looked up among the document's leaves (anchors ignored); an operator prefix (`>=`, `<=`,
 * `>`, `<`, `!`) is kept in front of the value. `\$(...)` is an escape.
 */
import type { JsonValue } from '../../../../types.js';
/** The `$( )` pass of substitution over a whole document. Throws `SubstitutionError`. */
export declare function substituteReferences(document: JsonValue): JsonValue;
