/**
 * @file The CEL language layer: environments, compiled programs, and results as values. No policy knowledge.
 */
export {
  type CelCompileResult,
  type CelCostMeter,
  type CelEnvironment,
  type CelEnvironmentOptions,
  type CelError,
  type CelEvalResult,
  type CelLibrary,
  type CelProgram,
  createCelEnvironment,
  MAX_AST_DEPTH,
} from './environment.js';
export { COST_LIMIT_EXCEEDED, DEFAULT_COST_LIMIT, SAFETY_COST_LIMIT, SAFETY_LIMIT_EXCEEDED } from './budget.js';
export { explainFailure, type ExplainOptions, type FieldSegment } from './explain.js';
export { registerNamespace } from './namespace.js';
export { ADMISSION_REQUEST_TYPE, type CelObjectTypes, KUBERNETES_OBJECT_TYPES, NAMESPACE_TYPE } from './object-types.js';
