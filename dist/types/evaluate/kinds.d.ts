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
/** Every policy kind, in the order of the `kyverno test` result flags (the first flag set names the kind). */
export declare const POLICY_KINDS: readonly PolicyKind[];
/** The API group of an `apiVersion` (`""` for the core group `v1`). */
export declare function groupOf(apiVersion: string): string;
/** The policy kind of a document's `apiVersion` and `kind`, if it is one. */
export declare function policyKindOf(apiVersion: string, kind: string): PolicyKind | undefined;
