import type { KyvernoFunction } from './kyverno-function.js';
export declare const SEMVER_FUNCTIONS: readonly KyvernoFunction[];
