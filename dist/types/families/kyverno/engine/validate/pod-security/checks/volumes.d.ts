import type { Check } from '../check-types.js';
export declare const hostPathVolumesCheck: Check;
export declare const restrictedVolumesCheck: Check;
