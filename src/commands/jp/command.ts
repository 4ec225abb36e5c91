/**
 * @file `kyverno-lint jp <query|function|parse>`: the command-line interface to Kyverno's JMESPath
 * dialect (`kyverno jp`, kyverno/kyverno cmd/cli/kubectl-kyverno/commands/jp/command.go). Dispatches to
 * the subcommands; without one, prints the usage.
 */
import { UsageError } from '../args.js';
import type { CliIo } from '../io.js';
import { jpFunctionCommand } from './function.js';
import { jpParseCommand } from './parse.js';
import { jpQueryCommand } from './query.js';

const SUBCOMMANDS = ['query', 'function', 'parse'] as const;

const JP_HELP = `Provides a command-line interface to JMESPath, enhanced with Kyverno specific custom functions
(kyverno jp).

Usage:
  kyverno-lint jp <command> [flags]

Commands:
  query      Evaluate JMESPath expressions against a JSON or YAML object (kyverno jp query)
  function   Describe the JMESPath functions of Kyverno (kyverno jp function)
  parse      Show the AST of JMESPath expressions (kyverno jp parse)

Examples:
  # List functions
  kyverno-lint jp function

  # Evaluate query
  kyverno-lint jp query -i object.yaml 'request.object.metadata.name | truncate(@, \`9\`)'

  # Parse expression
  kyverno-lint jp parse 'request.object.metadata.name | truncate(@, \`9\`)'

Flags:
  -h, --help   help for jp

Use "kyverno-lint jp <command> --help" for the flags of a command.
`;

/** The command whose `--help` a usage error of `jp` with `argv` should point to. */
export function jpHelpTarget(argv: readonly string[]): string {
  const sub = argv[0];
  return sub !== undefined && (SUBCOMMANDS as readonly string[]).includes(sub) ? `jp ${sub}` : 'jp';
}

export async function jpCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case undefined:
      io.stderr(JP_HELP);
      return 2;
    case '-h':
    case '--help':
    case 'help':
      io.stdout(JP_HELP);
      return 0;
    case 'query':
      return await jpQueryCommand(rest, io);
    case 'function':
      return jpFunctionCommand(rest, io);
    case 'parse':
      return await jpParseCommand(rest, io);
    default:
      if (sub.startsWith('--')) throw new UsageError(`unknown flag: ${sub.split('=')[0]}`);
      if (sub.startsWith('-') && sub.length > 1) throw new UsageError(`unknown shorthand flag: '${sub[1]}' in ${sub}`);
      throw new UsageError(`unknown command "${sub}" for "kyverno-lint jp"`);
  }
}
