/**
 * @file The `kyverno-lint` executable: runs the CLI on the process arguments and streams, and sets the
 * exit code. Only internal bugs reach the catch below; user errors are reported by the commands.
 */
import { readStreamBounded } from '../source/index.js';
import { runScanWorkerIfAsked } from '../lint/parallel.js';
import { run } from './main.js';

/** Error codes of a write to a pipe whose reader has gone (`kyverno-lint … | head`). */
const CLOSED_PIPE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/**
 * A writer for `stream` that stops writing once the reader has closed the pipe: the run goes on quietly and
 * ends with the exit code it would have had. Other write errors are reported once on stderr.
 */
function writerFor(stream: NodeJS.WriteStream, name: string): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (closed) return;
    closed = true;
    if (!CLOSED_PIPE.has(error.code ?? '') && stream !== process.stderr) {
      process.stderr.write(`kyverno-lint: cannot write to ${name}: ${error.message}\n`);
    }
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}

async function main(): Promise<void> {
  const stdout = writerFor(process.stdout, 'stdout');
  const stderr = writerFor(process.stderr, 'stderr');
  try {
    process.exitCode = await run(process.argv.slice(2), {
      stdout,
      stderr,
      cwd: process.cwd(),
      stdoutIsTTY: process.stdout.isTTY === true,
      ...(process.stdout.columns > 0 ? { stdoutColumns: process.stdout.columns } : {}),
      stdinIsTTY: process.stdin.isTTY === true,
      stderrIsTTY: process.stderr.isTTY === true,
      readStdin: (maxBytes) => readStreamBounded(process.stdin, maxBytes),
    });
  } catch (error) {
    stderr(`kyverno-lint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  }
}

// dist/cli.js started as a worker thread of a parallel scan (`--jobs`) runs that scan's part instead.
if (!(await runScanWorkerIfAsked())) await main();
