import type { KyvernoFunction } from './kyverno-function.js';
export declare const STRUCTURED_FUNCTIONS: readonly KyvernoFunction[];
