import type { KyvernoFunction } from './kyverno-function.js';
export declare const ENCODING_FUNCTIONS: readonly KyvernoFunction[];
