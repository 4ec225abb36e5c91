/**
 * @file cel-go's ext.Encoders (`ext/encoders.go`): `base64.encode(bytes) -> string` (standard alphabet, padded) and
 * `base64.decode(string) -> bytes`, which accepts padded input (Go `base64.StdEncoding`) and, when that fails,
 * unpadded input (`base64.RawStdEncoding`), and rejects anything else. Go's decoder skips `\r` and `\n`.
 */
import { type Environment, EvaluationError } from '@marcbachmann/cel-js';
import { registerNamespace } from './namespace.js';

const PADDED = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const UNPADDED = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2,3})?$/;

/** cel-go `base64DecodeString`. */
export function base64Decode(text: string): Uint8Array {
  const data = text.replace(/[\r\n]/g, '');
  if (PADDED.test(data) || UNPADDED.test(data)) return new Uint8Array(Buffer.from(data, 'base64'));
  // Go reports the offset of the first byte it cannot decode (`base64.CorruptInputError`).
  const bad = data.search(/[^A-Za-z0-9+/=]/);
  const at = bad >= 0 ? bad : Math.max(0, data.indexOf('=') >= 0 ? data.indexOf('=') : data.length - 1);
  throw new EvaluationError(`illegal base64 data at input byte ${at}`);
}

/** cel-go `base64EncodeBytes`. */
export function base64Encode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Registers ext.Encoders on `env`. */
export function registerEncoders(env: Environment): void {
  const base64 = registerNamespace(env, 'base64');
  env.registerFunction(`${base64}.decode(string): bytes`, (_ns: unknown, s: string) => base64Decode(s));
  env.registerFunction(`${base64}.encode(bytes): string`, (_ns: unknown, b: Uint8Array) => base64Encode(b));
}
