/**
 * @file The labels the generate controller writes (kyverno/kyverno pkg/background/common/labels.go and
 * constants.go, pkg/background/generate/source.go): on every generated object the `managed-by` label and
 * the policy/rule/trigger labels, on cloned objects the source labels, on clone sources the clone-source tag.
 */
import type { JsonObject } from '../../../../types.js';
/** The policy a generated object belongs to: its name and namespace (`""` for a ClusterPolicy). */
export interface PolicyIdentity {
    name: string;
    namespace: string;
}
/**
 * Kyverno `ManageLabels`: keeps the object's labels and sets `managed-by: kyverno`, the policy and rule
 * labels and the trigger labels (version, group, kind, namespace, uid).
 */
export declare function manageLabels(object: JsonObject, trigger: JsonObject, policy: PolicyIdentity, ruleName: string): void;
/** Kyverno `addSourceLabels`: where a cloned object comes from. */
export declare function addSourceLabels(object: JsonObject): void;
/** Kyverno `updateSourceLabel` (`TagSource`): marks a clone source. */
export declare function tagCloneSource(object: JsonObject): void;
