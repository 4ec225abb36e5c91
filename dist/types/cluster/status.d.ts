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
/** `<plural>[.<group>] "<name>" not found`, the body of a GET of a missing object. */
export declare function notFound(group: string, plural: string, name: string): ApiResponse;
/** The body of a request no route of the API server serves. */
export declare function noSuchResource(): ApiResponse;
/** The body of a request whose selector does not parse. */
export declare function badRequest(message: string): ApiResponse;
/** The body of a request with a method the mocked cluster does not serve (it serves GET only). */
export declare function methodNotSupported(method: string, plural: string): ApiResponse;
