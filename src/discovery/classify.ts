/**
 * @file What a YAML document of the repository is, from its `apiVersion` and `kind` alone:
 *
 * - `policy`: a `kyverno.io` ClusterPolicy or Policy (any version);
 * - `exception`: a `kyverno.io` PolicyException (any version);
 * - `cel-policy`: a kind Kyverno evaluates with CEL, which kyverno-lint reports as an unsupported
 *   policy kind: the `policies.kyverno.io` kinds (ValidatingPolicy, MutatingPolicy, GeneratingPolicy,
 *   DeletingPolicy, ImageValidatingPolicy, their `Namespaced*` variants and the CEL PolicyException)
 *   and the `admissionregistration.k8s.io` ValidatingAdmissionPolicy, MutatingAdmissionPolicy and
 *   their bindings (the CEL kinds the Kyverno CLI policy loader accepts: kyverno/kyverno
 *   cmd/cli/kubectl-kyverno/policy/load.go, `processDocumentItem`);
 * - `cli-file`: an input file of the Kyverno CLI, not a cluster object: `cli.kyverno.io` Test, Values
 *   (and the legacy `Value`), UserInfo, Context and ClusterResource, and any `kind: Test` of a
 *   `kyverno.io` version (older kyverno-test.yaml files say `apiVersion: kyverno.io/v1`);
 * - `manifest`: any other mapping with a non-empty string `apiVersion` and `kind`, except Kustomize's
 *   own files (`kustomize.config.k8s.io` Kustomization and Component), which never reach a cluster;
 * - `other`: anything else (CI workflows, Helm values and `Chart.yaml`, Kustomize files, scalars, lists).
 */
import type { JsonValue } from '../types.js';

export type DocumentClass = 'policy' | 'exception' | 'cel-policy' | 'cli-file' | 'manifest' | 'other';

const KYVERNO_POLICY_KINDS = new Set(['ClusterPolicy', 'Policy']);

/** The policy kinds of `policies.kyverno.io`, evaluated with CEL. */
export const KYVERNO_CEL_POLICY_KINDS: ReadonlySet<string> = new Set([
  'ValidatingPolicy',
  'NamespacedValidatingPolicy',
  'MutatingPolicy',
  'NamespacedMutatingPolicy',
  'GeneratingPolicy',
  'NamespacedGeneratingPolicy',
  'DeletingPolicy',
  'NamespacedDeletingPolicy',
  'ImageValidatingPolicy',
  'NamespacedImageValidatingPolicy',
]);

const ADMISSION_POLICY_KINDS = new Set([
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding',
  'MutatingAdmissionPolicy',
  'MutatingAdmissionPolicyBinding',
]);

/** API groups of build-tool files that look like objects but are never sent to a cluster. */
const TOOL_GROUPS = new Set(['kustomize.config.k8s.io']);

const CLI_KINDS = new Set(['Test', 'Values', 'Value', 'UserInfo', 'Context', 'ClusterResource']);

/** The API group of an `apiVersion` (`""` for the core group `v1`). */
function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

/** The class of one document's value (as parsed by `parseDocuments`). */
export function classifyDocument(value: JsonValue): DocumentClass {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'other';
  const { apiVersion, kind } = value;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || apiVersion === '' || kind === '') return 'other';
  switch (groupOf(apiVersion)) {
    case 'kyverno.io':
      if (KYVERNO_POLICY_KINDS.has(kind)) return 'policy';
      if (kind === 'PolicyException') return 'exception';
      if (kind === 'Test') return 'cli-file';
      return 'manifest';
    case 'policies.kyverno.io':
      return KYVERNO_CEL_POLICY_KINDS.has(kind) || kind === 'PolicyException' ? 'cel-policy' : 'manifest';
    case 'admissionregistration.k8s.io':
      return ADMISSION_POLICY_KINDS.has(kind) ? 'cel-policy' : 'manifest';
    case 'cli.kyverno.io':
      return CLI_KINDS.has(kind) ? 'cli-file' : 'manifest';
    default:
      return TOOL_GROUPS.has(groupOf(apiVersion)) ? 'other' : 'manifest';
  }
}

/**
 * Whether the text of a JSON file may hold a Kubernetes object: it has an `"apiVersion"` key. Checked before
 * parsing `.json` files met in a walk, so that tool settings (package.json, tsconfig.json with comments) are
 * neither parsed nor reported, while a truncated or malformed JSON manifest still is.
 */
export function mayHoldKubernetesObject(text: string): boolean {
  return /"apiVersion"\s*:/.test(text);
}
