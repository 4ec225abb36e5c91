/**
 * @file The Kyverno Authz CEL environments (kyverno/kyverno-authz `pkg/cel/env.go` `NewEnv`,
 * `pkg/engine/compiler/compiler.go`) for ValidatingPolicies in `Envoy` and `HTTP` evaluation mode, as the Kyverno
 * CLI builds them (cmd/cli/kubectl-kyverno/processor/authz_processor.go): cel-go's optional types with the plain
 * `orValue` (no Kyverno compatibility macro), homogeneous aggregate literals, no cost limit; the Kubernetes
 * libraries; the Envoy or HTTP authorization library; Kyverno's `http` (without API call mocks: offline every call
 * fails), `jwt`/`jwks`, `resource` (no objects), image references and `image.GetMetadata` (no data); the variables
 * `object` (the typed check request), `variables`, `http`, `image`, `resource`.
 *
 * Not here: kyverno-authz's own `json` and `mcp` libraries. An expression using them does not compile.
 */
import { createCelEnvironment, type CelEnvironment } from '../environment.js';
import { cidrLibrary, formatLibrary, ipLibrary, listsLibrary, quantityLibrary, regexLibrary, semverLibrary, urlsLibrary } from '../kubernetes/index.js';
import { httpHandle, httpLibrary } from '../kyverno/http.js';
import { imageLibrary } from '../kyverno/image.js';
import { imageDataHandle, imageDataLibrary } from '../kyverno/image-data.js';
import { resourceHandle, resourceLibrary } from '../kyverno/resource.js';
import { ENVOY_CHECK_REQUEST, ENVOY_CHECK_RESPONSE, envoyLibrary } from './envoy.js';
import { HTTP_CHECK_REQUEST, HTTP_CHECK_RESPONSE, httpAuthzLibrary } from './http.js';
import { jwtLibrary } from './jwt.js';

export { decodeEnvoyCheckRequest, decodeHttpCheckRequest } from './decode.js';
export { ENVOY_TYPES, envoyDecision } from './envoy.js';
export { canonicalHeaderKey, HTTP_TYPES, httpDecision } from './http.js';
export { decodeJwt, JWT_TYPES } from './jwt.js';
export { type MessageValue } from './messages.js';

/** The authorization flavours: Envoy external authorization, plain HTTP. */
export type AuthzMode = 'Envoy' | 'HTTP';

/** The type of `object` and the exact type a validation must give (or `null`), per mode. */
export const AUTHZ_TYPES: Readonly<Record<AuthzMode, { request: string; response: string }>> = {
  Envoy: { request: ENVOY_CHECK_REQUEST, response: ENVOY_CHECK_RESPONSE },
  HTTP: { request: HTTP_CHECK_REQUEST, response: HTTP_CHECK_RESPONSE },
};

const environments = new Map<AuthzMode, CelEnvironment>();

/** The environment of a policy of `mode`. */
export function authzEnvironment(mode: AuthzMode): CelEnvironment {
  let env = environments.get(mode);
  if (env === undefined) {
    env = createCelEnvironment({
      libraries: [
        cidrLibrary,
        formatLibrary,
        ipLibrary,
        listsLibrary,
        regexLibrary,
        urlsLibrary,
        quantityLibrary,
        semverLibrary,
        httpLibrary(),
        mode === 'Envoy' ? envoyLibrary() : httpAuthzLibrary(),
        jwtLibrary(),
        resourceLibrary(''),
        imageLibrary(),
        imageDataLibrary(),
      ],
      variables: { object: AUTHZ_TYPES[mode].request, variables: 'dyn' },
      homogeneousAggregateLiterals: true,
      costLimit: null,
      orValueCompat: false,
    });
    environments.set(mode, env);
  }
  return env;
}

/** The library handles of an evaluation (`http`, `resource`, `image`), offline and without data. */
export function authzHandles(): Record<string, unknown> {
  return { http: httpHandle({}, ''), resource: resourceHandle({}), image: imageDataHandle({}) };
}
