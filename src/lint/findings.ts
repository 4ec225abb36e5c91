/**
 * @file From engine responses to findings: which rule responses are reported (failures, and errors of
 * rules that could not be evaluated), with what severity (the rule's failure action mapped by the
 * configuration, `policies.kyverno.io/scored: "false"` as a warning), what rule id, and where: the node
 * of the field Kyverno's failure path names (autogen rules and foreach elements included), else the
 * document start. Rendered Helm input is reported in its template files.
 */
import { ruleFailureAction } from '../cli/failure-action.js';
import type { LoadedResource, ResourceResponse } from '../cli/evaluation.js';
import { configuredSeverity, isIgnored, severityFor } from '../config/severity.js';
import type { LintConfig } from '../config/types.js';
import type { CompiledPolicy } from '../policy/compile.js';
import type { Finding, Location, ResourceRef } from '../report/types.js';
import { locate, locateInDocument, type SourceDocument } from '../source/index.js';
import type { RuleResponse } from '../types.js';
import { templateLine } from './helm.js';
import { fullLocation, type SourceText } from './workspace.js';

/** The policy as the configuration names it: `namespace/name` for a namespaced Policy. */
function policyNameOf(policy: CompiledPolicy): string {
  return policy.kind === 'Policy' ? `${policy.namespace}/${policy.name}` : policy.name;
}

/** `policy/rule`, with the namespace first for a namespaced Policy. */
export function ruleIdOf(policy: CompiledPolicy, rule: string): string {
  return `${policyNameOf(policy)}/${rule}`;
}

export function resourceRef(resource: LoadedResource): ResourceRef {
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

/** Where a Kyverno failure path (`/spec/containers/0/image/`) is in a resource's document. */
export function locateResourcePath(file: SourceText, documentIndex: number, path: string | undefined, listItem?: number): Location {
  const segments: (string | number)[] = path ? path.split('/').filter((segment) => segment !== '') : [];
  if (listItem !== undefined) segments.unshift('items', listItem);
  // The source ranges recorded by the loader answer without parsing the document again.
  const document = documentsOf(file).get(documentIndex);
  const found = document === undefined ? locate(file.path, file.text, documentIndex, segments) : locateInDocument({ file: file.path, text: file.text }, document, segments);
  return inTemplate(file, fullLocation(file, found));
}

/** A location in rendered Helm input, moved to the template the document came from. */
export function inTemplate(file: SourceText, location: Location): Location {
  if (file.helm === undefined) return location;
  const start = templateLine(file.helm, location.line);
  if (start === null) return location;
  const end = templateLine(file.helm, location.endLine);
  return { ...location, file: start.template, line: start.line, endLine: end?.template === start.template ? end.line : start.line };
}

/** The policy annotations findings carry. */
function policyMetadata(policy: CompiledPolicy): Pick<Finding, 'category' | 'policySeverity' | 'policyTitle' | 'policyDescription'> {
  const annotations = policy.policy.metadata.annotations ?? {};
  const out: Pick<Finding, 'category' | 'policySeverity' | 'policyTitle' | 'policyDescription'> = {};
  if (annotations['policies.kyverno.io/category']) out.category = annotations['policies.kyverno.io/category'];
  if (annotations['policies.kyverno.io/severity']) out.policySeverity = annotations['policies.kyverno.io/severity'];
  if (annotations['policies.kyverno.io/title']) out.policyTitle = annotations['policies.kyverno.io/title'];
  if (annotations['policies.kyverno.io/description']) out.policyDescription = annotations['policies.kyverno.io/description'].trim();
  return out;
}

export interface FindingContext {
  config: LintConfig;
  file: SourceText;
  resource: LoadedResource;
  /** Labels of the resource's namespace (from Namespace manifests), for failure-action overrides. */
  namespaceLabels: Readonly<Record<string, string>>;
}

/** The outcome of converting one resource's responses. */
export interface ResourceFindings {
  findings: Finding[];
  /** Findings left out by `ignore` or severity `off`. */
  suppressed: number;
}

/** The findings of the validate, mutate and generate responses of one resource (mutations are added by the caller). */
export function responseFindings(responses: readonly ResourceResponse[], context: FindingContext): ResourceFindings {
  const out: ResourceFindings = { findings: [], suppressed: 0 };
  for (const { response } of responses) {
    const policy = response.policy;
    for (const rule of response.rules) {
      if (rule.status !== 'fail' && rule.status !== 'error') continue;
      const finding = ruleFinding(policy, rule, context);
      if (finding === null) out.suppressed++;
      else out.findings.push(finding);
    }
  }
  return out;
}

/** Whether findings of this rule are reported: not ignored, and not set to `off` by the configuration. */
export function isReported(config: LintConfig, policy: CompiledPolicy, rule: string): boolean {
  return !isIgnored(config.ignore, ruleIdOf(policy, rule)) && configuredSeverity(config.severity, policyNameOf(policy), rule) !== 'off';
}

function ruleFinding(policy: CompiledPolicy, rule: RuleResponse, context: FindingContext): Finding | null {
  const ruleId = ruleIdOf(policy, rule.name);
  if (!isReported(context.config, policy, rule.name)) return null;
  let severity: Finding['severity'] | 'off';
  if (rule.status === 'error') {
    severity = 'warning';
  } else {
    const definition = policy.rulesForKind(context.resource.kind).find((candidate) => candidate.name === rule.name);
    const action = ruleFailureAction(policy.policy, definition, context.resource.namespace, context.namespaceLabels);
    const policyName = policyNameOf(policy);
    severity = severityFor(context.config.severity, policyName, rule.name, action);
    // Kyverno reports failures of unscored policies as warnings, unless the configuration says otherwise.
    if (severity === 'error' && !policy.scored && configuredSeverity(context.config.severity, policyName, rule.name) === undefined) severity = 'warning';
  }
  if (severity === 'off') return null;
  const message = rule.status === 'error' ? `rule could not be evaluated: ${rule.message}` : rule.message || 'validation failed';
  return {
    ruleId,
    policy: policy.name,
    rule: rule.name,
    severity,
    status: rule.status,
    type: rule.type,
    message,
    location: locateResourcePath(context.file, context.resource.documentIndex, rule.status === 'fail' ? rule.path : undefined, context.resource.listItem),
    resource: resourceRef(context.resource),
    ...policyMetadata(policy),
  };
}

/** The finding of a mutated resource: the mutate rules that changed it, with the source edits as its fix. */
export function mutationFinding(
  context: FindingContext,
  rules: readonly { policy: CompiledPolicy; rule: RuleResponse }[],
  mutation: { fixable: boolean; fix?: Finding['fix'] },
  location: Location,
): Finding | null {
  const reported = rules.filter(({ policy, rule }) => isReported(context.config, policy, rule.name));
  if (reported.length === 0) return null;
  const first = reported[0]!;
  const names = reported.map(({ policy, rule }) => ruleIdOf(policy, rule.name));
  const resource = context.resource;
  const what = `${resource.kind}/${resource.name}`;
  const hint = mutation.fixable ? ' (fixable with --fix)' : '';
  const message = names.length === 1 ? `${names[0]} mutates ${what}${hint}` : `${what} is mutated by ${names.join(', ')}${hint}`;
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
  if (mutation.fix && mutation.fix.length > 0) finding.fix = mutation.fix;
  if (mutation.fixable) finding.fixable = true;
  return finding;
}
