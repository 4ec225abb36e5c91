/**
 * @file User-information filters of `match`/`exclude` (and of PolicyException matches): `roles`,
 * `clusterRoles` and `subjects` against the admission request's user info (Kyverno
 * `doesResourceMatchConditionBlock` user part, pkg/utils/match/subjects.go `CheckSubjects`,
 * pkg/utils/data `SliceContains`).
 */
import type { RequestUserInfo } from '../../../evaluate/types.js';
import type { Subject, UserInfoFilter } from '../policy/types.js';
import { wildcardMatch } from '../../../util/wildcard.js';

/** Kyverno `SliceContains(expected, actual...)`: any exact overlap between the two lists. */
function overlaps(expected: readonly string[], actual: readonly string[] | undefined): boolean {
  if (actual === undefined) return false;
  for (const value of actual) {
    if (expected.includes(value)) return true;
  }
  return false;
}

/**
 * Kyverno `CheckSubjects`: true if any subject matches. `User` → wildcard match of `name` against the
 * username; `Group` → against any group; `ServiceAccount` → `system:serviceaccount:<namespace>:<name>`
 * (built from the subject, wildcards allowed in both parts) against the username. Other kinds never match.
 */
export function subjectsMatch(
  subjects: readonly Subject[],
  user: { readonly username?: string; readonly groups?: readonly string[] } | undefined,
): boolean {
  const username = user?.username ?? '';
  const groups = user?.groups ?? [];
  for (const subject of subjects) {
    const name = typeof subject.name === 'string' ? subject.name : '';
    switch (subject.kind) {
      case 'ServiceAccount': {
        const namespace = typeof subject.namespace === 'string' ? subject.namespace : '';
        if (wildcardMatch(`system:serviceaccount:${namespace}:${name}`, username)) return true;
        break;
      }
      case 'Group':
        for (const group of groups) {
          if (wildcardMatch(name, group)) return true;
        }
        break;
      case 'User':
        if (wildcardMatch(name, username)) return true;
        break;
    }
  }
  return false;
}

/** Whether a user-info filter lists anything (non-empty `roles`, `clusterRoles` or `subjects`). */
export function hasUserInfoFilter(filter: UserInfoFilter): boolean {
  return (
    (filter.roles?.length ?? 0) > 0 || (filter.clusterRoles?.length ?? 0) > 0 || (filter.subjects?.length ?? 0) > 0
  );
}

/**
 * The user-info part of one filter: each listed attribute (roles, clusterRoles, subjects) must hold;
 * inside an attribute any entry may hold. Unlisted attributes are ignored. With no admission info,
 * listed attributes see empty lists and an empty username, so they fail.
 */
export function userInfoMatches(filter: UserInfoFilter, info: RequestUserInfo | undefined): boolean {
  if (filter.roles !== undefined && filter.roles.length > 0 && !overlaps(filter.roles, info?.roles)) return false;
  if (
    filter.clusterRoles !== undefined &&
    filter.clusterRoles.length > 0 &&
    !overlaps(filter.clusterRoles, info?.clusterRoles)
  ) {
    return false;
  }
  if (filter.subjects !== undefined && filter.subjects.length > 0 && !subjectsMatch(filter.subjects, info?.userInfo)) {
    return false;
  }
  return true;
}

/**
 * Whether the request carries admission user info at all (Kyverno compares the whole `RequestInfo` to its
 * zero value). Without it, user-info filters are dropped from `match` filters.
 */
export function hasAdmissionInfo(info: RequestUserInfo | undefined): boolean {
  if (info === undefined) return false;
  if (info.roles !== undefined || info.clusterRoles !== undefined) return true;
  const user = info.userInfo;
  if (user === undefined) return false;
  return (
    (user.username !== undefined && user.username !== '') ||
    (user.uid !== undefined && user.uid !== '') ||
    user.groups !== undefined ||
    user.extra !== undefined
  );
}
