/**
 * @file The `kyverno-lint` command line: the repository scan (`kyverno-lint [paths...]`, the default), and
 * the `test`, `apply` and `jp` commands of the Kyverno CLI; command-line mistakes become a usage message
 * with exit code 2. `run` never touches `process`, so
 * tests and the conformance runner call it in-process; `bin.ts` is the executable wrapper.
 */
import packageJson from '../../package.json' with { type: 'json' };
import { UsageError } from './args.js';
import { applyCommand } from './apply/command.js';
import type { CliIo } from './io.js';
import { jpCommand, jpHelpTarget } from './jp/command.js';
import { lintCommand } from './scan/command.js';
import { migrateCommand } from './migrate/command.js';
import { testCommand } from './test/command.js';

const USAGE = `kyverno-lint checks Kubernetes manifests against Kyverno ClusterPolicy/Policy objects offline,
as the Kyverno admission controller and the Kyverno CLI evaluate them.

Usage:
  kyverno-lint [paths...] [flags]        scan a repository (default: .) and report findings
  kyverno-lint apply <policies...> --resource <files...> [flags]
  kyverno-lint test <dirs...> [flags]
  kyverno-lint jp <query|function|parse> [flags]
  kyverno-lint migrate <paths...> [--out <dir> | --in-place] [--check]

Commands:
  apply      Apply policies to resources (kyverno apply)
  test       Run Kyverno CLI test files, kyverno-test.yaml (kyverno test)
  jp         JMESPath with Kyverno's custom functions: query, function, parse (kyverno jp)
  migrate    Translate ClusterPolicies/Policies into CEL policies and prove the translations

Flags:
  -h, --help      help for kyverno-lint
  -v, --version   print the version

Use "kyverno-lint --help" for this text, "kyverno-lint scan --help" for the flags of the scan and
"kyverno-lint <command> --help" for the flags of a command.
`;

/** Runs the CLI with `argv` (without the executable) and returns the exit code. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
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
      case 'migrate':
        return await migrateCommand(rest, io);
      case 'scan':
        return await lintCommand(rest, io);
      default:
        return await lintCommand(argv, io);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const target = command === 'test' || command === 'apply' || command === 'migrate' ? command : command === 'jp' ? jpHelpTarget(rest) : 'scan';
    const help = `kyverno-lint ${target} --help`;
    const lines = error.message.split('\n').map((line) => `Error: ${line}\n`);
    io.stderr(`${lines.join('')}Run '${help}' for usage.\n`);
    return 2;
  }
}
