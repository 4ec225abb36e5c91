/**
 * @file Problems with the CLI's input (missing files, YAML errors, malformed policies, unknown fields, files
 * over the size limit), reported on stderr as `file:line:column: message` while the other inputs are still
 * processed, and kept for the `problems` array of the JSON outputs.
 */
import { DEFAULT_MAX_FILE_SIZE } from '../../source/index.js';
import { displayPath, type CliIo } from '../io.js';

export type Severity = 'error' | 'warning';

interface Diagnostic {
  /** Absolute path of the file the problem is in. */
  file: string;
  /** 1-based position; 1:1 when the problem concerns the whole file. */
  line: number;
  column: number;
  message: string;
  severity: Severity;
}

/** `file:line:column: message`, with `warning: ` before the message of warnings. */
function formatDiagnostic(io: Pick<CliIo, 'cwd'>, diagnostic: Diagnostic): string {
  const prefix = diagnostic.severity === 'warning' ? 'warning: ' : '';
  return `${displayPath(io, diagnostic.file)}:${diagnostic.line}:${diagnostic.column}: ${prefix}${diagnostic.message}`;
}

/** A diagnostic in the JSON outputs: the file as shown to the user. */
export interface DiagnosticJson {
  file: string;
  line: number;
  column: number;
  severity: Severity;
  message: string;
}

/**
 * Prints diagnostics as they arrive (each distinct text once), keeps them, and counts every error reported.
 * It also carries the limit input files are read with, since every reader of a command reports here.
 */
export class DiagnosticLog {
  private readonly seen = new Set<string>();
  errorCount = 0;
  /** Every distinct diagnostic, in the order reported. */
  readonly diagnostics: Diagnostic[] = [];

  /** `maxFileSize`: input files larger than this many bytes are reported, not read. */
  constructor(
    private readonly io: CliIo,
    readonly maxFileSize = DEFAULT_MAX_FILE_SIZE,
  ) {}

  report(diagnostic: Diagnostic): void {
    if (diagnostic.severity === 'error') this.errorCount++;
    const text = formatDiagnostic(this.io, diagnostic);
    if (this.seen.has(text)) return;
    this.seen.add(text);
    this.diagnostics.push(diagnostic);
    this.io.stderr(`${text}\n`);
  }

  /** The diagnostics for a JSON document. */
  toJson(): DiagnosticJson[] {
    return this.diagnostics.map(({ file, line, column, severity, message }) => ({ file: displayPath(this.io, file), line, column, severity, message }));
  }

  /** A problem that concerns a whole file (missing, unreadable). */
  fileError(file: string, message: string): void {
    this.report({ file, line: 1, column: 1, message, severity: 'error' });
  }
}
