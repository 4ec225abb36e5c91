import type { LintReport } from '../report/types.js';
/** Escapes text for an XML attribute value or character data (ASCII output). */
export declare function xmlEscape(text: string): string;
export declare function junit(report: LintReport): string;
