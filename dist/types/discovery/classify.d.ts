/**
 * @file What a YAML document of the repository is, from its `apiVersion` and `kind` alone:
 *
 * - `policy`: a policy of any kind of the policy kinds table (evaluate/kinds.ts): a `kyverno.io`
 *   ClusterPolicy or Policy, a `policies.kyverno.io` CEL kind, a ValidatingAdmissionPolicy or
 *   MutatingAdmissionPolicy (any version), the kinds the Kyverno CLI's policy loader accepts
 *   (kyverno/kyverno cmd/cli/kubectl-kyverno/policy/load.go, `processDocumentItem`);
 * - `exception`: a `kyverno.io` or `policies.kyverno.io` PolicyException (any version);
 * - `binding`: a ValidatingAdmissionPolicyBinding or MutatingAdmissionPolicyBinding;
 * - `cli-file`: an input file of the Kyverno CLI, not a cluster object: `cli.kyverno.io` Test, Values
 *   (and the legacy `Value`), UserInfo, Context and ClusterResource, and any `kind: Test` of a
 *   `kyverno.io` version (older kyverno-test.yaml files say `apiVersion: kyverno.io/v1`);
 * - `manifest`: any other mapping with a non-empty string `apiVersion` and `kind`, except Kustomize's
 *   own files (`kustomize.config.k8s.io` Kustomization and Component), which never reach a cluster;
 * - `other`: anything else (CI workflows, Helm values and `Chart.yaml`, Kustomize files, scalars, lists).
 */
import { type PolicyKind } from '../evaluate/kinds.js';
import type { JsonValue } from '../types.js';
export type DocumentClass = 'policy' | 'exception' | 'binding' | 'cli-file' | 'manifest' | 'other';
/** The class of one document's value (as parsed by `parseDocuments`), with its policy kind for policies, exceptions and bindings. */
export declare function classifyDocument(value: JsonValue): DocumentClass;
/** {@link classifyDocument}, with the row of the policy kinds table when the document is of a policy kind. */
export declare function classifyWithKind(value: JsonValue): {
    class: DocumentClass;
    kind?: PolicyKind;
};
/**
 * Whether the text of a JSON file may hold a Kubernetes object: it has an `"apiVersion"` key. Checked before
 * parsing `.json` files met in a walk, so that tool settings (package.json, tsconfig.json with comments) are
 * neither parsed nor reported, while a truncated or malformed JSON manifest still is.
 */
export declare function mayHoldKubernetesObject(text: string): boolean;
