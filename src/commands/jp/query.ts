/**
 * @file `kyverno-lint jp query`: evaluates JMESPath expressions with Kyverno's dialect and functions
 * against a JSON or YAML object, as `kyverno jp query` does (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/commands/jp/query/command.go, `Command`, `evaluate`, `printResult`): expressions
 * from the arguments then from `-q` files, the object from `-i` or standard input, and for each expression
 * `# <expr>` followed by the result as Go's `json.MarshalIndent(result, "", "  ")` (`-c`: `json.Marshal`,
 * `-u`: a string result printed raw). The first failing expression stops the run (exit 1).
 */
import { compileJmesPath, JmesPathError, toPlainJson, type CompiledJmesPath } from '../../lang/jmespath/index.js';
import { parseDocuments } from '../../source/index.js';
import { toFloat64Numbers } from '../../util/json-value.js';
import { GoJsonError, goJsonStringify, goJsonStringifyIndent } from '../../util/go-json.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpec } from '../args.js';
import { requireInputPaths } from '../input-paths.js';
import type { CliIo } from '../io.js';
import { JpInputError, readJpFile, readJpStdin } from './input.js';

const FLAGS: readonly FlagSpec[] = [
  { name: 'compact', short: 'c', type: 'boolean', description: 'Produce compact JSON output that omits non essential whitespace' },
  { name: 'unquoted', short: 'u', type: 'boolean', description: 'If the final result is a string, it will be printed without quotes' },
  { name: 'query', short: 'q', type: 'list', valueName: 'files', description: 'Read JMESPath expression from the specified file (repeatable, comma-separated)' },
  { name: 'input', short: 'i', type: 'string', valueName: 'file', description: 'Read input from a JSON or YAML file instead of stdin' },
];

const QUERY_HELP = `Evaluate JMESPath expressions against a JSON or YAML object, with Kyverno's custom functions, as
\`kyverno jp query\` does.

Usage:
  kyverno-lint jp query [-i input] [-q file]... [expression]...

Each expression is printed as "# <expression>" followed by its result as JSON. Without -i the object is
read from standard input; without expressions the expression is read from standard input.

Examples:
  # Evaluate a query
  kyverno-lint jp query -i object.yaml 'request.object.metadata.name | truncate(@, \`9\`)'

  # Evaluate the queries of files and arguments
  kyverno-lint jp query -i object.yaml -q query-file-1 -q query-file-2 'metadata.name'

  # Read the object from standard input
  cat object.yaml | kyverno-lint jp query -q query-file

Flags:
${formatFlagHelp(FLAGS)}
`;

/** A failure that ends the command with exit code 1; `message` is Kyverno's error text. */
class QueryError extends Error {}

/**
 * The object of a YAML or JSON text, as `sigs.k8s.io/yaml` Unmarshal gives it: the first document
 * (`null` for an empty text); a malformed first document is an error.
 */
function parseInput(where: string, text: string): unknown {
  const parsed = parseDocuments(where, text);
  const first = parsed.documents[0];
  // `yaml.Unmarshal` into `interface{}` decodes numbers as float64: integers beyond 2^53 are rounded.
  if (first !== undefined && first.index === 0) return toFloat64Numbers(first.value);
  const problem = parsed.problems.find((p) => p.severity === 'error');
  if (problem === undefined) return null;
  throw new QueryError(`error parsing input json: ${where}:${problem.line}:${problem.column}: ${problem.message}`);
}

function evaluate(input: unknown, query: string): unknown {
  let compiled: CompiledJmesPath;
  try {
    compiled = compileJmesPath(query);
  } catch (error) {
    if (!(error instanceof JmesPathError)) throw error;
    throw new QueryError(`failed to compile JMESPath: ${query}, error: ${error.message}`);
  }
  try {
    return compiled.search(input);
  } catch (error) {
    if (!(error instanceof JmesPathError)) throw error;
    throw new QueryError(`error evaluating JMESPath expression: ${error.message}`);
  }
}

function formatResult(result: unknown, unquoted: boolean, compact: boolean): string {
  if (unquoted && typeof result === 'string') return result;
  const plain = toPlainJson(result);
  try {
    return compact ? goJsonStringify(plain) : goJsonStringifyIndent(plain, '  ');
  } catch (error) {
    if (!(error instanceof GoJsonError)) throw error;
    throw new QueryError(`error marshalling result to JSON: ${error.message}`);
  }
}

export async function jpQueryCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(FLAGS, argv);
  if (args.help) {
    io.stdout(QUERY_HELP);
    return 0;
  }
  requireInputPaths(io, args, { positionals: false, flags: ['query', 'input'] });
  try {
    const queries = [...args.positionals];
    for (const file of args.list('query')) queries.push(readJpFile(io, file, 'failed to read file'));
    const inputFile = args.string('input');
    // Kyverno treats an input that decodes to null like a missing one.
    let input = inputFile ? parseInput(inputFile, readJpFile(io, inputFile, 'failed to read file')) : null;
    if (queries.length === 0 && input === null) throw new UsageError('at least one query or input object is required');
    if (queries.length === 0) queries.push(await readJpStdin(io, 'Enter a jmespath expression and hit Ctrl+D.'));
    if (input === null) input = parseInput('-', await readJpStdin(io, 'Enter input object and hit Ctrl+D.'));

    const compact = args.boolean('compact');
    const unquoted = args.boolean('unquoted');
    for (const query of queries) {
      const result = evaluate(input, query);
      io.stdout(`# ${query}\n`);
      io.stdout(`${formatResult(result, unquoted, compact)}\n`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof QueryError) && !(error instanceof JpInputError)) throw error;
    io.stderr(`Error: ${error.message}\n`);
    return 1;
  }
}
