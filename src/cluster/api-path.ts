/**
 * @file Parsing of Kubernetes API URL paths as the API server routes them:
 * `/api/<version>/...` for the core group, `/apis/<group>/<version>/...` for the others, then
 * `[namespaces/<namespace>/]<resource>[/<name>[/<subresource>]]`, and the query string
 * (`labelSelector`, `fieldSelector`; percent-decoded, `+` meaning a space, as Go's `url.ParseQuery`).
 */

/** One API request, routed. */
interface ApiPath {
  group: string;
  version: string;
  /** The namespace of a namespaced request (`/namespaces/<namespace>/...`). */
  namespace?: string;
  /** The plural resource name. */
  resource: string;
  /** The object name of a GET of one object; absent for a list. */
  name?: string;
  subresource?: string;
  labelSelector?: string;
  fieldSelector?: string;
}

/** Subresources of a Namespace, which the API server routes before namespaced lists. */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

/** Routes `urlPath`; `null` when no route of the API server matches it. */
export function parseApiPath(urlPath: string): ApiPath | null {
  const question = urlPath.indexOf('?');
  const pathPart = question >= 0 ? urlPath.slice(0, question) : urlPath;
  const query = question >= 0 ? new URLSearchParams(urlPath.slice(question + 1)) : undefined;

  const segments = pathPart.split('/');
  if (segments[0] === '') segments.shift();
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop();
  if (segments.some((segment) => segment === '')) return null;
  const decoded: string[] = [];
  for (const segment of segments) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return null;
    }
  }

  let group: string;
  let rest: string[];
  if (decoded[0] === 'api' && decoded.length >= 2) {
    group = '';
    rest = decoded.slice(1);
  } else if (decoded[0] === 'apis' && decoded.length >= 3) {
    group = decoded[1]!;
    rest = decoded.slice(2);
  } else {
    return null;
  }
  const version = rest[0]!;
  rest = rest.slice(1);
  if (rest.length === 0) return null;

  let route: Omit<ApiPath, 'group' | 'version'>;
  const namespaces = rest[0] === 'namespaces';
  if (namespaces && (rest.length <= 2 || (group === '' && rest.length === 3 && NAMESPACE_SUBRESOURCES.has(rest[2]!)))) {
    // The Namespace objects themselves: /namespaces, /namespaces/<name>, /namespaces/<name>/status.
    route = { resource: 'namespaces', name: rest[1], subresource: rest[2] };
  } else if (namespaces) {
    if (rest.length > 5) return null;
    route = { namespace: rest[1]!, resource: rest[2]!, name: rest[3], subresource: rest[4] };
  } else {
    if (rest.length > 3) return null;
    route = { resource: rest[0]!, name: rest[1], subresource: rest[2] };
  }

  const request: ApiPath = { group, version, resource: route.resource };
  if (route.namespace !== undefined) request.namespace = route.namespace;
  if (route.name !== undefined) request.name = route.name;
  if (route.subresource !== undefined) request.subresource = route.subresource;
  const labelSelector = query?.get('labelSelector');
  if (labelSelector !== null && labelSelector !== undefined) request.labelSelector = labelSelector;
  const fieldSelector = query?.get('fieldSelector');
  if (fieldSelector !== null && fieldSelector !== undefined) request.fieldSelector = fieldSelector;
  return request;
}
