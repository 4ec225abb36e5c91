/**
 * @file Matching `kyverno test` expected results with engine responses, exactly as Kyverno's
 * `printTestResult` does (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test/output.go): candidate
 * resources by `name` or `namespace/name` among the mutate-existing targets then the triggers (all of them
 * when none match), policy responses by name, rule responses by name with `autogen-` / `autogen-cronjob-`
 * prefixes, then per rule response the object comparison (`patchedResources`, `generatedResource(s)`;
 * commands/test/command.go `checkResult`) before the status comparison; `Excluded` rows when a
 * response holds none of the requested rules, `Invalid Policy` and `Not found` rows when no response exists.
 * Results that need evaluation kyverno-lint does not do yet are reported as unsupported failures.
 */
import type { PolicyResponse } from '../../evaluate/types.js';
import type { CompiledPolicy } from '../../evaluate/types.js';
import type { JsonObject, RuleResponse, RuleStatus } from '../../types.js';
import type { ResourceResponse } from '../../evaluate/processor.js';
import type { ResourceDocument } from '../../evaluate/resource.js';
import { compareWithAnyFile, compareWithFile, objectName, type Comparison, type ExpectedFiles, type ResourceDiff } from './compare.js';
import type { TestResult } from './test-file.js';

/** The outcome a JSON consumer sees for an expected result; `missing` = no response to compare with. */
export type ActualResult = 'pass' | 'fail' | 'skip' | 'warn' | 'error' | 'missing';

/** One row of Kyverno's result table. */
export interface TestRow {
  policy: string;
  rule: string;
  /** `apiVersion/Kind/namespace/name`, `/<name>` for a generated object, or the `resources` entry when no resource is involved. */
  resource: string;
  result: 'Pass' | 'Fail' | 'Skip';
  reason: string;
  message: string;
  actual: ActualResult;
  /** The row compared a real rule response (not Excluded / Invalid Policy / Not found / unsupported). */
  compared: boolean;
  /** `Resource diff` rows: the normalised expected and actual objects. */
  diff?: ResourceDiff;
}

/** The verdict for one expanded expected result (one `resources` entry). */
interface EntryOutcome {
  /** The resource name of the entry ("" when the result lists no resources). */
  resource: string;
  namespace: string;
  expected: string;
  actual: ActualResult;
  message: string;
  /** Kyverno would not count this entry as a failed test. */
  passed: boolean;
  /** The REASON column of the deciding row (`Ok`, `Want X, got Y`, `Resource diff`, `Excluded`, …). */
  reason: string;
  /** The entry failed on a `Resource diff`: the objects that differ. */
  diff?: ResourceDiff;
}

export interface ResultOutcome {
  result: TestResult;
  rows: TestRow[];
  entries: EntryOutcome[];
}

/** The responses of one evaluation run, per resource key. */
export interface TriggerRun {
  resources: readonly ResourceDocument[];
  responses: ReadonlyMap<string, readonly ResourceResponse[]>;
}

export interface MatchInput {
  /** The default run. */
  trigger: TriggerRun;
  /** Dedicated runs per result `operation`. */
  byOperation: ReadonlyMap<string, TriggerRun>;
  /**
   * Kyverno's `TestResponse.Target` map (filled at the end of `runTest`, kyverno/kyverno
   * cmd/cli/kubectl-kyverno/commands/test/test.go): the target resources some response of the default run
   * carries a patched target for, with those responses. See {@link targetRun}.
   */
  target?: TriggerRun;
  /** Kyverno policies that failed policy validation: name → reason. */
  invalidPolicies: ReadonlyMap<string, string>;
  /** Loaded policies kyverno-lint cannot evaluate (CEL kinds): name → reason. */
  unsupportedPolicies: ReadonlyMap<string, string>;
  /** Valid Kyverno policies by name. */
  policies: ReadonlyMap<string, readonly CompiledPolicy[]>;
  /** The expected-object files of the results (`patchedResources`, `generatedResource(s)`). */
  files: ExpectedFiles;
}

/**
 * Status as the report shows it: `fail` of a policy annotated `policies.kyverno.io/scored: "false"` becomes
 * `warn` (kyverno/kyverno pkg/utils/report/results.go, `ToPolicyReportResult`, which `kyverno test` reaches
 * through cmd/cli/kubectl-kyverno/report/report.go `ComputePolicyReportResult` with `auditWarn` false).
 */
export function reportResult(status: RuleStatus, scored: boolean): RuleStatus {
  return status === 'fail' && !scored ? 'warn' : status;
}

/** The policy name compared with responses: the part after the last `/`. */
function policyName(reference: string): string {
  return reference.slice(reference.lastIndexOf('/') + 1);
}

function ruleSelected(requested: string, name: string): boolean {
  return requested === '' || name === requested || name === `autogen-${requested}` || name === `autogen-cronjob-${requested}`;
}

/**
 * Whether the result's `rule` is ignored for a policy: the CEL kinds have no rules (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/commands/test/output.go, `isRulelessPolicyKind`), so every rule response counts.
 */
function ruleless(policy: CompiledPolicy): boolean {
  return policy.family === 'cel';
}

/**
 * The message shown for a rule response: a property named after the status (`passMessage`, `failMessage`, …) or
 * `message` overrides the rule's message (a ValidatingPolicy's audit annotations become such properties).
 */
function ruleMessage(rule: RuleResponse, status: RuleStatus): string {
  const properties = rule.properties;
  if (properties === undefined) return rule.message;
  return properties[`${status}Message`] ?? properties.message ?? rule.message;
}

/**
 * The RESOURCE cell of a key: its parts (`,` and `/` separated) with the last one apart, as Kyverno prints any key
 * (`color.Resource(strings.Join(parts[:len-1], "/"), "", parts[len-1])`): `apiVersion/Kind/namespace/name` for a
 * resource, `/payload.json` or `dir/payload.json` for a JSON payload.
 */
function resourceLabel(resource: ResourceDocument): string {
  if (resource.jsonPayload !== true) return `${resource.apiVersion}/${resource.kind}/${resource.namespace}/${resource.name}`;
  const parts = resource.key.replaceAll(',', '/').split('/');
  const name = parts.pop() ?? '';
  return `${parts.join('/')}/${name}`;
}

/**
 * A JSON payload as a key of the trigger map (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test/test.go,
 * `runTest`: `testResponse.Trigger[jp.name]`): the payload path as the Test writes it (after cleaning). Result
 * matching splits every key at its commas and reads the last part as the name, the one before as the namespace.
 */
export function payloadDocument(name: string, data: JsonObject, file: string): ResourceDocument {
  const parts = name.split(',');
  return {
    value: data as ResourceDocument['value'],
    file,
    documentIndex: 0,
    apiVersion: '',
    kind: '',
    namespace: parts.length >= 2 ? parts[parts.length - 2]! : '',
    name: parts[parts.length - 1]!,
    key: name,
    jsonPayload: true,
  };
}

/**
 * The `resources` entry of the form `namespace/name` that makes Kyverno's result matching crash on a JSON payload
 * key without a comma: `printTestResult` (commands/test/output.go) reads the key's second-to-last comma-separated
 * part, out of range for such a key (a Go panic that ends `kyverno test`).
 */
function crashingEntry(result: TestResult, keys: readonly ResourceDocument[]): { entry: string; key: string } | undefined {
  const payload = keys.find((resource) => resource.jsonPayload === true && !resource.key.includes(','));
  if (payload === undefined) return undefined;
  const entry = (result.resources ?? []).find((candidate) => candidate.split('/').length === 2);
  return entry === undefined ? undefined : { entry, key: payload.key };
}

/**
 * Resources a `resources` entry names: `name` (any kind and namespace) or `namespace/name`; an entry with more
 * slashes names none (Kyverno splits it at every `/`).
 */
function resourcesNamed(entry: string, resources: readonly ResourceDocument[]): ResourceDocument[] {
  const parts = entry.split('/');
  if (parts.length === 1) return resources.filter((resource) => resource.name === entry);
  if (parts.length !== 2) return [];
  const [namespace, name] = parts;
  return resources.filter((resource) => resource.namespace === namespace && resource.name === name);
}

/** Why a result needs evaluation kyverno-lint does not do yet, or null. */
function unsupportedReason(result: TestResult, input: MatchInput): string | null {
  const name = policyName(result.policy);
  const policies = input.policies.get(name);
  if (!policies) return input.unsupportedPolicies.get(name) ?? null;
  for (const compiled of policies) {
    for (const rule of compiled.rules) {
      if (rule.autogen !== true && ruleSelected(result.rule, rule.name) && rule.notEvaluated !== undefined) return rule.notEvaluated;
    }
  }
  return null;
}

function splitEntry(entry: string): { namespace: string; name: string } {
  const slash = entry.indexOf('/');
  return slash === -1 ? { namespace: '', name: entry } : { namespace: entry.slice(0, slash), name: entry.slice(slash + 1) };
}

function metadataString(object: JsonObject, field: string): string {
  const metadata = object.metadata;
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return '';
  const value = metadata[field];
  return typeof value === 'string' ? value : '';
}

/**
 * The rule response of `response` carrying the patched target with the identity of `target`, as Kyverno's
 * `extractPatchedTargetFromEngineResponse` finds it (an empty target namespace takes the patched target's).
 */
function patchedTargetFor(target: ResourceDocument, response: PolicyResponse): { rule: RuleResponse; object: JsonObject } | undefined {
  for (const rule of response.rules) {
    const object = rule.patchedTarget;
    if (object === undefined) continue;
    const namespace = metadataString(object, 'namespace');
    if (
      object.apiVersion === target.apiVersion &&
      object.kind === target.kind &&
      metadataString(object, 'name') === target.name &&
      namespace === (target.namespace === '' ? namespace : target.namespace)
    ) {
      return { rule, object };
    }
  }
  return undefined;
}

/**
 * Kyverno's `Target` map: for each target resource (first of each key), the responses of `run` (every
 * resource, in order) that carry a patched target with its apiVersion, kind, namespace and name. Targets no
 * response patched are left out.
 */
export function targetRun(targets: readonly ResourceDocument[], run: TriggerRun): TriggerRun {
  const resources: ResourceDocument[] = [];
  const responses = new Map<string, ResourceResponse[]>();
  for (const target of targets) {
    if (responses.has(target.key)) continue;
    const carrying: ResourceResponse[] = [];
    for (const resource of run.resources) {
      for (const response of run.responses.get(resource.key) ?? []) {
        if (patchedTargetFor(target, response.response) !== undefined) carrying.push(response);
      }
    }
    if (carrying.length === 0) continue;
    resources.push(target);
    responses.set(target.key, carrying);
  }
  return { resources, responses };
}

/** For rows Kyverno counts as passed without comparing, the expected value stands as the outcome. */
function expectedActual(result: TestResult): ActualResult {
  const expected = result.result;
  return expected === 'pass' || expected === 'fail' || expected === 'skip' || expected === 'warn' || expected === 'error' ? expected : 'missing';
}

/**
 * The status comparison (kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test/command.go,
 * `compareExpectedRuleResult`).
 */
function statusRow(result: TestResult, response: PolicyResponse, rule: RuleResponse, label: string): TestRow {
  const actual = reportResult(rule.status, response.policy.scored);
  const ok = actual === result.result;
  return {
    policy: result.policy,
    rule: rule.name,
    resource: label,
    result: ok ? 'Pass' : 'Fail',
    reason: ok ? 'Ok' : `Want ${result.result}, got ${actual}`,
    message: ruleMessage(rule, actual),
    actual,
    compared: true,
  };
}

/** The object comparisons a result asks for, in Kyverno's order; the first that does not hold. */
function compareObject(result: TestResult, actual: JsonObject, files: ExpectedFiles): Comparison {
  if (result.patchedResources) {
    const comparison = compareWithFile(actual, result.patchedResources, 'PatchedResources', files);
    if (comparison.kind !== 'equal') return comparison;
  }
  if (result.generatedResources) return compareWithAnyFile(actual, result.generatedResources, files);
  if (result.generatedResource) return compareWithFile(actual, result.generatedResource, 'GeneratedResource', files);
  return { kind: 'equal' };
}

/** Kyverno's `checkResult`: the object comparison, then (only when it holds) the status comparison. */
function checkRow(result: TestResult, response: PolicyResponse, rule: RuleResponse, actual: JsonObject, label: string, files: ExpectedFiles): { row: TestRow; missing: boolean } {
  const comparison = compareObject(result, actual, files);
  if (comparison.kind === 'equal') return { row: statusRow(result, response, rule, label), missing: false };
  const row: TestRow = {
    policy: result.policy,
    rule: rule.name,
    resource: label,
    result: 'Fail',
    reason: comparison.kind === 'error' ? 'Resource error' : 'Resource diff',
    message: comparison.message,
    actual: reportResult(rule.status, response.policy.scored),
    compared: true,
  };
  if (comparison.kind === 'diff') row.diff = comparison.diff;
  return { row, missing: comparison.kind === 'error' && comparison.missing };
}

/** Rows for one candidate key, and whether a comparison was dropped because its document is missing. */
interface KeyRows {
  rows: TestRow[];
  /** Messages of the comparisons dropped because the expected file lacks the object (no `failOnMissingResources`). */
  skipped: string[];
}

/** Rows for one candidate resource key: the per-key loop of `printTestResult` (commands/test/output.go). */
function rowsForKey(result: TestResult, resource: ResourceDocument, run: TriggerRun, input: MatchInput): KeyRows {
  const name = policyName(result.policy);
  const label = resourceLabel(resource);
  const out: KeyRows = { rows: [], skipped: [] };
  const { rows } = out;
  for (const { response } of run.responses.get(resource.key) ?? []) {
    if (response.policy.name !== name) continue;
    for (const rule of response.rules) {
      if (!ruleless(response.policy) && !ruleSelected(result.rule, rule.name)) continue;
      if (rule.type === 'Generation') {
        const generated = rule.generatedResources ?? [];
        if (generated.length === 0) rows.push(statusRow(result, response, rule, label));
        for (const object of generated) rows.push(checkRow(result, response, rule, object, `/${objectName(object)}`, input.files).row);
        continue;
      }
      const actual = rule.type === 'Mutation' ? response.patchedResource ?? response.resource : response.resource;
      const { row, missing } = checkRow(result, response, rule, actual, label, input.files);
      if (missing && !result.failOnMissingResources) {
        out.skipped.push(row.message);
        continue;
      }
      rows.push(row);
    }
    if (rows.length === 0 && out.skipped.length === 0) {
      rows.push({ policy: result.policy, rule: result.rule, resource: label, result: 'Pass', reason: 'Excluded', message: 'Excluded', actual: expectedActual(result), compared: false });
    }
  }
  for (const { response } of input.target?.responses.get(resource.key) ?? []) {
    if (response.policy.name !== name) continue;
    const carried = patchedTargetFor(resource, response);
    if (carried === undefined || !ruleSelected(result.rule, carried.rule.name)) continue;
    rows.push(checkRow(result, response, carried.rule, carried.object, label, input.files).row);
  }
  if (rows.length > 0 || out.skipped.length > 0) return out;
  const invalid = input.invalidPolicies.get(name);
  if (invalid !== undefined) {
    rows.push({ policy: result.policy, rule: result.rule, resource: label, result: 'Skip', reason: 'Invalid Policy', message: invalid, actual: expectedActual(result), compared: false });
  } else {
    rows.push({ policy: result.policy, rule: result.rule, resource: label, result: 'Fail', reason: 'Not found', message: 'Not found', actual: 'missing', compared: false });
  }
  return out;
}

function entryOutcome(result: TestResult, entry: string, keyRows: readonly KeyRows[], namespace: string): EntryOutcome {
  const { name, namespace: written } = splitEntry(entry);
  const base = { resource: name, namespace: written || namespace, expected: result.result };
  const rows = keyRows.flatMap((key) => key.rows);
  if (rows.length === 0) {
    const skipped = keyRows.flatMap((key) => key.skipped);
    if (skipped.length > 0) return { ...base, actual: 'missing', message: `not compared (failOnMissingResources is false): ${skipped[0]}`, passed: true, reason: 'Skipped' };
    const message = entry === '' ? 'no resource to evaluate' : `no resource matches "${entry}"`;
    return { ...base, actual: 'missing', message, passed: true, reason: 'No resource' };
  }
  const chosen = rows.find((row) => row.result === 'Fail') ?? rows.find((row) => row.compared) ?? rows[0];
  const message = chosen.reason === 'Invalid Policy' ? `Invalid Policy: ${chosen.message}` : chosen.message;
  const outcome: EntryOutcome = { ...base, actual: chosen.actual, message, passed: chosen.result !== 'Fail', reason: chosen.reason };
  if (chosen.diff) outcome.diff = chosen.diff;
  return outcome;
}

/**
 * The outcome of a result that could not be compared at all (the test could not run, or it needs
 * evaluation that is not supported): one failed row per `resources` entry.
 */
export function failedOutcome(result: TestResult, reason: string, message: string): ResultOutcome {
  const entries = result.resources && result.resources.length > 0 ? result.resources : [''];
  const rows = entries.map<TestRow>((entry) => ({
    policy: result.policy,
    rule: result.rule,
    resource: entry,
    result: 'Fail',
    reason,
    message,
    actual: 'missing',
    compared: false,
  }));
  const outcomes = entries.map<EntryOutcome>((entry) => {
    const { name, namespace } = splitEntry(entry);
    return { resource: name, namespace, expected: result.result, actual: 'missing', message, passed: false, reason };
  });
  return { result, rows, entries: outcomes };
}

/** Rows and per-entry verdicts for one expected result. */
export function matchResult(result: TestResult, input: MatchInput): ResultOutcome {
  const entries = result.resources && result.resources.length > 0 ? result.resources : [''];
  const unsupported = unsupportedReason(result, input);
  if (unsupported !== null) return failedOutcome(result, 'Unsupported', unsupported);

  const run = result.operation !== undefined ? input.byOperation.get(result.operation) ?? input.trigger : input.trigger;
  const targets = input.target?.resources ?? [];
  const crash = result.resources !== undefined ? crashingEntry(result, run.resources) : undefined;
  if (crash !== undefined) {
    const message = `Kyverno's test command crashes here: the entry "${crash.entry}" is compared with the namespace part of the JSON payload key "${crash.key}", which has none (index out of range)`;
    return failedOutcome(result, 'Test error', message);
  }
  // Kyverno scans the Target map, then the trigger map, for each entry.
  const perEntry = entries.map((entry) => (entry !== '' ? [...resourcesNamed(entry, targets), ...resourcesNamed(entry, run.resources)] : []));
  for (const spec of result.resources !== undefined ? result.resourceSpecs ?? [] : []) {
    const apiVersion = spec.group ? `${spec.group}/${spec.version}` : spec.version;
    const matches = [...targets, ...run.resources].filter((r) => r.apiVersion === apiVersion && r.namespace === spec.namespace && r.name === spec.name);
    perEntry[0].push(...matches);
  }
  const fallback = perEntry.every((matches) => matches.length === 0);
  const all = [...targets, ...run.resources];

  const rowsByKey = new Map<string, KeyRows>();
  const rowsFor = (resource: ResourceDocument): KeyRows => {
    let rows = rowsByKey.get(resource.key);
    if (rows === undefined) {
      rows = rowsForKey(result, resource, run, input);
      rowsByKey.set(resource.key, rows);
    }
    return rows;
  };

  const ordered = fallback ? all : perEntry.flat();
  const rows: TestRow[] = [];
  const emitted = new Set<string>();
  for (const resource of ordered) {
    if (emitted.has(resource.key)) continue;
    emitted.add(resource.key);
    rows.push(...rowsFor(resource).rows);
  }

  const outcomes = entries.map((entry, index) => {
    const matched = fallback ? all : perEntry[index];
    const seen = new Set<string>();
    const keyRows: KeyRows[] = [];
    for (const resource of matched) {
      if (seen.has(resource.key)) continue;
      seen.add(resource.key);
      keyRows.push(rowsFor(resource));
    }
    return entryOutcome(result, entry, keyRows, matched[0]?.namespace ?? '');
  });
  return { result, rows, entries: outcomes };
}
