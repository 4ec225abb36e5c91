/**
 * @file The check requests of a Test's `httpPayloads` and `envoyPayloads` (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/authz_processor.go, `LoadHTTPRequests`, `LoadEnvoyRequests`; commands/test/test.go
 * `runTest`): each file holds one JSON request, decoded as Go's `json.Unmarshal` (HTTP) or `protojson.Unmarshal`
 * (Envoy) reads it. A payload is known by its full path (the Test's path joined to the test directory, cleaned).
 */
import path from 'node:path';
import { decodeEnvoyCheckRequest, decodeHttpCheckRequest } from '../../lang/cel/authz/index.js';
import { readSourceFile } from '../../source/index.js';
import { goJsonParse } from '../../util/go-json.js';

/** A loaded check request. */
export interface AuthzPayload {
  kind: 'http' | 'envoy';
  /** The full path, the key results use. */
  key: string;
  /** The decoded request, for the policies' `authorize`. */
  request: unknown;
}

/** Loads the payload `name` of `kind` (relative to the test directory `dir`, or absolute), or the error Kyverno aborts with. */
export function loadAuthzPayload(kind: 'http' | 'envoy', dir: string, name: string, maxFileSize?: number): { payload: AuthzPayload } | { error: string } {
  const key = path.isAbsolute(name) ? name : path.join(dir, name);
  const what = kind === 'http' ? 'HTTP' : 'Envoy';
  const fail = (reason: string): { error: string } => ({ error: `failed to load ${what} payloads from path ${key} (${reason})` });
  const read = readSourceFile(key, maxFileSize);
  if (read.file === null) return fail(`failed to read ${kind === 'http' ? 'HTTP' : 'envoy'} payload file ${key}: ${read.problems[0]?.message ?? 'cannot be read'}`);
  let json: unknown;
  try {
    json = goJsonParse(read.file.text);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const decoded = kind === 'http' ? decodeHttpCheckRequest(json) : decodeEnvoyCheckRequest(json);
  if ('error' in decoded) return fail(decoded.error);
  return { payload: { kind, key, request: decoded.request } };
}
