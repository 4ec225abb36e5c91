import type { Check } from '../check-types.js';
export declare const appArmorProfileCheck: Check;
