/**
 * @file Variable substitution in policy documents: `{{ }}` variables resolved against the JSON
 * context and `$( )` references to other fields of the same document.
 */
export { SubstitutionError, SubstitutionFailure } from './errors.js';
export { substituteReferences } from './references.js';
export { hasVariables, substituteAll, trySubstituteAll } from './substitute.js';
