import type { KyvernoFunction } from './kyverno-function.js';
export declare const TIME_FUNCTIONS: readonly KyvernoFunction[];
