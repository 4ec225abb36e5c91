/**
 * @file The options every reporter takes and a reporter's signature, shared by the reporters and
 * their registry (`index.ts`).
 */
import type { LintReport } from '../report/types.js';

export interface ReporterOptions {
  /** ANSI colours (only `stylish` uses them). */
  color: boolean;
  /** The tool's version, written by reporters that name the tool (`sarif`). */
  toolVersion: string;
  /**
   * The terminal's width in columns, when the report is shown on a terminal: `stylish` then wraps long
   * messages to it. Without it (piped output, files), `stylish` writes one finding per line.
   */
  width?: number;
  /**
   * `sarif`: the run's `automationDetails.id` (`category/run`): GitHub code scanning keeps the results of each
   * category apart, so the shards of a matrix do not replace each other's. Left out when not given.
   */
  automationId?: string;
  /** An absolute URI about the tool (`sarif` `tool.driver.informationUri`); left out when not given. */
  informationUri?: string;
  /**
   * `sarif`: whether findings suppressed by inline directives are written as results with `suppressions`
   * (default) or left out (for GitHub code scanning, which opens alerts for such results).
   */
  sarifSuppressed?: boolean;
}

export type Reporter = (report: LintReport, options: ReporterOptions) => string;
