/**
 * @file Kyverno Authz's HTTP library (kyverno/kyverno-authz `pkg/cel/libs/authz/http/{lib,types,impl}.go`): the
 * Go structs `http.CheckRequest` (the `object`), `http.CheckRequestAttributes`, `http.CheckResponse`,
 * `http.CheckResponseOk`, `http.CheckResponseDenied` (cel-go `ext.NativeTypes` with the `cel` struct tags as field
 * names), `http.Allowed()`, `http.Denied(reason)`, `Response()`, and the request's `Header(name)` (canonical MIME
 * header key, Go `textproto.MIMEHeader.Values`) and `QueryParam(name)`.
 *
 * `http` is also the handle of Kyverno's `http` library (`http.Get`, …): cel-go resolves `http.Allowed()` as the
 * qualified function first, so here the authz functions are members of the handle's type.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { HTTP_CONTEXT_TYPE } from '../kyverno/http.js';
import { MessageTypes, type MessageValue } from './messages.js';

export const HTTP_CHECK_REQUEST = 'http.CheckRequest';
export const HTTP_CHECK_RESPONSE = 'http.CheckResponse';
const ATTRIBUTES = 'http.CheckRequestAttributes';
const OK = 'http.CheckResponseOk';
const DENIED = 'http.CheckResponseDenied';

/** The Go structs of the library. */
export const HTTP_TYPES = new MessageTypes([
  { name: HTTP_CHECK_REQUEST, fields: { attributes: ATTRIBUTES } },
  {
    name: ATTRIBUTES,
    fields: {
      method: 'string',
      header: 'map<string, list<string>>',
      host: 'string',
      protocol: 'string',
      contentLength: 'int',
      body: 'bytes',
      scheme: 'string',
      path: 'string',
      query: 'map<string, list<string>>',
      fragment: 'string',
    },
  },
  { name: HTTP_CHECK_RESPONSE, fields: { ok: OK, denied: DENIED } },
  { name: OK, fields: {} },
  { name: DENIED, fields: { reason: 'string' } },
]);

/** Go `textproto.CanonicalMIMEHeaderKey` for a valid key: each dash-separated word capitalised; invalid keys are kept. */
export function canonicalHeaderKey(key: string): string {
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(key)) return key;
  return key
    .split('-')
    .map((word) => (word === '' ? word : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join('-');
}

function mapValue(map: unknown, key: string): string[] {
  if (map instanceof Map) return (map.get(key) as string[] | undefined) ?? [];
  if (map !== null && typeof map === 'object' && Object.hasOwn(map, key)) return (map as Record<string, string[]>)[key] ?? [];
  return [];
}

/** The decision of a check response: allowed, denied with its reason, or neither. */
export function httpDecision(response: MessageValue): { allowed: true } | { allowed: false; reason: string } | null {
  if (response.set.has('ok')) return { allowed: true };
  const denied = response.set.get('denied') as MessageValue | undefined;
  if (denied === undefined) return null;
  return { allowed: false, reason: (denied.set.get('reason') as string | undefined) ?? '' };
}

/** The library; it needs Kyverno's `http` library (the handle type) registered first. */
export function httpAuthzLibrary(): CelLibrary {
  return (env: Environment) => {
    HTTP_TYPES.register(env);
    env.registerFunction(`${HTTP_CONTEXT_TYPE}.Allowed(): ${OK}`, () => HTTP_TYPES.create(OK));
    env.registerFunction(`${HTTP_CONTEXT_TYPE}.Denied(string): ${DENIED}`, (_: unknown, reason: string) => HTTP_TYPES.create(DENIED, { reason }));
    env.registerFunction(`${ATTRIBUTES}.Header(string): list<string>`, (attributes: MessageValue, key: string) =>
      mapValue(attributes.set.get('header'), canonicalHeaderKey(key)),
    );
    env.registerFunction(`${ATTRIBUTES}.QueryParam(string): list<string>`, (attributes: MessageValue, key: string) => mapValue(attributes.set.get('query'), key));
    // An empty Go struct is its zero value: the `ok` field of an allowed response is still set (a non-nil pointer).
    env.registerFunction(`${OK}.Response(): ${HTTP_CHECK_RESPONSE}`, (ok: MessageValue) => HTTP_TYPES.create(HTTP_CHECK_RESPONSE, { ok }));
    env.registerFunction(`${DENIED}.Response(): ${HTTP_CHECK_RESPONSE}`, (denied: MessageValue) => HTTP_TYPES.create(HTTP_CHECK_RESPONSE, { denied }));
  };
}
