/**
 * @file The `kyverno-lint` executable: runs the CLI on the process arguments and streams, and sets the
 * exit code. Only internal bugs reach the catch below; user errors are reported by the commands.
 */
import { readFileSync } from 'node:fs';
import { run } from './main.js';

try {
  process.exitCode = await run(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    stdoutIsTTY: process.stdout.isTTY === true,
    ...(process.stdout.columns > 0 ? { stdoutColumns: process.stdout.columns } : {}),
    stdinIsTTY: process.stdin.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    readStdin: async () => readFileSync(0, 'utf8'),
  });
} catch (error) {
  process.stderr.write(`kyverno-lint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
}
