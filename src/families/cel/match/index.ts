/**
 * @file The admission matcher shared by the CEL kinds (ValidatingPolicy & co., ValidatingAdmissionPolicy,
 * MutatingAdmissionPolicy): decoding `matchConstraints`, matching a request, mapping a kind to its resource.
 */
export { decodeMatchResources } from './decode.js';
export { matchConstraints } from './matcher.js';
export { resourceOfKind, unsafeGuessKindToResource } from './resource-name.js';
export { buildSelector, hasRequirements } from './selector.js';
export { labelsOf, metadataString } from './object.js';
export type { AdmissionAttributes, LabelSelector, MatchOutcome, MatchResources, NamedRuleWithOperations } from './types.js';
export { mayMatchRules } from './prefilter.js';
