/**
 * @file `kyverno-lint apply <policies...> --resource <files...>`: applies policies to resources as
 * `kyverno apply` does offline (spec 40 §4, spec 10 §5.3): int64 numbers, Values / `--set` / UserInfo,
 * invalid policies listed and counted as errors, Kyverno's counters and exit codes, or the JSON document
 * whose `source` locates each finding in its file.
 */
import { computeRules } from '../policy/autogen.js';
import { compilePolicy } from '../policy/compile.js';
import { validatePolicy } from '../policy/validate.js';
import { listPolicyFiles, locate } from '../source/index.js';
import type { PolicyResponse, RequestUserInfo } from '../engine/types.js';
import type { RuleStatus, SourceLocation } from '../types.js';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpec } from './args.js';
import { loadClusterObjects } from './cluster-resources.js';
import { countResults, formatApplyJson, formatApplyTable, formatApplyText, formatSkippedPolicies, type ApplyResponse } from './apply-output.js';
import { DiagnosticLog } from './diagnostics.js';
import { readFile, reportAt, reportProblems } from './documents.js';
import { cliPolicy, evaluateResource, type CliPolicy, type LoadedResource } from './evaluation.js';
import { isEnforce, policyFailureAction } from './failure-action.js';
import { displayPath, resolveArg, type CliIo } from './io.js';
import { loadExceptions } from './exception-loader.js';
import { mockedCluster } from './offline-data.js';
import { loadPolicies } from './policy-loader.js';
import { loadResources, type ResourceSet } from './resource-loader.js';
import { decodeUserInfo } from './userinfo.js';
import { decodeValuesFile, parseSetValues, type CliValues } from './values.js';

const FLAGS: readonly FlagSpec[] = [
  { name: 'resource', short: 'r', aliases: ['resources'], type: 'list', valueName: 'paths', description: 'resource files or a directory (repeatable, comma-separated; - for stdin)' },
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
];

const HELP = `Apply policies to resources, as \`kyverno apply\` does.

Usage:
  kyverno-lint apply <policies...> --resource <files...> [flags]

Policies are files or directories (searched recursively for .yaml/.yml files); - reads standard input.

Flags:
${formatFlagHelp(FLAGS)}
`;

const FORMATS = new Set(['text', 'json']);

/** Reads the values file (a fatal problem exits 1, as in Kyverno). */
function loadValuesFile(file: string, io: CliIo, log: DiagnosticLog): CliValues | null {
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

interface ApplySettings {
  auditWarn: boolean;
  /** The labels of a namespace: from the values file, else from the mocked cluster's Namespace. */
  namespaceLabels: (namespace: string) => Record<string, string> | undefined;
}

function sourceOf(resources: ResourceSet, resource: LoadedResource, path: string | undefined): SourceLocation {
  const file = resources.files.get(resource.file);
  if (file === undefined) return { file: resource.file, line: 1, column: 1 };
  const location = locate(file.path, file.text, resource.documentIndex, path ? path.split('/').filter((segment) => segment !== '') : []);
  return { file: resource.file, line: location.line, column: location.column };
}

/** One validate response as counted and printed by `apply` (spec 10 §5.3). */
function applyResponse(response: PolicyResponse, resource: LoadedResource, resources: ResourceSet, settings: ApplySettings): ApplyResponse {
  const compiled = response.policy;
  const labels = settings.namespaceLabels(resource.namespace) ?? {};
  const auditWarning = settings.auditWarn && !isEnforce(policyFailureAction(compiled.policy, resource.namespace, labels));
  const mapFail = (): RuleStatus => (!compiled.scored || auditWarning ? 'warn' : 'fail');
  return {
    policy: compiled.name,
    policyLabel: compiled.kind === 'Policy' ? `${compiled.namespace}/${compiled.name}` : compiled.name,
    resource: { apiVersion: resource.apiVersion, kind: resource.kind, namespace: resource.namespace, name: resource.name },
    auditWarning,
    results: response.rules.map((rule) => ({
      rule: rule.name,
      engineStatus: rule.status,
      status: rule.status === 'fail' ? mapFail() : rule.status,
      message: rule.message === '' && rule.status === 'fail' ? 'validation failed' : rule.message,
      source: sourceOf(resources, resource, rule.status === 'fail' || rule.status === 'error' ? rule.path : undefined),
    })),
  };
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

  const log = new DiagnosticLog(io);
  const stdin = (policyPaths.includes('-') || resourcePaths.includes('-')) && io.readStdin ? await io.readStdin() : undefined;
  const userInfoPath = args.string('userinfo');
  const userInfo = userInfoPath ? loadUserInfoFile(resolveArg(io, userInfoPath), io, log) : null;
  const valuesPath = args.string('values-file');
  const values = valuesPath ? loadValuesFile(resolveArg(io, valuesPath), io, log) : null;
  if (valuesPath && values === null) return 1;
  const set = parseSetValues(args.list('set'));

  const policySet = loadPolicies(policyPaths.map((path) => (path === '-' ? path : resolveArg(io, path))), log, stdin);
  const resources = loadResources(resourcePaths.map((path) => (path === '-' ? path : resolveArg(io, path))), log, { dedupe: false, stdin });
  const exceptions = loadExceptions(args.list('exception').map((path) => resolveArg(io, path)), log);
  // As `kyverno apply`, the resources are the cluster that context entries read; --cluster-resources adds to it.
  const clusterFiles = listPolicyFiles(args.list('cluster-resources').map((path) => resolveArg(io, path)));
  reportProblems(log, clusterFiles.problems);
  const cluster = mockedCluster(
    resources.resources.map((resource) => resource.value),
    loadClusterObjects(clusterFiles.files, log),
  );
  const namespaceLabels = (namespace: string): Record<string, string> | undefined =>
    values?.namespaceLabels.get(namespace) ?? cluster.namespaceLabels(namespace);

  const skipped: string[] = [];
  const invalid: string[] = [];
  const policies: CliPolicy[] = [];
  let ruleCount = policySet.unsupported.size;
  for (const { policy, file, document } of policySet.policies) {
    ruleCount += computeRules(policy, '').length;
    const reason = validatePolicy(policy);
    if (reason !== null) {
      (reason.startsWith("variable 'element.name'") ? invalid : skipped).push(`${policy.metadata.name}: ${reason}`);
      continue;
    }
    const compiled = compilePolicy(policy);
    const notEvaluated = (['mutate', 'generate', 'verifyImages'] as const).filter((type) => (policy.spec.rules ?? []).some((rule) => rule[type] !== undefined));
    if (notEvaluated.length > 0) {
      reportAt(log, file, document, [], `policy ${compiled.name}: ${notEvaluated.join(', ')} rules are not evaluated yet`, 'warning');
    }
    policies.push(cliPolicy(compiled));
  }

  const json = format === 'json';
  const out = (text: string): void => (json ? io.stderr(text) : io.stdout(text));
  const withExceptions = exceptions.length > 0 ? ` with ${exceptions.length} exception(s)` : '';
  out(`\nApplying ${ruleCount} policy rule(s) to ${resources.resources.length} resource(s)${withExceptions}...\n`);

  const settings: ApplySettings = { auditWarn: args.boolean('audit-warn'), namespaceLabels };
  const responses: ApplyResponse[] = [];
  for (const resource of resources.resources) {
    const evaluated = evaluateResource(policies, resource, {
      numberMode: 'int64',
      values: values ?? undefined,
      set,
      userInfo: userInfo ?? undefined,
      exceptions,
      external: { cluster },
      namespaceLabels,
    });
    for (const { kind, response } of evaluated) {
      if (kind === 'validate') responses.push(applyResponse(response, resource, resources, settings));
    }
  }

  const counts = countResults(responses, skipped.length + invalid.length);
  out(formatSkippedPolicies(skipped, invalid));
  if (json) io.stdout(formatApplyJson(io, responses));
  else if (args.boolean('table')) io.stdout(formatApplyTable(responses, args.boolean('detailed-results'), !args.boolean('remove-color') && io.stdoutIsTTY === true));
  else io.stdout(formatApplyText(responses, counts));

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
