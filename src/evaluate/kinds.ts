/**
 * @file The one table of policy kinds: every kind Kyverno evaluates as a policy, a policy exception or a
 * policy binding, with the family that evaluates it. Discovery classifies documents with it, the loaders
 * and the scan ask the family registry whether a kind is evaluated, and the `kyverno test` result flags
 * (`isValidatingPolicy`, …) name kinds from it. Kinds: kyverno/kyverno api/kyverno/v1 (ClusterPolicy,
 * Policy), api/kyverno/v2 (PolicyException), api/policies.kyverno.io/v1 (the CEL kinds), and Kubernetes'
 * admissionregistration.k8s.io (ValidatingAdmissionPolicy, MutatingAdmissionPolicy and their bindings).
 */

/** What a document of the kind is to the evaluation. */
export type PolicyKindRole = 'policy' | 'exception' | 'binding';

/** The families of policy kinds: `kyverno` (`kyverno.io`, JMESPath) and `cel` (the CEL kinds). */
export type FamilyName = 'kyverno' | 'cel';

export interface PolicyKind {
  /** The API group (any version of it). */
  group: string;
  kind: string;
  role: PolicyKindRole;
  family: FamilyName;
  /** Whether policies of the kind apply only to resources of their own namespace. */
  namespaced: boolean;
  /** The boolean field of a `kyverno test` result that names a policy of this kind (cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go, `TestResult`). */
  testResultFlag?: string;
}

const kind = (group: string, name: string, role: PolicyKindRole, family: FamilyName, namespaced: boolean, testResultFlag?: string): PolicyKind =>
  testResultFlag === undefined ? { group, kind: name, role, family, namespaced } : { group, kind: name, role, family, namespaced, testResultFlag };

const KYVERNO = 'kyverno.io';
const POLICIES = 'policies.kyverno.io';
const ADMISSION = 'admissionregistration.k8s.io';

/** Every policy kind, in the order of the `kyverno test` result flags (the first flag set names the kind). */
export const POLICY_KINDS: readonly PolicyKind[] = Object.freeze([
  kind(KYVERNO, 'ClusterPolicy', 'policy', 'kyverno', false),
  kind(KYVERNO, 'Policy', 'policy', 'kyverno', true),
  kind(KYVERNO, 'PolicyException', 'exception', 'kyverno', true),
  kind(ADMISSION, 'ValidatingAdmissionPolicy', 'policy', 'cel', false, 'isValidatingAdmissionPolicy'),
  kind(ADMISSION, 'MutatingAdmissionPolicy', 'policy', 'cel', false, 'isMutatingAdmissionPolicy'),
  kind(POLICIES, 'ValidatingPolicy', 'policy', 'cel', false, 'isValidatingPolicy'),
  kind(POLICIES, 'MutatingPolicy', 'policy', 'cel', false, 'isMutatingPolicy'),
  kind(POLICIES, 'GeneratingPolicy', 'policy', 'cel', false, 'isGeneratingPolicy'),
  kind(POLICIES, 'ImageValidatingPolicy', 'policy', 'cel', false, 'isImageValidatingPolicy'),
  kind(POLICIES, 'DeletingPolicy', 'policy', 'cel', false, 'isDeletingPolicy'),
  kind(POLICIES, 'NamespacedValidatingPolicy', 'policy', 'cel', true),
  kind(POLICIES, 'NamespacedMutatingPolicy', 'policy', 'cel', true),
  kind(POLICIES, 'NamespacedGeneratingPolicy', 'policy', 'cel', true),
  kind(POLICIES, 'NamespacedImageValidatingPolicy', 'policy', 'cel', true),
  kind(POLICIES, 'NamespacedDeletingPolicy', 'policy', 'cel', true),
  kind(POLICIES, 'PolicyException', 'exception', 'cel', true),
  kind(ADMISSION, 'ValidatingAdmissionPolicyBinding', 'binding', 'cel', false),
  kind(ADMISSION, 'MutatingAdmissionPolicyBinding', 'binding', 'cel', false),
]);

/** The API group of an `apiVersion` (`""` for the core group `v1`). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

const byGroupAndKind = new Map(POLICY_KINDS.map((entry) => [`${entry.group}/${entry.kind}`, entry]));

/** The policy kind of a document's `apiVersion` and `kind`, if it is one. */
export function policyKindOf(apiVersion: string, kind: string): PolicyKind | undefined {
  return byGroupAndKind.get(`${groupOf(apiVersion)}/${kind}`);
}
