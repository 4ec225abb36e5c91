/**
 * @file Kyverno's `random(pattern)`: a random string matching a regular expression written in
 * Go's POSIX syntax (see `regex-generator.ts`); the empty pattern is an error.
 */
import type { KyvernoFunction } from './kyverno-function.js';
export declare const RANDOM_FUNCTIONS: readonly KyvernoFunction[];
