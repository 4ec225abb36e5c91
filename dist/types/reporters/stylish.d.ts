import type { LintReport } from '../report/types.js';
import type { ReporterOptions } from './options.js';
/** Renders the report as ESLint's stylish formatter does, laid out for `options.width` when given; `""` without findings. */
export declare function stylish(report: LintReport, options: ReporterOptions): string;
