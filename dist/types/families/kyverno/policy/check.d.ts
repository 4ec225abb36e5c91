/**
 * @file Shape check of a ClusterPolicy/Policy document against the Kyverno CRD schema, as the Kyverno CLI
 * does when it loads policies (strict decoding: unknown fields, types, required fields, enums, `oneOf` and
 * `not` constraints). Every problem carries the JSON path of the offending node so that the caller can
 * point at a file and line. Free-form values (patterns, patches, generate data, condition keys and values)
 * are not looked into. `null` fields count as absent, as the API server prunes them; `null` list items
 * are type errors.
 */
import type { JsonObject, JsonValue } from '../../../types.js';
/** One schema violation in a policy document. */
interface PolicyProblem {
    message: string;
    /** JSON path of the offending node from the document root, e.g. `['spec', 'rules', 0, 'name']`. */
    path: (string | number)[];
}
/** Renders a path the way Kubernetes field errors do: `spec.rules[0].match.any[1]`. */
export declare function formatPath(path: readonly (string | number)[]): string;
/** The type of a JSON value as type errors name it (`integer` for whole numbers). */
export declare function jsonType(value: JsonValue): string;
/**
 * Checks a `kyverno.io/v1` or `kyverno.io/v2beta1` ClusterPolicy/Policy document against the CRD schema.
 * Returns every problem found (an empty list for a well-formed document).
 */
export declare function checkPolicy(doc: JsonObject): PolicyProblem[];
/** Checks a PolicyException document against its CRD schema (types and required fields). */
export declare function checkPolicyException(doc: JsonObject): PolicyProblem[];
/**
 * Checks the `metadata` of a manifest as the API server decodes and validates it: a map whose known fields
 * have their types (a string `labels` cannot be decoded into `ObjectMeta`), with a name or a generateName.
 */
export declare function checkObjectMetadata(doc: JsonObject): PolicyProblem[];
export {};
