/**
 * @file User-information filters of `match`/`exclude` (and of PolicyException matches): `roles`,
 * `clusterRoles` and `subjects` against the admission request's user info (Kyverno
 * `doesResourceMatchConditionBlock` user part, pkg/utils/match/subjects.go `CheckSubjects`,
 * pkg/utils/data `SliceContains`).
 */
import type { RequestUserInfo } from '../../../evaluate/types.js';
import type { Subject, UserInfoFilter } from '../policy/types.js';
/**
 * Kyverno `CheckSubjects`: true if any subject matches. `User` → wildcard match of `name` against the
 * username; `Group` → against any group; `ServiceAccount` → `system:serviceaccount:<namespace>:<name>`
 * (built from the subject, wildcards allowed in both parts) against the username. Other kinds never match.
 */
export declare function subjectsMatch(subjects: readonly Subject[], user: {
    readonly username?: string;
    readonly groups?: readonly string[];
} | undefined): boolean;
/** Whether a user-info filter lists anything (non-empty `roles`, `clusterRoles` or `subjects`). */
export declare function hasUserInfoFilter(filter: UserInfoFilter): boolean;
/**
 * The user-info part of one filter: each listed attribute (roles, clusterRoles, subjects) must hold;
 * inside an attribute any entry may hold. Unlisted attributes are ignored. With no admission info,
 * listed attributes see empty lists and an empty username, so they fail.
 */
export declare function userInfoMatches(filter: UserInfoFilter, info: RequestUserInfo | undefined): boolean;
/**
 * Whether the request carries admission user info at all (Kyverno compares the whole `RequestInfo` to its
 * zero value). Without it, user-info filters are dropped from `match` filters.
 */
export declare function hasAdmissionInfo(info: RequestUserInfo | undefined): boolean;
