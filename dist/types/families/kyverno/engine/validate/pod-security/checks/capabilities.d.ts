import type { Check } from '../check-types.js';
export declare const capabilitiesBaselineCheck: Check;
export declare const capabilitiesRestrictedCheck: Check;
