/**
 * @file `kyverno-lint jp function [name]...`: describes JMESPath functions as `kyverno jp function`
 * does (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/jp/function/command.go, `printFunctions`):
 * sorted by the text of Kyverno's `FunctionEntry.String()` (signature, then ` (<note>)`) in Go byte order,
 * each as `Name:`, `  Signature:`, an optional `  Note:` and a blank line.
 *
 * Kyverno lists its 51 custom functions only (`jmespath.GetFunctions`). `--builtins` adds
 * go-jmespath's built-in functions that Kyverno keeps (all but `sum`, which Kyverno replaces), and
 * naming a built-in prints it too; Kyverno prints nothing for such names. Unknown names are
 * reported on stderr (exit 1), where Kyverno ignores them.
 */
import { BUILTIN_FUNCTIONS, KYVERNO_FUNCTIONS, type FunctionDefinition } from '../../lang/jmespath/index.js';
import { compareGoStrings } from '../../util/go-json.js';
import { formatFlagHelp, parseArgs, type FlagSpec } from '../args.js';
import type { CliIo } from '../io.js';

const FLAGS: readonly FlagSpec[] = [
  { name: 'builtins', short: 'b', type: 'boolean', description: "also list go-jmespath's built-in functions (kyverno jp function lists Kyverno's only)" },
];

const FUNCTION_HELP = `Describe the JMESPath functions of Kyverno, as \`kyverno jp function\` does.

Usage:
  kyverno-lint jp function [name]... [flags]

Without names, every Kyverno custom function is listed; with names, only those functions
(Kyverno's or go-jmespath's built-ins).

Examples:
  # List functions
  kyverno-lint jp function

  # Describe a function
  kyverno-lint jp function truncate

Flags:
${formatFlagHelp(FLAGS)}
`;

interface FunctionDescription {
  readonly name: string;
  readonly signature: string;
  readonly note: string;
}

/**
 * Return types of go-jmespath's built-ins, which go-jmespath does not declare: those of the JMESPath
 * specification, named as Kyverno names its own (`bool`, alternatives joined by `,`).
 */
const BUILTIN_RETURN_TYPES: Readonly<Record<string, string>> = {
  abs: 'number',
  avg: 'number',
  ceil: 'number',
  contains: 'bool',
  ends_with: 'bool',
  floor: 'number',
  join: 'string',
  keys: 'array',
  length: 'number',
  map: 'array',
  max: 'number,string',
  max_by: 'any',
  merge: 'object',
  min: 'number,string',
  min_by: 'any',
  not_null: 'any',
  reverse: 'array,string',
  sort: 'array',
  sort_by: 'array',
  starts_with: 'bool',
  to_array: 'array',
  to_number: 'number',
  to_string: 'string',
  type: 'string',
  values: 'array',
};

/** A built-in in Kyverno's signature form; a variadic last argument is marked with `...`. */
function describeBuiltin(fn: FunctionDefinition): FunctionDescription {
  const args = fn.args.map((arg) => arg.types.join('|') + (arg.variadic ? '...' : '')).join(', ');
  return { name: fn.name, signature: `${fn.name}(${args}) ${BUILTIN_RETURN_TYPES[fn.name] ?? 'any'}`, note: '' };
}

const KYVERNO: readonly FunctionDescription[] = KYVERNO_FUNCTIONS;
const KYVERNO_NAMES = new Set(KYVERNO.map((fn) => fn.name));
const BUILTINS: readonly FunctionDescription[] = BUILTIN_FUNCTIONS.filter((fn) => !KYVERNO_NAMES.has(fn.name)).map(describeBuiltin);

/** Kyverno's `FunctionEntry.String()`, the sort key. */
const entryText = (fn: FunctionDescription): string => (fn.note === '' ? fn.signature : `${fn.signature} (${fn.note})`);

function formatFunction(fn: FunctionDescription): string {
  const note = fn.note === '' ? '' : `  Note:      ${fn.note}\n`;
  return `Name: ${fn.name}\n  Signature: ${fn.signature}\n${note}\n`;
}

export function jpFunctionCommand(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(FLAGS, argv);
  if (args.help) {
    io.stdout(FUNCTION_HELP);
    return 0;
  }
  const names = new Set(args.positionals);
  const candidates = names.size > 0 || args.boolean('builtins') ? [...KYVERNO, ...BUILTINS] : [...KYVERNO];
  const selected = candidates
    .filter((fn) => names.size === 0 || names.has(fn.name))
    .sort((a, b) => compareGoStrings(entryText(a), entryText(b)));
  io.stdout(selected.map(formatFunction).join(''));
  const known = new Set(candidates.map((fn) => fn.name));
  const unknown = [...names].filter((name) => !known.has(name));
  for (const name of unknown) io.stderr(`Error: unknown function: ${name}\n`);
  return unknown.length > 0 ? 1 : 0;
}
