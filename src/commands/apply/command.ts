/**
 * @file `kyverno-lint apply <policies...> --resource <files...>`: applies policies to resources as
 * `kyverno apply` does offline (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/apply/command.go,
 * `applyCommandHelper` and `exit`; cmd/cli/kubectl-kyverno/processor: policy_processor.go
 * `ApplyPoliciesOnResource`, result.go `ResultCounts`): int64 numbers, Values / `--set` / UserInfo, mutated
 * and generated resources printed as Kyverno prints them or written with `-o`, invalid policies listed and
 * counted as errors, Kyverno's counters and exit codes, or the JSON document whose `source` locates each
 * finding in its file. Beyond Kyverno, the mutations become minimal edits of the
 * resources' YAML: in the JSON document, written in place with `--fix`, or shown as a diff with `--fix-dry-run`;
 * and `--old-resource`, the objects before the change, which make their resources UPDATE requests.
 */
import { listPolicyFiles } from '../../source/index.js';
import type { CelContextData, CompiledPolicy, ImageDataStore, RequestUserInfo } from '../../evaluate/types.js';
import { loadContextFile, policiesReadContext } from '../load/context-file.js';
import { jsonEqual } from '../../util/json-value.js';
import type { JsonObject, RuleType } from '../../types.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpec } from '../args.js';
import { loadClusterObjects } from '../load/cluster-resources.js';
import { printObject, resourcePath } from './mutations.js';
import { applyResponse, appliedRuleCount, sourceOf, type ApplySettings } from './responses.js';
import {
  countResults,
  formatApplyJson,
  formatApplyTable,
  formatApplyText,
  formatSkippedPolicies,
  type ApplyResponse,
} from './output.js';
import { DiagnosticLog } from '../load/diagnostics.js';
import { MAX_FILE_SIZE_FLAG, readFile, readStdinText, reportAt, reportProblems } from '../load/documents.js';
import { evaluateResource, unsettledRules, type EvaluationOptions } from '../../evaluate/processor.js';
import { fileFixes, mutatedResources, type ResourceMutation } from '../../lint/fixes.js';
import { formatFixDiffs, writeFixes } from '../fixes.js';
import { displayPath, resolveArg, type CliIo } from '../io.js';
import { loadExceptions } from '../load/exceptions.js';
import { requireInputPaths } from '../input-paths.js';
import { mockedCluster } from '../../cluster/index.js';
import { MutationOutput, OutputError } from './output-files.js';
import { loadPolicies } from '../load/policies.js';
import { loadResources } from '../load/resources.js';
import { API_DEFAULTS_FLAGS, apiDefaultsFlag } from '../api-defaults-flags.js';
import { defaultedManifest, withoutApiDefaults } from '../../lint/api-defaults.js';
import type { ResourceDocument } from '../../evaluate/resource.js';
import { loadOldResources, pairOldResources } from './old-resources.js';
import { decodeUserInfo } from '../../evaluate/userinfo.js';
import { loadImageDataFile } from '../../evaluate/image-data.js';
import { decodeValuesFile, parseSetValues, type ValuesFile } from '../../evaluate/values.js';

/** How rules kyverno-lint does not evaluate are named in the warning, by rule type. */
const RULE_SECTIONS: Record<RuleType, string> = { Validation: 'validate', Mutation: 'mutate', Generation: 'generate', ImageVerify: 'verifyImages', Deletion: 'deletion' };

const FLAGS: readonly FlagSpec[] = [
  { name: 'resource', short: 'r', aliases: ['resources'], type: 'list', valueName: 'paths', description: 'resource files or a directory (repeatable, comma-separated; - for stdin)' },
  {
    name: 'old-resource',
    aliases: ['old-resources'],
    type: 'list',
    valueName: 'paths',
    description:
      'the resources as they were before the change, files or directories (repeatable, comma-separated): a resource with an old object of the same group, kind, namespace and name is evaluated as an UPDATE of it',
  },
  { name: 'values-file', short: 'f', type: 'string', valueName: 'file', description: 'a cli.kyverno.io/v1alpha1 Values file' },
  { name: 'set', short: 's', type: 'list', valueName: 'k=v', description: 'variables (instead of a values file)' },
  { name: 'userinfo', short: 'u', type: 'string', valueName: 'file', description: 'a cli.kyverno.io/v1alpha1 UserInfo file (admission user, roles)' },
  { name: 'exception', short: 'e', aliases: ['exceptions'], type: 'list', valueName: 'paths', description: 'PolicyException files (repeatable, comma-separated)' },
  {
    name: 'cluster-resources',
    type: 'list',
    valueName: 'paths',
    description: 'manifests of the cluster state, files or directories (repeatable, comma-separated): read by configMap and apiCall context entries and for namespace labels, not evaluated',
  },
  { name: 'audit-warn', type: 'boolean', description: 'report failures of Audit policies as warnings' },
  { name: 'warn-exit-code', type: 'int', defaultText: '0', description: 'exit code when there are warnings (failures and errors still exit 1)' },
  { name: 'warn-no-pass', type: 'boolean', description: 'exit with the warn exit code when no result passed' },
  { name: 'table', short: 't', type: 'boolean', description: 'print the results as a table' },
  { name: 'detailed-results', type: 'boolean', description: 'add the rule message to the table' },
  { name: 'remove-color', type: 'boolean', description: 'no colours in the table' },
  { name: 'format', aliases: ['output-format'], type: 'string', valueName: 'text|json', defaultText: 'text', description: 'output format' },
  {
    name: 'parameter-resource',
    type: 'list',
    valueName: 'paths',
    description: 'parameter objects of ValidatingAdmissionPolicies and MutatingAdmissionPolicies (repeatable, comma-separated)',
  },
  { name: 'context-file', type: 'string', valueName: 'file', description: 'a cli.kyverno.io/v1alpha1 Context file: the objects and image data the CEL policies look up' },
  {
    name: 'image-data',
    type: 'string',
    valueName: 'file',
    description: 'image metadata read instead of image registries, by imageRegistry context entries and CEL image lookups: "images: [...]" or a Context file (beyond kyverno apply)',
  },
  {
    name: 'target-resource',
    aliases: ['target-resources'],
    type: 'list',
    valueName: 'paths',
    description: 'objects that mutate-existing rules (mutate.targets) may patch (repeatable, comma-separated)',
  },
  {
    name: 'output',
    short: 'o',
    type: 'string',
    valueName: 'path',
    description: 'write the mutated and generated resources to this file (.yaml/.yml) or directory instead of printing them',
  },
  ...API_DEFAULTS_FLAGS,
  { name: 'fix', type: 'boolean', description: 'apply the edits the mutations make to the resource files, in place' },
  { name: 'fix-dry-run', type: 'boolean', description: 'print the edits the mutations make to the resource files as a unified diff' },
  MAX_FILE_SIZE_FLAG,
];

const HELP = `Apply policies to resources, as \`kyverno apply\` does.

Usage:
  kyverno-lint apply <policies...> --resource <files...> [flags]

Policies are files or directories (searched recursively for .yaml/.yml files); - reads standard input.

Flags:
${formatFlagHelp(FLAGS)}
`;

const FORMATS = new Set(['text', 'json']);
/** The flags naming input files or folders (`--output` is written, not read). */
const INPUT_FLAGS = ['resource', 'old-resource', 'values-file', 'userinfo', 'exception', 'cluster-resources', 'target-resource', 'parameter-resource', 'context-file', 'image-data'];

/** Reads the values file (a fatal problem exits 1, as in Kyverno). */
function loadValuesFile(file: string, io: CliIo, log: DiagnosticLog): ValuesFile | null {
  const loaded = readFile(file, log);
  if (loaded === null) return null;
  const document = loaded.documents[0];
  if (document === undefined) {
    log.fileError(file, 'the values file holds no document');
    return null;
  }
  const decoded = decodeValuesFile(document.value, displayPath(io, file));
  for (const error of decoded.errors) reportAt(log, loaded, document, error.path, error.message);
  return decoded.values ?? null;
}

/** Reads the user info file; an untyped file is only a warning in `apply`. */
function loadUserInfoFile(file: string, io: CliIo, log: DiagnosticLog): RequestUserInfo | null {
  const loaded = readFile(file, log);
  if (loaded === null) return null;
  const document = loaded.documents[0];
  if (document === undefined) {
    log.fileError(file, 'the user info file holds no document');
    return null;
  }
  const decoded = decodeUserInfo(document.value);
  for (const error of decoded.errors) reportAt(log, loaded, document, error.path, error.message);
  if (decoded.untyped) {
    reportAt(log, loaded, document, [], `user info file ${displayPath(io, file)} uses a deprecated schema — please migrate to the latest format`, 'warning');
  }
  return decoded.userInfo ?? null;
}

/** Opens the `-o` target; `null` without `-o`. */
function openOutput(args: ReturnType<typeof parseArgs>, io: CliIo): MutationOutput | null {
  const output = args.string('output');
  if (output === undefined || output === '') return null;
  return MutationOutput.open(resolveArg(io, output), output);
}

export async function applyCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(FLAGS, argv);
  if (args.help) {
    io.stdout(HELP);
    return 0;
  }
  const format = args.string('format') ?? 'text';
  if (!FORMATS.has(format)) throw new UsageError(`invalid format "${format}", expected (text, json)`);
  const policyPaths = args.positionals;
  const resourcePaths = args.list('resource');
  if (args.has('values-file') && args.has('set')) throw new UsageError('pass the values either using set flag or values_file flag');
  if (policyPaths.length === 0) throw new UsageError('require policy');
  if (resourcePaths.length === 0) throw new UsageError('resource file(s) or cluster required');
  if (policyPaths.includes('-') && resourcePaths.includes('-')) throw new UsageError('a stdin pipe can be used for either policies or resources, not both');
  if (args.boolean('fix') && args.boolean('fix-dry-run')) throw new UsageError('--fix and --fix-dry-run cannot be used together');
  const oldResourcePaths = args.list('old-resource');
  if (oldResourcePaths.includes('-')) throw new UsageError('standard input cannot be read for --old-resource: name the files');
  const apiDefaults = apiDefaultsFlag(args);
  requireInputPaths(io, args, { positionals: true, flags: INPUT_FLAGS });

  let output: MutationOutput | null;
  try {
    output = openOutput(args, io);
  } catch (error) {
    if (!(error instanceof OutputError)) throw error;
    io.stderr(`Error: ${error.message}\n`);
    return 1;
  }

  const log = new DiagnosticLog(io, args.size(MAX_FILE_SIZE_FLAG.name));
  const json = format === 'json';
  const stdin = (policyPaths.includes('-') || resourcePaths.includes('-')) && io.readStdin ? await readStdinText(io, log) : undefined;
  const userInfoPath = args.string('userinfo');
  const userInfo = userInfoPath ? loadUserInfoFile(resolveArg(io, userInfoPath), io, log) : null;
  const valuesPath = args.string('values-file');
  const values = valuesPath ? loadValuesFile(resolveArg(io, valuesPath), io, log) : null;
  if (valuesPath && values === null) {
    if (json) io.stdout(formatApplyJson(io, [], [], log.toJson()));
    return 1;
  }
  const set = parseSetValues(args.list('set'));

  const policySet = loadPolicies(policyPaths.map((path) => (path === '-' ? path : resolveArg(io, path))), log, stdin);
  const loaded = loadResources(resourcePaths.map((path) => (path === '-' ? path : resolveArg(io, path))), log, { dedupe: false, stdin });
  // With --api-defaults, the resources as the API server hands them to admission; fixes still edit them as written.
  const written = new Map<ResourceDocument, JsonObject>();
  const resources = apiDefaults === null ? loaded : { ...loaded, resources: loaded.resources.map((resource) => {
    const defaulted = defaultedManifest(resource, apiDefaults);
    if (defaulted !== resource) written.set(defaulted, resource.value);
    return defaulted;
  }) };
  const oldResources = oldResourcePaths.length > 0 ? loadOldResources(oldResourcePaths.map((path) => resolveArg(io, path)), io, log) : null;
  const paired = oldResources === null ? new Map<ResourceDocument, ResourceDocument>() : pairOldResources(resources.resources, oldResources, log);
  // With --api-defaults, the old objects are defaulted too: the API server stored them so.
  const oldOf = apiDefaults === null ? paired : new Map([...paired].map(([resource, old]) => [resource, defaultedManifest(old, apiDefaults)]));
  const targetPaths = args.list('target-resource');
  const targetObjects = targetPaths.length > 0 ? loadResources(targetPaths.map((path) => resolveArg(io, path)), log, { dedupe: false }).resources.map((target) => target.value) : [];
  // As in `kyverno apply`, mutate-existing rules select their targets from the resources and the target resources.
  const targets = [...resources.resources.map((resource) => resource.value), ...targetObjects];
  const paramPaths = args.list('parameter-resource');
  const params = paramPaths.length > 0 ? loadResources(paramPaths.map((path) => resolveArg(io, path)), log, { dedupe: false }).resources.map((param) => param.value) : [];
  const exceptions = loadExceptions(args.list('exception').map((path) => resolveArg(io, path)), log);
  // As `kyverno apply`, the resources and parameters are the cluster that context entries read; --cluster-resources adds to it.
  const clusterFiles = listPolicyFiles(args.list('cluster-resources').map((path) => resolveArg(io, path)));
  reportProblems(log, clusterFiles.problems);
  const clusterState = loadClusterObjects(clusterFiles.files, log);
  const cluster = mockedCluster([...resources.resources.map((resource) => resource.value), ...params], clusterState);
  // Offline, Kyverno's CEL lookups read the Context file only (its fake context provider), never the resources.
  const contextPath = args.string('context-file');
  let celContext: CelContextData = { resources: [], images: [] };
  if (contextPath && resources.resources.length > 0 && policiesReadContext(policySet.documents)) {
    const loaded = loadContextFile(resolveArg(io, contextPath), log);
    if ('error' in loaded) {
      if (json) io.stdout(formatApplyJson(io, [], [], log.toJson()));
      return 1;
    }
    celContext = loaded.data;
  }
  // Beyond `kyverno apply`: image data read instead of image registries, by both families.
  const imageDataPath = args.string('image-data');
  let imageData: ImageDataStore | undefined;
  if (imageDataPath) {
    const file = resolveArg(io, imageDataPath);
    const loaded = loadImageDataFile(file, displayPath(io, file), log.maxFileSize);
    for (const problem of loaded.problems) log.report({ file, line: problem.line, column: problem.column, message: problem.message, severity: 'error' });
    if (loaded.store === null) {
      if (json) io.stdout(formatApplyJson(io, [], [], log.toJson()));
      return 1;
    }
    imageData = loaded.store;
  }
  const namespaceLabels = (namespace: string): Record<string, string> | undefined =>
    values?.namespaceLabels.get(namespace) ?? cluster.namespaceLabels(namespace);

  const skipped: string[] = [];
  const invalid: string[] = [];
  let ruleCount = policySet.unsupported.size;
  for (const policy of policySet.invalid) {
    ruleCount += policy.ruleCount;
    (policy.reason.startsWith("variable 'element.name'") ? invalid : skipped).push(`${policy.name}: ${policy.reason}`);
  }
  const policies: CompiledPolicy[] = [];
  for (const { compiled, file, document } of policySet.policies) {
    ruleCount += appliedRuleCount(compiled);
    const notEvaluated = [...new Set(compiled.rules.filter((rule) => rule.notEvaluated !== undefined).map((rule) => RULE_SECTIONS[rule.type]))];
    if (notEvaluated.length > 0) {
      reportAt(log, file, document, [], `policy ${compiled.name}: ${notEvaluated.join(', ')} rules are not evaluated yet`, 'warning');
    }
    policies.push(compiled);
  }

  // Whether standard output ends in the middle of a line (after Kyverno's `Mutation has been applied successfully.`).
  let stdoutOpenLine = false;
  const write = (text: string): void => {
    if (text === '') return;
    io.stdout(text);
    stdoutOpenLine = !text.endsWith('\n');
  };
  const out = (text: string): void => (json ? io.stderr(text) : write(text));
  const withExceptions = exceptions.length > 0 ? ` with ${exceptions.length} exception(s)` : '';
  out(`\nApplying ${ruleCount} policy rule(s) to ${resources.resources.length} resource(s)${withExceptions}...\n`);

  const settings: ApplySettings = { auditWarn: args.boolean('audit-warn'), namespaceLabels };
  const responses: ApplyResponse[] = [];
  const mutations: ResourceMutation[] = [];
  const evaluation: EvaluationOptions = {
    // `kyverno apply` converts every resource number to float64 after loading, as `kyverno test` does
    // (cmd/cli/kubectl-kyverno/commands/apply/command.go, loadResources → test.ProcessResources).
    numberMode: 'float64',
    values: values ?? undefined,
    set,
    userInfo: userInfo ?? undefined,
    exceptions,
    bindings: policySet.bindings,
    external: {
      cluster,
      celContext,
      ...(params.length > 0 ? { params } : {}),
      ...(clusterState.definitions.length > 0 ? { crds: clusterState.definitions } : {}),
      ...(imageData !== undefined ? { imageData } : {}),
    },
    namespaceLabels,
    targets,
  };
  // A resource with an old object is an UPDATE of it, unless the values or --set name the operation.
  const optionsFor = (resource: ResourceDocument): EvaluationOptions => {
    const old = oldOf.get(resource);
    return old === undefined ? evaluation : { ...evaluation, oldResource: old.value, defaultOperation: 'UPDATE' };
  };
  try {
    for (const resource of resources.resources) {
      const evaluated = evaluateResource(policies, resource, optionsFor(resource));
      let before: JsonObject | undefined;
      let after: JsonObject | undefined;
      for (const { kind, response, generationError } of evaluated) {
        const printed = { policy: response.policy.name, resourcePath: resourcePath(resource.value), resourceName: resource.name };
        const targetsOf = response.rules.flatMap((rule) => (rule.patchedTarget ? [rule.patchedTarget] : []));
        if (kind === 'mutate') {
          before ??= response.resource;
          // A failed patch leaves Kyverno with an empty resource: the fix keeps the last complete one.
          if (response.patchedResource !== undefined && Object.keys(response.patchedResource).length > 0) after = response.patchedResource;
          const text = printObject({ ...printed, object: response.patchedResource ?? response.resource, targets: targetsOf, generated: false }, output);
          if (!json) write(text);
        } else if (kind === 'generate') {
          // Kyverno logs the failure and keeps the rule responses, without generated resources.
          if (generationError !== undefined) {
            const message = `failed to apply generate policy ${response.policy.name}: ${generationError}`;
            log.report({ ...sourceOf(resources, resource, undefined), message, severity: 'warning' });
          }
          for (const generated of response.rules.flatMap((rule) => rule.generatedResources ?? [])) {
            const text = printObject({ ...printed, object: generated, targets: targetsOf, generated: true }, output);
            if (!json) write(text);
          }
        }
        responses.push(applyResponse(kind, response, resource, resources, settings));
      }
      if (before !== undefined && after !== undefined && !jsonEqual(before, after, 'type')) {
        const asWritten = written.get(resource);
        if (asWritten === undefined) mutations.push({ resource, before, after });
        else mutations.push({ resource, before: asWritten, after: withoutApiDefaults(asWritten, resource.value, after, apiDefaults), evaluated: after });
      }
    }
  } catch (error) {
    if (!(error instanceof OutputError)) throw error;
    io.stderr(`Error: ${error.message}\n`);
    return 1;
  }

  const fixing = args.boolean('fix') || args.boolean('fix-dry-run');
  // Edits are shown or written only for mutations that reach a fixed point (a second run changes nothing).
  if (fixing || json) {
    const mutators = policies.filter((policy) => policy.mutate !== undefined);
    for (const mutation of mutations) {
      const again = [...new Set(unsettledRules(mutators, mutation.resource, mutation.evaluated ?? mutation.after, optionsFor(mutation.resource)).map(({ policy, rule }) => `${policy.name}/${rule.name}`))];
      if (again.length > 0) mutation.unfixable = `the mutation is not idempotent: ${again.join(', ')} would change it again once fixed`;
    }
  }
  const mutated = mutatedResources(mutations, resources.files);
  for (const item of mutated) {
    if (item.editError === undefined) continue;
    const message = `no source edit for the mutated ${item.resource.kind}/${item.resource.name}: ${item.editError}`;
    log.report({ ...sourceOf(resources, item, undefined), message, severity: 'warning' });
  }
  const { fixes, problems } = fixing ? fileFixes(mutated, resources.files) : { fixes: [], problems: [] };
  for (const problem of problems) log.fileError(problem.file, problem.message);
  // Kyverno leaves its last mutation line unterminated; the beyond-Kyverno outputs start on a line of their own.
  const fresh = (text: string): string => (text !== '' && stdoutOpenLine ? `\n${text}` : text);
  if (args.boolean('fix-dry-run')) {
    const diffs = formatFixDiffs(io, fixes, !json && !args.boolean('remove-color') && io.stdoutIsTTY === true);
    if (json) io.stderr(diffs);
    else write(fresh(diffs));
  }

  const counts = countResults(responses, skipped.length + invalid.length);
  out(formatSkippedPolicies(skipped, invalid));
  if (json) io.stdout(formatApplyJson(io, responses, mutated, log.toJson()));
  else if (args.boolean('table')) write(fresh(formatApplyTable(responses, args.boolean('detailed-results'), !args.boolean('remove-color') && io.stdoutIsTTY === true)));
  else write(formatApplyText(responses, counts));

  if (args.boolean('fix')) {
    for (const written of writeFixes(fixes)) {
      if (written.error !== null) log.fileError(written.file, written.error);
      else io.stderr(`fixed ${displayPath(io, written.file)}\n`);
    }
  }

  if (counts.fail > 0 || counts.error > 0 || log.errorCount > 0) return 1;
  const warnExitCode = args.int('warn-exit-code') ?? 0;
  if (counts.warn > 0 && warnExitCode !== 0) {
    io.stderr(`exit as warnExitCode is ${warnExitCode}\n`);
    return warnExitCode;
  }
  if (counts.pass === 0 && args.boolean('warn-no-pass')) {
    io.stderr('exit as no objects satisfied policy\n');
    return warnExitCode;
  }
  return 0;
}
