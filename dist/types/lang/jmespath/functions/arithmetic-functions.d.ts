import type { KyvernoFunction } from './kyverno-function.js';
export declare const ARITHMETIC_FUNCTIONS: readonly KyvernoFunction[];
