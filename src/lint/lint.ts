/**
 * @file The repository scan, `lint(options) → LintResult`: discover the files, load and classify their
 * documents, evaluate every manifest against every policy as the admission controller would (mutations
 * first, then validation on the mutated resource; the repository's manifests are the cluster that context
 * entries and mutate-existing rules read, its PolicyExceptions apply), and turn the results into findings
 * with exact locations and, for mutations, the source edits that apply them. No output happens here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { evaluateResources, mutatedResource, unsettledRules, type EvaluationOptions, type PolicyRule, type ResourceResponse } from '../evaluate/processor.js';
import type { ResourceDocument } from '../evaluate/resource.js';
import { byFixFile, fileFixes, mutatedResources, type FileFix } from './fixes.js';
import { scanUnits, type ScanUnit } from './units.js';
import type { UnitEdits, UnitMutation, UnitResult } from './unit-results.js';
import { openScanCache, type PreviousScan } from './cache.js';
import { ReadRecorder } from './cache-reads.js';
import { classifyWithKind } from '../discovery/classify.js';
import { isCustomResourceDefinition, mockedCluster } from '../cluster/index.js';
import { decodeUserInfo } from '../evaluate/userinfo.js';
import { decodeValuesFile, type ValuesFile } from '../evaluate/values.js';
import { globBase } from '../config/load.js';
import { byCodeUnits, findFiles } from '../discovery/find-files.js';
import { globRoots, globSet } from '../discovery/globs.js';
import { policyReference, type CompiledPolicy, type ImageDataStore, type RequestUserInfo } from '../evaluate/types.js';
import { loadImageDataFile } from '../evaluate/image-data.js';
import type { UserInfoSetting } from '../config/types.js';
import type { Finding, LintReport } from '../report/types.js';
import { jsonEqual } from '../util/json-value.js';
import { DEFAULT_MAX_FILE_SIZE, expandLists, parseDocuments, readSourceFile } from '../source/index.js';
import type { JsonObject, RuleStatus } from '../types.js';
import { resolveHelmSources } from './helm.js';
import { defaultedManifest, withoutApiDefaults } from './api-defaults.js';
import { DEFAULT_KUBERNETES_VERSION, type KubernetesVersion } from '../cluster/api-defaults/index.js';
import { inTemplate, isReported, mutationFinding, responseFindings, type FindingContext, type PolicySource } from './findings.js';
import type { ConfigProblem } from '../config/load.js';
import { checkRuleIds, type LoadedPolicyIds } from '../config/rule-ids.js';
import { Suppressions } from './suppressions.js';
import { isIgnored } from '../config/severity.js';
import { PROBLEM_CODES } from './problem-codes.js';
import type { LintOptions } from './options.js';
import { isKustomizationFile, scanKustomizations } from './kustomize.js';
import { displayName, fullLocation, isHelmTemplate, isStoredSource, WorkspaceLoader, type SourceText, type Workspace } from './workspace.js';
import type { BaseChange, BaseComparison, BaseOutcome } from './base-revision.js';
import { compareFindings, planShard, type ShardOutcome, type ShardPlan } from './shard.js';
import { reportedUnits, type ReportedUnits } from './report-files.js';

export interface LintResult {
  report: LintReport;
  /** The source edits of every mutated resource, per file (what `--fix` writes). */
  fixes: FileFix[];
  /** Problems that make the scan less meaningful (excluded files, configuration entries naming policies not loaded). */
  warnings: string[];
  /** Tool errors: paths that do not exist, settings files that cannot be used (exit code 2). */
  errors: string[];
  /**
   * Errors of the configuration found once the policies are loaded (a rule id of `severity` or `ignore`
   * naming no rule of a loaded policy): the manifests were not evaluated.
   */
  configProblems: ConfigProblem[];
  /** The scan found no policy or no manifest, so it checked nothing; null otherwise. */
  empty: EmptyScan | null;
  /** The comparison with `LintOptions.base` (null without one); with an `error`, the scan went on without it. */
  base: BaseOutcome | null;
  /**
   * What the results cache did (`LintOptions.cache`): the units of the scan, how many were reused from the cache and
   * how many evaluated, the keys of those evaluated (units.ts), and how many files were read without being parsed for
   * their manifests (these came from the cache; a file's text is still parsed if a position in it is needed). With
   * nothing changed: every file read last time.
   */
  cache?: {
    units: number;
    reused: number;
    evaluated: number;
    evaluatedUnits: string[];
    filesFromCache: number;
    /** The report: the stored one (nothing changed), the stored one updated in the files evaluated again, or assembled from every unit. */
    report: 'stored' | 'updated' | 'assembled';
  };
  /** What the shard of `LintOptions.shard` evaluated (null for a whole scan). */
  shard: ShardOutcome | null;
}

/** A scan that checked nothing. The CLI and the Action fail on it unless an empty scan is allowed. */
export interface EmptyScan {
  noPolicy: boolean;
  noManifest: boolean;
  /** What is missing and where it was looked for (without the flags of the CLI or the inputs of the Action). */
  message: string;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const UNUSABLE_POLICY = new Set(['kyverno-lint/invalid-policy', 'kyverno-lint/unsupported-policy-kind']);
/** Files that were not read or parsed: what they held is unknown. */
const UNREAD_FILE = new Set(['kyverno-lint/file-too-large', 'kyverno-lint/unreadable-file', 'kyverno-lint/yaml-syntax']);
const INVALID_MANIFEST = new Set(['kyverno-lint/invalid-manifest']);

/** Why the scan checked nothing, or null when it found policies and manifests. */
function emptyScan(options: LintOptions, workspace: { manifests: number; problems: readonly Finding[] }, policies: number): EmptyScan | null {
  const manifests = workspace.manifests;
  if (policies > 0 && manifests > 0) return null;
  const { config } = options;
  const reasons: string[] = [];
  let message: string;
  if (policies === 0 && manifests === 0) message = 'no policy and no manifest found: nothing was checked';
  else if (policies === 0) message = `no policy found: the ${plural(manifests, 'manifest was', 'manifests were')} not checked`;
  else message = `no manifest found: the ${plural(policies, 'policy', 'policies')} checked nothing`;
  const found = (ruleIds: ReadonlySet<string>): boolean => workspace.problems.some((problem) => ruleIds.has(problem.ruleId));
  // Unread files may have held the missing policies or manifests.
  const unread = found(UNREAD_FILE);
  if (unread) reasons.push('some files could not be read or parsed (see the findings)');
  if (policies === 0 && found(UNUSABLE_POLICY)) reasons.push('the policies found are invalid or of an unsupported kind (see the findings)');
  else if (policies === 0 && !unread) {
    reasons.push(
      config.policies.length > 0
        ? `the configuration's policies globs (${config.policies.join(', ')}) select no policy`
        : 'the configuration sets no policies globs and no policy is below the scanned paths',
    );
  }
  if (manifests === 0 && found(INVALID_MANIFEST)) reasons.push('the manifests found are invalid (see the findings)');
  else if (manifests === 0 && config.manifests.length > 0) reasons.push(`the configuration's manifests globs (${config.manifests.join(', ')}) select no manifest below the scanned paths`);
  if (reasons.length > 0) message += `; ${reasons.join('; ')}`;
  return { noPolicy: policies === 0, noManifest: manifests === 0, message };
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
function readSettingsDocument(file: string, errors: string[], what: string, maxFileSize: number | undefined): JsonObject | null {
  const read = readSourceFile(file, maxFileSize);
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

function loadSettings(options: LintOptions, errors: string[]): { values?: ValuesFile; userInfo?: RequestUserInfo; imageData?: ImageDataStore } {
  const out: { values?: ValuesFile; userInfo?: RequestUserInfo; imageData?: ImageDataStore } = {};
  const { values, userinfo, imageData } = options.config;
  if (options.config.userInfo) out.userInfo = requestUserInfo(options.config.userInfo);
  if (imageData) {
    const display = displayName(options.cwd, imageData);
    const loaded = loadImageDataFile(imageData, display, options.config.maxFileSize);
    for (const problem of loaded.problems) errors.push(`${display}:${problem.line}:${problem.column}: ${problem.message}`);
    if (loaded.store) out.imageData = loaded.store;
  }
  if (values) {
    const document = readSettingsDocument(values, errors, 'values file', options.config.maxFileSize);
    if (document) {
      const decoded = decodeValuesFile(document, displayName(options.cwd, values));
      for (const error of decoded.errors) errors.push(`${displayName(options.cwd, values)}: ${error.message}`);
      if (decoded.values) out.values = decoded.values;
    }
  }
  if (userinfo) {
    const document = readSettingsDocument(userinfo, errors, 'user info file', options.config.maxFileSize);
    if (document) {
      const decoded = decodeUserInfo(document);
      for (const error of decoded.errors) errors.push(`${displayName(options.cwd, userinfo)}: ${error.message}`);
      if (decoded.userInfo) out.userInfo = decoded.userInfo;
    }
  }
  return out;
}

/** The configuration's `userInfo` as the admission request carries it (the shape of a Kyverno CLI UserInfo file). */
function requestUserInfo(setting: UserInfoSetting): RequestUserInfo {
  const info: RequestUserInfo = {};
  if (setting.roles) info.roles = setting.roles;
  if (setting.clusterRoles) info.clusterRoles = setting.clusterRoles;
  const { username, uid, groups, extra } = setting;
  if (username !== undefined || uid !== undefined || groups !== undefined || extra !== undefined) {
    info.userInfo = { ...(username !== undefined ? { username } : {}), ...(uid !== undefined ? { uid } : {}), ...(groups ? { groups } : {}), ...(extra ? { extra } : {}) };
  }
  return info;
}

/**
 * The policy files the configuration's `policies` globs select, whatever the scan paths are: as ESLint's
 * configuration decides the rules whatever files are linted, the scan paths select the manifests.
 */
async function configuredPolicyFiles(options: LintOptions, errors: string[]): Promise<string[]> {
  const { config } = options;
  if (config.policies.length === 0) return [];
  const base = globBase(config, options.cwd);
  // A glob whose fixed part does not exist matches nothing (the empty-scan check says so when nothing is found).
  const roots = globRoots(base, config.policies).filter((root) => existsSync(root));
  if (roots.length === 0) return [];
  const found = await findFiles({ cwd: options.cwd, paths: roots, include: config.policies, exclude: config.exclude, gitignore: true, base });
  for (const problem of found.problems) errors.push(problem.message.replace(problem.path, displayName(options.cwd, problem.path)));
  return found.files;
}

/** The files a scan reads, found before any is read. */
export interface Discovery {
  /** Every file, sorted (scanned files and policy files). */
  files: string[];
  /** Files below the scan paths. */
  scanned: Set<string>;
  /** Files given with --policy. */
  extra: Set<string>;
  /** Files of walked folders read only when they look like Kubernetes objects (`.json`). */
  ifKubernetes: Set<string>;
  manifestsOnly: boolean;
}

/** `manifestsOnly`: the manifests and nothing else (the base revision of a scan, whose policies are not used). */
async function discoverFiles(options: LintOptions, errors: string[], warnings: string[], manifestsOnly = false): Promise<Discovery> {
  const { config } = options;
  const scanPaths = options.paths.filter((item) => item !== '-');
  const include = config.policies.length > 0 && config.manifests.length > 0 ? [...config.policies, ...config.manifests] : [];
  const scanned = new Set<string>();
  const ifKubernetes = new Set<string>();
  if (scanPaths.length > 0) {
    const found = await findFiles({ cwd: options.cwd, paths: scanPaths, include, exclude: config.exclude, gitignore: true, base: globBase(config, options.cwd) });
    for (const file of found.excluded) warnings.push(`${displayName(options.cwd, file)} is excluded by the configuration: not checked`);
    for (const missing of found.problems) errors.push(missing.message.replace(missing.path, displayName(options.cwd, missing.path)));
    for (const file of found.files) scanned.add(file);
    for (const file of found.ifKubernetes) ifKubernetes.add(file);
  }
  // Files given with --policy are policies, also where the scan reads them and the configuration's globs do not select them.
  const extra = new Set<string>();
  if (options.policyPaths.length > 0 && !manifestsOnly) {
    const found = await findFiles({ cwd: options.cwd, paths: options.policyPaths, include: [], exclude: [], gitignore: false });
    for (const missing of found.problems) errors.push(missing.message.replace(missing.path, displayName(options.cwd, missing.path)));
    for (const file of found.files) extra.add(file);
    for (const file of found.ifKubernetes) ifKubernetes.add(file);
  }
  // One sorted list, so that the policies' order (mutations apply in it) does not depend on the scan paths.
  const files = [...new Set([...scanned, ...(manifestsOnly ? [] : await configuredPolicyFiles(options, errors))])].sort(byCodeUnits);
  return { files, scanned, extra, ifKubernetes, manifestsOnly };
}

/** Every discovered file: below the scan paths, selected by the policies globs, given with --policy. */
function discoveredFiles(discovery: Discovery): string[] {
  return [...discovery.files, ...[...discovery.extra].filter((file) => !discovery.files.includes(file))];
}

/**
 * What the scan reads each discovered file for (the cache compares it between runs), including whether it is a Helm
 * template (which a `Chart.yaml` outside the discovered files decides).
 */
function discoveredRoles(options: LintOptions, discovery: Discovery): [string, string][] {
  const roles = roleMatchers(options);
  const role = (file: string): string =>
    [
      roles.policies(file) || discovery.extra.has(file) ? 'p' : '',
      discovery.scanned.has(file) && roles.manifests(file) ? 'm' : '',
      discovery.ifKubernetes.has(file) ? 'k' : '',
      discovery.extra.has(file) ? 'x' : '',
      isHelmTemplate(file) ? 'h' : '',
    ].join('');
  return discoveredFiles(discovery).map((file) => [file, role(file)]);
}

/**
 * Reads, parses and classifies the discovered files, builds the kustomizations, and compiles the policies. `stored`:
 * the manifests the results cache holds of unchanged files of manifests (cache.ts), used instead of parsing them.
 */
function loadDiscovered(
  options: LintOptions,
  discovery: Discovery,
  stored: ReadonlyMap<string, { manifests: string; text: string }> | null = null,
  checkedPolicies: ReadonlySet<string> | null = null,
): Workspace {
  const { files, scanned, extra, ifKubernetes, manifestsOnly } = discovery;
  const loader = new WorkspaceLoader(options.cwd, options.config.maxFileSize, checkedPolicies);
  const roles = roleMatchers(options);
  const { config } = options;
  // Kustomizations are checked as built: their inputs are not manifests of their own.
  const settings = config.kustomize ?? { build: true, roots: [] };
  const rootGlobs = globSet(globBase(config, options.cwd), settings.roots);
  const kustomize = scanKustomizations(
    settings.build ? files.filter((file) => scanned.has(file) && roles.manifests(file)) : [],
    (file) => loader.source(file),
    (file) => displayName(options.cwd, file),
    rootGlobs.empty ? undefined : (dir) => rootGlobs.matches(dir),
  );
  for (const file of files) {
    if (isHelmTemplate(file)) {
      loader.workspace.counts.other++;
      continue;
    }
    // Files outside the scan paths are read for their policies only.
    // A kustomization file is never a manifest, built or not.
    const manifests = scanned.has(file) && roles.manifests(file) && !kustomize.inputs.has(file) && !isKustomizationFile(file);
    if (manifestsOnly && !manifests) continue;
    const role = { policies: !manifestsOnly && (roles.policies(file) || extra.has(file)), manifests, ifKubernetes: ifKubernetes.has(file) };
    // A file of manifests the cache holds, unchanged (it holds no policy, so reading it for policies finds none).
    const held = stored?.get(file);
    if (held !== undefined && manifests && !role.ifKubernetes && loader.addStoredFile(file, held)) continue;
    loader.addFile(file, role);
  }
  loader.addBuild(kustomize.manifests, kustomize.problems, kustomize.builds, kustomize.invalidManifests);
  if (options.paths.includes('-')) loader.addFile('-', { policies: true, manifests: true }, options.stdin ?? '');
  for (const file of extra) if (!loader.workspace.files.has(file)) loader.addFile(file, { policies: true, manifests: false, ifKubernetes: ifKubernetes.has(file) });
  return loader.complete();
}

/** `manifestsOnly`: read the manifests and nothing else (the base revision of a scan, whose policies are not used). */
async function loadWorkspace(options: LintOptions, errors: string[], warnings: string[], manifestsOnly = false): Promise<Workspace> {
  return loadDiscovered(options, await discoverFiles(options, errors, warnings, manifestsOnly));
}

/** Rendered Helm output on standard input: the chart templates its findings are reported in. */
async function resolveHelmInput(options: LintOptions, workspace: Workspace, errors: string[], warnings: string[]): Promise<void> {
  const charts = (options.helmCharts ?? []).map((dir) => path.resolve(options.cwd, dir));
  if (!options.paths.includes('-')) {
    if (charts.length > 0) warnings.push('--helm-chart is ignored: it applies to rendered Helm output read from standard input (-)');
    return;
  }
  const stdin = workspace.files.get('-');
  if (stdin === undefined) return;
  const display = (file: string): string => displayName(options.cwd, file);
  const resolved = await resolveHelmSources(stdin, { cwd: options.cwd, charts, maxFileSize: options.config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, display });
  warnings.push(...resolved.warnings);
  errors.push(...resolved.errors);
}

/** The id prefix and the rule names (autogen rules included) of each loaded policy. */
function loadedPolicyIds(workspace: Workspace): LoadedPolicyIds[] {
  return workspace.policies.map(({ compiled }) => {
    const ids: LoadedPolicyIds = { id: policyReference(compiled), rules: compiled.rules.map((rule) => rule.name) };
    if (compiled.namespaced) ids.alias = compiled.name;
    return ids;
  });
}

/** Labels of the Namespace manifests, for `namespaceSelector` and failure-action overrides. */
function namespaceLabelsOf(manifests: readonly ResourceDocument[]): Map<string, Record<string, string>> {
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

const standInNamespaces = new Map<string, JsonObject>();

/**
 * The Namespace a resource's namespace is in the cluster when the repository holds no manifest of it: the one the
 * API server creates, labelled `kubernetes.io/metadata.name` (the CEL kinds' `namespaceObject` is never null for a
 * namespaced resource at admission).
 */
function standInNamespace(name: string): JsonObject {
  let namespace = standInNamespaces.get(name);
  if (namespace === undefined) {
    namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } } };
    standInNamespaces.set(name, namespace);
  }
  return namespace;
}

/** A subject of a unit with what its evaluation is given. */
interface SubjectInput {
  manifest: ResourceDocument;
  /** As the admission controller receives it. */
  received: ResourceDocument;
  /** Against a base revision: the operation, the object evaluated and its options. */
  change: BaseChange | undefined;
  policies: readonly CompiledPolicy[];
  evaluation: EvaluationOptions;
}

/** The object a subject's evaluation is given. */
const subjectResource = ({ change, received }: SubjectInput): ResourceDocument => change?.resource ?? received;

/**
 * How many subjects of consecutive units are evaluated together (`evaluateResources`) when no results cache records
 * what each unit reads: on the bench workload, windows of 64 objects evaluate in less time than units of 10.
 */
export const BATCH_SUBJECTS = 64;

/**
 * The responses of each input, evaluated with `evaluateResources` in runs of at most `BATCH_SUBJECTS` consecutive
 * inputs that share their policies and evaluation options (a unit's objects, unless their namespaces select other
 * policies or a base revision gives them their own options).
 */
function evaluateInBatches(inputs: readonly SubjectInput[]): ResourceResponse[][] {
  const out: ResourceResponse[][] = [];
  for (let start = 0; start < inputs.length; ) {
    const { policies, evaluation } = inputs[start]!;
    let end = start + 1;
    while (end < inputs.length && end - start < BATCH_SUBJECTS && inputs[end]!.policies === policies && inputs[end]!.evaluation === evaluation) end++;
    out.push(...evaluateResources(policies, inputs.slice(start, end).map(subjectResource), evaluation));
    start = end;
  }
  return out;
}

/**
 * The policies the admission controller runs on a request in `namespace`: a namespaced CEL policy (a
 * NamespacedValidatingPolicy, …) only on requests in its own namespace, as Kyverno's webhook handlers select them
 * (kyverno/kyverno pkg/webhooks/resource/vpol/handler.go, `NamespacedPolicy(admissionRequest.Namespace)`; mpol, ivpol
 * likewise). The Kyverno CLI runs them on every resource; a kyverno.io Policy checks its namespace itself.
 */
function namespaceScopedPolicies(policies: readonly CompiledPolicy[]): (namespace: string) => readonly CompiledPolicy[] {
  const scoped = (policy: CompiledPolicy): boolean => policy.family === 'cel' && policy.namespaced;
  if (!policies.some(scoped)) return () => policies;
  const byNamespace = new Map<string, readonly CompiledPolicy[]>();
  return (namespace) => {
    let selected = byNamespace.get(namespace);
    if (selected === undefined) {
      selected = policies.filter((policy) => !scoped(policy) || policy.namespace === namespace);
      byNamespace.set(namespace, selected);
    }
    return selected;
  };
}

/** The Kubernetes version whose API defaults the scan applies; null when the configuration turns them off. */
function apiDefaultsVersion(config: LintOptions['config']): KubernetesVersion | null {
  if (config.apiDefaults === false) return null;
  return (config.kubernetesVersion as KubernetesVersion | undefined) ?? DEFAULT_KUBERNETES_VERSION;
}

export async function lint(options: LintOptions): Promise<LintResult> {
  const started = performance.now();
  const warnings: string[] = [];
  const errors: string[] = [];
  const cache = options.cache === undefined ? null : openScanCache(options, warnings);
  const discovery = await discoverFiles(options, errors, warnings);
  if (cache !== null) {
    const stored = cache.fullHit(discoveredRoles(options, discovery));
    if (stored !== null) {
      // Nothing the scan reads changed: the report is assembled from the stored results, nothing is parsed or evaluated.
      loadSettings(options, errors);
      warnings.push(...stored.configWarnings);
      const assembled =
        stored.assembled ??
        (await assemble(options, { problems: stored.problems, units: stored.units ?? [], files: cache.sourceTexts(stored.files), ruleIds: stored.ruleIds, builds: stored.builds, base: null }));
      const report = reportOf(assembled.report, stored.counts, stored.policies, stored.manifests, started);
      const empty = stored.configProblems.length > 0 ? null : emptyScan(options, { manifests: stored.manifests, problems: stored.problems }, stored.policies);
      return { report, errors, fixes: assembled.fixes, warnings, empty, configProblems: stored.configProblems, base: null, cache: { units: stored.unitCount, reused: stored.unitCount, evaluated: 0, evaluatedUnits: [], filesFromCache: stored.files.length, report: stored.assembled !== null ? 'stored' : 'assembled' }, shard: null };
    }
  }
  const workspace = loadDiscovered(options, discovery, cache?.storedManifests() ?? null, cache?.checkedPolicies() ?? null);
  await resolveHelmInput(options, workspace, errors, warnings);
  const settings = loadSettings(options, errors);
  const policies = workspace.policies.map((item) => item.compiled);
  const sources = new Map(workspace.policies.map(({ compiled, file, document }) => [compiled, { file, document }]));
  const policySource = (policy: CompiledPolicy): PolicySource | undefined => sources.get(policy);
  const policyIds = loadedPolicyIds(workspace);
  // The configuration's policy names and rule ids, checked against the loaded policies and the problem codes.
  const configured = checkRuleIds(options.config, policyIds, PROBLEM_CODES);
  const configWarnings = configured.warnings.map((warning) => `${displayName(options.cwd, warning.file)}:${warning.line}:${warning.column}: ${warning.message}`);
  warnings.push(...configWarnings);
  // An invalid configuration stops the scan, as when the configuration file is read.
  const manifests = configured.errors.length > 0 ? [] : workspace.manifests;

  // The objects as the admission controller receives them, after the API server's defaulters.
  const version = apiDefaultsVersion(options.config);
  const evaluated = version === null ? manifests : manifests.map((manifest) => defaultedManifest(manifest, version));
  const namespaceLabels = namespaceLabelsOf(evaluated);
  const namespaceObjects = new Map(evaluated.filter((manifest) => manifest.kind === 'Namespace' && manifest.apiVersion === 'v1').map((manifest) => [manifest.name, manifest.value as JsonObject]));
  const objects = evaluated.map((manifest) => manifest.value);
  const plainEvaluation: EvaluationOptions = {
    numberMode: 'int64',
    operation: options.config.operation,
    // The manifests are the cluster the scan stands for: admission policy bindings find their parameters among them,
    // and MutatingPolicies the schemas of custom resources in their CRDs.
    // Image registries are not read: rules reading image data use the given file, or error saying how to give one.
    external: { cluster: mockedCluster(objects), params: objects, crds: objects.filter(isCustomResourceDefinition), imageDataRequired: true, ...(settings.imageData ? { imageData: settings.imageData } : {}) },
    namespaceLabels: (namespace) => namespaceLabels.get(namespace),
    namespaceObject: (namespace) => namespaceObjects.get(namespace) ?? standInNamespace(namespace),
    targets: objects,
    keepResourceOnMutateError: true,
    explainFailures: true,
  };
  if (settings.values) plainEvaluation.values = settings.values;
  if (settings.userInfo) plainEvaluation.userInfo = settings.userInfo;
  if (workspace.exceptions.length > 0) plainEvaluation.exceptions = workspace.exceptions;
  if (workspace.bindings.length > 0) plainEvaluation.bindings = workspace.bindings;
  // With the cache, what each unit's evaluation reads of the other manifests is recorded.
  const reads = cache === null ? null : new ReadRecorder(plainEvaluation);
  const evaluation = reads?.evaluation ?? plainEvaluation;

  const policiesFor = namespaceScopedPolicies(policies);
  // Against a base revision, each object is an UPDATE of the object at the base, a CREATE, or a DELETE (base-revision.ts).
  let base: BaseComparison | null = null;
  let baseOutcome: BaseOutcome | null = null;
  if (options.base !== undefined && configured.errors.length === 0) {
    const { compareWithBase } = await import('./base-revision.js');
    const display = (manifest: ResourceDocument): string => workspace.files.get(manifest.file)?.display ?? manifest.file;
    const load = (mapped: LintOptions): Promise<Workspace> => loadWorkspace(mapped, [], [], true);
    // The base objects are defaulted as the head objects are: the cluster stores them so.
    const receive = (manifest: ResourceDocument): ResourceDocument => (version === null ? manifest : defaultedManifest(manifest, version));
    ({ comparison: base, outcome: baseOutcome } = await compareWithBase(options, manifests, { policies: policiesFor, evaluation, load, display, receive }, warnings));
  }
  const fileOf = (file: string): SourceText | undefined => workspace.files.get(file) ?? base?.files.get(file);
  /** The mutate policies run a second time on what they mutated, to offer a fix only at a fixed point. */
  const rerun = policies.filter((policy) => policy.mutate !== undefined && !policy.mutationsSettle);
  // The head objects, then, against a base, the objects removed since it (DELETEs).
  const subjects = base === null ? manifests : [...manifests, ...base.removed];
  const display = (file: string): string => fileOf(file)?.display ?? displayName(options.cwd, file);
  const units = scanUnits(subjects, workspace.builds, display);
  // A shard (or a parallel worker) evaluates the subjects of its units and reports the findings of its files.
  const part = options.shard ?? options.part;
  const shard = part === undefined ? null : planShard(units, subjects, display, options.shard ?? { index: 1, count: 1 }, options.part);
  // Reporting some files only (pre-commit, the Action's changed files), the report is made of the units whose findings
  // can be located in them, and the others are not evaluated; with the cache they are (or reused), so that the next
  // scan finds them stored.
  const focus =
    options.reportFiles === undefined
      ? null
      : reportedUnits(
          units,
          subjects,
          display,
          {
            reported: reportedFiles(options),
            deleted: base?.deletedFiles ?? new Set(),
            policyFiles: new Set(workspace.policies.map((policy) => policy.file.display)),
            stdinPolicies: workspace.policies.some((policy) => policy.file.path === '-'),
          },
          (index) => index >= manifests.length,
        );
  const owned = shard === null ? units : units.filter((unit) => shard.owns(unit.subjects[0]!));
  /** The units evaluated first (the others' results are not needed, or are the cache's). */
  const first = focus === null || cache !== null ? owned : owned.filter((unit) => focus.evaluates(unit));
  const policyFiles = cache === null ? [] : policyFilesOf(workspace);
  const plan = cache?.plan({ workspace, units, subjects, received: evaluated, policyFiles, cluster: plainEvaluation.external?.cluster }) ?? null;
  const subjectsToEvaluate = (list: readonly ScanUnit[]): number => list.reduce((sum, unit) => sum + (plan?.reused.has(unit.key) === true ? 0 : unit.subjects.length), 0);
  let total = subjectsToEvaluate(first);
  let done = 0;

  /** The subjects of a unit with what their evaluation is given. */
  const unitInputs = (unit: ScanUnit): SubjectInput[] =>
    unit.subjects.map((index) => {
      const manifest = subjects[index]!;
      // As the admission controller receives it (defaulted); the comparison gives a removed object's.
      const received = index < manifests.length ? evaluated[index]! : manifest;
      const change = base?.change(manifest, received);
      reads?.namespace(manifest.namespace);
      return { manifest, received, change, policies: policiesFor(manifest.namespace), evaluation: change?.evaluation ?? evaluation };
    });

  /** The results of one unit from the responses of its subjects (`inputs`, in order). */
  const evaluateUnit = (inputs: readonly SubjectInput[], evaluatedResponses: readonly ResourceResponse[][]): UnitResult => {
    const result: UnitResult = { statuses: emptyStatuses(), findings: [], builtBy: [], suppressed: 0, registry: [], mutations: [] };
    const mutations: Mutation[] = [];
    // A registry-bound error is reported once per rule and message, at the rule (findings.ts): the unit's first, of
    // which the assembly keeps the first unit's.
    const registryReported = new Map<string, Finding | null>();
    const registryRules = new Set<string>();
    for (const [position, { manifest, received, change }] of inputs.entries()) {
      const file = fileOf(manifest.file)!;
      const responses = evaluatedResponses[position]!;
      for (const { response } of responses) for (const rule of response.rules) result.statuses[rule.status]++;
      const context: FindingContext = { config: options.config, policySource, fileOf, file, resource: manifest, namespaceLabels: namespaceLabels.get(manifest.namespace) ?? NO_LABELS, registryReported };
      const converted = responseFindings(responses, context);
      if (change !== undefined) base!.describe(change, converted.findings, responses);
      for (const [key, finding] of registryReported) {
        if (registryRules.has(key)) continue;
        registryRules.add(key);
        const at = finding === null ? -1 : converted.findings.indexOf(finding);
        result.registry.push({ rule: key, subject: position, finding: at === -1 ? -1 : result.findings.length + at });
      }
      for (const finding of converted.findings) {
        result.findings.push(finding);
        // A registry-bound error names no resource (findings.ts): it is not a finding of the build either.
        result.builtBy.push(finding.resource !== undefined ? (manifest.builtBy ?? null) : null);
      }
      result.suppressed += converted.suppressed;
      const patched = mutatedResource(responses, received.value);
      // What the file would say: the mutation's change without the defaults the API server adds anyway. A removed
      // object has no mutation to report: nothing is left to fix.
      const after = patched === received.value || change?.operation === 'DELETE' ? manifest.value : withoutApiDefaults(manifest.value, received.value, patched, version);
      if (after !== manifest.value && !jsonEqual(after, manifest.value, 'type')) {
        const rules = responses.flatMap(({ kind, response }) =>
          kind === 'mutate' ? response.rules.filter((rule) => rule.status === 'pass' && rule.unchanged !== true).map((rule) => ({ policy: response.policy, rule })) : [],
        );
        // Mutations of ignored rules (or rules set to `off`) are neither reported nor fixed.
        if (rules.some(({ policy, rule }) => isReported(options.config, policy, rule.name))) {
          // Would the same policies change the result again? Asked of the policies that changed the resource and
          // whose patch does not settle by construction (a strategic merge of fixed values is a fixed point).
          const changing = new Set(rules.map(({ policy }) => policy));
          const again = rerun.filter((policy) => changing.has(policy));
          const unsettled = again.length === 0 ? [] : unsettledRules(again, received, patched, change?.evaluation ?? evaluation);
          mutations.push({ context, rules, before: manifest.value, after, unsettled });
        } else {
          result.suppressed++;
        }
      }
      done++;
      options.onProgress?.(done, total);
    }
    result.mutations = unitMutations(options, workspace, mutations);
    return result;
  };

  /** The results of the units evaluated or reused, by unit. */
  const results = new Map<ScanUnit, AssemblyUnit>();
  /** The units this run evaluated (the others' results are the cache's). */
  const evaluatedUnits = new Map<string, AssemblyUnit>();
  const evaluateUnits = (list: readonly ScanUnit[]): void => {
    for (let next = 0; next < list.length; ) {
      const unit = list[next++]!;
      if (plan !== null && plan.reused.has(unit.key)) {
        const { key } = unit;
        const cached = plan;
        // Decoded only when the report is assembled from every unit.
        results.set(unit, {
          get result() {
            return cached.result(key);
          },
          subjects: unit.subjects,
        });
        continue;
      }
      if (reads === null) {
        // Without the cache, the next units' subjects are evaluated together, up to BATCH_SUBJECTS of them.
        const window = [unit];
        let count = unit.subjects.length;
        while (next < list.length && count + list[next]!.subjects.length <= BATCH_SUBJECTS) {
          count += list[next]!.subjects.length;
          window.push(list[next++]!);
        }
        const inputs = window.map(unitInputs);
        const responses = evaluateInBatches(inputs.flat());
        let offset = 0;
        for (const [k, member] of window.entries()) {
          const result = evaluateUnit(inputs[k]!, responses.slice(offset, (offset += inputs[k]!.length)));
          results.set(member, { result, subjects: member.subjects });
          evaluatedUnits.set(member.key, { result, subjects: member.subjects });
        }
        continue;
      }
      // With the cache, what each unit reads is recorded while it alone is evaluated.
      reads.start();
      const inputs = unitInputs(unit);
      const result = evaluateUnit(inputs, evaluateInBatches(inputs));
      plan?.evaluated(unit, result, reads.stop());
      results.set(unit, { result, subjects: unit.subjects });
      evaluatedUnits.set(unit.key, { result, subjects: unit.subjects });
    }
  };
  evaluateUnits(first);
  if (focus !== null) {
    // Units whose findings the first ones' findings show can be reported too (report-files.ts).
    const more = focus.more(owned, (unit) => results.get(unit)?.result);
    if (more.length > 0 && cache === null) {
      total += subjectsToEvaluate(more);
      evaluateUnits(more);
    }
  }
  /** The results the report is made of, in the order of the units. */
  const reportedUnitList = focus === null ? owned : owned.filter((unit) => focus.evaluates(unit));
  const unitResults = reportedUnitList.map((unit) => results.get(unit)!);

  const ruleIds = [...policyIds.flatMap((policy) => policy.rules.map((rule) => `${policy.id}/${rule}`)), ...PROBLEM_CODES.map((code) => `kyverno-lint/${code}`)];
  const problems = shard === null ? workspace.problems : workspace.problems.filter((problem) => shard.ownsFile(problem.location.file));
  const watched = { files: [...workspace.files.keys()], discovered: discoveredFiles(discovery), builds: workspace.builds };
  const previous = plan === null || shard !== null || options.exchange !== undefined ? null : plan.previous(watched);
  const reassembled =
    previous === null ? null : await reassemble(options, previous, { evaluated: evaluatedUnits, units: units.length, problems, files: workspace.files, ruleIds, policyFiles });
  const assembled =
    reassembled ??
    (await assemble(options, {
      problems,
      units: unitResults,
      files: workspace.files,
      ruleIds,
      builds: workspace.builds,
      base,
      ...ownership(shard, focus),
    }));
  const manifestCount =
    shard === null && focus === null ? manifests.length : reportedUnitList.reduce((sum, unit) => sum + unit.subjects.filter((index) => index < manifests.length).length, 0);
  const report = reportOf(assembled.report, workspace.counts, policies.length, manifestCount, started);
  if (cache !== null && plan !== null) {
    cache.save(plan, {
      problems: workspace.problems,
      checked: workspace.checkedPolicies,
      // Every unit (with the cache all are evaluated or reused), also those a report of some files leaves out.
      units: owned.map((unit) => results.get(unit)!),
      unitKeys: units.map((unit) => unit.key),
      ruleIds,
      builds: workspace.builds,
      counts: workspace.counts,
      policies: policies.length,
      manifests: manifests.length,
      configWarnings,
      configProblems: configured.errors,
      files: watched.files,
      // Files discovered but not read (too large, `.json` data, Helm templates) decide the report too.
      discovered: watched.discovered,
      assembled,
    }, warnings);
  }
  return {
    report,
    errors,
    fixes: assembled.fixes,
    warnings,
    empty: configured.errors.length > 0 ? null : emptyScan(options, { manifests: workspace.manifests.length, problems: workspace.problems }, policies.length),
    configProblems: configured.errors,
    base: baseOutcome,
    ...(plan !== null
      ? {
          cache: {
            units: units.length,
            reused: plan.reused.size,
            evaluated: units.length - plan.reused.size,
            evaluatedUnits: units.filter((unit) => !plan.reused.has(unit.key)).map((unit) => unit.key),
            filesFromCache: [...workspace.files.values()].filter(isStoredSource).length,
            report: reassembled !== null ? 'updated' : 'assembled',
          },
        }
      : {}),
    shard: shard === null ? null : shard.outcome,
  };
}

type AssembledReport = Omit<LintReport, 'files' | 'policies' | 'manifests' | 'durationMs'>;

/** The files whose inline directives the report covers: a shard's, the reported files', or every file. */
function ownership(shard: ShardPlan | null, focus: ReportedUnits | null): Pick<AssemblyInput, 'ownsFile'> {
  if (shard === null && focus === null) return {};
  return { ownsFile: (file) => (shard === null || shard.ownsFile(file)) && (focus === null || focus.ownsFile(file)) };
}

/** The files of `reportFiles`, as findings name them. */
function reportedFiles(options: LintOptions): Set<string> {
  return new Set((options.reportFiles ?? []).map((file) => displayName(options.cwd, path.resolve(options.cwd, file))));
}

function reportOf(assembled: AssembledReport, files: LintReport['files'], policies: number, manifests: number, started: number): LintReport {
  const { findings, suppressedFindings, counts, statuses, cwd } = assembled;
  return { findings, suppressedFindings, counts, files, policies, manifests, statuses, cwd, durationMs: performance.now() - started };
}

/** The files holding the loaded policies, exceptions and bindings, or CustomResourceDefinitions: a change of one changes every result. */
function policyFilesOf(workspace: Workspace): string[] {
  const out: string[] = [];
  for (const source of workspace.files.values()) {
    // A file whose manifests the cache held was stored for holding none of these.
    if (isStoredSource(source)) continue;
    const holds = expandLists(source.documents).some(({ value }) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      const classified = classifyWithKind(value);
      return classified.kind !== undefined || (classified.class === 'manifest' && isCustomResourceDefinition(value));
    });
    if (holds) out.push(source.path);
  }
  return out;
}

/** The findings and edits of one unit's mutations. */
function unitMutations(options: LintOptions, workspace: Workspace, mutations: readonly Mutation[]): UnitMutation[] {
  // A built resource's edits are computed whether or not --fix asks for them: where its fields come from decides
  // whether a fix exists at all.
  const edited = (mutation: Mutation): boolean => isWritable(mutation) && (options.fixes === true || mutation.context.resource.origin !== undefined);
  const candidates = mutations.filter(edited);
  const mutated = mutatedResources(
    candidates.map(({ context, before, after }) => ({ resource: context.resource, before, after })),
    workspace.files,
    (file) => displayName(options.cwd, file),
  );
  const edits = new Map(candidates.map((mutation, index) => [mutation, mutated[index]!]));
  return mutations.map((mutation): UnitMutation => {
    const { context, rules, unsettled } = mutation;
    const item = edits.get(mutation);
    if (item === undefined) {
      return { finding: mutationFinding(context, rules, { fixable: options.fixes !== true && isWritable(mutation) }, documentStart(context), unsettled), builtBy: null, edits: null };
    }
    const source = workspace.files.get(item.file) ?? context.file;
    const fix = item.edits.map((edit) => ({ file: source.display, startLine: edit.startLine, endLine: edit.endLine, replacement: edit.replacement }));
    const fixable = fix.length > 0;
    const built = context.resource.origin !== undefined;
    // A built resource's mutation is reported where its edit goes.
    const location = built && fixable ? documentLocation(source, item.documentIndex) : documentStart(context);
    const settings = fixable ? (options.fixes === true ? { fixable: true, fix } : { fixable: true }) : { fixable: false };
    const finding = mutationFinding(context, rules, settings, location, unsettled, built && !fixable ? item.editError : undefined);
    const applied = options.fixes === true && fixable ? { file: item.file, documentIndex: item.documentIndex, edits: item.edits.map(({ startLine, endLine, replacement }) => ({ startLine, endLine, replacement })) } : null;
    return { finding, builtBy: finding !== null && context.resource.builtBy !== undefined ? context.resource.builtBy : null, edits: applied };
  });
}

/** One unit's results and its subjects' indices in this scan. */
export interface AssemblyUnit {
  result: UnitResult;
  subjects: readonly number[];
}

interface AssemblyInput {
  /** Problems of the input, as findings. */
  problems: readonly Finding[];
  /** The units, in scan order. */
  units: readonly AssemblyUnit[];
  /** The files read, for their directives and for the text `--fix` edits. */
  files: ReadonlyMap<string, SourceText>;
  /** The rule ids of the loaded policies and the tool's own. */
  ruleIds: readonly string[];
  builds: ReadonlyMap<string, ReadonlySet<string>>;
  base: BaseComparison | null;
  /** A shard's files (shard.ts): the unused directives of the others are theirs to report. */
  ownsFile?: (file: string) => boolean;
}

/**
 * The report of the units' results: registry-bound errors kept on their first resource, the inline directives
 * applied (and the unused ones reported), the mutations' findings and fixes, the findings of shared build files
 * merged, the files reported (pre-commit), sorted and counted.
 */
async function assemble(options: LintOptions, input: AssemblyInput): Promise<{ report: AssembledReport; fixes: FileFix[] }> {
  const { base } = input;
  /** The Kustomize builds behind the findings of built resources. */
  const builtBy = new WeakMap<Finding, string[]>();
  const statuses = emptyStatuses();
  let suppressed = 0;
  let findings: Finding[] = input.problems.filter((problem) => !isIgnored(options.config.ignore, problem.ruleId));
  suppressed += input.problems.length - findings.length;
  // Each rule's registry-bound error on the first resource of the scan that shows it.
  const registry = input.units.flatMap(({ result, subjects }, unit) => result.registry.map((error) => ({ error, unit, at: subjects[error.subject]! })));
  registry.sort((a, b) => a.at - b.at);
  /** The registry-bound error kept of each key (null when not reported), for the exchange of parallel workers. */
  const firstRegistry = new Map<string, Finding | null>();
  const dropped = input.units.map(() => new Set<number>());
  for (const { error, unit } of registry) {
    if (!firstRegistry.has(error.rule)) {
      firstRegistry.set(error.rule, error.finding === -1 ? null : input.units[unit]!.result.findings[error.finding]!);
      continue;
    }
    if (error.finding === -1) suppressed--;
    else dropped[unit]!.add(error.finding);
  }
  for (const [unit, { result }] of input.units.entries()) {
    for (const status of Object.keys(statuses) as RuleStatus[]) statuses[status] += result.statuses[status];
    suppressed += result.suppressed;
    for (const [index, finding] of result.findings.entries()) {
      if (dropped[unit]!.has(index)) continue;
      const roots = result.builtBy[index];
      if (roots !== null && roots !== undefined) builtBy.set(finding, roots);
      findings.push(finding);
    }
  }

  // Inline directives (`# kyverno-lint-disable…`) of the scanned files.
  const suppressions = new Suppressions(input.files.values(), input.ruleIds);
  let suppressedFindings: Finding[] = [];
  /** The registry-bound errors kept, and their suppressed copies, by the finding first made. */
  const registryOriginal = new Map<Finding, Finding>();
  for (const finding of firstRegistry.values()) if (finding !== null) registryOriginal.set(finding, finding);
  /** Whether `finding` is still reported once the directives have had their say. */
  const unsuppressed = (finding: Finding): boolean => {
    // The findings of removed objects are in base files: the directives there apply.
    const by = (base?.isRemoved(finding) === true ? base.suppressions(input.ruleIds) : suppressions).suppress(finding);
    if (by === null) return true;
    const copy = { ...finding, suppressions: by };
    if (registryOriginal.has(finding)) registryOriginal.set(copy, finding);
    suppressedFindings.push(copy);
    return false;
  };
  findings = findings.filter(unsuppressed);
  /** Adds a mutation finding; false when it is not reported (and its edits are then not applied). */
  const push = (finding: Finding | null): boolean => {
    if (finding === null) {
      suppressed++;
      return false;
    }
    if (!unsuppressed(finding)) return false;
    findings.push(finding);
    return true;
  };
  // As with ESLint, the mutations a directive suppresses are not applied by --fix either.
  const applied: UnitEdits[] = [];
  for (const { result } of input.units) {
    for (const mutation of result.mutations) {
      if (mutation.finding !== null && mutation.builtBy !== null) builtBy.set(mutation.finding, mutation.builtBy);
      const reported = push(mutation.finding);
      // Two builds of the same base may want the same edit: it is applied once.
      const item = mutation.edits;
      if (reported && item !== null && !applied.some((other) => sameEdits(other, item))) applied.push(item);
    }
  }
  // By file, so that the fixes of shards and workers merge into this order.
  const fixes = options.fixes === true ? fileFixes(applied, input.files).fixes.sort(byFixFile) : [];

  if (options.exchange !== undefined) {
    // The workers of one run: the directives other workers used are used, and a registry-bound error another
    // worker met too is reported by the first of them only.
    const reply = await options.exchange({ directives: suppressions.usage(), registry: [...firstRegistry.keys()] });
    suppressions.addUsage(reply.directives);
    const gone = new Set<Finding>();
    for (const key of reply.dropRegistry) {
      const finding = firstRegistry.get(key);
      if (finding === null) suppressed--;
      else if (finding !== undefined) gone.add(finding);
    }
    const kept = (finding: Finding): boolean => !gone.has(registryOriginal.get(finding) ?? finding);
    findings = findings.filter(kept);
    suppressedFindings = suppressedFindings.filter(kept);
  }
  findings = mergeBuiltFindings(findings, builtBy);
  for (const finding of suppressions.directiveFindings(input.ownsFile)) {
    if (isIgnored(options.config.ignore, finding.ruleId)) suppressed++;
    else findings.push(finding);
  }

  let reported = findings;
  let reportedSuppressed = suppressedFindings;
  if (options.reportFiles !== undefined) {
    const wanted = reportedFiles(options);
    // A built resource is checked again when any file its build reads changed (a base, a patch, the kustomization).
    const changedBuilds = new Set([...input.builds].filter(([, inputs]) => [...inputs].some((file) => wanted.has(file))).map(([root]) => root));
    // A removed object's file that no longer exists cannot be named (pre-commit passes the files that exist): its findings are reported.
    const wantedFinding = (finding: Finding): boolean =>
      wanted.has(finding.location.file) || (builtBy.get(finding) ?? []).some((root) => changedBuilds.has(root)) || (base?.deletedFiles.has(finding.location.file) ?? false);
    reported = findings.filter(wantedFinding);
    reportedSuppressed = suppressedFindings.filter(wantedFinding);
    suppressed += findings.length - reported.length + suppressedFindings.length - reportedSuppressed.length;
  }
  reported.sort(compareFindings);
  reportedSuppressed.sort(compareFindings);
  const counts = { error: 0, warning: 0, info: 0, suppressed: suppressed + reportedSuppressed.length };
  for (const finding of reported) counts[finding.severity]++;
  const reportedEdits = new Set(reported.flatMap((finding) => (finding.fix ?? []).map((edit) => edit.file)));
  const reportedFix = (fix: FileFix): boolean =>
    options.reportFiles === undefined || options.reportFiles.some((file) => path.resolve(options.cwd, file) === fix.file) || reportedEdits.has(displayName(options.cwd, fix.file));
  return {
    report: { findings: reported, suppressedFindings: reportedSuppressed, counts, statuses, cwd: options.cwd },
    fixes: fixes.filter(reportedFix),
  };
}

/** The ids of the findings about inline directives. */
const DIRECTIVE_FINDINGS = ['kyverno-lint/invalid-disable-directive', 'kyverno-lint/unused-disable-directive'];

/**
 * Findings a unit's result leaves out of the report's count of suppressed findings on its own: those the configuration
 * does not report, but for its registry-bound errors (counted once per rule and message in the scan), and its
 * mutations left unreported.
 */
function unitSuppressed(result: UnitResult): number {
  return result.suppressed - result.registry.filter((error) => error.finding === -1).length + result.mutations.filter((mutation) => mutation.finding === null).length;
}

/** Two lists sorted by `compareFindings` merged into one. */
function mergeSorted(a: readonly Finding[], b: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareFindings(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * The report of a cached run that evaluated the units of a few files again, from the last run's report: what is in
 * those files (their units' findings, their problems, their inline directives' effects and findings, their fixes) is
 * assembled anew, the rest kept, and the statuses and counts adjusted. Each of these is local to its file (a
 * directive suppresses findings of its own file); the registry-bound errors are one per rule and message in the scan,
 * and stay when the units replaced had the same ones. Null, for an assembly from every unit, when a change could
 * reach past those files: a Kustomize build replaced, one of them holding policies, a file read or discovered that
 * changed without a unit of its own, a finding of a kept unit in one of the files, other registry-bound errors, other
 * problems elsewhere, directive findings left out by the configuration, or more than half of the units replaced.
 */
async function reassemble(
  options: LintOptions,
  previous: PreviousScan,
  input: {
    evaluated: ReadonlyMap<string, AssemblyUnit>;
    units: number;
    problems: readonly Finding[];
    files: ReadonlyMap<string, SourceText>;
    ruleIds: readonly string[];
    policyFiles: readonly string[];
  },
): Promise<{ report: AssembledReport; fixes: FileFix[] } | null> {
  const { config, cwd } = options;
  if (DIRECTIVE_FINDINGS.some((id) => isIgnored(config.ignore, id))) return null;
  const keys = [...new Set([...previous.replaced.keys(), ...input.evaluated.keys()])];
  if (keys.length * 2 > input.units || !keys.every((key) => key.startsWith('file:'))) return null;
  /** The files whose report is assembled anew (as reported). */
  const files = new Set(keys.map((key) => key.slice('file:'.length)));
  const display = (file: string): string => displayName(cwd, file);
  if (input.policyFiles.some((file) => files.has(display(file)))) return null;
  if ([...previous.changed].some((file) => !files.has(display(file)))) return null;
  for (const located of previous.located.values()) if (located === null || located.some((file) => files.has(file))) return null;
  const old = [...previous.replaced.values()];
  const now = [...input.evaluated.values()].map(({ result }) => result);
  // Every finding of the units replaced is in their files, but for the registry-bound errors (in policy files).
  const inFiles = (result: UnitResult): boolean =>
    result.findings.every((finding, index) => files.has(finding.location.file) || result.registry.some((error) => error.finding === index)) &&
    result.mutations.every(({ finding, edits }) => (finding === null || files.has(finding.location.file)) && (edits === null || files.has(display(edits.file))));
  if (!old.every(inFiles) || !now.every(inFiles)) return null;
  const registryRules = (results: readonly UnitResult[]): string => JSON.stringify([...new Set(results.flatMap((result) => result.registry.map((error) => error.rule)))].sort());
  if (registryRules(old) !== registryRules(now)) return null;
  const elsewhere = (problems: readonly Finding[]): string => JSON.stringify(problems.filter((problem) => !files.has(problem.location.file)));
  if (elsewhere(previous.problems) !== elsewhere(input.problems)) return null;

  const problems = input.problems.filter((problem) => files.has(problem.location.file));
  const sources = new Map([...input.files].filter(([, source]) => files.has(source.display)));
  const local = await assemble(options, { problems, units: [...input.evaluated.values()], files: sources, ruleIds: input.ruleIds, builds: new Map(), base: null });
  const here = (finding: Finding): boolean => files.has(finding.location.file);
  const elsewhereFinding = (finding: Finding): boolean => !here(finding);
  const { report } = previous.assembly;
  const findings = mergeSorted(report.findings.filter(elsewhereFinding), local.report.findings.filter(here));
  const suppressedFindings = mergeSorted((report.suppressedFindings ?? []).filter(elsewhereFinding), (local.report.suppressedFindings ?? []).filter(here));
  const statuses = { ...report.statuses };
  for (const result of old) for (const status of Object.keys(statuses) as RuleStatus[]) statuses[status] -= result.statuses[status];
  for (const result of now) for (const status of Object.keys(statuses) as RuleStatus[]) statuses[status] += result.statuses[status];
  const ignored = (list: readonly Finding[]): number => list.filter((problem) => files.has(problem.location.file) && isIgnored(config.ignore, problem.ruleId)).length;
  const before = old.reduce((sum, result) => sum + unitSuppressed(result), ignored(previous.problems));
  const after = now.reduce((sum, result) => sum + unitSuppressed(result), ignored(input.problems));
  const suppressed = report.counts.suppressed - (report.suppressedFindings ?? []).length - before + after;
  const counts = { error: 0, warning: 0, info: 0, suppressed: suppressed + suppressedFindings.length };
  for (const finding of findings) counts[finding.severity]++;
  const fixes = [...previous.assembly.fixes.filter((fix) => !files.has(display(fix.file))), ...local.fixes.filter((fix) => files.has(display(fix.file)))].sort(byFixFile);
  return { report: { findings, suppressedFindings, counts, statuses, cwd }, fixes };
}

/** A manifest the mutate policies changed. */
interface Mutation {
  context: FindingContext;
  /** The mutate rules that passed. */
  rules: PolicyRule[];
  before: JsonObject;
  after: JsonObject;
  /** The mutate rules that would change `after` again: empty when `after` is a fixed point. */
  unsettled: PolicyRule[];
}

/**
 * Whether `--fix` can write a mutation: a file on disk (not standard input, rendered Helm output included),
 * not an item of a `kind: List`, and a fixed point of the mutate policies (a second run changes nothing). A built
 * resource's mutation is written only where its edit can be computed (lint/built-fixes.ts).
 */
function isWritable(mutation: Mutation): boolean {
  return mutation.unsettled.length === 0 && mutation.context.file.path !== '-' && mutation.context.resource.listItem === undefined;
}

/** The first content line of a resource's document, in its template for rendered Helm input. */
function documentStart(context: FindingContext): Finding['location'] {
  return documentLocation(context.file, context.resource.documentIndex);
}

/** The first content line of document `index` of `file`, in its template for rendered Helm input. */
function documentLocation(file: SourceText, index: number): Finding['location'] {
  const line = file.documents.find((document) => document.index === index)?.line ?? 1;
  return inTemplate(file, fullLocation(file, { line, column: 1 }));
}


/** Whether two mutated resources make the same edits of the same document. */
function sameEdits(a: UnitEdits, b: UnitEdits): boolean {
  return (
    a.file === b.file &&
    a.documentIndex === b.documentIndex &&
    a.edits.length === b.edits.length &&
    a.edits.every((edit, i) => edit.startLine === b.edits[i]!.startLine && edit.endLine === b.edits[i]!.endLine && edit.replacement === b.edits[i]!.replacement)
  );
}

/**
 * The findings of built resources name their builds; a finding several builds share (a base file's field, built by
 * two overlays) is reported once, naming them all.
 */
function mergeBuiltFindings(findings: Finding[], builtBy: WeakMap<Finding, string[]>): Finding[] {
  const merged = new Map<string, { finding: Finding; roots: string[] }>();
  const out: (Finding | { finding: Finding; roots: string[] })[] = [];
  for (const finding of findings) {
    const roots = builtBy.get(finding);
    if (roots === undefined) {
      out.push(finding);
      continue;
    }
    const { location } = finding;
    const key = [finding.ruleId, location.file, location.line, location.column, location.endLine, location.endColumn, finding.message].join('\u0000');
    const known = merged.get(key);
    if (known !== undefined) {
      for (const root of roots) if (!known.roots.includes(root)) known.roots.push(root);
      continue;
    }
    const entry = { finding, roots: [...roots] };
    merged.set(key, entry);
    out.push(entry);
  }
  return out.map((item) => {
    if (!('roots' in item)) return item;
    const { finding, roots } = item;
    const named = { ...finding, message: `${finding.message} (in the ${roots.length === 1 ? 'build' : 'builds'} of ${roots.join(', ')})` };
    builtBy.set(named, roots);
    return named;
  });
}

