/**
 * @file The Kubernetes URLs library (k8s.io/apiserver/pkg/cel/library/urls.go; value apiserver
 * `pkg/cel/url.go`): `url(string)`, `isURL(string)`, and `getScheme()`, `getHost()`, `getHostname()`, `getPort()`,
 * `getEscapedPath()`, `getQuery()`; `==` compares `URL.String()`. Go `net/url` semantics (go-url.ts), not WHATWG:
 * a URL must be an absolute URI or an absolute path (`url.ParseRequestURI`), then is read with `url.Parse`.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, chargeNominal, chargeStringTraversal } from './common.js';
import { fromBytes, type GoURL, parseRequestURI, parseURL, urlEscapedPath, urlHost, urlHostname, urlPort, urlQuery, urlString } from './go-url.js';

/** A CEL `kubernetes.URL` value. */
export class URLValue {
  constructor(readonly url: GoURL) {}
}

const URL_TYPE = 'kubernetes.URL';

/** urls.go `stringToUrl`: ParseRequestURI to validate, then Parse (which keeps the fragment apart). */
function stringToURL(s: string): URLValue {
  try {
    parseRequestURI(s);
    return new URLValue(parseURL(s));
  } catch (err) {
    throw celError(`URL parse error during conversion from string: ${(err as Error).message}`);
  }
}

/** urls.go `isURL`. */
export function isURL(s: string): boolean {
  try {
    parseRequestURI(s);
    return true;
  } catch {
    return false;
  }
}

/** Registers the URLs library. */
export const urlsLibrary: CelLibrary = (env: Environment) => {
  env.registerType(URL_TYPE, URLValue);
  env.registerFunction(`url(string): ${URL_TYPE}`, (s: string) => {
    chargeStringTraversal(s);
    return stringToURL(s);
  });
  env.registerFunction('isURL(string): bool', (s: string) => {
    chargeStringTraversal(s);
    return isURL(s);
  });
  const accessors: [string, (u: GoURL) => unknown, string][] = [
    ['getScheme', (u) => fromBytes(u.scheme), 'string'],
    ['getHost', urlHost, 'string'],
    ['getHostname', urlHostname, 'string'],
    ['getPort', urlPort, 'string'],
    ['getEscapedPath', urlEscapedPath, 'string'],
    ['getQuery', urlQuery, 'map<string, list<string>>'],
  ];
  for (const [name, get, type] of accessors) {
    env.registerFunction(`${URL_TYPE}.${name}(): ${type}`, (u: URLValue) => {
      chargeNominal();
      return get(u.url);
    });
  }
  env.registerOperator(`${URL_TYPE} == ${URL_TYPE}`, (a: URLValue, b: URLValue) => urlString(a.url) === urlString(b.url));
};
