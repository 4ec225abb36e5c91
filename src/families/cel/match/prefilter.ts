/**
 * @file The compiled evaluation's filter in front of the admission matcher: whether `resourceRules` may accept a
 * request at all, decided once per match constraints and request shape (operation, group, version, resource,
 * subresource). When none of the rules accepts the shape (`ruleMatches` without scope and names), the matcher's
 * answer is "not matched" without an error whatever the selectors: kyverno/kyverno pkg/cel/matching/matcher.go
 * `Match` reports selector errors only for requests its rules match (see matcher.ts).
 */
import { ruleMatches } from './rules.js';
import type { AdmissionAttributes, MatchResources } from './types.js';

/** One distinct request shape, with the answers given for it. */
interface RequestShape {
  /** Per match constraints: whether their resource rules may accept requests of the shape. */
  readonly answers: WeakMap<MatchResources, boolean>;
}

const shapes = new Map<string, RequestShape>();
const shapeOfAttributes = new WeakMap<AdmissionAttributes, RequestShape>();

function shapeOf(attributes: AdmissionAttributes): RequestShape {
  let shape = shapeOfAttributes.get(attributes);
  if (shape === undefined) {
    const key = `${attributes.operation}\u0000${attributes.group}\u0000${attributes.version}\u0000${attributes.resource}\u0000${attributes.subresource}`;
    shape = shapes.get(key);
    if (shape === undefined) {
      shape = { answers: new WeakMap() };
      shapes.set(key, shape);
    }
    shapeOfAttributes.set(attributes, shape);
  }
  return shape;
}

/**
 * False when `constraints.resourceRules` is not empty and no rule accepts the request's operation, group, version and
 * resource/subresource: `matchConstraints(constraints, attributes, …)` is then `{ matched: false }`. True otherwise
 * (the matcher decides). `constraints` is read once per shape: it must not change.
 */
export function mayMatchRules(constraints: MatchResources, attributes: AdmissionAttributes): boolean {
  const answers = shapeOf(attributes).answers;
  let may = answers.get(constraints);
  if (may === undefined) {
    const rules = constraints.resourceRules ?? [];
    may = rules.length === 0 || rules.some((rule) => ruleMatches({ ...rule, scope: '*', resourceNames: [] }, attributes));
    answers.set(constraints, may);
  }
  return may;
}
