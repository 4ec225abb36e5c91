/**
 * @file The reporters of a repository scan, chosen with `--format`/`-f` as in ESLint: pure functions
 * from a {@link LintReport} to the complete text written on stdout or into `--output-file`.
 */
import type { Reporter } from './options.js';
export type { Reporter, ReporterOptions } from './options.js';
/** The formats, `stylish` (the default) first, as usage messages list them. */
export declare const REPORTER_NAMES: readonly ["stylish", "json", "sarif", "github", "junit"];
export type ReporterName = (typeof REPORTER_NAMES)[number];
export declare const reporters: Record<ReporterName, Reporter>;
export declare function isReporterName(name: string): name is ReporterName;
