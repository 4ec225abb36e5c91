/**
 * @file From engine responses to findings: which rule responses are reported (failures, and errors of
 * rules that could not be evaluated), with what severity (the rule's failure action mapped by the
 * configuration, `policies.kyverno.io/scored: "false"` as a warning), what rule id, and where: the node
 * of the field Kyverno's failure path names (autogen rules and foreach elements included), else the
 * document start. Rendered Helm input is reported in its template files.
 */
import type { ResourceResponse } from '../evaluate/processor.js';
import type { ResourceDocument } from '../evaluate/resource.js';
import { policyReference, type CompiledPolicy } from '../evaluate/types.js';
import { actionSeverity, configuredSeverity, isIgnored } from '../config/severity.js';
import type { LintConfig, SeveritySetting } from '../config/types.js';
import type { Finding, Location, ResourceRef } from '../report/types.js';
import { locate, locateInDocument, locateInScalar, type SourceDocument } from '../source/index.js';
import type { RuleResponse } from '../types.js';
import type { Segment } from '../source/path-segments.js';
import { templateLocation } from './helm.js';
import { fullLocation, type SourceText } from './workspace.js';

/**
 * `policy/rule`, with the namespace first for a namespaced policy; the policy alone for the kinds whose
 * responses carry no rule name (a ValidatingPolicy's validations, kyverno/kyverno pkg/cel/policies/vpol/engine).
 */
function ruleIdOf(policy: CompiledPolicy, rule: string): string {
  return rule === '' ? policyReference(policy) : `${policyReference(policy)}/${rule}`;
}

function resourceRef(resource: ResourceDocument): ResourceRef {
  return { apiVersion: resource.apiVersion, kind: resource.kind, namespace: resource.namespace, name: resource.name };
}

const documentIndexes = new WeakMap<SourceText, Map<number, SourceDocument>>();

/** The documents of a file by index. */
function documentsOf(file: SourceText): Map<number, SourceDocument> {
  let byIndex = documentIndexes.get(file);
  if (byIndex === undefined) {
    byIndex = new Map(file.documents.map((document) => [document.index, document]));
    documentIndexes.set(file, byIndex);
  }
  return byIndex;
}

/**
 * Where a Kyverno failure path (`/spec/containers/0/image/`) is in a resource's source: its document, or for a built
 * resource the file and document its field comes from.
 */
function locateFailurePath(context: FindingContext, path: string | undefined): Location {
  const { resource } = context;
  if (resource.origin !== undefined) {
    const segments: (string | number)[] = path ? path.split('/').filter((segment) => segment !== '') : [];
    const place = resource.origin(segments);
    const file = context.fileOf?.(place.file);
    if (file !== undefined) return fullLocation(file, locateInDocument({ file: file.path, text: file.text }, place.document, place.path));
  }
  return locateResourcePath(context.file, resource.documentIndex, path, resource.listItem);
}

/** Where a Kyverno failure path (`/spec/containers/0/image/`) is in a resource's document. */
function locateResourcePath(file: SourceText, documentIndex: number, path: string | undefined, listItem?: number): Location {
  const segments: (string | number)[] = path ? path.split('/').filter((segment) => segment !== '') : [];
  if (listItem !== undefined) segments.unshift('items', listItem);
  // The source ranges recorded by the loader answer without parsing the document again.
  const document = documentsOf(file).get(documentIndex);
  const found = document === undefined ? locate(file.path, file.text, documentIndex, segments) : locateInDocument({ file: file.path, text: file.text }, document, segments);
  return inTemplate(file, fullLocation(file, found), segments);
}

/**
 * A location in rendered Helm input, moved to the template the document came from: the template line holding
 * the key `path` names in the rendered document (the template document's first content line without a path);
 * unchanged outside rendered input, and in documents whose chart or template was not found.
 */
export function inTemplate(file: SourceText, location: Location, path?: readonly Segment[]): Location {
  if (file.helm === undefined) return location;
  return templateLocation(file, location.line, path) ?? location;
}

type PolicyMetadata = Pick<Finding, 'category' | 'policySeverity' | 'policyTitle' | 'policyDescription'>;

const metadataCache = new WeakMap<CompiledPolicy, PolicyMetadata>();

/** The policy annotations findings carry (read once per policy; findings spread it, never change it). */
function policyMetadata(policy: CompiledPolicy): PolicyMetadata {
  let metadata = metadataCache.get(policy);
  if (metadata === undefined) {
    metadata = readPolicyMetadata(policy);
    metadataCache.set(policy, metadata);
  }
  return metadata;
}

function readPolicyMetadata(policy: CompiledPolicy): PolicyMetadata {
  const annotations = policy.annotations;
  const out: PolicyMetadata = {};
  if (annotations['policies.kyverno.io/category']) out.category = annotations['policies.kyverno.io/category'];
  if (annotations['policies.kyverno.io/severity']) out.policySeverity = annotations['policies.kyverno.io/severity'];
  if (annotations['policies.kyverno.io/title']) out.policyTitle = annotations['policies.kyverno.io/title'];
  if (annotations['policies.kyverno.io/description']) out.policyDescription = annotations['policies.kyverno.io/description'].trim();
  return out;
}

/** Where a policy was read: its file and document. */
export interface PolicySource {
  file: SourceText;
  document: SourceDocument;
}

export interface FindingContext {
  config: LintConfig;
  /** The file and document each policy was read from (CEL errors point at the expression in the policy). */
  policySource?: (policy: CompiledPolicy) => PolicySource | undefined;
  file: SourceText;
  resource: ResourceDocument;
  /** The parsed files of the scan by path (the files a built resource's fields come from). */
  fileOf?: (path: string) => SourceText | undefined;
  /** Labels of the resource's namespace (from Namespace manifests), for failure-action overrides. */
  namespaceLabels: Readonly<Record<string, string>>;
  /**
   * The registry-bound errors (an image registry's data the scan was not given) already reported, by
   * `registryKey`: such an error is reported once per rule and message, located at the rule in its policy (null
   * when the configuration leaves it out).
   */
  registryReported?: Map<string, Finding | null>;
}

/** The outcome of converting one resource's responses. */
interface ResourceFindings {
  findings: Finding[];
  /** Findings left out by `ignore` or severity `off`. */
  suppressed: number;
}

/** The findings of the validate, mutate and generate responses of one resource (mutations are added by the caller). */
export function responseFindings(responses: readonly ResourceResponse[], context: FindingContext): ResourceFindings {
  const out: ResourceFindings = { findings: [], suppressed: 0 };
  for (const { kind, response } of responses) {
    const policy = response.policy;
    for (const responded of response.rules) {
      // An ImageValidatingPolicy names its rule after itself: its id is the policy's, as a ValidatingPolicy's.
      const rule = kind === 'verifyImages' && policy.family === 'cel' && responded.name === policy.name ? { ...responded, name: '' } : responded;
      if (kind === 'delete' && rule.status !== 'error') {
        // A resource the policy would not delete is no finding.
        if (rule.status !== 'pass') continue;
        const finding = deletionFinding(policy, rule, context);
        if (finding === null) out.suppressed++;
        else out.findings.push(finding);
        continue;
      }
      if (rule.status === 'skip' && rule.preExisting !== undefined) {
        // The scan keeps a violation the admission controller lets through on an UPDATE, as a warning.
        const { message, path } = rule.preExisting;
        const failure: RuleResponse = { ...rule, status: 'fail', message: `${message} (pre-existing: the object before the change fails this rule too, so the admission controller allows the update)` };
        if (path === undefined) delete failure.path;
        else failure.path = path;
        const finding = ruleFinding(policy, failure, context);
        if (finding === null) out.suppressed++;
        else out.findings.push(finding.severity === 'error' ? { ...finding, severity: 'warning' } : finding);
        continue;
      }
      if (rule.status !== 'fail' && rule.status !== 'error') continue;
      if (rule.needsRegistry && context.registryReported !== undefined) {
        // Reported once per rule and message, at the rule in its policy, naming no resource: the finding is then the
        // same whichever resources a run evaluates (a shard, a worker) and whichever shows the error first.
        const general = registryMessage(rule.message);
        const key = registryKey(policy, rule.name, general);
        if (context.registryReported.has(key)) continue;
        const message = `${general} (reported once for the rule, at the rule: every resource needing this registry data has this error)`;
        const finding = registryFinding(policy, { ...rule, message }, context);
        context.registryReported.set(key, finding);
        if (finding === null) out.suppressed++;
        else out.findings.push(finding);
        continue;
      }
      // A deleting or generating policy's rule is the policy itself: its id is the policy's.
      const policyRule = kind === 'delete' || (kind === 'generate' && policy.family === 'cel');
      const finding = ruleFinding(policy, policyRule ? { ...rule, name: '' } : rule, context);
      if (finding === null) out.suppressed++;
      else out.findings.push(finding);
    }
  }
  return out;
}

/** What the configuration says of one rule of one policy, worked out once per scan. */
interface RuleSettings {
  readonly ruleId: string;
  /** Not ignored, and not set to `off`. */
  readonly reported: boolean;
  /** The severity the configuration sets explicitly, if any. */
  readonly configured: SeveritySetting | undefined;
  readonly metadata: PolicyMetadata;
}

/** Settings by configuration, policy and rule name: every finding of a rule asks the same questions. */
const settingsCache = new WeakMap<LintConfig, WeakMap<CompiledPolicy, Map<string, RuleSettings>>>();

function ruleSettings(config: LintConfig, policy: CompiledPolicy, rule: string): RuleSettings {
  let byPolicy = settingsCache.get(config);
  if (byPolicy === undefined) {
    byPolicy = new WeakMap();
    settingsCache.set(config, byPolicy);
  }
  let byRule = byPolicy.get(policy);
  if (byRule === undefined) {
    byRule = new Map();
    byPolicy.set(policy, byRule);
  }
  let settings = byRule.get(rule);
  if (settings === undefined) {
    const ruleId = ruleIdOf(policy, rule);
    const configured = configuredSeverity(config.severity, policyReference(policy), rule);
    settings = { ruleId, reported: !isIgnored(config.ignore, ruleId) && configured !== 'off', configured, metadata: policyMetadata(policy) };
    byRule.set(rule, settings);
  }
  return settings;
}

/** Whether findings of this rule are reported: not ignored, and not set to `off` by the configuration. */
export function isReported(config: LintConfig, policy: CompiledPolicy, rule: string): boolean {
  return ruleSettings(config, policy, rule).reported;
}

function ruleFinding(policy: CompiledPolicy, rule: RuleResponse, context: FindingContext): Finding | null {
  const settings = ruleSettings(context.config, policy, rule.name);
  if (!settings.reported) return null;
  const ruleId = settings.ruleId;
  let severity: Finding['severity'] | 'off';
  if (rule.status === 'error') {
    severity = 'warning';
  } else {
    const action = policy.failureAction(rule.name, context.resource.kind, context.resource.namespace, context.namespaceLabels);
    severity = settings.configured ?? actionSeverity(context.config.severity, action);
    // Kyverno reports failures of unscored policies as warnings, unless the configuration says otherwise.
    if (severity === 'error' && !policy.scored && settings.configured === undefined) severity = 'warning';
  }
  if (severity === 'off') return null;
  const message = rule.status === 'error' ? `rule could not be evaluated: ${rule.message}` : rule.message || 'validation failed';
  const inPolicy = rule.status === 'error' ? expressionLocation(policy, rule, context) : null;
  return {
    ruleId,
    policy: policy.name,
    rule: rule.name,
    severity,
    status: rule.status,
    type: rule.type,
    // An error located in the policy names the resource it was evaluated on.
    message: inPolicy === null ? message : `${message} (on ${context.resource.kind} ${resourceName(context.resource)})`,
    location: inPolicy ?? locateFailurePath(context, rule.status === 'fail' ? rule.path : undefined),
    resource: resourceRef(context.resource),
    ...settings.metadata,
  };
}

/**
 * A registry-bound error's message without what is particular to the resource it showed on: the image (the
 * messages of families/kyverno/engine/context/external/image-registry-loader.ts, families/cel/environment.ts and
 * families/cel/ivpol/evaluate.ts name it) and how many lookups of the rule failed (unresolved.ts).
 */
export function registryMessage(message: string): string {
  return message
    .replace(/image data for \S+ is read from its registry/g, 'image data is read from the registry of each image')
    .replace(/ of \S+ needs its registry/g, ' of each image needs its registry')
    .replace(/an entry "image: [^"]*"/g, 'an entry "image: <reference>" per image')
    .replace(/ \(\d+ more lookups? of the rule failed too\)/g, '');
}

/** The identity of a registry-bound error: the policy, the rule and the message. */
export function registryKey(policy: CompiledPolicy, rule: string, message: string): string {
  return `${policyReference(policy)}\u0000${rule}\u0000${message}`;
}

/**
 * A registry-bound error of a rule, located at the rule in its policy (the expression it blames for the CEL
 * kinds) and naming no resource: it is the same finding whichever resource showed it.
 */
function registryFinding(policy: CompiledPolicy, rule: RuleResponse, context: FindingContext): Finding | null {
  const settings = ruleSettings(context.config, policy, rule.name);
  if (!settings.reported) return null;
  // A rule that could not be evaluated is a warning whatever its failure action (as ruleFinding reports it).
  const location = rule.status !== 'error' ? null : (expressionLocation(policy, rule, context) ?? ruleLocation(policy, rule.name, context));
  if (location === null) return ruleFinding(policy, rule, context);
  return {
    ruleId: settings.ruleId,
    policy: policy.name,
    rule: rule.name,
    severity: 'warning',
    status: rule.status,
    type: rule.type,
    message: `rule could not be evaluated: ${rule.message}`,
    location,
    ...settings.metadata,
  };
}

/**
 * Where a rule is in its policy's source: its entry of `spec.rules` (an autogen rule's at the rule it is generated
 * from, kyverno/kyverno pkg/autogen), else the policy's name; null when the source is unknown.
 */
function ruleLocation(policy: CompiledPolicy, name: string, context: FindingContext): Location | null {
  const source = context.policySource?.(policy);
  if (source === undefined) return null;
  const { file, document } = source;
  const value = document.value;
  const spec = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.spec : undefined;
  const rules = spec !== null && typeof spec === 'object' && !Array.isArray(spec) ? spec.rules : undefined;
  const original = name.replace(/^autogen-(cronjob-)?/, '');
  const index = Array.isArray(rules) ? rules.findIndex((item) => item !== null && typeof item === 'object' && !Array.isArray(item) && (item.name === name || item.name === original)) : -1;
  const inner = index === -1 ? ['metadata', 'name'] : ['spec', 'rules', index];
  const path = document.listItem === undefined ? inner : ['items', document.listItem, ...inner];
  return inTemplate(file, fullLocation(file, locateInDocument({ file: file.path, text: file.text }, document, path)), path);
}

/**
 * A resource a deleting policy would delete on its schedule, as an `info` finding at the resource (beyond Kyverno,
 * whose CLI only reports the match). The rule id is the policy's.
 */
function deletionFinding(policy: CompiledPolicy, rule: RuleResponse, context: FindingContext): Finding | null {
  const settings = ruleSettings(context.config, policy, '');
  if (!settings.reported) return null;
  const severity = settings.configured ?? 'info';
  if (severity === 'off') return null;
  const schedule = rule.properties?.schedule;
  const { resource } = context;
  return {
    ruleId: settings.ruleId,
    policy: policy.name,
    rule: '',
    severity,
    status: 'pass',
    type: 'Deletion',
    message: `${policyReference(policy)} would delete ${resource.kind} ${resourceName(resource)}${schedule === undefined ? '' : ` on its schedule "${schedule}"`}`,
    location: locateFailurePath(context, undefined),
    resource: resourceRef(resource),
    ...settings.metadata,
  };
}

function resourceName(resource: ResourceDocument): string {
  return resource.namespace ? `${resource.namespace}/${resource.name}` : resource.name;
}

/**
 * Where in its policy file the CEL expression a rule response blames is (the characters its error points at,
 * else the expression's field), or null when the response names no expression or the policy's source is unknown.
 */
function expressionLocation(policy: CompiledPolicy, rule: RuleResponse, context: FindingContext): Location | null {
  if (rule.policyPath === undefined) return null;
  const source = context.policySource?.(policy);
  if (source === undefined) return null;
  const { file, document } = source;
  const path = document.listItem === undefined ? rule.policyPath : ['items', document.listItem, ...rule.policyPath];
  const range = rule.expressionRange;
  const inExpression = range === undefined ? null : locateInScalar({ file: file.path, text: file.text }, document, rule.policyPath, range.start, range.end);
  const found = inExpression ?? locateInDocument({ file: file.path, text: file.text }, document, path);
  return inTemplate(file, fullLocation(file, found), path);
}

/**
 * The finding of a mutated resource: the mutate rules that changed it, with the source edits as its fix.
 * With `unsettled` rules (those that would change the mutated resource again), the mutation is not
 * idempotent: the finding names them, carries no fix, and takes the rule id of the first of them.
 */
export function mutationFinding(
  context: FindingContext,
  rules: readonly { policy: CompiledPolicy; rule: RuleResponse }[],
  mutation: { fixable: boolean; fix?: Finding['fix'] },
  location: Location,
  unsettled: readonly { policy: CompiledPolicy; rule: RuleResponse }[] = [],
  /** Why a built resource's mutation has no fix. */
  noFix?: string,
): Finding | null {
  const reported = rules.filter(({ policy, rule }) => isReported(context.config, policy, rule.name));
  if (reported.length === 0) return null;
  const names = reported.map(({ policy, rule }) => ruleIdOf(policy, rule.name));
  const resource = context.resource;
  const what = `${resource.kind}/${resource.name}`;
  const changes = names.length === 1 ? `${names[0]} mutates ${what}` : `${what} is mutated by ${names.join(', ')}`;
  let first = reported[0]!;
  let message: string;
  if (unsettled.length > 0) {
    first = unsettled.find(({ policy, rule }) => isReported(context.config, policy, rule.name)) ?? first;
    const again = [...new Set(unsettled.map(({ policy, rule }) => ruleIdOf(policy, rule.name)))];
    const who = again.length === 1 && names.length === 1 && again[0] === names[0] ? 'it' : again.join(', ');
    message = `${changes} but is not idempotent: ${who} would change ${what} again once fixed, so no fix is offered`;
  } else {
    message = `${changes}${mutation.fixable ? ' (fixable with --fix)' : noFix !== undefined ? ` (no fix: ${noFix})` : ''}`;
  }
  const finding: Finding = {
    ruleId: ruleIdOf(first.policy, first.rule.name),
    policy: first.policy.name,
    rule: first.rule.name,
    severity: 'info',
    status: 'pass',
    type: 'Mutation',
    message,
    location,
    resource: resourceRef(resource),
    ...policyMetadata(first.policy),
  };
  if (unsettled.length > 0) return finding;
  if (mutation.fix && mutation.fix.length > 0) finding.fix = mutation.fix;
  if (mutation.fixable) finding.fixable = true;
  return finding;
}
