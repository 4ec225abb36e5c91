/**
 * @file Autogen of MutatingPolicies for Pod controllers (kyverno/kyverno pkg/cel/policies/mpol/autogen/autogen.go):
 * the variants and match constraints of ValidatingPolicy's autogen, but only the match conditions and the apply
 * configurations are rewritten (`convertPodToTemplateExpression`): `object.spec`, `oldObject.spec` and the `Object.spec`
 * type names point into the pod template, `….metadata.labels`/`annotations` to the template's, and an expression that
 * starts with an `Object{…}` construction is wrapped in the constructions down to the template. JSON patches and
 * variables are left as written.
 */
import type { JsonObject } from '../../../types.js';
import { isObject } from '../decode.js';
import type { AutogenConfig } from '../vpol/autogen.js';

const SPEC = /\b(object|oldObject|Object)\.spec/g;
const LABELS = /\b(object|oldObject|Object)\.metadata\.labels/g;
const ANNOTATIONS = /\b(object|oldObject|Object)\.metadata\.annotations/g;

/** `convertPodToTemplateExpression`. */
export function convertPodToTemplateExpression(expression: string, config: AutogenConfig): string {
  const spec = config === 'cronjobs' ? 'spec.jobTemplate.spec.template.spec' : 'spec.template.spec';
  const metadata = config === 'cronjobs' ? 'spec.jobTemplate.spec.template.metadata' : 'spec.template.metadata';
  let out = expression.replace(SPEC, `$1.${spec}`).replace(LABELS, `$1.${metadata}.labels`).replace(ANNOTATIONS, `$1.${metadata}.annotations`);
  const trimmed = out.trim();
  if (!trimmed.startsWith('Object')) return out;
  const rest = trimmed.slice('Object'.length).replace(/^[ \t\r\n]+/, '');
  if (!rest.startsWith('{')) return out;
  const content = rest.slice(1);
  // The matching brace, counting braces only (Go's loop over the runes).
  let depth = 1;
  let end = 0;
  for (let i = 0; i < content.length; i++) {
    if (content[i] === '{') depth++;
    else if (content[i] === '}' && --depth === 0) {
      end = i;
      break;
    }
  }
  if (end <= 0) return out;
  const [wrapper, closing] =
    config === 'cronjobs'
      ? ['Object{spec: Object.spec{jobTemplate: Object.spec.jobTemplate{spec: Object.spec.jobTemplate.spec{template: Object.spec.jobTemplate.spec.template{', '}}}}}']
      : ['Object{spec: Object.spec{template: Object.spec.template{', '}}}'];
  out = wrapper + content.slice(0, end) + closing + content.slice(end + 1);
  return out;
}

/** The variant spec of one configuration: match conditions and apply configurations rewritten. */
export function rewriteMutatingSpec(spec: JsonObject, config: AutogenConfig): JsonObject {
  const out: JsonObject = { ...spec };
  if (Array.isArray(spec.matchConditions)) {
    out.matchConditions = spec.matchConditions.map((condition) =>
      isObject(condition) && typeof condition.expression === 'string' && condition.expression !== ''
        ? { ...condition, expression: convertPodToTemplateExpression(condition.expression, config) }
        : condition,
    );
  }
  if (Array.isArray(spec.mutations)) {
    out.mutations = spec.mutations.map((mutation) => {
      if (!isObject(mutation) || !isObject(mutation.applyConfiguration)) return mutation;
      const expression = mutation.applyConfiguration.expression;
      if (typeof expression !== 'string' || expression === '') return mutation;
      return { ...mutation, applyConfiguration: { ...mutation.applyConfiguration, expression: convertPodToTemplateExpression(expression, config) } };
    });
  }
  return out;
}
