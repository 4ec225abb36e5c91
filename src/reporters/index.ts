/**
 * @file The reporters of a repository scan, chosen with `--format`/`-f` as in ESLint: pure functions
 * from a {@link LintReport} to the complete text written on stdout or into `--output-file`.
 */
import type { Reporter } from './options.js';
import { github } from './github.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';

export type { Reporter, ReporterOptions } from './options.js';

/** The formats, `stylish` (the default) first, as usage messages list them. */
export const REPORTER_NAMES = ['stylish', 'json', 'sarif', 'github', 'junit'] as const;

export type ReporterName = (typeof REPORTER_NAMES)[number];

export const reporters: Record<ReporterName, Reporter> = { stylish, json, sarif, github, junit };

export function isReporterName(name: string): name is ReporterName {
  return (REPORTER_NAMES as readonly string[]).includes(name);
}
