/**
 * @file The repository scan, `lint(options) → LintResult`: discover the files, load and classify their
 * documents, evaluate every manifest against every policy as the admission controller would (mutations
 * first, then validation on the mutated resource; the repository's manifests are the cluster that context
 * entries and mutate-existing rules read, its PolicyExceptions apply), and turn the results into findings
 * with exact locations and, for mutations, the source edits that apply them. No output happens here.
 */
import path from 'node:path';
import { cliPolicy, evaluateResource, mutatedResource, type EvaluationOptions, type LoadedResource } from '../cli/evaluation.js';
import { fileFixes, mutatedResources, type FileFix } from '../cli/fix.js';
import { mockedCluster } from '../cli/offline-data.js';
import { decodeUserInfo } from '../cli/userinfo.js';
import { decodeValuesFile, type CliValues } from '../cli/values.js';
import { globBase } from '../config/load.js';
import { findFiles } from '../discovery/find-files.js';
import { globSet } from '../discovery/globs.js';
import type { RequestUserInfo } from '../engine/types.js';
import type { Finding, LintReport } from '../report/types.js';
import { deepEqual } from '../source/edit/text.js';
import { parseDocuments, readSourceFile } from '../source/index.js';
import type { JsonObject, RuleResponse, RuleStatus } from '../types.js';
import type { CompiledPolicy } from '../policy/compile.js';
import { inTemplate, isReported, mutationFinding, responseFindings, type FindingContext } from './findings.js';
import { isIgnored } from '../config/severity.js';
import type { LintOptions } from './options.js';
import { displayName, fullLocation, isHelmTemplate, WorkspaceLoader, type SourceText, type Workspace } from './workspace.js';

export interface LintResult {
  report: LintReport;
  /** The source edits of every mutated resource, per file (what `--fix` writes). */
  fixes: FileFix[];
  /** Problems that make the scan less meaningful (no policies, no manifests). */
  warnings: string[];
  /** Tool errors: paths that do not exist, settings files that cannot be used (exit code 2). */
  errors: string[];
  /** The scan found no policy or no manifest. */
  empty: boolean;
}

function emptyStatuses(): Record<RuleStatus, number> {
  return { pass: 0, fail: 0, warn: 0, error: 0, skip: 0 };
}

/** Which files play which role, from the configuration's globs (relative to the configuration file's folder). */
function roleMatchers(options: LintOptions): { policies: (file: string) => boolean; manifests: (file: string) => boolean } {
  const base = globBase(options.config, options.cwd);
  const matcher = (globs: readonly string[]): ((file: string) => boolean) => {
    const set = globSet(base, globs);
    return set.empty ? () => true : (file) => set.matches(file);
  };
  return { policies: matcher(options.config.policies), manifests: matcher(options.config.manifests) };
}

/** A Values or UserInfo file named by the configuration; problems are reported as errors of the scan. */
function readSettingsDocument(file: string, errors: string[], what: string): JsonObject | null {
  const read = readSourceFile(file);
  if (read.file === null) {
    errors.push(`cannot read the ${what} ${file}: ${read.problems[0]?.message ?? 'unreadable'}`);
    return null;
  }
  const parsed = parseDocuments(file, read.file.text);
  const first = parsed.documents[0]?.value;
  if (parsed.problems.length > 0 || first === undefined || first === null || typeof first !== 'object' || Array.isArray(first)) {
    errors.push(`the ${what} ${file} holds no valid document`);
    return null;
  }
  return first;
}

function loadSettings(options: LintOptions, errors: string[]): { values?: CliValues; userInfo?: RequestUserInfo } {
  const out: { values?: CliValues; userInfo?: RequestUserInfo } = {};
  const { values, userinfo } = options.config;
  if (values) {
    const document = readSettingsDocument(values, errors, 'values file');
    if (document) {
      const decoded = decodeValuesFile(document, displayName(options.cwd, values));
      for (const error of decoded.errors) errors.push(`${displayName(options.cwd, values)}: ${error.message}`);
      if (decoded.values) out.values = decoded.values;
    }
  }
  if (userinfo) {
    const document = readSettingsDocument(userinfo, errors, 'user info file');
    if (document) {
      const decoded = decodeUserInfo(document);
      for (const error of decoded.errors) errors.push(`${displayName(options.cwd, userinfo)}: ${error.message}`);
      if (decoded.userInfo) out.userInfo = decoded.userInfo;
    }
  }
  return out;
}

async function loadWorkspace(options: LintOptions, errors: string[], warnings: string[]): Promise<Workspace> {
  const loader = new WorkspaceLoader(options.cwd, options.config.maxFileSize);
  const roles = roleMatchers(options);
  const { config } = options;
  const scanPaths = options.paths.filter((item) => item !== '-');
  const include = config.policies.length > 0 && config.manifests.length > 0 ? [...config.policies, ...config.manifests] : [];
  if (scanPaths.length > 0) {
    const found = await findFiles({ cwd: options.cwd, paths: scanPaths, include, exclude: config.exclude, gitignore: true, base: globBase(config, options.cwd) });
    for (const file of found.excluded) warnings.push(`${displayName(options.cwd, file)} is excluded by the configuration: not checked`);
    for (const missing of found.problems) errors.push(missing.message.replace(missing.path, displayName(options.cwd, missing.path)));
    for (const file of found.files) {
      if (isHelmTemplate(file)) {
        loader.workspace.counts.other++;
        continue;
      }
      loader.addFile(file, { policies: roles.policies(file), manifests: roles.manifests(file), ifKubernetes: found.ifKubernetes.has(file) });
    }
  }
  if (options.paths.includes('-')) loader.addFile('-', { policies: true, manifests: true }, options.stdin ?? '');
  if (options.policyPaths.length > 0) {
    const found = await findFiles({ cwd: options.cwd, paths: options.policyPaths, include: [], exclude: [], gitignore: false });
    for (const missing of found.problems) errors.push(missing.message.replace(missing.path, displayName(options.cwd, missing.path)));
    for (const file of found.files) if (!loader.workspace.files.has(file)) loader.addFile(file, { policies: true, manifests: false, ifKubernetes: found.ifKubernetes.has(file) });
  }
  return loader.workspace;
}

/** Labels of the Namespace manifests, for `namespaceSelector` and failure-action overrides. */
function namespaceLabelsOf(manifests: readonly LoadedResource[]): Map<string, Record<string, string>> {
  const labels = new Map<string, Record<string, string>>();
  for (const manifest of manifests) {
    if (manifest.kind !== 'Namespace' || manifest.apiVersion !== 'v1') continue;
    const metadata = manifest.value.metadata;
    const found = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata.labels : undefined;
    const map: Record<string, string> = {};
    if (found !== null && typeof found === 'object' && !Array.isArray(found)) {
      for (const [key, value] of Object.entries(found)) if (typeof value === 'string') map[key] = value;
    }
    labels.set(manifest.name, map);
  }
  return labels;
}

const NO_LABELS: Readonly<Record<string, string>> = Object.freeze({});

export async function lint(options: LintOptions): Promise<LintResult> {
  const started = performance.now();
  const warnings: string[] = [];
  const errors: string[] = [];
  const workspace = await loadWorkspace(options, errors, warnings);
  const settings = loadSettings(options, errors);
  const policies = workspace.policies.map((item) => cliPolicy(item.compiled));
  const manifests = workspace.manifests;
  if (policies.length === 0) warnings.push('no policies found: nothing was checked (pass --policy or check the policies globs of the configuration)');
  if (manifests.length === 0) warnings.push('no manifests found: nothing was checked');

  const namespaceLabels = namespaceLabelsOf(manifests);
  const objects = manifests.map((manifest) => manifest.value);
  const evaluation: EvaluationOptions = {
    numberMode: 'int64',
    operation: options.config.operation,
    external: { cluster: mockedCluster(objects) },
    namespaceLabels: (namespace) => namespaceLabels.get(namespace),
    targets: objects,
    keepResourceOnMutateError: true,
  };
  if (settings.values) evaluation.values = settings.values;
  if (settings.userInfo) evaluation.userInfo = settings.userInfo;
  if (workspace.exceptions.length > 0) evaluation.exceptions = workspace.exceptions;

  const statuses = emptyStatuses();
  let suppressed = 0;
  const findings: Finding[] = workspace.problems.filter((problem) => !isIgnored(options.config.ignore, problem.ruleId));
  suppressed += workspace.problems.length - findings.length;
  const mutations: { context: FindingContext; rules: { policy: CompiledPolicy; rule: RuleResponse }[]; before: JsonObject; after: JsonObject }[] = [];
  let done = 0;
  for (const manifest of manifests) {
    const file = workspace.files.get(manifest.file)!;
    const responses = evaluateResource(policies, manifest, evaluation);
    for (const { response } of responses) for (const rule of response.rules) statuses[rule.status]++;
    const context: FindingContext = { config: options.config, file, resource: manifest, namespaceLabels: namespaceLabels.get(manifest.namespace) ?? NO_LABELS };
    const converted = responseFindings(responses, context);
    findings.push(...converted.findings);
    suppressed += converted.suppressed;
    const after = mutatedResource(responses, manifest.value);
    if (after !== manifest.value && !deepEqual(after, manifest.value)) {
      const rules = responses.flatMap(({ kind, response }) =>
        kind === 'mutate' ? response.rules.filter((rule) => rule.status === 'pass').map((rule) => ({ policy: response.policy, rule })) : [],
      );
      // Mutations of ignored rules (or rules set to `off`) are neither reported nor fixed.
      if (rules.some(({ policy, rule }) => isReported(options.config, policy, rule.name))) mutations.push({ context, rules, before: manifest.value, after });
      else suppressed++;
    }
    done++;
    options.onProgress?.(done, manifests.length);
  }

  const push = (finding: Finding | null): void => {
    if (finding === null) suppressed++;
    else findings.push(finding);
  };
  let fixes: FileFix[] = [];
  if (options.fixes) {
    const mutated = mutatedResources(
      mutations.map(({ context, before, after }) => ({ resource: context.resource, before, after })),
      workspace.files,
    ).map((item, index) => (mutations[index]!.context.resource.listItem === undefined ? item : { ...item, edits: [], editError: 'items of a kind: List are not fixed' }));
    mutated.forEach((item, index) => {
      const { context, rules } = mutations[index]!;
      const file = context.file;
      const fix = item.edits.map((edit) => ({ file: file.display, startLine: edit.startLine, endLine: edit.endLine, replacement: edit.replacement }));
      // Rendered Helm input has no source file to edit.
      const editable = file.helm === undefined && fix.length > 0;
      push(mutationFinding(context, rules, editable ? { fixable: true, fix } : { fixable: false }, documentStart(context)));
    });
    fixes = fileFixes(mutated.filter((item) => item.file !== '-'), workspace.files).fixes;
  } else {
    for (const { context, rules } of mutations) {
      const fixable = context.file.helm === undefined && context.file.path !== '-' && context.resource.listItem === undefined;
      push(mutationFinding(context, rules, { fixable }, documentStart(context)));
    }
  }

  let reported = findings;
  if (options.reportFiles !== undefined) {
    const wanted = new Set(options.reportFiles.map((file) => displayName(options.cwd, path.resolve(options.cwd, file))));
    reported = findings.filter((finding) => wanted.has(finding.location.file));
    suppressed += findings.length - reported.length;
  }
  reported.sort(compareFindings);
  const counts = { error: 0, warning: 0, info: 0, suppressed };
  for (const finding of reported) counts[finding.severity]++;
  const report: LintReport = {
    findings: reported,
    counts,
    files: workspace.counts,
    policies: policies.length,
    manifests: manifests.length,
    statuses,
    cwd: options.cwd,
    durationMs: performance.now() - started,
  };
  return { report, errors, fixes: fixes.filter((fix) => options.reportFiles === undefined || options.reportFiles.some((file) => path.resolve(options.cwd, file) === fix.file)), warnings, empty: policies.length === 0 || manifests.length === 0 };
}

/** The first content line of a resource's document, in its template for rendered Helm input. */
function documentStart(context: FindingContext): Finding['location'] {
  const file = context.file;
  const line = file.documents.find((document) => document.index === context.resource.documentIndex)?.line ?? 1;
  return inTemplate(file, fullLocation(file, { line, column: 1 }));
}


function compareFindings(a: Finding, b: Finding): number {
  const byFile = a.location.file < b.location.file ? -1 : a.location.file > b.location.file ? 1 : 0;
  return byFile || a.location.line - b.location.line || a.location.column - b.location.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);
}
