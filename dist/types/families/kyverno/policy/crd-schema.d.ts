/**
 * @file The OpenAPI schema of the Kyverno `ClusterPolicy`/`Policy` CRDs (kyverno/kyverno
 * config/crds/kyverno/kyverno.io_clusterpolicies.yaml and kyverno.io_policies.yaml, versions `v1` and
 * `v2beta1`), transcribed into a compact structural form: property names, types, enums, required fields,
 * `oneOf`/`not` constraints, and where unknown fields are preserved (free-form patterns, patches, data,
 * condition keys and values). Descriptions and defaults are left out.
 */
/** A node of the structural schema. */
export type SchemaNode = {
    readonly type: 'string';
    readonly enum?: readonly string[];
    readonly maxLength?: number;
} | {
    readonly type: 'boolean';
} | {
    readonly type: 'integer';
    readonly minimum?: number;
}
/** `x-kubernetes-preserve-unknown-fields` without a type: any JSON value. */
 | {
    readonly type: 'any';
} | {
    readonly type: 'array';
    readonly items: SchemaNode;
}
/** `additionalProperties`: a map whose values all follow one schema. */
 | {
    readonly type: 'map';
    readonly values: SchemaNode;
} | ObjectSchema;
export interface ObjectSchema {
    readonly type: 'object';
    readonly properties: Readonly<Record<string, SchemaNode>>;
    readonly required?: readonly string[];
    /** `x-kubernetes-preserve-unknown-fields: true`: fields not listed are accepted. */
    readonly preserveUnknown?: boolean;
    /** `oneOf: [{required: [a]}, {required: [b]}, ...]`: exactly one of these fields. */
    readonly oneOfRequired?: readonly string[];
    /** `not: {required: [a, b]}`: these fields may not all be present. */
    readonly notAllOf?: readonly string[];
}
/** Condition operators of the `kyverno.io/v1` Condition enum. */
export declare const CONDITION_OPERATORS_V1: readonly string[];
/** Kubernetes `ObjectMeta`, as the CLI's schema validation knows it. */
export declare const OBJECT_META: ObjectSchema;
/** The document schema per served API version (ClusterPolicy and Policy share it). */
export declare const POLICY_SCHEMAS: Readonly<Record<string, ObjectSchema>>;
/**
 * The PolicyException CRD (config/crds/kyverno/kyverno.io_policyexceptions.yaml, versions `v2` and
 * `v2beta1`): the fields and their types. Condition operators and the list of rule names are left loose,
 * as the exception decoder accepts them.
 */
export declare const POLICY_EXCEPTION_SCHEMA: ObjectSchema;
