/**
 * @file Helpers the reporters share over a report's findings: grouping by file (files in the order
 * the report first names them, findings of a file by position) and counting by severity.
 */
import type { Finding, Severity } from '../report/types.js';
interface FileFindings {
    /** The path as findings name it (relative, `/` separated; `""` for problems of no file). */
    file: string;
    findings: Finding[];
}
/** The findings of each file, files in order of first appearance, each file's findings by line and column (stable). */
export declare function groupByFile(findings: readonly Finding[]): FileFindings[];
type SeverityCounts = Record<Severity, number>;
/** How many of `findings` have each severity. */
export declare function countSeverities(findings: readonly Finding[]): SeverityCounts;
/** Whether the finding carries source edits that `--fix` applies. */
export declare function isFixable(finding: Finding): boolean;
/** How a file is named to a reader: the working directory itself (`""`) is `.`. */
export declare function displayFile(file: string): string;
export {};
