/**
 * @file The repository scan, `lint(options) → LintResult`: discover the files, load and classify their
 * documents, evaluate every manifest against every policy as the admission controller would (mutations
 * first, then validation on the mutated resource; the repository's manifests are the cluster that context
 * entries and mutate-existing rules read, its PolicyExceptions apply), and turn the results into findings
 * with exact locations and, for mutations, the source edits that apply them. No output happens here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { evaluateResource, mutatedResource, unsettledRules, type EvaluationOptions, type PolicyRule } from '../evaluate/processor.js';
import type { ResourceDocument } from '../evaluate/resource.js';
import { fileFixes, mutatedResources, type FileFix, type MutatedResource } from './fixes.js';
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
import { DEFAULT_MAX_FILE_SIZE, parseDocuments, readSourceFile } from '../source/index.js';
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
import { displayName, fullLocation, isHelmTemplate, WorkspaceLoader, type SourceText, type Workspace } from './workspace.js';
import type { BaseComparison, BaseOutcome } from './base-revision.js';
import { compareFindings, planShard, type ShardOutcome } from './shard.js';

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
function emptyScan(options: LintOptions, workspace: Workspace, policies: number): EmptyScan | null {
  const manifests = workspace.manifests.length;
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

/** `manifestsOnly`: read the manifests and nothing else (the base revision of a scan, whose policies are not used). */
async function loadWorkspace(options: LintOptions, errors: string[], warnings: string[], manifestsOnly = false): Promise<Workspace> {
  const loader = new WorkspaceLoader(options.cwd, options.config.maxFileSize);
  const roles = roleMatchers(options);
  const { config } = options;
  const scanPaths = options.paths.filter((item) => item !== '-');
  const include = config.policies.length > 0 && config.manifests.length > 0 ? [...config.policies, ...config.manifests] : [];
  const scanned = new Set<string>();
  /** Files of walked folders read only when they look like Kubernetes objects (`.json`). */
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
    loader.addFile(file, { policies: !manifestsOnly && (roles.policies(file) || extra.has(file)), manifests, ifKubernetes: ifKubernetes.has(file) });
  }
  loader.addBuild(kustomize.manifests, kustomize.problems, kustomize.builds, kustomize.invalidManifests);
  if (options.paths.includes('-')) loader.addFile('-', { policies: true, manifests: true }, options.stdin ?? '');
  for (const file of extra) if (!loader.workspace.files.has(file)) loader.addFile(file, { policies: true, manifests: false, ifKubernetes: ifKubernetes.has(file) });
  return loader.complete();
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
  const workspace = await loadWorkspace(options, errors, warnings);
  await resolveHelmInput(options, workspace, errors, warnings);
  const settings = loadSettings(options, errors);
  const policies = workspace.policies.map((item) => item.compiled);
  const sources = new Map(workspace.policies.map(({ compiled, file, document }) => [compiled, { file, document }]));
  const policySource = (policy: CompiledPolicy): PolicySource | undefined => sources.get(policy);
  const policyIds = loadedPolicyIds(workspace);
  // The configuration's policy names and rule ids, checked against the loaded policies and the problem codes.
  const configured = checkRuleIds(options.config, policyIds, PROBLEM_CODES);
  for (const warning of configured.warnings) warnings.push(`${displayName(options.cwd, warning.file)}:${warning.line}:${warning.column}: ${warning.message}`);
  // An invalid configuration stops the scan, as when the configuration file is read.
  const manifests = configured.errors.length > 0 ? [] : workspace.manifests;

  // The objects as the admission controller receives them, after the API server's defaulters.
  const version = apiDefaultsVersion(options.config);
  const evaluated = version === null ? manifests : manifests.map((manifest) => defaultedManifest(manifest, version));
  const namespaceLabels = namespaceLabelsOf(evaluated);
  const namespaceObjects = new Map(evaluated.filter((manifest) => manifest.kind === 'Namespace' && manifest.apiVersion === 'v1').map((manifest) => [manifest.name, manifest.value as JsonObject]));
  const objects = evaluated.map((manifest) => manifest.value);
  const evaluation: EvaluationOptions = {
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
  if (settings.values) evaluation.values = settings.values;
  if (settings.userInfo) evaluation.userInfo = settings.userInfo;
  if (workspace.exceptions.length > 0) evaluation.exceptions = workspace.exceptions;
  if (workspace.bindings.length > 0) evaluation.bindings = workspace.bindings;

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
  /** The Kustomize builds behind the findings of built resources. */
  const builtBy = new WeakMap<Finding, string[]>();
  const statuses = emptyStatuses();
  let suppressed = 0;
  // The head objects, then, against a base, the objects removed since it (DELETEs).
  const subjects = base === null ? manifests : [...manifests, ...base.removed];
  // A shard (or a parallel worker) evaluates the subjects of its units and reports the findings of its files.
  const part = options.shard ?? options.part;
  const plan = part === undefined ? null : planShard(subjects, workspace.builds, (file) => fileOf(file)?.display ?? displayName(options.cwd, file), options.shard ?? { index: 1, count: 1 }, options.part);
  const problems = plan === null ? workspace.problems : workspace.problems.filter((problem) => plan.ownsFile(problem.location.file));
  let findings: Finding[] = problems.filter((problem) => !isIgnored(options.config.ignore, problem.ruleId));
  suppressed += problems.length - findings.length;
  const mutations: Mutation[] = [];
  /** The mutate policies run a second time on what they mutated, to offer a fix only at a fixed point. */
  const rerun = policies.filter((policy) => policy.mutate !== undefined && !policy.mutationsSettle);
  let done = 0;
  const registryReported = new Map<string, Finding | null>();
  const total = plan === null ? subjects.length : plan.outcome.subjects;
  for (const [index, manifest] of subjects.entries()) {
    if (plan !== null && !plan.owns(index)) continue;
    const file = fileOf(manifest.file)!;
    // As the admission controller receives it (defaulted); the comparison gives a removed object's.
    const received = index < manifests.length ? evaluated[index]! : manifest;
    const change = base?.change(manifest, received);
    const responses = evaluateResource(policiesFor(manifest.namespace), change?.resource ?? received, change?.evaluation ?? evaluation);
    for (const { response } of responses) for (const rule of response.rules) statuses[rule.status]++;
    const context: FindingContext = { config: options.config, policySource, fileOf, file, resource: manifest, namespaceLabels: namespaceLabels.get(manifest.namespace) ?? NO_LABELS, registryReported };
    const converted = responseFindings(responses, context);
    if (change !== undefined) base!.describe(change, converted.findings, responses);
    // A registry-bound error names no resource (findings.ts): it is not a finding of the build either.
    if (manifest.builtBy !== undefined) for (const finding of converted.findings) if (finding.resource !== undefined) builtBy.set(finding, manifest.builtBy);
    findings.push(...converted.findings);
    suppressed += converted.suppressed;
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
        suppressed++;
      }
    }
    done++;
    options.onProgress?.(done, total);
  }

  // Inline directives (`# kyverno-lint-disable…`) of the scanned files.
  const ruleIds = [...policyIds.flatMap((policy) => policy.rules.map((rule) => `${policy.id}/${rule}`)), ...PROBLEM_CODES.map((code) => `kyverno-lint/${code}`)];
  const suppressions = new Suppressions(workspace.files.values(), ruleIds);
  const suppressedFindings: Finding[] = [];
  /** The registry-bound errors (and their suppressed copies), for the exchange of parallel workers. */
  const registryOriginal = new Map<Finding, Finding>();
  for (const finding of registryReported.values()) if (finding !== null) registryOriginal.set(finding, finding);
  /** Whether `finding` is still reported once the directives have had their say. */
  const unsuppressed = (finding: Finding): boolean => {
    // The findings of removed objects are in base files: the directives there apply.
    const by = (base?.isRemoved(finding) === true ? base.suppressions(ruleIds) : suppressions).suppress(finding);
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
  let fixes: FileFix[] = [];
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
  // As with ESLint, the mutations a directive suppresses are not applied by --fix either.
  const applied: typeof mutated = [];
  for (const mutation of mutations) {
    const { context, rules, unsettled } = mutation;
    const item = edits.get(mutation);
    if (item === undefined) {
      push(mutationFinding(context, rules, { fixable: options.fixes !== true && isWritable(mutation) }, documentStart(context), unsettled));
      continue;
    }
    const source = workspace.files.get(item.file) ?? context.file;
    const fix = item.edits.map((edit) => ({ file: source.display, startLine: edit.startLine, endLine: edit.endLine, replacement: edit.replacement }));
    const fixable = fix.length > 0;
    const built = context.resource.origin !== undefined;
    // A built resource's mutation is reported where its edit goes.
    const location = built && fixable ? documentLocation(source, item.documentIndex) : documentStart(context);
    const settings = fixable ? (options.fixes === true ? { fixable: true, fix } : { fixable: true }) : { fixable: false };
    const finding = mutationFinding(context, rules, settings, location, unsettled, built && !fixable ? item.editError : undefined);
    if (finding !== null && context.resource.builtBy !== undefined) builtBy.set(finding, context.resource.builtBy);
    const reported = push(finding);
    // Two builds of the same base may want the same edit: it is applied once.
    if (reported && options.fixes === true && fixable && !applied.some((other) => sameEdits(other, item))) applied.push(item);
  }
  // By file, so that the fixes of shards and workers merge into this order.
  if (options.fixes === true) fixes = fileFixes(applied, workspace.files).fixes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));

  if (options.exchange !== undefined) {
    // The workers of one run: the directives other workers used are used, and a registry-bound error another
    // worker met too is reported by the first of them only.
    const reply = await options.exchange({ directives: suppressions.usage(), registry: [...registryReported.keys()] });
    suppressions.addUsage(reply.directives);
    const dropped = new Set<Finding>();
    for (const key of reply.dropRegistry) {
      const finding = registryReported.get(key);
      if (finding === null) suppressed--;
      else if (finding !== undefined) dropped.add(finding);
    }
    const kept = (finding: Finding): boolean => !dropped.has(registryOriginal.get(finding) ?? finding);
    findings = findings.filter(kept);
    suppressedFindings.splice(0, suppressedFindings.length, ...suppressedFindings.filter(kept));
  }
  findings = mergeBuiltFindings(findings, builtBy);
  for (const finding of suppressions.directiveFindings(plan?.ownsFile)) {
    if (isIgnored(options.config.ignore, finding.ruleId)) suppressed++;
    else findings.push(finding);
  }

  let reported = findings;
  let reportedSuppressed = suppressedFindings;
  if (options.reportFiles !== undefined) {
    const wanted = new Set(options.reportFiles.map((file) => displayName(options.cwd, path.resolve(options.cwd, file))));
    // A built resource is checked again when any file its build reads changed (a base, a patch, the kustomization).
    const changedBuilds = new Set([...workspace.builds].filter(([, inputs]) => [...inputs].some((file) => wanted.has(file))).map(([root]) => root));
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
  const report: LintReport = {
    findings: reported,
    suppressedFindings: reportedSuppressed,
    counts,
    files: workspace.counts,
    policies: policies.length,
    manifests: plan === null ? manifests.length : [...Array(manifests.length).keys()].filter((index) => plan.owns(index)).length,
    statuses,
    cwd: options.cwd,
    durationMs: performance.now() - started,
  };
  const reportedEdits = new Set(reported.flatMap((finding) => (finding.fix ?? []).map((edit) => edit.file)));
  const reportedFix = (fix: FileFix): boolean =>
    options.reportFiles === undefined || options.reportFiles.some((file) => path.resolve(options.cwd, file) === fix.file) || reportedEdits.has(displayName(options.cwd, fix.file));
  return {
    report,
    errors,
    fixes: fixes.filter(reportedFix),
    warnings,
    empty: configured.errors.length > 0 ? null : emptyScan(options, workspace, policies.length),
    configProblems: configured.errors,
    base: baseOutcome,
    shard: plan === null ? null : plan.outcome,
  };
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
function sameEdits(a: MutatedResource, b: MutatedResource): boolean {
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
