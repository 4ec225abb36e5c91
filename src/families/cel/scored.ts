/**
 * @file The `policies.kyverno.io/scored` annotation of the CEL policy kinds (kyverno/kyverno api/kyverno
 * `AnnotationPolicyScored`): `"false"` reports failures as warnings.
 */

const SCORED_ANNOTATION = 'policies.kyverno.io/scored';

/** Whether a policy with these annotations is scored (anything but `"false"`). */
export function isScored(annotations: Readonly<Record<string, string>>): boolean {
  return annotations[SCORED_ANNOTATION] !== 'false';
}
