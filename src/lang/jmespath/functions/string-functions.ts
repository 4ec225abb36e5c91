/**
 * @file Kyverno's string functions (`pkg/engine/jmespath/functions.go`): compare, equal_fold,
 * replace, replace_all, to_upper, to_lower, trim, trim_prefix, split, truncate, to_boolean and
 * path_canonicalize, with Go semantics on Unicode code points.
 */
import { compareGoStrings } from '../../../util/go-json.js';
import { functionError } from './errors.js';
import { filepathJoin, goReplace, goSplit, goTrim, truncateRunes } from './go-strings.js';
import { goFloatToInt64 } from '../../../util/go-int64.js';
import type { KyvernoFunction } from './kyverno-function.js';
import { goEqualFold, goToLower, goToUpper } from './unicode-case.js';

const STRING = { types: ['string'] } as const;
const NUMBER = { types: ['number'] } as const;

/** Go `int(f)` of a float argument, as a JavaScript number (clamped like the amd64 conversion). */
const goInt = (f: number): number => Number(goFloatToInt64(f));

export const STRING_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'compare',
    args: [STRING, STRING],
    // strings.Compare returns a Go int.
    handler: ([a, b]) => BigInt(Math.sign(compareGoStrings(a as string, b as string))),
    returnType: ['number'],
    note: 'compares two strings lexicographically',
  },
  {
    name: 'equal_fold',
    args: [STRING, STRING],
    handler: ([a, b]) => goEqualFold(a as string, b as string),
    returnType: ['bool'],
    note: 'allows comparing two strings for equivalency where the only differences are letter cases',
  },
  {
    name: 'replace',
    args: [STRING, STRING, STRING, NUMBER],
    handler: ([s, old, replacement, n]) => goReplace(s as string, old as string, replacement as string, goInt(n as number)),
    returnType: ['string'],
    note: 'replaces a specified number of instances of the source string with the replacement string in a parent ',
  },
  {
    name: 'replace_all',
    args: [STRING, STRING, STRING],
    handler: ([s, old, replacement]) => goReplace(s as string, old as string, replacement as string, -1),
    returnType: ['string'],
    note: 'replace all instances of one string with another in an overall parent string',
  },
  {
    name: 'to_upper',
    args: [STRING],
    handler: ([s]) => goToUpper(s as string),
    returnType: ['string'],
    note: 'takes in a string and outputs the same string with all upper-case letters',
  },
  {
    name: 'to_lower',
    args: [STRING],
    handler: ([s]) => goToLower(s as string),
    returnType: ['string'],
    note: 'takes in a string and outputs the same string with all lower-case letters',
  },
  {
    name: 'trim',
    args: [STRING, STRING],
    handler: ([s, cutset]) => goTrim(s as string, cutset as string),
    returnType: ['string'],
    note: 'trims both ends of the source string by characters appearing in the second string',
  },
  {
    name: 'trim_prefix',
    args: [STRING, STRING],
    handler: ([s, prefix]) => ((s as string).startsWith(prefix as string) ? (s as string).slice((prefix as string).length) : s),
    returnType: ['string'],
    note: 'trims the second string prefix from the first string if the first string starts with the prefix',
  },
  {
    name: 'split',
    args: [STRING, STRING],
    handler: ([s, sep]) => goSplit(s as string, sep as string),
    returnType: ['array[string]'],
    note: 'splits the first string when the second string is found and converts it into an array ',
  },
  {
    name: 'truncate',
    args: [STRING, NUMBER],
    handler: ([s, length]) => truncateRunes(s as string, goInt(Math.max(0, length as number))),
    returnType: ['string'],
    note: 'length argument must be enclosed in backticks; ex. "{{request.object.metadata.name | truncate(@, `9`)}}"',
  },
  {
    name: 'to_boolean',
    args: [STRING],
    handler: ([s]) => {
      switch (goToLower(s as string)) {
        case 'true':
          return true;
        case 'false':
          return false;
        default:
          throw functionError('to_boolean', `lowercase argument must be 'true' or 'false' (provided: '${s as string}')`);
      }
    },
    returnType: ['bool'],
    note: "It returns true or false for any string, such as 'True', 'TruE', 'False', 'FAlse', 'faLSE', etc.",
  },
  {
    name: 'path_canonicalize',
    args: [STRING],
    handler: ([p]) => filepathJoin(p as string),
    returnType: ['string'],
    note: 'normalizes or canonicalizes a given path by removing excess slashes',
  },
];
