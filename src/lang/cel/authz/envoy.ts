/**
 * @file Kyverno Authz's Envoy library (kyverno/kyverno-authz `pkg/cel/libs/authz/envoy/{lib,impl}.go`): the Envoy
 * external authorization messages (`envoy.service.auth.v3.CheckRequest` as `object`, go-control-plane envoy v1.39)
 * and the response builders `envoy.Allowed()`, `envoy.Denied(code)`, `envoy.Header(k, v)`,
 * `envoy.QueryParam(k, v)`, `WithBody`, `WithHeader`, `WithoutHeader`, `WithResponseHeader`, `WithQueryParam`,
 * `WithoutQueryParam`, `KeepEmptyValue`, `Response`, `WithMessage`, `WithMetadata`.
 *
 * Fields are named as in the `.proto` files (`header_map`, `context_extensions`), as cel-go selects proto fields.
 * Builders return new messages (kyverno-authz's mutate the converted Go message in place, which only shows when one
 * builder value is reused in two places).
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, celNamespace } from '../kyverno/common.js';
import { MessageTypes, type MessageSpec, type MessageValue } from './messages.js';

const AUTH = 'envoy.service.auth.v3';
const CORE = 'envoy.config.core.v3';
const CONTEXT = `${AUTH}.AttributeContext`;
const STRUCT = 'map<string, dyn>';

export const ENVOY_CHECK_REQUEST = `${AUTH}.CheckRequest`;
export const ENVOY_CHECK_RESPONSE = `${AUTH}.CheckResponse`;
const OK = `${AUTH}.OkHttpResponse`;
const DENIED = `${AUTH}.DeniedHttpResponse`;
const HEADER_OPTION = `${CORE}.HeaderValueOption`;
const HEADER_VALUE = `${CORE}.HeaderValue`;
const QUERY_PARAMETER = `${CORE}.QueryParameter`;
const HTTP_STATUS = 'envoy.type.v3.HttpStatus';
const RPC_STATUS = 'google.rpc.Status';

/** The messages of the library (the request tree and the response builders' types). */
const SPECS: readonly MessageSpec[] = [
  { name: ENVOY_CHECK_REQUEST, fields: { attributes: CONTEXT } },
  {
    name: CONTEXT,
    fields: {
      source: `${CONTEXT}.Peer`,
      destination: `${CONTEXT}.Peer`,
      request: `${CONTEXT}.Request`,
      context_extensions: 'map<string, string>',
      metadata_context: `${CORE}.Metadata`,
      route_metadata_context: `${CORE}.Metadata`,
      tls_session: `${CONTEXT}.TLSSession`,
    },
  },
  {
    name: `${CONTEXT}.Peer`,
    fields: { address: `${CORE}.Address`, service: 'string', labels: 'map<string, string>', principal: 'string', certificate: 'string' },
  },
  { name: `${CONTEXT}.Request`, fields: { time: 'google.protobuf.Timestamp', http: `${CONTEXT}.HttpRequest` } },
  {
    name: `${CONTEXT}.HttpRequest`,
    fields: {
      id: 'string',
      method: 'string',
      headers: 'map<string, string>',
      header_map: `${CORE}.HeaderMap`,
      path: 'string',
      host: 'string',
      scheme: 'string',
      query: 'string',
      fragment: 'string',
      size: 'int',
      protocol: 'string',
      body: 'string',
      raw_body: 'bytes',
    },
  },
  { name: `${CONTEXT}.TLSSession`, fields: { sni: 'string' } },
  { name: `${CORE}.Address`, fields: { socket_address: `${CORE}.SocketAddress`, pipe: `${CORE}.Pipe`, envoy_internal_address: `${CORE}.EnvoyInternalAddress` } },
  {
    name: `${CORE}.SocketAddress`,
    fields: { protocol: 'int', address: 'string', port_value: 'uint', named_port: 'string', resolver_name: 'string', ipv4_compat: 'bool' },
  },
  { name: `${CORE}.Pipe`, fields: { path: 'string', mode: 'uint' } },
  { name: `${CORE}.EnvoyInternalAddress`, fields: { server_listener_name: 'string', endpoint_id: 'string' } },
  { name: `${CORE}.HeaderMap`, fields: { headers: `list<${HEADER_VALUE}>` } },
  { name: HEADER_VALUE, fields: { key: 'string', value: 'string', raw_value: 'bytes' } },
  { name: `${CORE}.Metadata`, fields: { filter_metadata: `map<string, ${STRUCT}>`, typed_filter_metadata: 'map<string, dyn>' } },
  {
    name: OK,
    fields: {
      headers: `list<${HEADER_OPTION}>`,
      headers_to_remove: 'list<string>',
      response_headers_to_add: `list<${HEADER_OPTION}>`,
      query_parameters_to_set: `list<${QUERY_PARAMETER}>`,
      query_parameters_to_remove: 'list<string>',
      dynamic_metadata: STRUCT,
    },
  },
  { name: DENIED, fields: { status: HTTP_STATUS, headers: `list<${HEADER_OPTION}>`, body: 'string' } },
  { name: HTTP_STATUS, fields: { code: 'int' } },
  { name: HEADER_OPTION, fields: { header: HEADER_VALUE, append_action: 'int', keep_empty_value: 'bool' } },
  { name: QUERY_PARAMETER, fields: { key: 'string', value: 'string' } },
  { name: RPC_STATUS, fields: { code: 'int', message: 'string', details: 'list<dyn>' } },
  { name: ENVOY_CHECK_RESPONSE, fields: { status: RPC_STATUS, denied_response: DENIED, ok_response: OK, dynamic_metadata: STRUCT } },
];

/** The Envoy message types. */
export const ENVOY_TYPES = new MessageTypes(SPECS);

/** `google.golang.org/grpc/codes`: OK and PermissionDenied. */
const CODE_OK = 0n;
const CODE_PERMISSION_DENIED = 7n;

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

function fields(message: MessageValue): Record<string, unknown> {
  return Object.fromEntries(message.set);
}

/** A copy of `message` with `field` (a list) extended by `item`. */
function appended(message: MessageValue, type: string, field: string, item: unknown): MessageValue {
  const list = (message.set.get(field) as unknown[] | undefined) ?? [];
  return ENVOY_TYPES.create(type, { ...fields(message), [field]: [...list, item] });
}

function header(key: string, value: string): MessageValue {
  return ENVOY_TYPES.create(HEADER_OPTION, { header: ENVOY_TYPES.create(HEADER_VALUE, { key, value }) });
}

/** The decision of a check response: allowed, denied with its HTTP status code, or neither. */
export function envoyDecision(response: MessageValue): { allowed: true } | { allowed: false; code: bigint } | null {
  if (response.set.has('ok_response')) return { allowed: true };
  const denied = response.set.get('denied_response') as MessageValue | undefined;
  if (denied === undefined) return null;
  const status = denied.set.get('status') as MessageValue | undefined;
  return { allowed: false, code: (status?.set.get('code') as bigint | undefined) ?? 0n };
}

/** The library: the `envoy` functions and the messages' member functions. */
export function envoyLibrary(): CelLibrary {
  return (env: Environment) => {
    ENVOY_TYPES.register(env);
    const envoy = celNamespace(env, 'envoy');
    env.registerFunction(`${envoy}.Allowed(): ${OK}`, () => ENVOY_TYPES.create(OK));
    env.registerFunction(`${envoy}.Denied(int): ${DENIED}`, (_: unknown, code: bigint) => {
      if (code < INT32_MIN || code > INT32_MAX) throw celError('integer overflow');
      return ENVOY_TYPES.create(DENIED, { status: ENVOY_TYPES.create(HTTP_STATUS, { code }) });
    });
    env.registerFunction(`${envoy}.Header(string, string): ${HEADER_OPTION}`, (_: unknown, key: string, value: string) => header(key, value));
    env.registerFunction(`${envoy}.QueryParam(string, string): ${QUERY_PARAMETER}`, (_: unknown, key: string, value: string) =>
      ENVOY_TYPES.create(QUERY_PARAMETER, { key, value }),
    );
    env.registerFunction(`${DENIED}.WithBody(string): ${DENIED}`, (denied: MessageValue, body: string) => ENVOY_TYPES.create(DENIED, { ...fields(denied), body }));
    env.registerFunction(`${OK}.WithHeader(${HEADER_OPTION}): ${OK}`, (ok: MessageValue, option: MessageValue) => appended(ok, OK, 'headers', option));
    env.registerFunction(`${OK}.WithHeader(string, string): ${OK}`, (ok: MessageValue, key: string, value: string) => appended(ok, OK, 'headers', header(key, value)));
    env.registerFunction(`${DENIED}.WithHeader(${HEADER_OPTION}): ${DENIED}`, (denied: MessageValue, option: MessageValue) => appended(denied, DENIED, 'headers', option));
    env.registerFunction(`${DENIED}.WithHeader(string, string): ${DENIED}`, (denied: MessageValue, key: string, value: string) =>
      appended(denied, DENIED, 'headers', header(key, value)),
    );
    env.registerFunction(`${OK}.WithoutHeader(string): ${OK}`, (ok: MessageValue, name: string) => appended(ok, OK, 'headers_to_remove', name));
    env.registerFunction(`${OK}.WithResponseHeader(${HEADER_OPTION}): ${OK}`, (ok: MessageValue, option: MessageValue) => appended(ok, OK, 'response_headers_to_add', option));
    env.registerFunction(`${OK}.WithResponseHeader(string, string): ${OK}`, (ok: MessageValue, key: string, value: string) =>
      appended(ok, OK, 'response_headers_to_add', header(key, value)),
    );
    env.registerFunction(`${OK}.WithQueryParam(${QUERY_PARAMETER}): ${OK}`, (ok: MessageValue, param: MessageValue) => appended(ok, OK, 'query_parameters_to_set', param));
    env.registerFunction(`${OK}.WithQueryParam(string, string): ${OK}`, (ok: MessageValue, key: string, value: string) =>
      appended(ok, OK, 'query_parameters_to_set', ENVOY_TYPES.create(QUERY_PARAMETER, { key, value })),
    );
    env.registerFunction(`${OK}.WithoutQueryParam(string): ${OK}`, (ok: MessageValue, name: string) => appended(ok, OK, 'query_parameters_to_remove', name));
    env.registerFunction(`${HEADER_OPTION}.KeepEmptyValue(): ${HEADER_OPTION}`, (option: MessageValue) =>
      ENVOY_TYPES.create(HEADER_OPTION, { ...fields(option), keep_empty_value: true }),
    );
    env.registerFunction(`${HEADER_OPTION}.KeepEmptyValue(bool): ${HEADER_OPTION}`, (option: MessageValue, flag: boolean) =>
      ENVOY_TYPES.create(HEADER_OPTION, { ...fields(option), keep_empty_value: flag }),
    );
    env.registerFunction(`${OK}.Response(): ${ENVOY_CHECK_RESPONSE}`, (ok: MessageValue) =>
      ENVOY_TYPES.create(ENVOY_CHECK_RESPONSE, { status: ENVOY_TYPES.create(RPC_STATUS, { code: CODE_OK }), ok_response: ok }),
    );
    env.registerFunction(`${DENIED}.Response(): ${ENVOY_CHECK_RESPONSE}`, (denied: MessageValue) =>
      ENVOY_TYPES.create(ENVOY_CHECK_RESPONSE, { status: ENVOY_TYPES.create(RPC_STATUS, { code: CODE_PERMISSION_DENIED }), denied_response: denied }),
    );
    env.registerFunction(`${ENVOY_CHECK_RESPONSE}.WithMessage(string): ${ENVOY_CHECK_RESPONSE}`, (response: MessageValue, message: string) => {
      const status = (response.set.get('status') as MessageValue | undefined) ?? ENVOY_TYPES.create(RPC_STATUS);
      return ENVOY_TYPES.create(ENVOY_CHECK_RESPONSE, { ...fields(response), status: ENVOY_TYPES.create(RPC_STATUS, { ...fields(status), message }) });
    });
    env.registerFunction(`${ENVOY_CHECK_RESPONSE}.WithMetadata(${STRUCT}): ${ENVOY_CHECK_RESPONSE}`, (response: MessageValue, metadata: unknown) =>
      ENVOY_TYPES.create(ENVOY_CHECK_RESPONSE, { ...fields(response), dynamic_metadata: metadata }),
    );
  };
}
