/**
 * @file The UserInfo file (`cli.kyverno.io/v1alpha1`, `kind: UserInfo`; kyverno/kyverno
 * cmd/cli/kubectl-kyverno/apis/v1alpha1/user_info.go, userinfo/userinfo.go): roles, cluster roles and the
 * admission user of the simulated request.
 */
import type { RequestUserInfo } from './types.js';
import type { JsonValue } from '../types.js';
import { type DecodeError } from './strict-decode.js';
interface DecodedUserInfo {
    userInfo?: RequestUserInfo;
    /** The file has no apiVersion/kind: `test` rejects it, `apply` only warns. */
    untyped: boolean;
    errors: DecodeError[];
}
/** Decodes a UserInfo document. */
export declare function decodeUserInfo(document: JsonValue): DecodedUserInfo;
export {};
