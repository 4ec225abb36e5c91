import type { Check } from '../check-types.js';
export declare const runAsNonRootCheck: Check;
export declare const runAsUserCheck: Check;
