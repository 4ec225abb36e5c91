/**
 * @file `{{ }}` variable substitution (Kyverno `pkg/engine/variables/vars.go` `substituteVariablesIfAny`):
 * innermost variables first with re-scans, a string that is exactly one variable takes the query result
 * with its type, other results are rendered with Go's JSON encoder, `\{{` escapes, shallow `{{- x }}`,
 * `{{@}}`, and the DELETE rewrite of `request.object` into `request.oldObject`.
 */
import type { JsonValue } from '../../../../types.js';
import { type JsonContext } from '../context/json-context.js';
import { SubstitutionFailure } from './errors.js';
interface SubstituteOptions {
    /**
     * `request.operation`, when the caller knows it; otherwise it is read from the context, as
     * Kyverno's `IsDeleteRequest` does. `DELETE` rewrites `request.object` to `request.oldObject`.
     */
    operation?: string;
}
/**
 * Kyverno `SubstituteAll`: the `$( )` reference pass, then the `{{ }}` variable pass. The input is
 * never mutated; the result may share unchanged parts with it (or be it). Throws
 * `SubstitutionError` with Kyverno's message.
 */
export declare function substituteAll(document: JsonValue, context: JsonContext, options?: SubstituteOptions): JsonValue;
/**
 * As `substituteAll`, but a variable that cannot be resolved is returned as a `SubstitutionFailure`
 * (with the message `substituteAll` would throw) instead of thrown; other errors are still thrown.
 */
export declare function trySubstituteAll(document: JsonValue, context: JsonContext, options?: SubstituteOptions): JsonValue | SubstitutionFailure;
/**
 * Whether any string or key of `document` contains `{{` or `$(`, i.e. whether substitution can
 * change it; documents without either are returned unchanged by `substituteAll`.
 */
export declare function hasVariables(document: JsonValue): boolean;
export {};
