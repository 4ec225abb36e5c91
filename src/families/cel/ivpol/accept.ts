/**
 * @file Accepting an ImageValidatingPolicy / NamespacedImageValidatingPolicy document (policies.kyverno.io v1alpha1,
 * v1beta1, v1; the Namespaced kind v1beta1, v1): decoded (shape problems at their paths), compiled with its autogen
 * variants (kyverno/kyverno pkg/cel/policies/ivpol/autogen/autogen.go, the same rewrite as ValidatingPolicy's). A spec
 * that does not compile stays accepted: Kyverno compiles per request and reports the error on each resource it matches.
 */
import { policyKindOf } from '../../../evaluate/kinds.js';
import type { Acceptance, DocumentProblem, PolicyFamily } from '../../../evaluate/types.js';
import type { JsonObject } from '../../../types.js';
import { isObject } from '../decode.js';
import { imageValidatingPolicyEnvironment } from '../environment.js';
import { autogenVariants } from '../vpol/autogen.js';
import { policyMetadata } from '../vpol/policy.js';
import { compileImageSpec } from './compile.js';
import { decodeImageValidatingPolicySpec, type ImageValidatingPolicySpec } from './decode.js';
import { ImageValidatingPolicy, type ImageSpecEntry } from './policy.js';

export const IMAGE_VALIDATING_POLICY_VERSIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  ImageValidatingPolicy: new Set(['policies.kyverno.io/v1alpha1', 'policies.kyverno.io/v1beta1', 'policies.kyverno.io/v1']),
  NamespacedImageValidatingPolicy: new Set(['policies.kyverno.io/v1beta1', 'policies.kyverno.io/v1']),
};

type AcceptSource = Parameters<PolicyFamily['accept']>[1]['source'];

export function acceptImageValidatingPolicy(document: JsonObject, source: AcceptSource): Acceptance {
  const kind = String(document.kind);
  const apiVersion = String(document.apiVersion);
  const problems: DocumentProblem[] = [];
  if (!IMAGE_VALIDATING_POLICY_VERSIONS[kind]!.has(apiVersion)) problems.push({ message: `policy type not supported ${apiVersion}, Kind=${kind}`, path: ['apiVersion'] });
  const metadata = policyMetadata(document);
  if (metadata.name === '') problems.push({ message: 'metadata.name is required', path: ['metadata', 'name'] });
  const spec = decodeImageValidatingPolicySpec(document.spec, problems);
  if (problems.length > 0) return { status: 'malformed', problems };
  const policyKind = policyKindOf(apiVersion, kind)!;
  const namespace = policyKind.namespaced ? metadata.namespace || 'default' : '';
  const env = imageValidatingPolicyEnvironment(namespace, spec.base.variables.map((variable) => variable.name));
  const entry = (decoded: ImageValidatingPolicySpec, written?: ImageValidatingPolicySpec): ImageSpecEntry => {
    const outcome = compileImageSpec(env, decoded, written);
    return outcome.ok ? { compiled: outcome.compiled } : { failure: outcome.failure, spec: decoded };
  };
  const specs: ImageSpecEntry[] = [entry(spec)];
  const rawSpec = isObject(document.spec) ? document.spec : {};
  for (const variant of autogenVariants(rawSpec, spec.base.matchConstraints, spec.base.podControllers)) {
    const variantProblems: DocumentProblem[] = [];
    specs.push(entry(decodeImageValidatingPolicySpec(variant.spec, variantProblems), spec));
  }
  const policy = new ImageValidatingPolicy({
    apiVersion,
    kind,
    name: metadata.name,
    namespace,
    namespaced: policyKind.namespaced,
    annotations: metadata.annotations,
    ...(source === undefined ? {} : { source }),
    specs,
    env,
  });
  return { status: 'accepted', policy };
}
