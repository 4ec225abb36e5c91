/**
 * @file Kyverno's `http` library (kyverno/sdk `extensions/cel/libs/http/{lib,impl,http}.go`): the handle `http` of
 * type `http.Context` with `Get(url[, headers])`, `Post(url, body[, headers])`, `Client(caBundle)` and, since
 * library version 1.18, `get`/`post`/`client`.
 *
 * Offline only a Test's `apiCallResponses` answer (kyverno/kyverno `pkg/cel/libs/http_mock.go`,
 * `mockAwareHTTPContext`): a mock gives `{body: <mock body>, statusCode: <code, default 200>}` whatever the body,
 * built by the CLI (`cmd/cli/kubectl-kyverno/commands/test/test.go`, `buildHTTPMockIndex`, `wrapHTTPResponse`).
 * An unmocked call of a cluster-scoped policy would go to the network: here it fails with `request failed: http
 * calls are not available offline`. A namespaced policy's unmocked call fails as Kyverno's does without
 * `--allowHTTPInNamespacedPolicies` (`pkg/cel/compiler/http.go`, `namespacedHTTPContext`). `Client` checks its CA
 * bundle as Kyverno does (`contextImpl.Client`: `""` keeps the context, otherwise at least one PEM certificate).
 */
import { X509Certificate } from 'node:crypto';
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, withDoubles } from './common.js';
import type { HttpMockSource, KyvernoLibraryData } from './data.js';
import { decodePemBlocks } from '../../../util/pem.js';

/** The value of the `http` handle (and of a `Client(…)` result) for one evaluation. */
export class HttpContext {
  constructor(
    readonly mocks: HttpMockSource | undefined,
    /** The policy is namespaced: unmocked calls are refused as Kyverno refuses them by default. */
    readonly namespaced: boolean,
  ) {}
}

export const HTTP_CONTEXT_TYPE = 'http.Context';

/** The handle of one evaluation; `namespace` is the policy's (`""` for a cluster-scoped policy). */
export function httpHandle(data: KyvernoLibraryData, namespace: string): HttpContext {
  return new HttpContext(data.httpMocks, namespace !== '');
}

const NAMESPACED_REFUSAL = 'http calls are not allowed in namespaced policies: set --allowHTTPInNamespacedPolicies to enable';

function call(ctx: HttpContext, method: 'GET' | 'POST', url: string): unknown {
  const mock = ctx.mocks?.lookup(method, url);
  if (mock !== undefined) {
    return { body: withDoubles(mock.body), statusCode: BigInt(mock.statusCode === 0 ? 200 : mock.statusCode) };
  }
  if (ctx.namespaced) throw celError(`request failed: ${NAMESPACED_REFUSAL}`);
  throw celError(
    `request failed: http calls are not available offline: mock ${method} ${url} in the Test's apiCallResponses (url and method)`,
  );
}

/** Go `x509.CertPool.AppendCertsFromPEM`: whether the text holds at least one parsable certificate. */
function hasCertificate(pem: string): boolean {
  for (const block of decodePemBlocks(Buffer.from(pem))) {
    if (block.type !== 'CERTIFICATE' || block.headers.size > 0) continue;
    try {
      new X509Certificate(block.bytes);
      return true;
    } catch {
      // Go skips blocks it cannot parse.
    }
  }
  return false;
}

function client(ctx: HttpContext, caBundle: string): HttpContext {
  if (caBundle === '') return ctx;
  if (!hasCertificate(caBundle)) throw celError('request failed: failed to parse PEM CA bundle for APICall');
  return new HttpContext(ctx.mocks, ctx.namespaced);
}

type Ctx = HttpContext;

/** The `http` library. */
export function httpLibrary(): CelLibrary {
  return (env: Environment) => {
    const H = HTTP_CONTEXT_TYPE;
    env.registerType(H, HttpContext);
    env.registerVariable('http', H);
    for (const [getName, postName, clientName] of [
      ['Get', 'Post', 'Client'],
      ['get', 'post', 'client'],
    ] as const) {
      env.registerFunction(`${H}.${getName}(string): dyn`, (c: Ctx, url: string) => call(c, 'GET', url));
      env.registerFunction(`${H}.${getName}(string, map<string, string>): dyn`, (c: Ctx, url: string) => call(c, 'GET', url));
      env.registerFunction(`${H}.${postName}(string, dyn): dyn`, (c: Ctx, url: string) => call(c, 'POST', url));
      env.registerFunction(`${H}.${postName}(string, dyn, map<string, string>): dyn`, (c: Ctx, url: string) => call(c, 'POST', url));
      env.registerFunction(`${H}.${clientName}(string): ${H}`, (c: Ctx, caBundle: string) => client(c, caBundle));
    }
  };
}
