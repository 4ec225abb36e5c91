import type { KyvernoFunction } from './kyverno-function.js';
export declare const IMAGE_URL_FUNCTIONS: readonly KyvernoFunction[];
