/**
 * @file Public API of the conditions module: condition blocks (`preconditions`,
 * `deny.conditions`) and the condition operators.
 */
export { ConditionError } from './errors.js';
export {
  ConditionFailure,
  SubstituteFailure,
  evaluateConditions,
  joinNonEmpty,
  tryEvaluateConditions,
  type ConditionPart,
  type ConditionSubstitute,
  type ConditionsOutcome,
} from './evaluate.js';
export { evaluateOperator, UNKNOWN_OPERATOR_MESSAGE } from './operators.js';
