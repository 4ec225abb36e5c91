/**
 * @file Extraction of the pod spec and metadata from a resource, as Kyverno's `getSpec`
 * (kyverno/kyverno pkg/engine/handlers/validation/validate_pss.go): Pod → itself; DaemonSet, Deployment,
 * Job, StatefulSet, ReplicaSet, ReplicationController → `spec.template` (decoded as an apps/v1
 * Deployment); CronJob → `spec.jobTemplate.spec.template.spec` with **`spec.jobTemplate.metadata`** as
 * metadata. Decoding follows Go's `encoding/json` into the typed structs (see go-decoder.ts) for the
 * fields the checks read.
 */
import type { JsonObject } from '../../../../../types.js';
import type { Pod } from './pod-model.js';
/** A pod and where its spec and metadata live in the resource (JSON field names from the root). */
export interface ExtractedPod {
    pod: Pod;
    specRoot: readonly string[];
    metaRoot: readonly string[];
}
/** Whether `kind` is one of the controllers whose pod is `spec.template`. */
export declare function isTemplateKind(kind: string): boolean;
/** The resource's `kind` as `unstructured.GetKind()` reads it (`""` unless a string). */
export declare function resourceKind(resource: JsonObject): string;
/**
 * Extracts the pod of `resource`. Throws `GoDecodeError` for an unsupported kind
 * (`could not find correct resource type`) or a field of the wrong JSON type.
 */
export declare function extractPod(resource: JsonObject): ExtractedPod;
