/**
 * @file Kyverno Authz's `jwt` and `jwks` libraries (kyverno/kyverno-authz `pkg/cel/libs/jwt/{lib,impl,token}.go`,
 * `pkg/cel/libs/jwk/*`): `jwt.Decode(token, key)` gives a `jwt.Token` with `Claims` (a `google.protobuf.Struct`,
 * i.e. `map<string, dyn>`) and `Valid`.
 *
 * `jwt.Decode(string, string)` imports the key string as a symmetric key (lestrrat-go/jwx v3 `jwk.Import` of
 * bytes) and parses the token without validation, verifying its signature with the algorithms jwx infers from the
 * key (HS256, HS384, HS512) that equal the token's `alg` header; any other algorithm (RS256 with a string key) or a
 * bad signature makes the call an error. Claims: every claim of the payload, `exp`/`nbf`/`iat` as Unix seconds, all
 * numbers doubles (`structpb.NewStruct`); an `aud` claim makes the call an error (jwx gives a `[]string`, which
 * `structpb` refuses). `Valid`: jwx `jwt.Validate` with no skew (`exp` after now, `nbf` and `iat` not after now).
 *
 * `jwt.Decode(string, jwks.Set)` needs `jwks.Fetch(url)`, a network fetch: offline it fails.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, celNamespace } from '../kyverno/common.js';
import { MessageTypes, type MessageValue } from './messages.js';

export const JWT_TOKEN = 'jwt.Token';
const JWKS_SET = 'jwk.Set';

/** `jwt.Token` (a Go struct; `Claims` nil when the token has no claim) and the opaque `jwk.Set`. */
export const JWT_TYPES = new MessageTypes([
  { name: JWT_TOKEN, fields: { Claims: 'map<string, dyn>', Valid: 'bool' } },
  { name: JWKS_SET, fields: {} },
]);

const HMAC: Readonly<Record<string, string>> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

function base64UrlDecode(part: string, what: string): Buffer {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw celError(`failed to parse token: failed to decode ${what}: illegal base64 data`);
  return Buffer.from(part, 'base64url');
}

function parseJson(bytes: Buffer, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw celError(`failed to parse token: failed to parse ${what}: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw celError(`failed to parse token: ${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** A claim value as `structpb.NewValue` stores it: numbers become doubles. */
function structValue(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(structValue);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, structValue(item)]));
  return value;
}

const TIME_CLAIMS = new Set(['exp', 'nbf', 'iat']);

/** `jwt.Decode(token, key)` at time `now` (milliseconds). */
export function decodeJwt(token: string, key: string, now: number): MessageValue {
  const parts = token.split('.');
  if (parts.length !== 3) throw celError('failed to parse token: invalid JWT');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = parseJson(base64UrlDecode(headerPart, 'header'), 'header');
  const alg = typeof header.alg === 'string' ? header.alg : '';
  const hash = HMAC[alg];
  const signature = base64UrlDecode(signaturePart, 'signature');
  if (hash === undefined) throw celError('failed to parse token: could not verify message using any of the signatures or keys');
  const expected = createHmac(hash, Buffer.from(key, 'utf8')).update(`${headerPart}.${payloadPart}`).digest();
  if (expected.length !== signature.length || !timingSafeEqual(expected, signature)) {
    throw celError('failed to parse token: could not verify message using any of the signatures or keys');
  }
  const payload = parseJson(base64UrlDecode(payloadPart, 'payload'), 'payload');
  if ('aud' in payload) throw celError('proto: invalid type: []string');
  const claims: Record<string, unknown> = {};
  const seconds = Math.floor(now / 1000);
  let valid = true;
  for (const [name, value] of Object.entries(payload)) {
    if (TIME_CLAIMS.has(name)) {
      if (typeof value !== 'number') throw celError(`failed to parse token: failed to parse claim ${name}: invalid numeric date`);
      const at = Math.trunc(value);
      claims[name] = at;
      if (name === 'exp' && !(seconds < at)) valid = false;
      if (name !== 'exp' && seconds < at) valid = false;
    } else {
      claims[name] = structValue(value);
    }
  }
  return JWT_TYPES.create(JWT_TOKEN, { Claims: Object.keys(claims).length > 0 ? claims : undefined, Valid: valid });
}

/** The libraries; `now` is the clock of the validity check. */
export function jwtLibrary(now: () => number = Date.now): CelLibrary {
  return (env: Environment) => {
    JWT_TYPES.register(env);
    const jwt = celNamespace(env, 'jwt');
    const jwks = celNamespace(env, 'jwks');
    env.registerFunction(`${jwt}.Decode(string, string): ${JWT_TOKEN}`, (_: unknown, token: string, key: string) => decodeJwt(token, key, now()));
    env.registerFunction(`${jwt}.Decode(string, ${JWKS_SET}): ${JWT_TOKEN}`, () => {
      throw celError('jwt.Decode with a key set is not available offline');
    });
    env.registerFunction(`${jwks}.Fetch(string): ${JWKS_SET}`, (_: unknown, url: string) => {
      throw celError(`failed to fetch ${url}: jwks.Fetch is not available offline`);
    });
  };
}
