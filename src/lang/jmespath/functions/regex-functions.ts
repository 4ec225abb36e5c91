/**
 * @file Kyverno's regular-expression functions: regex_match, regex_replace_all and
 * regex_replace_all_literal. Patterns are Go RE2 (compiled by re2js, never JavaScript `RegExp`);
 * number arguments are rendered with float32 precision (`ifaceToString`).
 */
import { functionError } from './errors.js';
import { compileGoRegexp, goReplaceAll } from './go-regexp.js';
import { ifaceToString } from './go-numbers.js';
import type { KyvernoFunction } from './kyverno-function.js';

const STRING = { types: ['string'] } as const;
const STRING_OR_NUMBER = { types: ['string', 'number'] } as const;

/** `regex_replace_all[_literal]`: Go compile errors carry the function prefix here. */
function replaceAll(name: string, literal: boolean, args: unknown[]): string {
  const src = ifaceToString(args[1])!;
  const replacement = ifaceToString(args[2])!;
  let re;
  try {
    re = compileGoRegexp(args[0] as string);
  } catch (err) {
    throw functionError(name, (err as Error).message);
  }
  return goReplaceAll(re, src, replacement, literal);
}

export const REGEX_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'regex_replace_all',
    args: [STRING, STRING_OR_NUMBER, STRING_OR_NUMBER],
    handler: (args) => replaceAll('regex_replace_all', false, args),
    returnType: ['string'],
    note: 'converts all parameters to string',
  },
  {
    name: 'regex_replace_all_literal',
    args: [STRING, STRING_OR_NUMBER, STRING_OR_NUMBER],
    handler: (args) => replaceAll('regex_replace_all_literal', true, args),
    returnType: ['string'],
    note: 'converts all parameters to string',
  },
  {
    name: 'regex_match',
    args: [STRING, STRING_OR_NUMBER],
    // regexp.Match: an unanchored search; compile errors are returned without a prefix.
    handler: ([regex, src]) => compileGoRegexp(regex as string).test(ifaceToString(src)!),
    returnType: ['bool'],
    note: 'first string is the regular exression which is compared with second input which can be a number or string',
  },
];
