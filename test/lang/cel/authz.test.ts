/**
 * The Kyverno Authz CEL environments: the typed check requests (defaults, field presence, type-checked selections),
 * the Envoy and HTTP response builders, `jwt.Decode` (HMAC verification, claims, validity), and the payload
 * decoders (protojson and Go JSON rules).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authzEnvironment,
  authzHandles,
  canonicalHeaderKey,
  decodeEnvoyCheckRequest,
  decodeHttpCheckRequest,
  decodeJwt,
  envoyDecision,
  httpDecision,
  type AuthzMode,
  type MessageValue,
} from '../../../src/lang/cel/authz/index.js';

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(payload: Record<string, unknown>, key = 'secret', alg = 'HS256'): string {
  const head = `${b64({ alg, typ: 'JWT' })}.${b64(payload)}`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg] ?? 'sha256';
  return `${head}.${createHmac(hash, key).update(head).digest('base64url')}`;
}

const NOW = Date.UTC(2025, 0, 1) / 1000;

function evaluate(mode: AuthzMode, expression: string, object: unknown, variables: Record<string, unknown> = {}): unknown {
  const compiled = authzEnvironment(mode).compile(expression);
  if (!compiled.ok) return { compileError: compiled.error.message };
  const result = compiled.program.evaluate({ object, variables, ...authzHandles() });
  return result.ok ? result.value : { error: result.error.message };
}

function request(mode: AuthzMode, json: unknown): MessageValue {
  const decoded = mode === 'Envoy' ? decodeEnvoyCheckRequest(json) : decodeHttpCheckRequest(json);
  if ('error' in decoded) throw new Error(decoded.error);
  return decoded.request;
}

const ENVOY = { attributes: { request: { http: { method: 'GET', headers: { authorization: 'Bearer t' }, headerMap: { headers: [{ key: 'a', value: 'b' }] } } }, contextExtensions: { x: 'y' } } };
const HTTP = { Attributes: { method: 'POST', header: { 'X-Team': ['a', 'b'] }, query: { q: ['1'] }, contentLength: 3, body: 'YWJj' } };

describe('Kyverno Authz environments', () => {
  it.each<{ mode: AuthzMode; expression: string; json: unknown; value: unknown }>([
    { mode: 'Envoy', expression: 'object.attributes.request.http.headers["authorization"]', json: ENVOY, value: 'Bearer t' },
    { mode: 'Envoy', expression: 'object.attributes.request.http.header_map.headers[0].value', json: ENVOY, value: 'b' },
    { mode: 'Envoy', expression: 'object.attributes.context_extensions.x', json: ENVOY, value: 'y' },
    // Unset fields read as their defaults; has() tells presence.
    { mode: 'Envoy', expression: 'object.attributes.source.address.socket_address.address', json: ENVOY, value: '' },
    { mode: 'Envoy', expression: 'size(object.attributes.source.labels)', json: ENVOY, value: 0n },
    { mode: 'Envoy', expression: 'has(object.attributes.source)', json: ENVOY, value: false },
    { mode: 'Envoy', expression: 'has(object.attributes.request.http)', json: ENVOY, value: true },
    { mode: 'Envoy', expression: 'has(object.attributes.request.http.path)', json: ENVOY, value: false },
    { mode: 'Envoy', expression: 'object.attributes.request.http.headers[?"x"].orValue("none")', json: ENVOY, value: 'none' },
    { mode: 'Envoy', expression: 'object.attributes.nope', json: ENVOY, value: { compileError: 'No such key: nope' } },
    { mode: 'HTTP', expression: 'object.attributes.method', json: HTTP, value: 'POST' },
    { mode: 'HTTP', expression: 'object.attributes.Header("x-team")', json: HTTP, value: ['a', 'b'] },
    { mode: 'HTTP', expression: 'object.attributes.QueryParam("q")', json: HTTP, value: ['1'] },
    { mode: 'HTTP', expression: 'object.attributes.QueryParam("none")', json: HTTP, value: [] },
    { mode: 'HTTP', expression: 'object.attributes.contentLength', json: HTTP, value: 3n },
    { mode: 'HTTP', expression: 'string(object.attributes.body)', json: HTTP, value: 'abc' },
    { mode: 'HTTP', expression: 'has(object.attributes.path)', json: HTTP, value: false },
  ])('$mode: $expression', ({ mode, expression, json, value }) => {
    expect(evaluate(mode, expression, request(mode, json))).toEqual(value);
  });

  it.each<{ mode: AuthzMode; expression: string; decision: unknown }>([
    { mode: 'Envoy', expression: 'envoy.Allowed().WithHeader("a", "b").Response()', decision: { allowed: true } },
    { mode: 'Envoy', expression: 'envoy.Denied(403).WithBody("no").Response().WithMessage("m")', decision: { allowed: false, code: 403n } },
    { mode: 'Envoy', expression: 'variables.t == null ? envoy.Denied(401).Response() : null', decision: { allowed: false, code: 401n } },
    { mode: 'HTTP', expression: 'http.Allowed().Response()', decision: { allowed: true } },
    { mode: 'HTTP', expression: 'http.Denied("nope").Response()', decision: { allowed: false, reason: 'nope' } },
  ])('$mode response: $expression', ({ mode, expression, decision }) => {
    const response = evaluate(mode, expression, request(mode, {}), { t: null }) as MessageValue;
    expect(mode === 'Envoy' ? envoyDecision(response) : httpDecision(response)).toEqual(decision);
  });

  it.each<{ mode: AuthzMode; expression: string; type: string }>([
    { mode: 'Envoy', expression: 'envoy.Allowed().Response()', type: 'envoy.service.auth.v3.CheckResponse' },
    { mode: 'Envoy', expression: 'true ? null : envoy.Denied(1).Response()', type: 'envoy.service.auth.v3.CheckResponse' },
    { mode: 'Envoy', expression: 'envoy.Allowed()', type: 'envoy.service.auth.v3.OkHttpResponse' },
    { mode: 'HTTP', expression: 'http.Denied("x").Response()', type: 'http.CheckResponse' },
  ])('types $expression as $type', ({ mode, expression, type }) => {
    const compiled = authzEnvironment(mode).compile(expression);
    expect(compiled.ok && compiled.program.outputType).toBe(type);
  });

  it('has the plain orValue of cel-go (no Kyverno compatibility)', () => {
    expect(evaluate('Envoy', '"x".orValue("y")', request('Envoy', {}))).toHaveProperty('compileError');
  });
});

describe('jwt.Decode', () => {
  const claims = { sub: 'alice', role: 'admin', n: 2, exp: NOW + 60, nbf: NOW - 60 };
  it.each<{ name: string; token: string; key?: string; outcome: unknown }>([
    { name: 'a valid HS256 token', token: jwt(claims), outcome: { Valid: true, Claims: { sub: 'alice', role: 'admin', n: 2, exp: NOW + 60, nbf: NOW - 60 } } },
    { name: 'HS384 and HS512', token: jwt(claims, 'secret', 'HS512'), outcome: { Valid: true } },
    { name: 'an expired token', token: jwt({ ...claims, exp: NOW }), outcome: { Valid: false } },
    { name: 'a token not valid yet', token: jwt({ ...claims, nbf: NOW + 1 }), outcome: { Valid: false } },
    { name: 'a token issued in the future', token: jwt({ ...claims, iat: NOW + 10 }), outcome: { Valid: false } },
    { name: 'a token without claims', token: jwt({}), outcome: { Valid: true, Claims: undefined } },
    { name: 'a wrong key', token: jwt(claims), key: 'other', outcome: /could not verify message/ },
    { name: 'an RS256 header with a string key', token: jwt(claims, 'secret', 'RS256'), outcome: /could not verify message/ },
    { name: 'an aud claim (structpb refuses []string)', token: jwt({ aud: 'x' }), outcome: /invalid type: \[\]string/ },
    { name: 'not a JWT', token: 'abc', outcome: /invalid JWT/ },
  ])('$name', ({ token, key, outcome }) => {
    let decoded: MessageValue | undefined;
    let error: string | undefined;
    try {
      decoded = decodeJwt(token, key ?? 'secret', NOW * 1000);
    } catch (err) {
      error = (err as Error).message;
    }
    if (outcome instanceof RegExp) {
      expect(error).toMatch(outcome);
      return;
    }
    expect(error).toBeUndefined();
    const fields = outcome as { Valid: boolean; Claims?: unknown };
    expect((decoded as unknown as { Valid: boolean }).Valid).toBe(fields.Valid);
    if ('Claims' in fields) expect(decoded!.set.get('Claims')).toEqual(fields.Claims);
  });

  it('is reachable from CEL, claims as a map', () => {
    const token = jwt({ role: 'admin', exp: 4102444800 });
    expect(evaluate('Envoy', `jwt.Decode("${token}", "secret").Claims.?role.orValue("")`, request('Envoy', {}))).toBe('admin');
    expect(evaluate('Envoy', `jwt.Decode("${token}", "secret").Valid`, request('Envoy', {}))).toBe(true);
    expect(evaluate('Envoy', `jwt.Decode("${token}", "bad").Valid`, request('Envoy', {}))).toEqual({ error: expect.stringMatching(/could not verify/) });
  });
});

describe('payload decoding', () => {
  it.each<{ name: string; mode: AuthzMode; json: unknown; error: RegExp | null }>([
    { name: 'proto and JSON field names', mode: 'Envoy', json: { attributes: { context_extensions: {}, tlsSession: { sni: 'x' } } }, error: null },
    { name: 'an unknown field', mode: 'Envoy', json: { attributes: { nope: 1 } }, error: /^proto: unknown field "nope"$/ },
    { name: 'a wrong scalar type', mode: 'Envoy', json: { attributes: { request: { http: { size: 'x' } } } }, error: /invalid value for integer field/ },
    { name: 'a 64-bit integer as a string', mode: 'Envoy', json: { attributes: { request: { http: { size: '12' } } } }, error: null },
    { name: 'a timestamp', mode: 'Envoy', json: { attributes: { request: { time: '2024-01-01T00:00:00Z' } } }, error: null },
    { name: 'unknown keys (ignored by Go)', mode: 'HTTP', json: { attributes: { nope: 1 }, other: true }, error: null },
    { name: 'a wrong Go type', mode: 'HTTP', json: { attributes: { contentLength: 'x' } }, error: /cannot unmarshal string into Go struct field CheckRequestAttributes.contentLength of type int64/ },
  ])('$mode: $name', ({ mode, json, error }) => {
    const decoded = mode === 'Envoy' ? decodeEnvoyCheckRequest(json) : decodeHttpCheckRequest(json);
    if (error === null) expect(decoded).toHaveProperty('request');
    else expect('error' in decoded && decoded.error).toMatch(error);
  });

  it.each([
    ['authorization', 'Authorization'],
    ['x-forwarded-for', 'X-Forwarded-For'],
    ['X-FOO', 'X-Foo'],
    ['bad key', 'bad key'],
  ])('canonical header key of %s', (key, canonical) => {
    expect(canonicalHeaderKey(key)).toBe(canonical);
  });
});
