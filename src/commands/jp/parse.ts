/**
 * @file `kyverno-lint jp parse [-f file]... [expression]...`: prints the go-jmespath AST of each
 * expression as `kyverno jp parse` does (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/commands/jp/parse/command.go, `loadExpressions`, `printAst`): `# <expression>`,
 * the AST dump and a blank line; expressions from the arguments then from `-f` files, or from standard
 * input when there are none. The first expression that does not parse stops the run (exit 1).
 */
import { JmesPathError } from '../../lang/jmespath/index.js';
import { parseJmesPath } from '../../lang/jmespath/parser.js';
import { formatFlagHelp, parseArgs, type FlagSpec } from '../args.js';
import { requireInputPaths } from '../input-paths.js';
import type { CliIo } from '../io.js';
import { formatJmesPathAst } from './ast.js';
import { JpInputError, readJpFile, readJpStdin } from './input.js';

const FLAGS: readonly FlagSpec[] = [
  { name: 'file', short: 'f', type: 'list', valueName: 'files', description: 'Read a JMESPath expression from each file (repeatable, comma-separated)' },
];

const PARSE_HELP = `Parse JMESPath expressions and show the corresponding AST, as \`kyverno jp parse\` does.

Usage:
  kyverno-lint jp parse [-f file]... [expression]...

Without expressions or files, the expression is read from standard input.

Examples:
  # Parse an expression
  kyverno-lint jp parse 'request.object.metadata.name | truncate(@, \`9\`)'

  # Parse the expressions of files and arguments
  kyverno-lint jp parse -f my-file1 -f my-file-2 'request.object.metadata.name'

Flags:
${formatFlagHelp(FLAGS)}
`;

export async function jpParseCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(FLAGS, argv);
  if (args.help) {
    io.stdout(PARSE_HELP);
    return 0;
  }
  requireInputPaths(io, args, { positionals: false, flags: ['file'] });
  try {
    const expressions = [...args.positionals];
    for (const file of args.list('file')) expressions.push(readJpFile(io, file, 'failed read file'));
    if (expressions.length === 0) expressions.push(await readJpStdin(io, 'Enter a jmespath expression and hit Ctrl+D.'));
    for (const expression of expressions) {
      const ast = parseJmesPath(expression);
      io.stdout(`# ${expression}\n${formatJmesPathAst(ast)}\n`);
    }
    return 0;
  } catch (error) {
    // Kyverno adds the expression and a caret under the error offset to go-jmespath's
    // `SyntaxError: ...`; the parser's errors carry no offset, so only the message is printed.
    if (!(error instanceof JmesPathError) && !(error instanceof JpInputError)) throw error;
    io.stderr(`Error: ${error.message}\n`);
    return 1;
  }
}
