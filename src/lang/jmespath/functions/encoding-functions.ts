/**
 * @file Kyverno's encoding and hashing functions: base64_decode (Go's standard decoder, errors
 * without a function prefix), base64_encode, and the lowercase hex digests sha256, sha1, md5 of
 * the UTF-8 bytes of a string.
 */
import { createHash } from 'node:crypto';
import { goBase64Decode } from '../../../util/go-base64.js';
import { goBytesToString, utf8Bytes } from './go-utf8.js';
import type { KyvernoFunction } from './kyverno-function.js';

const STRING = { types: ['string'] } as const;

function digest(name: string, algorithm: string): KyvernoFunction {
  return {
    name,
    args: [STRING],
    handler: ([s]) => createHash(algorithm).update(utf8Bytes(s as string)).digest('hex'),
    returnType: ['string'],
    note: `hashes a string with ${algorithm.toUpperCase()} and returns the lowercase hexadecimal digest`,
  };
}

export const ENCODING_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'base64_decode',
    args: [STRING],
    handler: ([s]) => goBytesToString(goBase64Decode(utf8Bytes(s as string))),
    returnType: ['string'],
    note: 'decodes a base 64 string',
  },
  {
    name: 'base64_encode',
    args: [STRING],
    handler: ([s]) => Buffer.from(utf8Bytes(s as string)).toString('base64'),
    returnType: ['string'],
    note: 'encodes a regular, plaintext and unencoded string to base64',
  },
  digest('sha256', 'sha256'),
  digest('sha1', 'sha1'),
  digest('md5', 'md5'),
];
