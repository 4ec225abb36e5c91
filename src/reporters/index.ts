/**
 * @file The reporters of a repository scan, chosen with `--format`/`-f` as in ESLint: pure functions
 * from a {@link LintReport} to the complete text written on stdout or into `--output-file`, and the same
 * text in pieces ({@link reportWriters}), which the CLI and the Action write as they come: the JSON, SARIF
 * and JUnit texts of a large repository's report are hundreds of megabytes.
 */
import type { LintReport } from '../report/types.js';
import type { Reporter, ReporterOptions } from './options.js';
import { github } from './github.js';
import { json, jsonChunks } from './json.js';
import { junit, junitChunks } from './junit.js';
import { sarif, sarifChunks } from './sarif.js';
import { stylish } from './stylish.js';

export type { Reporter, ReporterOptions } from './options.js';

/** A reporter's text in pieces, whose concatenation is what the reporter returns. */
export type ReportWriter = (report: LintReport, options: ReporterOptions) => Iterable<string>;

/** The formats, `stylish` (the default) first, as usage messages list them. */
export const REPORTER_NAMES = ['stylish', 'json', 'sarif', 'github', 'junit'] as const;

export type ReporterName = (typeof REPORTER_NAMES)[number];

export const reporters: Record<ReporterName, Reporter> = { stylish, json, sarif, github, junit };

export const reportWriters: Record<ReporterName, ReportWriter> = {
  // The stylish and GitHub texts are a few bytes per finding: written whole.
  stylish: (report, options) => [stylish(report, options)],
  json: jsonChunks,
  sarif: sarifChunks,
  github: (report) => [github(report)],
  junit: junitChunks,
};

/** The pieces of a report joined into blocks of about `size` characters, the unit a report is written in. */
export function* reportBlocks(pieces: Iterable<string>, size = 1 << 20): Generator<string> {
  let parts: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    parts.push(piece);
    length += piece.length;
    if (length >= size) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (length > 0) yield parts.join('');
}

export function isReporterName(name: string): name is ReporterName {
  return (REPORTER_NAMES as readonly string[]).includes(name);
}
