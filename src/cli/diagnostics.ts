/**
 * @file Problems with the CLI's input (missing files, YAML errors, malformed policies, unknown fields),
 * reported on stderr as `file:line:column: message` while the other inputs are still processed.
 */
import { displayPath, type CliIo } from './io.js';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** Absolute path of the file the problem is in. */
  file: string;
  /** 1-based position; 1:1 when the problem concerns the whole file. */
  line: number;
  column: number;
  message: string;
  severity: Severity;
}

/** `file:line:column: message`, with `warning: ` before the message of warnings. */
export function formatDiagnostic(io: Pick<CliIo, 'cwd'>, diagnostic: Diagnostic): string {
  const prefix = diagnostic.severity === 'warning' ? 'warning: ' : '';
  return `${displayPath(io, diagnostic.file)}:${diagnostic.line}:${diagnostic.column}: ${prefix}${diagnostic.message}`;
}

/** Prints diagnostics as they arrive (each distinct text once) and counts every error reported. */
export class DiagnosticLog {
  private readonly seen = new Set<string>();
  errorCount = 0;

  constructor(private readonly io: CliIo) {}

  report(diagnostic: Diagnostic): void {
    if (diagnostic.severity === 'error') this.errorCount++;
    const text = formatDiagnostic(this.io, diagnostic);
    if (this.seen.has(text)) return;
    this.seen.add(text);
    this.io.stderr(`${text}\n`);
  }

  /** A problem that concerns a whole file (missing, unreadable). */
  fileError(file: string, message: string): void {
    this.report({ file, line: 1, column: 1, message, severity: 'error' });
  }
}
