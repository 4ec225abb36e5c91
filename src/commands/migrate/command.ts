/**
 * @file `kyverno-lint migrate <paths...>`: kyverno.io ClusterPolicies/Policies rewritten as Kyverno's CEL policy
 * kinds, each translation proven against the original on the repository's manifests, the policies' Test
 * resources and generated variants of them. Without `--out`/`--in-place` nothing is written (a dry run);
 * `--check` exits 1 when a translation disagrees with its original, for CI during the migration window.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findFiles } from '../../discovery/find-files.js';
import { mayHoldKubernetesObject } from '../../discovery/classify.js';
import { migrateSources, type MigrationRun, type SourceFile } from '../../migrate/run.js';
import type { MigrationProof } from '../../migrate/proof.js';
import { proveRun } from './prove.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpec } from '../args.js';
import { requireInputPaths } from '../input-paths.js';
import { displayPath, resolveArg, type CliIo } from '../io.js';
import { formatMigrationJson, formatMigrationText } from './report.js';

const FLAGS: readonly FlagSpec[] = [
  { name: 'out', type: 'string', valueName: 'dir', description: 'write the migrated files under this directory, mirroring their paths from the working directory' },
  { name: 'in-place', type: 'boolean', description: 'replace the migrated policy documents (and rename the results of their Test files) in place' },
  { name: 'check', type: 'boolean', description: 'exit 1 when a translation disagrees with its original on any resource (nothing is written unless --out/--in-place is given too)' },
  { name: 'resource', short: 'r', aliases: ['resources'], type: 'list', valueName: 'paths', description: 'more manifests to prove the translations on (repeatable, comma-separated); the manifests found under the paths are always used' },
  { name: 'no-variants', type: 'boolean', description: 'prove on the resources as they are, without the generated variants' },
  { name: 'format', type: 'string', valueName: 'text|json', defaultText: 'text', description: 'report format' },
];

const HELP = `Translate kyverno.io ClusterPolicies and Policies into CEL policies (ValidatingPolicy, MutatingPolicy, ...),
and prove each translation behaves as its original.

Usage:
  kyverno-lint migrate <paths...> [--out <dir> | --in-place] [--check] [flags]

Each rule becomes one CEL policy. A rule that has no faithful translation stays in the original policy and is
reported with the reason at its file and line. Each translation is evaluated against its original on the
manifests under the paths, the resources of the policies' kyverno-test.yaml files, and variants of those
resources along every path the rule reads; it is "verified" when they agree on every one.
Test files naming migrated rules get their results renamed for the CEL policies.

Without --out or --in-place, nothing is written.

Flags:
${formatFlagHelp(FLAGS)}
`;

async function readSources(io: CliIo, paths: readonly string[]): Promise<{ files: SourceFile[]; errors: string[] }> {
  const found = await findFiles({ cwd: io.cwd, paths: [...paths], include: [], exclude: [], gitignore: true, hiddenFolders: ['.kyverno-test'] });
  const errors = found.problems.map((p) => p.message);
  const files: SourceFile[] = [];
  for (const file of found.files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      errors.push(`${displayPath(io, file)}: cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      continue;
    }
    if (found.ifKubernetes.has(file) && !mayHoldKubernetesObject(text)) continue;
    files.push({ file, text });
  }
  return { files, errors };
}

/** Where `file` goes under `out`: its path from the working directory. */
function outputPath(io: CliIo, out: string, file: string): string {
  const relative = path.relative(io.cwd, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new UsageError(`--out mirrors paths from the working directory, and ${file} is outside it: run migrate from a directory that holds the inputs`);
  }
  return path.join(out, relative);
}

function writeOutputs(io: CliIo, run: MigrationRun, files: readonly SourceFile[], out: string | undefined): number {
  let written = 0;
  if (out !== undefined) {
    const root = resolveArg(io, out);
    const inputs = new Set(files.map((f) => f.file));
    const all: [string, string][] = [...files.map(({ file, text }): [string, string] => [file, run.outputs.get(file) ?? text]), ...[...run.outputs].filter(([file]) => !inputs.has(file))];
    for (const [file, text] of all) {
      const target = outputPath(io, root, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
      written++;
    }
    return written;
  }
  for (const [file, text] of run.outputs) {
    writeFileSync(file, text);
    written++;
  }
  return written;
}

export async function migrateCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(FLAGS, argv);
  if (args.help) {
    io.stdout(HELP);
    return 0;
  }
  if (args.positionals.length === 0) throw new UsageError('migrate needs the policy files or directories to migrate');
  const format = args.string('format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ${JSON.stringify(format)}`);
  const out = args.string('out');
  const inPlace = args.boolean('in-place');
  if (out !== undefined && inPlace) throw new UsageError('--out and --in-place are exclusive: choose where the migrated files go');
  requireInputPaths(io, args, { positionals: true, flags: ['resource'] });

  const inputs = await readSources(io, args.positionals.map((p) => resolveArg(io, p)));
  const extra = args.list('resource').length > 0 ? await readSources(io, args.list('resource').map((p) => resolveArg(io, p))) : { files: [], errors: [] };
  const run = migrateSources(inputs.files);
  const proven = proveRun(run, inputs.files, { extra: extra.files, variants: !args.boolean('no-variants') });
  const proof: MigrationProof = proven.proof;
  const errors = [...inputs.errors, ...extra.errors];
  const warnings = proven.problems;

  if (run.policies.length === 0) {
    for (const error of errors) io.stderr(`error: ${error}\n`);
    for (const problem of run.problems) io.stderr(`${displayPath(io, problem.file)}:${problem.line}:${problem.column}: ${problem.severity}: ${problem.message}\n`);
    io.stderr(`error: no kyverno.io ClusterPolicy or Policy found in ${args.positionals.join(', ')}: nothing to migrate\n`);
    return 2;
  }

  let written = 0;
  if (out !== undefined || inPlace) written = writeOutputs(io, run, inputs.files, out);
  const destination = out !== undefined ? { kind: 'out' as const, dir: out, written } : inPlace ? { kind: 'in-place' as const, written } : { kind: 'dry-run' as const };
  const color = io.stdoutIsTTY === true && process.env.NO_COLOR === undefined;
  io.stdout(format === 'json' ? formatMigrationJson(io, run, proof, destination, errors, warnings) : formatMigrationText(io, run, proof, destination, errors, warnings, color));
  const disagreements = proof.rules.some((r) => r.disagreementCount > 0);
  if (errors.length > 0 || run.problems.some((p) => p.severity === 'error')) return 2;
  return args.boolean('check') && disagreements ? 1 : 0;
}
