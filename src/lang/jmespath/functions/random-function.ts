/**
 * @file Kyverno's `random(pattern)`: a random string matching a regular expression written in
 * Go's POSIX syntax (see `regex-generator.ts`); the empty pattern is an error.
 */
import type { KyvernoFunction } from './kyverno-function.js';
import { generateFromPattern } from './regex-generator.js';

export const RANDOM_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'random',
    args: [{ types: ['string'] }],
    handler: ([pattern]) => {
      if (pattern === '') throw new Error('no pattern provided');
      return generateFromPattern(pattern as string);
    },
    returnType: ['string'],
    note: 'Generates a random sequence of characters',
  },
];
