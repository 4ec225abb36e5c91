/**
 * @file The `kyverno-lint` command line: dispatches to the `test`, `apply` and `jp` commands and turns
 * command-line mistakes into a usage message with exit code 2. `run` never touches `process`, so
 * tests and the conformance runner call it in-process; `bin.ts` is the executable wrapper.
 */
import packageJson from '../../package.json' with { type: 'json' };
import { UsageError } from './args.js';
import { applyCommand } from './apply-command.js';
import type { CliIo } from './io.js';
import { jpCommand, jpHelpTarget } from './jp-command.js';
import { testCommand } from './test-command.js';

const USAGE = `kyverno-lint evaluates Kyverno ClusterPolicy/Policy objects against Kubernetes manifests offline,
as the Kyverno CLI does.

Usage:
  kyverno-lint apply <policies...> --resource <files...> [flags]
  kyverno-lint test <dirs...> [flags]
  kyverno-lint jp <query|function|parse> [flags]

Commands:
  apply      Apply policies to resources (kyverno apply)
  test       Run Kyverno CLI test files, kyverno-test.yaml (kyverno test)
  jp         JMESPath with Kyverno's custom functions: query, function, parse (kyverno jp)

Flags:
  -h, --help      help for kyverno-lint
  -v, --version   print the version

Use "kyverno-lint <command> --help" for the flags of a command.
`;

/** Runs the CLI with `argv` (without the executable) and returns the exit code. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
        io.stderr(USAGE);
        return 2;
      case '-h':
      case '--help':
      case 'help':
        io.stdout(USAGE);
        return 0;
      case '-v':
      case '--version':
      case 'version':
        io.stdout(`kyverno-lint ${packageJson.version}\n`);
        return 0;
      case 'test':
        return await testCommand(rest, io);
      case 'apply':
        return await applyCommand(rest, io);
      case 'jp':
        return await jpCommand(rest, io);
      default:
        throw new UsageError(`unknown command "${command}" for "kyverno-lint"`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const target = command === 'test' || command === 'apply' ? command : command === 'jp' ? jpHelpTarget(rest) : undefined;
    const help = target === undefined ? 'kyverno-lint --help' : `kyverno-lint ${target} --help`;
    io.stderr(`Error: ${error.message}\nRun '${help}' for usage.\n`);
    return 2;
  }
}
