import type { KyvernoFunction } from './kyverno-function.js';
export declare const REGEX_FUNCTIONS: readonly KyvernoFunction[];
