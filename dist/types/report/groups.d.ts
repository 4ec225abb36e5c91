import type { Finding } from './types.js';
/** A set of findings (two or more) with the same reason, in the order of the findings given. */
export interface FindingGroup {
    /** Stable across runs: a digest of the rule id, severity and message (16 hex digits). */
    key: string;
    findings: Finding[];
}
/** The group of each finding that shares its reason with at least one other finding. */
export declare function sameReasonGroups(findings: readonly Finding[]): Map<Finding, FindingGroup>;
/** One entry per finding, or per group at the place of its first finding (findings in the given order). */
export type ReportEntry = {
    finding: Finding;
    group?: undefined;
} | {
    finding: Finding;
    group: FindingGroup;
};
/** The findings with each group of the same reason collapsed into one entry (its first finding). */
export declare function collapseSameReason(findings: readonly Finding[]): ReportEntry[];
/** The title of the one annotation standing for a group: the rule id and the count of resources. */
export declare function groupTitle(group: FindingGroup): string;
/** The message of the one annotation standing for a group: the shared message and where its findings are. */
export declare function groupMessage(group: FindingGroup): string;
