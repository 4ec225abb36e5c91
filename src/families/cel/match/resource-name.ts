/**
 * @file The resource (plural) of a request's kind, as the Kyverno CLI maps it offline
 * (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go, the "validating policies" section
 * and `resolveResource`): the REST mapper of the built-in API list and the CustomResourceDefinitions given,
 * then apimachinery's `meta.UnsafeGuessKindToResource`.
 */
import { builtinResourceTypes, type ResourceType } from '../../../cluster/resource-types.js';

/** apimachinery pkg/api/meta/restmapper.go `UnsafeGuessKindToResource` (`endpoints` stays as is). */
export function unsafeGuessKindToResource(kind: string): string {
  if (kind === '') return '';
  const singular = kind.toLowerCase();
  if (singular.endsWith('endpoints')) return singular;
  if (singular.endsWith('s')) return `${singular}es`;
  if (singular.endsWith('y')) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}

const BUILTIN = new Map(builtinResourceTypes().map((type) => [`${type.group}/${type.kind}`, type.plural]));

/**
 * The plural resource name of `group`/`kind`: a custom resource type given (a CRD of `clusterResources`), a
 * built-in type, else the guessed plural.
 */
export function resourceOfKind(group: string, kind: string, customTypes: readonly ResourceType[] = []): string {
  const custom = customTypes.find((type) => type.group === group && type.kind === kind);
  if (custom !== undefined) return custom.plural;
  return BUILTIN.get(`${group}/${kind}`) ?? unsafeGuessKindToResource(kind);
}
