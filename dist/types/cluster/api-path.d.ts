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
/** Routes `urlPath`; `null` when no route of the API server matches it. */
export declare function parseApiPath(urlPath: string): ApiPath | null;
export {};
