/**
 * @file The labels the generate controller writes (kyverno/kyverno pkg/background/common/labels.go and
 * constants.go, pkg/background/generate/source.go): on every generated object the `managed-by` label and
 * the policy/rule/trigger labels, on cloned objects the source labels, on clone sources the clone-source tag.
 */
import type { JsonObject } from '../../../../types.js';
import { groupVersion, kindOf, labelsOf, metaString, namespaceOf, nameOf, apiVersionOf, setLabels } from './object.js';

export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY_KYVERNO = 'kyverno';
export const POLICY_NAME_LABEL = 'generate.kyverno.io/policy-name';
export const POLICY_NAMESPACE_LABEL = 'generate.kyverno.io/policy-namespace';
export const RULE_NAME_LABEL = 'generate.kyverno.io/rule-name';
export const TRIGGER_GROUP_LABEL = 'generate.kyverno.io/trigger-group';
export const TRIGGER_VERSION_LABEL = 'generate.kyverno.io/trigger-version';
export const TRIGGER_KIND_LABEL = 'generate.kyverno.io/trigger-kind';
export const TRIGGER_NAMESPACE_LABEL = 'generate.kyverno.io/trigger-namespace';
export const TRIGGER_UID_LABEL = 'generate.kyverno.io/trigger-uid';
export const SOURCE_GROUP_LABEL = 'generate.kyverno.io/source-group';
export const SOURCE_VERSION_LABEL = 'generate.kyverno.io/source-version';
export const SOURCE_KIND_LABEL = 'generate.kyverno.io/source-kind';
export const SOURCE_NAMESPACE_LABEL = 'generate.kyverno.io/source-namespace';
export const SOURCE_NAME_LABEL = 'generate.kyverno.io/source-name';
export const CLONE_SOURCE_LABEL = 'generate.kyverno.io/clone-source';

/** The policy a generated object belongs to: its name and namespace (`""` for a ClusterPolicy). */
export interface PolicyIdentity {
  name: string;
  namespace: string;
}

/**
 * Kyverno `ManageLabels`: keeps the object's labels and sets `managed-by: kyverno`, the policy and rule
 * labels and the trigger labels (version, group, kind, namespace, uid).
 */
export function manageLabels(object: JsonObject, trigger: JsonObject, policy: PolicyIdentity, ruleName: string): void {
  const labels = labelsOf(object);
  labels[MANAGED_BY_LABEL] = MANAGED_BY_KYVERNO;
  labels[POLICY_NAME_LABEL] = policy.name;
  labels[POLICY_NAMESPACE_LABEL] = policy.namespace;
  labels[RULE_NAME_LABEL] = ruleName;
  const { group, version } = groupVersion(apiVersionOf(trigger));
  labels[TRIGGER_VERSION_LABEL] = version;
  labels[TRIGGER_GROUP_LABEL] = group;
  labels[TRIGGER_KIND_LABEL] = kindOf(trigger);
  labels[TRIGGER_NAMESPACE_LABEL] = namespaceOf(trigger);
  labels[TRIGGER_UID_LABEL] = metaString(trigger, 'uid');
  setLabels(object, labels);
}

/** Kyverno `addSourceLabels`: where a cloned object comes from. */
export function addSourceLabels(object: JsonObject): void {
  const labels = labelsOf(object);
  const { group, version } = groupVersion(apiVersionOf(object));
  labels[SOURCE_GROUP_LABEL] = group;
  labels[SOURCE_VERSION_LABEL] = version;
  labels[SOURCE_KIND_LABEL] = kindOf(object);
  labels[SOURCE_NAMESPACE_LABEL] = namespaceOf(object);
  labels[SOURCE_NAME_LABEL] = nameOf(object);
  setLabels(object, labels);
}

/** Kyverno `updateSourceLabel` (`TagSource`): marks a clone source. */
export function tagCloneSource(object: JsonObject): void {
  const labels = labelsOf(object);
  labels[CLONE_SOURCE_LABEL] = '';
  setLabels(object, labels);
}
