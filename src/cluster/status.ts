/**
 * @file The API server's `Status` bodies for failed requests (k8s.io/apimachinery `errors.NewNotFound`,
 * `NewBadRequest`, `NewMethodNotSupported`) and the response type of the mocked cluster.
 */
import type { JsonObject } from '../types.js';

/** The answer to one API request: the HTTP status code and the decoded JSON body. */
export interface ApiResponse {
  statusCode: number;
  body: JsonObject;
}

function failure(code: number, reason: string, message: string, details: JsonObject): ApiResponse {
  return {
    statusCode: code,
    body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code },
  };
}

/** `<plural>[.<group>] "<name>" not found`, the body of a GET of a missing object. */
export function notFound(group: string, plural: string, name: string): ApiResponse {
  const qualified = group === '' ? plural : `${plural}.${group}`;
  const details: JsonObject = group === '' ? { name, kind: plural } : { name, group, kind: plural };
  return failure(404, 'NotFound', `${qualified} "${name}" not found`, details);
}

/** The body of a request no route of the API server serves. */
export function noSuchResource(): ApiResponse {
  return failure(404, 'NotFound', 'the server could not find the requested resource', {});
}

/** The body of a request whose selector does not parse. */
export function badRequest(message: string): ApiResponse {
  return failure(400, 'BadRequest', message, {});
}

/** The body of a request with a method the mocked cluster does not serve (it serves GET only). */
export function methodNotSupported(method: string, plural: string): ApiResponse {
  return failure(405, 'MethodNotAllowed', `${method} is not supported on ${plural} by the mocked cluster (offline, read-only)`, {});
}
