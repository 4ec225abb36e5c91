import type { Check } from '../check-types.js';
export declare const seccompProfileBaselineCheck: Check;
export declare const seccompProfileRestrictedCheck: Check;
