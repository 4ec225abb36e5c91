/**
 * @file `kyverno-lint test <dirs...>`: runs Kyverno CLI test files (`kyverno test`, kyverno/kyverno
 * cmd/cli/kubectl-kyverno/commands/test/command.go, `testCommandExecute`) and prints the result tables and
 * summary, or the JSON document. Exit code 0 when every expected result matched and every input could be
 * read, 1 otherwise.
 */
import { formatFlagHelp, parseArgs, UsageError, type FlagSpec } from '../args.js';
import { DiagnosticLog } from '../load/diagnostics.js';
import { requireInputPaths } from '../input-paths.js';
import { MAX_FILE_SIZE_FLAG } from '../load/documents.js';
import { resolveArg, type CliIo } from '../io.js';
import { countRows, formatJson, formatText, type TestDocumentOutcome } from './output.js';
import { parseTestCaseSelector } from './selector.js';
import { findTestFiles, runTestFile } from './suite.js';
import { API_DEFAULTS_FLAGS, apiDefaultsFlag } from '../api-defaults-flags.js';

const FLAGS: readonly FlagSpec[] = [
  { name: 'file-name', short: 'f', type: 'string', valueName: 'name', defaultText: 'kyverno-test.yaml', description: 'name of the test files to look for' },
  {
    name: 'test-case-selector',
    short: 't',
    type: 'string',
    valueName: 'selector',
    description: 'run only the results matching "policy=<name>,rule=<name>,resource=<name>" (wildcards * and ?)',
  },
  { name: 'detailed-results', type: 'boolean', description: 'add the rule message to the table' },
  { name: 'fail-only', type: 'boolean', description: 'print only the failed rows' },
  { name: 'remove-color', type: 'boolean', description: 'no colours in the table' },
  { name: 'require-tests', type: 'boolean', description: 'fail when no test file is found' },
  { name: 'format', short: 'o', aliases: ['output-format'], type: 'string', valueName: 'text|json', defaultText: 'text', description: 'output format' },
  ...API_DEFAULTS_FLAGS,
  MAX_FILE_SIZE_FLAG,
];

const HELP = `Run Kyverno CLI test files (kyverno-test.yaml) found below the given directories, as \`kyverno test\` does.

Usage:
  kyverno-lint test <dirs...> [flags]

Flags:
${formatFlagHelp(FLAGS)}
`;

const FORMATS = new Set(['text', 'json']);

export async function testCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(FLAGS, argv);
  if (args.help) {
    io.stdout(HELP);
    return 0;
  }
  const format = args.string('format') ?? 'text';
  if (!FORMATS.has(format)) throw new UsageError(`invalid format "${format}", expected (text, json)`);
  if (args.positionals.length === 0) throw new UsageError('a directory is required');
  requireInputPaths(io, args, { positionals: true, flags: [] });
  const apiDefaults = apiDefaultsFlag(args);

  const selector = parseTestCaseSelector(args.string('test-case-selector') ?? '');
  if (selector.errors.length > 0) io.stderr(`\nFilter errors:\n${selector.errors.map((error) => `    ${error} \n`).join('')}`);

  const log = new DiagnosticLog(io, args.size(MAX_FILE_SIZE_FLAG.name));
  const fileName = args.string('file-name') ?? 'kyverno-test.yaml';
  const files = args.positionals.flatMap((dir) => findTestFiles(resolveArg(io, dir), fileName, log));
  if (files.length === 0) {
    if (args.boolean('require-tests')) {
      io.stderr('Error: no tests found\n');
      return 1;
    }
    io.stderr('\nNo test yamls available\n');
    if (format === 'json') io.stdout(formatJson(io, [], log.toJson()));
    return log.errorCount > 0 ? 1 : 0;
  }

  const outcomes: TestDocumentOutcome[] = [];
  for (const file of files) outcomes.push(...runTestFile(file, { io, log, selector, apiDefaults }).documents);

  if (format === 'json') {
    io.stdout(formatJson(io, outcomes, log.toJson()));
  } else {
    const color = !args.boolean('remove-color') && io.stdoutIsTTY === true;
    io.stdout(formatText(outcomes, { detailed: args.boolean('detailed-results'), failOnly: args.boolean('fail-only'), color }));
  }
  const { failed } = countRows(outcomes);
  if (failed > 0) io.stderr(`Error: ${failed} tests failed\n`);
  if (log.errorCount > 0) io.stderr(`Error: ${log.errorCount} input ${log.errorCount === 1 ? 'problem' : 'problems'} (see above)\n`);
  return failed > 0 || log.errorCount > 0 ? 1 : 0;
}
