/**
 * A reader that closes standard output early (`kyverno-lint … | head`) ends the run quietly with the exit
 * code it would have had: the real executable is spawned with its stdout pipe closed before it writes.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const BIN = path.join(ROOT, 'src/commands/bin.ts');

/** Runs the executable with its stdout closed by the reader at once; resolves with the exit code and stderr. */
function runWithClosedStdout(argv: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', BIN, ...argv], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader goes away before the first line is written, as `head -0` would.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a closed standard output', () => {
  it.each([
    { name: 'scan with error findings', argv: ['test/fixtures/cli/apply', '--no-config'], code: 1 },
    { name: 'scan in json', argv: ['test/fixtures/cli/apply', '--no-config', '-f', 'json'], code: 1 },
    { name: 'apply', argv: ['apply', 'test/fixtures/cli/apply/policies', '-r', 'test/fixtures/cli/apply/resources'], code: 1 },
    { name: 'jp function', argv: ['jp', 'function'], code: 0 },
    { name: 'jp query', argv: ['jp', 'query', '-i', 'test/fixtures/cli/jp/object.yaml', 'request.object'], code: 0 },
  ])('$name: no stack trace, the exit code of a complete run', async ({ argv, code }) => {
    const complete = await runCli(argv);
    expect(complete.code).toBe(code);
    const closed = await runWithClosedStdout(argv);
    expect(closed.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(closed.stderr).toBe(complete.stderr);
    expect(closed.code).toBe(complete.code);
  });
});
