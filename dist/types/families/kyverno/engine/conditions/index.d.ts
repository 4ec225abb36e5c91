/**
 * @file Public API of the conditions module: condition blocks (`preconditions`,
 * `deny.conditions`) and the condition operators.
 */
export { ConditionFailure, SubstituteFailure, tryEvaluateConditions, type ConditionSubstitute, type ConditionsOutcome } from './evaluate.js';
export { evaluateOperator } from './operators.js';
