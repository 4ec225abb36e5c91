/**
 * @file Kyverno's `gzip` library (kyverno/sdk `extensions/cel/libs/gzip/{lib,impl}.go`): `gzip.compress(dyn) bytes`
 * (a string's UTF-8 bytes, modification time 0) and `gzip.decompress(bytes) string`. The compressed bytes are a
 * valid gzip stream with Go's header (no modification time, OS byte 255) but come from zlib's deflate, not Go's
 * `compress/flate`: `decompress` reads both, the compressed bytes themselves differ from Kyverno's.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, celNamespace, conversionError } from './common.js';

/** `gzip.compress(value)`. */
export function compress(value: unknown): Uint8Array {
  if (typeof value !== 'string') throw conversionError(value, 'string');
  const out = new Uint8Array(gzipSync(Buffer.from(value, 'utf8')));
  // Go's gzip.Writer: mtime 0 (zlib writes 0 too), XFL 0 at the default level, OS 255 (unknown).
  out[9] = 0xff;
  return out;
}

/** Go's messages for the failures of `gzip.NewReader` and reading it. */
function gzipErrorMessage(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'Z_BUF_ERROR') return 'unexpected EOF';
  if (/incorrect header check/.test(message)) return 'gzip: invalid header';
  if (/incorrect data check|incorrect length check/.test(message)) return 'gzip: invalid checksum';
  return `flate: ${message}`;
}

/** `gzip.decompress(bytes)`. */
export function decompress(bytes: Uint8Array): string {
  if (bytes.length < 10) throw celError(bytes.length === 0 ? 'EOF' : 'unexpected EOF');
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8) throw celError('gzip: invalid header');
  try {
    return gunzipSync(bytes).toString('utf8');
  } catch (err) {
    throw celError(gzipErrorMessage(err));
  }
}

/** The `gzip` library. */
export function gzipLibrary(): CelLibrary {
  return (env: Environment) => {
    const gzip = celNamespace(env, 'gzip');
    env.registerFunction(`${gzip}.compress(dyn): bytes`, (_: unknown, value: unknown) => compress(value));
    env.registerFunction(`${gzip}.decompress(bytes): string`, (_: unknown, bytes: Uint8Array) => decompress(bytes));
  };
}
