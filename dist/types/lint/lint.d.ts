import { type FileFix } from './fixes.js';
import type { LintReport } from '../report/types.js';
import type { ConfigProblem } from '../config/load.js';
import type { LintOptions } from './options.js';
export interface LintResult {
    report: LintReport;
    /** The source edits of every mutated resource, per file (what `--fix` writes). */
    fixes: FileFix[];
    /** Problems that make the scan less meaningful (excluded files, configuration entries naming policies not loaded). */
    warnings: string[];
    /** Tool errors: paths that do not exist, settings files that cannot be used (exit code 2). */
    errors: string[];
    /**
     * Errors of the configuration found once the policies are loaded (a rule id of `severity` or `ignore`
     * naming no rule of a loaded policy): the manifests were not evaluated.
     */
    configProblems: ConfigProblem[];
    /** The scan found no policy or no manifest, so it checked nothing; null otherwise. */
    empty: EmptyScan | null;
}
/** A scan that checked nothing. The CLI and the Action fail on it unless an empty scan is allowed. */
export interface EmptyScan {
    noPolicy: boolean;
    noManifest: boolean;
    /** What is missing and where it was looked for (without the flags of the CLI or the inputs of the Action). */
    message: string;
}
export declare function lint(options: LintOptions): Promise<LintResult>;
