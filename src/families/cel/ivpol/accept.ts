/**
 * @file Accepting an ImageValidatingPolicy / NamespacedImageValidatingPolicy document (policies.kyverno.io v1alpha1,
 * v1beta1, v1; the Namespaced kind v1beta1, v1): decoded (shape problems at their paths), compiled with its autogen
 * variants (kyverno/kyverno pkg/cel/policies/ivpol/autogen/autogen.go, the same rewrite as ValidatingPolicy's). A spec
 * that does not compile stays accepted: Kyverno compiles per request and reports the error on each resource it matches.
 */
import type { Acceptance } from '../../../evaluate/types.js';
import type { JsonObject } from '../../../types.js';
import { type AcceptSource, decodePolicyDocument, servedVersions } from '../accept-common.js';
import { isObject } from '../decode.js';
import { imageValidatingPolicyEnvironment } from '../environment.js';
import { autogenVariants } from '../vpol/autogen.js';
import { compileImageSpec } from './compile.js';
import { decodeImageValidatingPolicySpec, type ImageValidatingPolicySpec } from './decode.js';
import { ImageValidatingPolicy, type ImageSpecEntry } from './policy.js';

export const IMAGE_VALIDATING_POLICY_VERSIONS = servedVersions('ImageValidatingPolicy');

export function acceptImageValidatingPolicy(document: JsonObject, source: AcceptSource): Acceptance {
  const decoded = decodePolicyDocument(document, IMAGE_VALIDATING_POLICY_VERSIONS, decodeImageValidatingPolicySpec, source);
  if (!decoded.ok) return decoded.acceptance;
  const { spec, identity } = decoded.decoded;
  const env = imageValidatingPolicyEnvironment(identity.namespace, spec.base.variables.map((variable) => variable.name));
  const entry = (decodedSpec: ImageValidatingPolicySpec, written?: ImageValidatingPolicySpec): ImageSpecEntry => {
    const outcome = compileImageSpec(env, decodedSpec, written);
    return outcome.ok ? { compiled: outcome.compiled } : { failure: outcome.failure, spec: decodedSpec };
  };
  const specs: ImageSpecEntry[] = [entry(spec)];
  const rawSpec = isObject(document.spec) ? document.spec : {};
  for (const variant of autogenVariants(rawSpec, spec.base.matchConstraints, spec.base.podControllers)) {
    specs.push(entry(decodeImageValidatingPolicySpec(variant.spec, []), spec));
  }
  return { status: 'accepted', policy: new ImageValidatingPolicy({ ...identity, specs, env }) };
}
