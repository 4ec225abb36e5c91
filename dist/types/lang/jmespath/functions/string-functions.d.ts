import type { KyvernoFunction } from './kyverno-function.js';
export declare const STRING_FUNCTIONS: readonly KyvernoFunction[];
