/**
 * @file Kyverno's rendering of failed Pod Security checks (kyverno/kyverno validate_pss.go
 * `convertChecks`, pkg/pss/evaluate.go `FormatChecksPrint`) and the resource path of a finding.
 *
 * `convertChecks` rewrites field names textually: for the template controllers every `spec` becomes
 * `spec.template.spec`, for a CronJob `spec.jobTemplate.spec.template.spec`; then, for every kind (Pod
 * included), every `metadata` becomes `spec.template.metadata`. Each check prints as
 * `(Forbidden reason: <reason>, field error list: [<errors>])`, an error with a bad value as
 * `<field> is forbidden, forbidden values found: <value>`, any other as Go's `<field>: Forbidden` /
 * `<field>: Required value`.
 */
import type { CheckOutcome } from './registry.js';
import { fieldErrorText, formatBadValue, hasBadValue, type FieldPath } from './field-error.js';
import { isTemplateKind, type ExtractedPod } from './decode-pod.js';

/** A field name as `convertChecks` rewrites it for a resource of kind `kind`. */
function displayField(field: string, kind: string): string {
  let text = field;
  if (isTemplateKind(kind)) text = text.replaceAll('spec', 'spec.template.spec');
  else if (kind === 'CronJob') text = text.replaceAll('spec', 'spec.jobTemplate.spec.template.spec');
  return text.replaceAll('metadata', 'spec.template.metadata');
}

/** `FormatChecksPrint` after `convertChecks`. */
export function formatChecks(outcomes: readonly CheckOutcome[], kind: string): string {
  let out = '';
  for (const { failure } of outcomes) {
    const errors = (failure.errList ?? []).map((error) => {
      const field = displayField(error.path.text, kind);
      if (error.type === 'Forbidden' && hasBadValue(error.badValue)) {
        return `${field} is forbidden, forbidden values found: ${formatBadValue(error.badValue)}`;
      }
      return fieldErrorText(field, error.type);
    });
    out += `(Forbidden reason: ${failure.reason}, field error list: [${errors.join(', ')}])`;
  }
  return out;
}

/**
 * The resource path (Kyverno style, `/spec/containers/0/securityContext/privileged/`) of the first
 * violation, or `undefined` when none can be located.
 */
export function findingPath(outcomes: readonly CheckOutcome[], extracted: ExtractedPod): string | undefined {
  const first = outcomes[0]?.failure;
  if (first === undefined) return undefined;
  const location: FieldPath | undefined = first.errList?.[0]?.path ?? first.hint;
  if (location === undefined) return undefined;
  const [root, ...rest] = location.segments;
  const prefix = root !== undefined && 'name' in root && root.name === 'metadata' ? extracted.metaRoot : extracted.specRoot;
  const parts: string[] = [...prefix];
  for (const segment of rest) {
    parts.push('name' in segment ? segment.name : 'index' in segment ? String(segment.index) : segment.key);
  }
  return `/${parts.join('/')}/`;
}
