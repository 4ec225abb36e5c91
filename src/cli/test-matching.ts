/**
 * @file Matching `kyverno test` expected results with engine responses, exactly as Kyverno's
 * `printTestResult` does (spec 40 §1.6, kyverno/kyverno cmd/cli/kubectl-kyverno/commands/test/output.go):
 * candidate resources by `name` or `namespace/name` (all resources when none match), policy responses by
 * name, rule responses by name with `autogen-` / `autogen-cronjob-` prefixes, `Excluded` rows when a
 * response holds none of the requested rules, `Invalid Policy` and `Not found` rows when no response
 * exists. Results that need evaluation kyverno-lint does not do yet are reported as unsupported failures.
 */
import type { PolicyResponse } from '../engine/types.js';
import type { CompiledPolicy } from '../policy/compile.js';
import type { RuleStatus } from '../types.js';
import type { LoadedResource, ResourceResponse } from './evaluation.js';
import type { TestResult } from './test-file.js';

/** The outcome a JSON consumer sees for an expected result; `missing` = no response to compare with. */
export type ActualResult = 'pass' | 'fail' | 'skip' | 'warn' | 'error' | 'missing';

/** One row of Kyverno's result table. */
export interface TestRow {
  policy: string;
  rule: string;
  /** `apiVersion/Kind/namespace/name`, or the `resources` entry when no resource is involved. */
  resource: string;
  result: 'Pass' | 'Fail' | 'Skip';
  reason: string;
  message: string;
  actual: ActualResult;
  /** The row compared a real rule response (not Excluded / Invalid Policy / Not found / unsupported). */
  compared: boolean;
}

/** The verdict for one expanded expected result (one `resources` entry). */
export interface EntryOutcome {
  /** The resource name of the entry ("" when the result lists no resources). */
  resource: string;
  namespace: string;
  expected: string;
  actual: ActualResult;
  message: string;
  /** Kyverno would not count this entry as a failed test. */
  passed: boolean;
}

export interface ResultOutcome {
  result: TestResult;
  rows: TestRow[];
  entries: EntryOutcome[];
}

/** The responses of one evaluation run, per resource key. */
export interface TriggerRun {
  resources: readonly LoadedResource[];
  responses: ReadonlyMap<string, readonly ResourceResponse[]>;
}

export interface MatchInput {
  /** The default run. */
  trigger: TriggerRun;
  /** Dedicated runs per result `operation`. */
  byOperation: ReadonlyMap<string, TriggerRun>;
  /** Kyverno policies that failed policy validation: name → reason. */
  invalidPolicies: ReadonlyMap<string, string>;
  /** Loaded policies kyverno-lint cannot evaluate (CEL kinds): name → reason. */
  unsupportedPolicies: ReadonlyMap<string, string>;
  /** Valid Kyverno policies by name. */
  policies: ReadonlyMap<string, readonly CompiledPolicy[]>;
}

/** Status as the report shows it: `fail` of an unscored policy becomes `warn` (spec 40 §1.7). */
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

function resourceLabel(resource: LoadedResource): string {
  return `${resource.apiVersion}/${resource.kind}/${resource.namespace}/${resource.name}`;
}

/** Resources a `resources` entry names: `name` (any kind and namespace) or `namespace/name`. */
function resourcesNamed(entry: string, resources: readonly LoadedResource[]): LoadedResource[] {
  const slash = entry.indexOf('/');
  if (slash === -1) return resources.filter((resource) => resource.name === entry);
  const namespace = entry.slice(0, slash);
  const name = entry.slice(slash + 1);
  return resources.filter((resource) => resource.namespace === namespace && resource.name === name);
}

/** Why a result needs evaluation kyverno-lint does not do yet, or null. */
function unsupportedReason(result: TestResult, input: MatchInput): string | null {
  if (result.patchedResources) return 'comparing patchedResources is not supported yet (mutate rules are not evaluated)';
  if (result.generatedResource || result.generatedResources) return 'comparing generated resources is not supported yet (generate rules are not evaluated)';
  if (result.cloneSourceResource) return 'clone sources are not supported yet (generate rules are not evaluated)';
  const name = policyName(result.policy);
  const policies = input.policies.get(name);
  if (!policies) return input.unsupportedPolicies.get(name) ?? null;
  for (const compiled of policies) {
    for (const rule of compiled.policy.spec.rules ?? []) {
      if (!ruleSelected(result.rule, rule.name)) continue;
      if (rule.mutate !== undefined) return `rule ${rule.name}: mutate rules are not supported yet`;
      if (rule.generate !== undefined) return `rule ${rule.name}: generate rules are not supported yet`;
      if (rule.verifyImages !== undefined) return `rule ${rule.name}: verifyImages rules are not supported yet`;
    }
  }
  return null;
}

function splitEntry(entry: string): { namespace: string; name: string } {
  const slash = entry.indexOf('/');
  return slash === -1 ? { namespace: '', name: entry } : { namespace: entry.slice(0, slash), name: entry.slice(slash + 1) };
}

/** Rows for one candidate resource (spec 40 §1.6 step 3). */
function rowsForResource(result: TestResult, resource: LoadedResource, responses: readonly ResourceResponse[], input: MatchInput): TestRow[] {
  const name = policyName(result.policy);
  const label = resourceLabel(resource);
  const rows: TestRow[] = [];
  for (const { response } of responses) {
    if (response.policy.name !== name) continue;
    for (const rule of response.rules) {
      if (!ruleSelected(result.rule, rule.name)) continue;
      rows.push(compareRule(result, response, rule.name, rule.status, rule.message, label));
    }
    if (rows.length === 0) {
      rows.push({ policy: result.policy, rule: result.rule, resource: label, result: 'Pass', reason: 'Excluded', message: 'Excluded', actual: expectedActual(result), compared: false });
    }
  }
  if (rows.length > 0) return rows;
  const invalid = input.invalidPolicies.get(name);
  if (invalid !== undefined) {
    return [{ policy: result.policy, rule: result.rule, resource: label, result: 'Skip', reason: 'Invalid Policy', message: invalid, actual: expectedActual(result), compared: false }];
  }
  return [{ policy: result.policy, rule: result.rule, resource: label, result: 'Fail', reason: 'Not found', message: 'Not found', actual: 'missing', compared: false }];
}

/** For rows Kyverno counts as passed without comparing, the expected value stands as the outcome. */
function expectedActual(result: TestResult): ActualResult {
  const expected = result.result;
  return expected === 'pass' || expected === 'fail' || expected === 'skip' || expected === 'warn' || expected === 'error' ? expected : 'missing';
}

function compareRule(result: TestResult, response: PolicyResponse, rule: string, status: RuleStatus, message: string, label: string): TestRow {
  const actual = reportResult(status, response.policy.scored);
  const ok = actual === result.result;
  return {
    policy: result.policy,
    rule,
    resource: label,
    result: ok ? 'Pass' : 'Fail',
    reason: ok ? 'Ok' : `Want ${result.result}, got ${actual}`,
    message,
    actual,
    compared: true,
  };
}

function entryOutcome(result: TestResult, entry: string, rows: readonly TestRow[], namespace: string): EntryOutcome {
  const { name, namespace: written } = splitEntry(entry);
  const base = { resource: name, namespace: written || namespace, expected: result.result };
  if (rows.length === 0) {
    const message = entry === '' ? 'no resource to evaluate' : `no resource matches "${entry}"`;
    return { ...base, actual: 'missing', message, passed: true };
  }
  const chosen = rows.find((row) => row.result === 'Fail') ?? rows.find((row) => row.compared) ?? rows[0];
  const message = chosen.reason === 'Invalid Policy' ? `Invalid Policy: ${chosen.message}` : chosen.message;
  return { ...base, actual: chosen.actual, message, passed: chosen.result !== 'Fail' };
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
    return { resource: name, namespace, expected: result.result, actual: 'missing', message, passed: false };
  });
  return { result, rows, entries: outcomes };
}

/** Rows and per-entry verdicts for one expected result. */
export function matchResult(result: TestResult, input: MatchInput): ResultOutcome {
  const entries = result.resources && result.resources.length > 0 ? result.resources : [''];
  const unsupported = unsupportedReason(result, input);
  if (unsupported !== null) return failedOutcome(result, 'Unsupported', unsupported);

  const run = result.operation !== undefined ? input.byOperation.get(result.operation) ?? input.trigger : input.trigger;
  const perEntry = entries.map((entry) => (entry !== '' ? resourcesNamed(entry, run.resources) : []));
  for (const spec of result.resources !== undefined ? result.resourceSpecs ?? [] : []) {
    const apiVersion = spec.group ? `${spec.group}/${spec.version}` : spec.version;
    const matches = run.resources.filter((r) => r.apiVersion === apiVersion && r.namespace === spec.namespace && r.name === spec.name);
    perEntry[0].push(...matches);
  }
  const fallback = perEntry.every((matches) => matches.length === 0);

  const rowsByKey = new Map<string, TestRow[]>();
  const rowsFor = (resource: LoadedResource): TestRow[] => {
    let rows = rowsByKey.get(resource.key);
    if (rows === undefined) {
      rows = rowsForResource(result, resource, run.responses.get(resource.key) ?? [], input);
      rowsByKey.set(resource.key, rows);
    }
    return rows;
  };

  const ordered = fallback ? [...run.resources] : perEntry.flat();
  const rows: TestRow[] = [];
  const emitted = new Set<string>();
  for (const resource of ordered) {
    if (emitted.has(resource.key)) continue;
    emitted.add(resource.key);
    rows.push(...rowsFor(resource));
  }

  const outcomes = entries.map((entry, index) => {
    const matched = fallback ? run.resources : perEntry[index];
    const seen = new Set<string>();
    const entryRows: TestRow[] = [];
    for (const resource of matched) {
      if (seen.has(resource.key)) continue;
      seen.add(resource.key);
      entryRows.push(...rowsFor(resource));
    }
    return entryOutcome(result, entry, entryRows, matched[0]?.namespace ?? '');
  });
  return { result, rows, entries: outcomes };
}
