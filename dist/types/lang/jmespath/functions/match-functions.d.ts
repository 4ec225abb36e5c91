import type { KyvernoFunction } from './kyverno-function.js';
export declare const MATCH_FUNCTIONS: readonly KyvernoFunction[];
