import type { LintReport } from '../report/types.js';
/** The version of the contract below; raised on any incompatible change. */
export declare const JSON_REPORT_VERSION = 1;
export declare function json(report: LintReport): string;
