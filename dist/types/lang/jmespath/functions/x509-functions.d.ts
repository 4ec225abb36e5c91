import type { KyvernoFunction } from './kyverno-function.js';
export declare const X509_FUNCTIONS: readonly KyvernoFunction[];
