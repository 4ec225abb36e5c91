/**
 * @file The UserInfo file (`cli.kyverno.io/v1alpha1`, `kind: UserInfo`; kyverno/kyverno
 * cmd/cli/kubectl-kyverno/apis/v1alpha1/user_info.go, userinfo/userinfo.go): roles, cluster roles and the
 * admission user of the simulated request.
 */
import type { RequestUserInfo } from './types.js';
import type { JsonObject, JsonValue } from '../types.js';
import { ANY_MAP, BOOL, decodeStrict, list, map, STRING, STRING_LIST, struct, type DecodeError } from './strict-decode.js';

const USER_INFO_FILE = struct({
  apiVersion: STRING,
  kind: STRING,
  metadata: ANY_MAP,
  roles: STRING_LIST,
  clusterRoles: STRING_LIST,
  userInfo: struct({ username: STRING, uid: STRING, groups: STRING_LIST, extra: map(list(STRING)) }),
  synchronize: BOOL,
  dryRun: BOOL,
});

interface DecodedUserInfo {
  userInfo?: RequestUserInfo;
  /** The file has no apiVersion/kind: `test` rejects it, `apply` only warns. */
  untyped: boolean;
  errors: DecodeError[];
}

const strings = (value: JsonValue | undefined): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;

function toUserInfo(value: JsonObject): RequestUserInfo {
  const info: RequestUserInfo = {};
  const roles = strings(value.roles);
  if (roles) info.roles = roles;
  const clusterRoles = strings(value.clusterRoles);
  if (clusterRoles) info.clusterRoles = clusterRoles;
  const user = value.userInfo;
  if (user !== null && user !== undefined && typeof user === 'object' && !Array.isArray(user)) {
    const admission: NonNullable<RequestUserInfo['userInfo']> = {};
    if (typeof user.username === 'string') admission.username = user.username;
    if (typeof user.uid === 'string') admission.uid = user.uid;
    const groups = strings(user.groups);
    if (groups) admission.groups = groups;
    if (user.extra !== null && typeof user.extra === 'object' && !Array.isArray(user.extra)) {
      const extra: Record<string, string[]> = {};
      for (const [key, items] of Object.entries(user.extra)) extra[key] = strings(items) ?? [];
      admission.extra = extra;
    }
    info.userInfo = admission;
  }
  return info;
}

/** Decodes a UserInfo document. */
export function decodeUserInfo(document: JsonValue): DecodedUserInfo {
  const { value, errors } = decodeStrict(document, USER_INFO_FILE);
  const untyped = typeof value.apiVersion !== 'string' || value.apiVersion === '' || typeof value.kind !== 'string' || value.kind === '';
  if (errors.length > 0) return { untyped, errors };
  return { userInfo: toUserInfo(value), untyped, errors };
}
