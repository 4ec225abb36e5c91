/**
 * @file The check requests of the Kyverno CLI's `envoyPayloads` / `httpPayloads` files, from their decoded JSON
 * (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/authz_processor.go): an Envoy request as `protojson.Unmarshal`
 * reads a `CheckRequest` (field names as in the `.proto` file or in lowerCamelCase, unknown fields refused, 64-bit
 * integers as numbers or strings, bytes in base64, timestamps in RFC 3339, `null` for an unset field), an HTTP
 * request as Go's `json.Unmarshal` reads the `CheckRequest` struct (keys matched to the `json` tags without regard
 * to case, unknown keys ignored, `null` leaving the zero value, bytes in base64).
 */
import { UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { ENVOY_CHECK_REQUEST, ENVOY_TYPES } from './envoy.js';
import { HTTP_CHECK_REQUEST, HTTP_TYPES } from './http.js';
import type { MessageTypes, MessageValue } from './messages.js';

class DecodeError extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'bigint') return 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** `lowerCamelCase` JSON name of a proto field (protoc's `json_name`). */
function jsonName(field: string): string {
  return field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const BASE64 = /^(?:[A-Za-z0-9+/_-]{4})*(?:[A-Za-z0-9+/_-]{2}(?:==)?|[A-Za-z0-9+/_-]{3}=?)?$/;

function bytes(value: unknown, where: string): Uint8Array {
  if (typeof value !== 'string' || !BASE64.test(value)) throw new DecodeError(`invalid value for bytes field ${where}: ${JSON.stringify(value)}`);
  return new Uint8Array(Buffer.from(value.replaceAll('-', '+').replaceAll('_', '/'), 'base64'));
}

function integer(value: unknown, where: string, min: bigint, max: bigint): bigint {
  let parsed: bigint | undefined;
  if (typeof value === 'bigint') parsed = value;
  else if (typeof value === 'number' && Number.isInteger(value)) parsed = BigInt(value);
  else if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) parsed = BigInt(value.trim());
  if (parsed === undefined || parsed < min || parsed > max) throw new DecodeError(`invalid value for integer field ${where}: ${JSON.stringify(typeof value === 'bigint' ? String(value) : value)}`);
  return parsed;
}

/** `envoy.config.core.v3.SocketAddress.Protocol`. */
const SOCKET_PROTOCOLS: Readonly<Record<string, bigint>> = { TCP: 0n, UDP: 1n };

/** A proto field value of CEL type `type` from protojson. */
function protoValue(types: MessageTypes, type: string, value: unknown, where: string): unknown {
  if (value === null) return undefined;
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw new DecodeError(`invalid value for string field ${where}: ${describe(value)}`);
      return value;
    case 'bool':
      if (typeof value !== 'boolean') throw new DecodeError(`invalid value for bool field ${where}: ${describe(value)}`);
      return value;
    case 'int':
      if (where.endsWith('.protocol') && typeof value === 'string' && value in SOCKET_PROTOCOLS) return SOCKET_PROTOCOLS[value];
      return integer(value, where, -(2n ** 63n), 2n ** 63n - 1n);
    case 'uint':
      return new UnsignedInt(integer(value, where, 0n, 2n ** 32n - 1n));
    case 'bytes':
      return bytes(value, where);
    case 'dyn':
      return value;
    case 'google.protobuf.Timestamp': {
      const time = typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/.test(value) ? new Date(value) : undefined;
      if (time === undefined || Number.isNaN(time.getTime())) throw new DecodeError(`invalid google.protobuf.Timestamp value ${JSON.stringify(value)}`);
      return time;
    }
  }
  if (type.startsWith('list<')) {
    if (!Array.isArray(value)) throw new DecodeError(`invalid value for list field ${where}: ${describe(value)}`);
    const item = type.slice(5, -1);
    return value.map((element, index) => protoValue(types, item, element, `${where}[${index}]`));
  }
  if (type.startsWith('map<')) {
    if (!isObject(value)) throw new DecodeError(`invalid value for map field ${where}: ${describe(value)}`);
    const item = type.slice(type.indexOf(',') + 1, -1).trim();
    if (item === 'dyn') return value;
    const out = new Map<string, unknown>();
    for (const [key, element] of Object.entries(value)) out.set(key, protoValue(types, item, element, `${where}[${key}]`) ?? types.defaultOf(item));
    return out;
  }
  return protoMessage(types, type, value, where);
}

function protoMessage(types: MessageTypes, type: string, value: unknown, where: string): MessageValue {
  if (!isObject(value)) throw new DecodeError(`invalid value for message field ${where}: ${describe(value)}`);
  const spec = types.spec(type);
  const names = new Map<string, string>();
  for (const field of Object.keys(spec.fields)) {
    names.set(field, field);
    names.set(jsonName(field), field);
  }
  const fields: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = names.get(key);
    if (field === undefined) throw new DecodeError(`unknown field "${key}"`);
    if (field in fields) throw new DecodeError(`duplicate field "${key}"`);
    fields[field] = protoValue(types, spec.fields[field]!, item, `${type}.${field}`);
  }
  return types.create(type, fields);
}

/** A Go struct field value of CEL type `type` from `encoding/json`. */
function goValue(types: MessageTypes, type: string, value: unknown, where: string): unknown {
  if (value === null) return undefined;
  const mismatch = (goType: string): DecodeError => new DecodeError(`json: cannot unmarshal ${describe(value)} into Go struct field ${where} of type ${goType}`);
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw mismatch('string');
      return value;
    case 'int':
      if (!(typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value)))) throw mismatch('int64');
      return BigInt(value);
    case 'bytes':
      if (typeof value !== 'string') throw mismatch('[]uint8');
      return bytes(value, where);
  }
  if (type === 'map<string, list<string>>') {
    if (!isObject(value)) throw mismatch('map[string][]string');
    const out = new Map<string, string[]>();
    for (const [key, list] of Object.entries(value)) {
      if (list === null) {
        out.set(key, []);
        continue;
      }
      if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) throw mismatch('[]string');
      out.set(key, list as string[]);
    }
    return out;
  }
  if (!isObject(value)) throw mismatch(type);
  const spec = types.spec(type);
  const fields: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Go prefers an exact key match, then a case-insensitive one.
    const field = key in spec.fields ? key : Object.keys(spec.fields).find((name) => name.toLowerCase() === key.toLowerCase());
    if (field === undefined) continue;
    fields[field] = goValue(types, spec.fields[field]!, item, `${type.replace(/^http\./, '')}.${field}`);
  }
  return types.create(type, fields);
}

/** The Envoy `CheckRequest` of a payload, or why protojson refuses it. */
export function decodeEnvoyCheckRequest(json: unknown): { request: MessageValue } | { error: string } {
  try {
    return { request: protoMessage(ENVOY_TYPES, ENVOY_CHECK_REQUEST, json, ENVOY_CHECK_REQUEST) };
  } catch (err) {
    if (err instanceof DecodeError) return { error: `proto: ${err.message}` };
    throw err;
  }
}

/** The HTTP `CheckRequest` of a payload, or why Go's decoder refuses it. */
export function decodeHttpCheckRequest(json: unknown): { request: MessageValue } | { error: string } {
  try {
    if (json === null) return { request: HTTP_TYPES.create(HTTP_CHECK_REQUEST) };
    if (!isObject(json)) throw new DecodeError(`json: cannot unmarshal ${describe(json)} into Go value of type http.CheckRequest`);
    return { request: goValue(HTTP_TYPES, HTTP_CHECK_REQUEST, json, 'CheckRequest') as MessageValue };
  } catch (err) {
    if (err instanceof DecodeError) return { error: err.message };
    throw err;
  }
}
