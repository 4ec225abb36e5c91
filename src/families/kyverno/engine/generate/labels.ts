/**
 * @file The labels the generate controller writes (kyverno/kyverno pkg/background/common/labels.go and
 * constants.go, pkg/background/generate/source.go): on every generated object the `managed-by` label and
 * the policy/rule/trigger labels, on cloned objects the source labels, on clone sources the clone-source tag.
 */
import type { JsonObject } from '../../../../types.js';
import { groupVersion, kindOf, labelsOf, metaString, namespaceOf, nameOf, apiVersionOf, setLabels } from './object.js';

const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
const MANAGED_BY_KYVERNO = 'kyverno';
const POLICY_NAME_LABEL = 'generate.kyverno.io/policy-name';
const POLICY_NAMESPACE_LABEL = 'generate.kyverno.io/policy-namespace';
const RULE_NAME_LABEL = 'generate.kyverno.io/rule-name';
const TRIGGER_GROUP_LABEL = 'generate.kyverno.io/trigger-group';
const TRIGGER_VERSION_LABEL = 'generate.kyverno.io/trigger-version';
const TRIGGER_KIND_LABEL = 'generate.kyverno.io/trigger-kind';
const TRIGGER_NAMESPACE_LABEL = 'generate.kyverno.io/trigger-namespace';
const TRIGGER_UID_LABEL = 'generate.kyverno.io/trigger-uid';
const SOURCE_GROUP_LABEL = 'generate.kyverno.io/source-group';
const SOURCE_VERSION_LABEL = 'generate.kyverno.io/source-version';
const SOURCE_KIND_LABEL = 'generate.kyverno.io/source-kind';
const SOURCE_NAMESPACE_LABEL = 'generate.kyverno.io/source-namespace';
const SOURCE_NAME_LABEL = 'generate.kyverno.io/source-name';
const CLONE_SOURCE_LABEL = 'generate.kyverno.io/clone-source';

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
