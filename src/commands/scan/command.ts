/**
 * @file `kyverno-lint [paths...]`, the main job: scans the repository (or the given paths, `-` for
 * rendered YAML on standard input), evaluates every manifest against every policy, and prints the findings
 * in the chosen format (`stylish`, `json`, `sarif`, `github`, `junit`) on stdout or into `--output-file`.
 * Exit codes as ESLint's: 0 clean, 1 findings at error severity (or warnings over `--max-warnings`),
 * 2 usage, configuration and tool errors.
 */
import path from 'node:path';
import packageJson from '../../../package.json' with { type: 'json' };
import { findConfigFile, loadConfig, type ConfigProblem } from '../../config/load.js';
import { DEFAULT_CONFIG, type LintConfig } from '../../config/types.js';
import type { Revision } from '../../discovery/revision.js';
import { DEFAULT_CACHE_LOCATION } from '../../lint/cache.js';
import type { LintResult } from '../../lint/lint.js';
import type { LintOptions } from '../../lint/options.js';
import { defaultJobs, lintWithJobs } from '../../lint/parallel.js';
import { parseShard, type Shard } from '../../lint/units.js';
import { errorsOnly } from '../../report/errors-only.js';
import { isReporterName, REPORTER_NAMES, reportBlocks, reportWriters } from '../../reporters/index.js';
import { DEFAULT_MAX_FILE_SIZE } from '../../source/index.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpec } from '../args.js';
import { MAX_FILE_SIZE_FLAG } from '../load/documents.js';
import { formatFixDiffs, writeFixes } from '../fixes.js';
import { requireInputPaths } from '../input-paths.js';
import { KUBERNETES_VERSION_FLAG, kubernetesVersionFlag } from '../api-defaults-flags.js';
import { displayPath, resolveArg, writeBlocks, type CliIo } from '../io.js';

const FLAGS: readonly FlagSpec[] = [
  { name: 'format', short: 'f', type: 'string', valueName: REPORTER_NAMES.join('|'), defaultText: 'stylish', description: 'output format' },
  { name: 'output-file', short: 'o', type: 'string', valueName: 'path', description: 'write the report to this file instead of stdout' },
  { name: 'config', short: 'c', type: 'string', valueName: 'path', description: 'configuration file (default: .kyverno-lint.yaml, searched upward)' },
  { name: 'no-config', type: 'boolean', description: 'do not read a configuration file' },
  { name: 'policy', short: 'p', aliases: ['policies'], type: 'list', valueName: 'path', description: 'also read policies from these files or directories (repeatable)' },
  { name: 'helm-chart', type: 'list', valueName: 'dir', description: 'the folder of a chart rendered into - (helm template … | kyverno-lint -): findings are reported in its templates (repeatable; default: the Chart.yaml below the working directory that names the chart)' },
  { name: 'values-file', type: 'string', valueName: 'path', description: 'a Kyverno CLI Values file (overrides the configuration)' },
  { name: 'userinfo', type: 'string', valueName: 'path', description: 'a Kyverno CLI UserInfo file (overrides the configuration)' },
  { name: 'image-data', type: 'string', valueName: 'path', description: 'image metadata read instead of image registries: "images: [...]" or a Kyverno CLI Context file (overrides the configuration)' },
  { name: 'operation', type: 'string', valueName: 'CREATE|UPDATE|DELETE', description: 'request.operation of the simulated admission request' },
  {
    name: 'base',
    type: 'string',
    valueName: 'ref',
    description: 'the git revision the working tree changes (a branch, tag or commit): objects there too are checked as an UPDATE (request.oldObject), new ones as a CREATE, removed ones as a DELETE',
  },
  {
    name: 'shard',
    type: 'string',
    valueName: 'k/n',
    description: 'check shard k of n only (CI matrix jobs): every job loads the whole repository, evaluates its share of the manifests and reports their findings; together the n shards report what one run does',
  },
  { name: 'jobs', short: 'j', type: 'int', valueName: 'n', description: 'worker threads that evaluate the manifests (default: the available CPUs up to 4, when the manifests × policies found are 2,000,000 or more; 1: one thread)' },
  { name: 'no-api-defaults', type: 'boolean', description: 'evaluate manifests as written, without the API server\'s defaults (apiDefaults: false)' },
  KUBERNETES_VERSION_FLAG,
  { name: 'files', type: 'boolean', description: 'the paths are the files to report on (pre-commit): every policy and manifest of the repository is read, the manifests that can have findings in them are evaluated' },
  { name: 'quiet', type: 'boolean', description: 'report errors only: warnings and info are neither printed nor counted (as ESLint)' },
  { name: 'max-warnings', type: 'int', valueName: 'n', description: 'exit 1 when there are more warnings than this' },
  MAX_FILE_SIZE_FLAG,
  { name: 'allow-empty', type: 'boolean', description: 'exit 0 with a warning when no policy or no manifest is found (default: exit 2)' },
  { name: 'fail-on-empty', type: 'boolean', description: 'exit 2 when no policy or no manifest is found (the default; overrides allowEmpty of the configuration)' },
  { name: 'fix', type: 'boolean', description: 'apply the mutations of the policies to the manifest files, as minimal edits' },
  { name: 'fix-dry-run', type: 'boolean', description: 'print the edits of --fix as a unified diff (on stderr) instead of writing them' },
  { name: 'cache', type: 'boolean', description: 'keep the results of the files that did not change in a cache, and evaluate only what a change can affect (as ESLint --cache)' },
  { name: 'cache-location', type: 'string', valueName: 'file|dir', description: `the cache file, or a folder to hold it (default: ${DEFAULT_CACHE_LOCATION} in the working directory; used with --cache)` },
  { name: 'color', type: 'boolean', description: 'force colours in the stylish format' },
  { name: 'no-color', type: 'boolean', description: 'no colours' },
];

const HELP = `Check Kubernetes manifests against Kyverno policies, as the Kyverno admission controller would.

Usage:
  kyverno-lint [paths...] [flags]      (default path: .; - reads rendered YAML from stdin)

Flags:
${formatFlagHelp(FLAGS)}
Exit codes: 0 no error findings, 1 error findings (or more warnings than --max-warnings), 2 usage, configuration
or tool errors, and scans that find no policy or no manifest (unless --allow-empty).
`;

const OPERATIONS = new Set(['CREATE', 'UPDATE', 'DELETE', 'CONNECT']);

/** Prints the problems of the configuration file `file` (exit code 2). */
function printConfigProblems(io: CliIo, file: string, problems: readonly ConfigProblem[]): number {
  for (const found of problems) io.stderr(`${displayPath(io, found.file)}:${found.line}:${found.column}: ${found.message}\n`);
  io.stderr(`Error: invalid configuration file ${displayPath(io, file)}\n`);
  return 2;
}

/** The configuration file's settings, or the defaults; problems are printed and end the run (exit 2). */
function readConfig(io: CliIo, flag: string | undefined, disabled: boolean): { config: LintConfig } | { exitCode: number } {
  if (disabled) return { config: { ...DEFAULT_CONFIG } };
  const file = flag !== undefined ? resolveArg(io, flag) : findConfigFile(io.cwd);
  if (file === null) return { config: { ...DEFAULT_CONFIG } };
  const loaded = loadConfig(file);
  if (loaded.problems.length > 0) return { exitCode: printConfigProblems(io, file, loaded.problems) };
  return { config: loaded.config };
}

/** Progress on a terminal's stderr for scans that take more than a second. */
function progressReporter(io: CliIo): { update: (done: number, total: number) => void; clear: () => void } {
  if (io.stderrIsTTY !== true) return { update: () => {}, clear: () => {} };
  const started = Date.now();
  let shown = false;
  let last = 0;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - started < 1000 || (now - last < 100 && done < total)) return;
      last = now;
      shown = true;
      io.stderr(`\rChecking manifests: ${done}/${total}`);
    },
    clear() {
      if (shown) io.stderr('\r\u001b[K');
    },
  };
}

/** The cache location as given: a trailing separator names a folder, also one that does not exist yet. */
function cacheLocation(io: CliIo, location: string): string {
  const resolved = resolveArg(io, location);
  return /[\\/]$/.test(location) ? `${resolved}${path.sep}` : resolved;
}

export async function lintCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(FLAGS, argv);
  if (args.help) {
    io.stdout(HELP);
    return 0;
  }
  if (args.boolean('fix') && args.boolean('fix-dry-run')) throw new UsageError('--fix and --fix-dry-run cannot be used together');
  // ESLint's --quiet applies only the fixes of errors; mutations are info findings, so nothing would be fixed.
  const quiet = args.boolean('quiet');
  for (const flag of ['fix', 'fix-dry-run']) if (quiet && args.boolean(flag)) throw new UsageError(`--quiet and --${flag} cannot be used together: --quiet leaves out the mutations (info findings) that --${flag} applies`);
  const maxWarnings = args.int('max-warnings');
  if (maxWarnings !== undefined && maxWarnings < 0) throw new UsageError('--max-warnings must be 0 or more');
  const operation = args.string('operation');
  if (operation !== undefined && !OPERATIONS.has(operation)) throw new UsageError(`invalid operation "${operation}", expected CREATE, UPDATE, DELETE or CONNECT`);
  if (args.boolean('allow-empty') && args.boolean('fail-on-empty')) throw new UsageError('--allow-empty and --fail-on-empty cannot be used together');
  const shardText = args.string('shard');
  let shard: Shard | undefined;
  if (shardText !== undefined) {
    const parsed = parseShard(shardText);
    if (typeof parsed === 'string') throw new UsageError(`invalid argument "${shardText}" for "--shard" flag: ${parsed}`);
    shard = parsed;
  }
  const jobsFlag = args.int('jobs');
  if (jobsFlag !== undefined && (jobsFlag < 1 || jobsFlag > 256)) throw new UsageError(`invalid argument "${jobsFlag}" for "--jobs" flag: expected a number of threads from 1 to 256`);
  const baseRef = args.string('base');
  if (baseRef !== undefined && operation !== undefined) throw new UsageError('--base and --operation cannot be used together: with --base, each object is a CREATE, an UPDATE or a DELETE as the comparison says');

  requireInputPaths(io, args, { positionals: true, flags: ['config', 'policy', 'helm-chart', 'values-file', 'userinfo', 'image-data'] });

  const read = readConfig(io, args.string('config'), args.boolean('no-config'));
  if ('exitCode' in read) return read.exitCode;
  const config: LintConfig = { ...read.config };
  const valuesFile = args.string('values-file');
  if (valuesFile !== undefined) config.values = resolveArg(io, valuesFile);
  const userInfo = args.string('userinfo');
  if (userInfo !== undefined) {
    config.userinfo = resolveArg(io, userInfo);
    delete config.userInfo;
  }
  const imageData = args.string('image-data');
  if (imageData !== undefined) config.imageData = resolveArg(io, imageData);
  if (operation !== undefined) config.operation = operation;
  if (maxWarnings !== undefined) config.maxWarnings = maxWarnings;
  if (args.boolean('no-api-defaults')) config.apiDefaults = false;
  const kubernetesVersion = kubernetesVersionFlag(args);
  if (kubernetesVersion !== undefined) config.kubernetesVersion = kubernetesVersion;
  if (args.boolean('allow-empty')) config.allowEmpty = true;
  if (args.boolean('fail-on-empty')) config.allowEmpty = false;
  const maxFileSize = args.size(MAX_FILE_SIZE_FLAG.name);
  if (maxFileSize !== undefined) config.maxFileSize = maxFileSize;

  const format = args.string('format') ?? config.format ?? 'stylish';
  if (!isReporterName(format)) throw new UsageError(`invalid format "${format}", expected one of ${REPORTER_NAMES.join(', ')}`);

  const files = args.boolean('files');
  const positionals = args.positionals.length > 0 ? [...args.positionals] : ['.'];
  const paths = files ? ['.'] : positionals.map((item) => (item === '-' ? item : resolveArg(io, item)));
  const stdin = paths.includes('-') ? ((await io.readStdin?.(config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE)) ?? '') : undefined;
  // The base revision is opened before the scan: an unknown ref or a missing repository ends the run (exit 2).
  let base: Revision | undefined;
  if (baseRef !== undefined) {
    const { openGitRevision } = await import('../../discovery/revision.js');
    const opened = await openGitRevision(io.cwd, baseRef);
    if ('error' in opened) {
      io.stderr(`Error: ${opened.error} (--base)\n`);
      return 2;
    }
    base = opened;
  }
  const progress = progressReporter(io);
  const options: LintOptions = {
    cwd: io.cwd,
    // Pre-commit: the repository, and the named files even where discovery would skip them (ignored, hidden, .json).
    paths: files ? [io.cwd, ...positionals.filter((item) => item !== '-').map((item) => resolveArg(io, item))] : paths,
    policyPaths: args.list('policy').map((item) => resolveArg(io, item)),
    helmCharts: args.list('helm-chart').map((item) => resolveArg(io, item)),
    config,
    ...(stdin !== undefined ? { stdin } : {}),
    ...(files ? { reportFiles: positionals.map((item) => resolveArg(io, item)) } : {}),
    ...(base !== undefined ? { base } : {}),
    // The edits of mutations are computed when they are shown or applied.
    ...(args.boolean('cache') ? { cache: cacheLocation(io, args.string('cache-location') ?? DEFAULT_CACHE_LOCATION) } : {}),
    fixes: format === 'json' || format === 'sarif' || args.boolean('fix') || args.boolean('fix-dry-run'),
    onProgress: progress.update,
    ...(shard !== undefined ? { shard } : {}),
  };
  let result: LintResult;
  try {
    // More threads than the available CPUs only when asked; on small repositories one thread unless asked.
    result = await lintWithJobs(options, jobsFlag ?? defaultJobs(), jobsFlag !== undefined);
  } catch (error) {
    progress.clear();
    io.stderr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  progress.clear();
  if (result.shard !== null && result.shard.units === 0) {
    const { index, count, totalUnits } = result.shard;
    io.stderr(`shard ${index}/${count}: no manifest to check (the repository has ${totalUnits} ${totalUnits === 1 ? 'unit' : 'units'} of work for ${count} shards); the other shards check them\n`);
  }

  for (const warning of result.warnings) io.stderr(`warning: ${warning}\n`);
  if (result.configProblems.length > 0) return printConfigProblems(io, config.file ?? '', result.configProblems);
  for (const error of result.errors) io.stderr(`error: ${error}\n`);
  // Without its base the scan is not the one asked for: a tool error.
  const baseError = result.base?.error;
  if (baseError !== undefined) io.stderr(`error: ${baseError} (--base)\n`);
  const { empty } = result;
  if (empty !== null && config.allowEmpty === true) io.stderr(`warning: ${empty.message}\n`);
  else if (empty !== null) {
    const add = empty.noPolicy ? 'set the policies globs of the configuration or pass --policy; ' : '';
    io.stderr(`error: ${empty.message}\n  (${add}--allow-empty, or allowEmpty: true in the configuration, accepts a scan that checks nothing)\n`);
  }
  const fixFlag = args.boolean('fix') ? '--fix' : args.boolean('fix-dry-run') ? '--fix-dry-run' : null;
  if (fixFlag !== null && stdin !== undefined) {
    io.stderr(`warning: ${fixFlag} cannot write standard input: the mutations of the documents read from - are reported, not fixed\n`);
  }
  if (args.boolean('fix-dry-run')) io.stderr(formatFixDiffs(io, result.fixes, io.stderrIsTTY === true && !args.boolean('no-color')));
  let fixFailed = false;
  let report = result.report;
  if (args.boolean('fix')) {
    const fixed = new Set<string>();
    for (const written of writeFixes(result.fixes)) {
      if (written.error === null) {
        fixed.add(displayPath(io, written.file).split(path.sep).join('/'));
        io.stderr(`fixed ${displayPath(io, written.file)}\n`);
      } else {
        fixFailed = true;
        io.stderr(`${displayPath(io, written.file)}: ${written.error}\n`);
      }
    }
    // As with eslint --fix, what was fixed is no longer reported.
    const findings = report.findings.filter((finding) => !(finding.fix && fixed.has(finding.location.file)));
    const removed = report.findings.length - findings.length;
    report = { ...report, findings, counts: { ...report.counts, info: report.counts.info - removed } };
  }
  if (quiet) report = errorsOnly(report);
  const terminal = io.stdoutIsTTY === true && args.string('output-file') === undefined;
  const color = args.boolean('no-color') ? false : args.boolean('color') || terminal;
  // Written in blocks as the reporter makes them: the whole text of a large report would be hundreds of megabytes.
  const output = reportBlocks(reportWriters[format](report, { color, toolVersion: packageJson.version, ...(terminal ? { width: io.stdoutColumns ?? 80 } : {}) }));

  const outputFile = args.string('output-file');
  if (outputFile !== undefined) {
    const target = resolveArg(io, outputFile);
    try {
      writeBlocks(target, output);
    } catch (error) {
      io.stderr(`Error: cannot write the report to ${displayPath(io, target)}: ${(error as Error).message}\n`);
      return 2;
    }
  } else {
    for (const block of output) io.stdout(block);
  }

  if (result.errors.length > 0 || baseError !== undefined || (empty !== null && config.allowEmpty !== true)) return 2;
  const { counts } = report;
  if (counts.error > 0 || fixFailed) return 1;
  if (config.maxWarnings !== undefined && counts.warning > config.maxWarnings) {
    io.stderr(`kyverno-lint found too many warnings (maximum: ${config.maxWarnings}).\n`);
    return 1;
  }
  return 0;
}

