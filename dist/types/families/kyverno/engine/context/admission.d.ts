/**
 * @file The JSON context the Kyverno CLI builds for one resource (`pkg/engine/policycontext`
 * `NewPolicyContext` and the CLI's `makePolicyContext`): `request.object` (or `request.oldObject`
 * for DELETE, plus a copy for UPDATE), `request.namespace`, `request.operation`, user info and
 * service account only when a user-info file is given, and the lazily built `images`; then the
 * variables of a values file. The data is kept per resource: every policy starts from the same.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import type { RequestUserInfo } from '../../../../evaluate/types.js';
import { JsonContext } from './json-context.js';
/** What the mocked admission request is built from. */
interface AdmissionRequestInput {
    /** The resource (for DELETE, the object being deleted). */
    resource: JsonObject;
    /** `request.operation` verbatim; default `CREATE`. UPDATE and DELETE select the engine operation. */
    operation?: string;
    /** User info of a `cli.kyverno.io/v1alpha1` UserInfo file; absent means none. */
    userInfo?: RequestUserInfo;
    /**
     * Values-file variables (dotted keys), added in order after the request data as `addAtPath` adds
     * them. Throws Go's csv error for a malformed key.
     */
    values?: Readonly<Record<string, JsonValue>>;
}
/**
 * Kyverno `AddServiceAccount`: the username after the first 22 bytes (the length of
 * `system:serviceaccount:`, not checked), split on `:` into namespace and name.
 */
export declare function serviceAccountOf(username: string): {
    serviceAccountName: string;
    serviceAccountNamespace: string;
};
/**
 * Builds the JSON context of one evaluation as the Kyverno CLI does, with the values-file variables
 * of `request.values` added.
 */
export declare function createAdmissionContext(request: AdmissionRequestInput): JsonContext;
export {};
