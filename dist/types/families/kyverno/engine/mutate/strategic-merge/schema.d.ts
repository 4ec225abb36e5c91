/**
 * @file The part of kyaml's built-in Kubernetes v1.21.2 OpenAPI schema that `patchStrategicMerge`
 * depends on (`kubernetesapi.DefaultOpenAPI` of kubernetes-sigs/kustomize
 * kyaml/openapi/kubernetesapi/openapiinfo.go, kyaml v0.21.1, as kyaml/yaml/walk/walk.go `Walker.Walk`
 * reads it through kyaml/yaml/schema/schema.go `IsAssociative` and kyaml/openapi/openapi.go
 * `ResourceSchema.PatchStrategyAndKeyList`): which list fields are associative
 * (`x-kubernetes-patch-strategy` containing `merge`) and their merge keys (`x-kubernetes-list-map-keys`,
 * else `x-kubernetes-patch-merge-key`). Every field not described here is atomic, and kinds that are not
 * listed (CRDs, `autoscaling/v2` …) have no schema at all.
 */
/** A schema node: object properties, list element schema, and the list's patch strategy and keys. */
export interface SchemaNode {
    readonly fields?: Readonly<Record<string, SchemaNode>>;
    readonly items?: SchemaNode;
    /** `x-kubernetes-patch-strategy` of a list field (`merge`, `merge,retainKeys`). */
    readonly strategy?: string;
    /** Merge keys; empty for a primitive set (`finalizers`). */
    readonly keys?: readonly string[];
}
/** `openapi.SchemaForResourceType`: the schema of a kind, or `null` when the 1.21.2 schema lacks it. */
export declare function schemaForResourceType(apiVersion: string, kindName: string): SchemaNode | null;
/** `ResourceSchema.Field`. */
export declare function fieldSchema(schema: SchemaNode | null, key: string): SchemaNode | null;
/** `schema.IsAssociative` with inference off: the field's strategy contains `merge`. */
export declare function isAssociative(schema: SchemaNode | null): boolean;
