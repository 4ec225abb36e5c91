/**
 * @file The policy names and rule ids the configuration names (`severity.policies`, `severity.rules`,
 * `ignore`), checked against the policies a scan loaded, so that a typo never silently does nothing:
 * - an entry naming a loaded policy but none of its rules (a pattern matching none) is an error;
 * - an entry whose policy is not loaded in this run is a warning: the run may read only some of the
 *   policies (`--policy`, policies outside the configuration's globs), or the policy name is mistyped;
 * both name the entry's line and, for an id without wildcards, the nearest loaded id when it is close.
 * Autogen rules answer to the name of the rule they come from, as in `configuredSeverity` and `isIgnored`.
 */
import { closest } from '../util/closest.js';
import { wildcardMatch } from '../util/wildcard.js';
import type { ConfigProblem } from './load.js';
import { isIgnored, ruleNames } from './severity.js';
import type { ConfigPosition, LintConfig } from './types.js';

/** A loaded policy, as the configuration may name it. */
export interface LoadedPolicyIds {
  /** The rule ids' prefix: `name`, or `namespace/name` for a namespaced Policy. */
  id: string;
  /** The other name `severity` accepts: `name` for a namespaced Policy. */
  alias?: string;
  /** Its rule names, the autogen rules included. */
  rules: readonly string[];
}

interface RuleIdProblems {
  errors: ConfigProblem[];
  warnings: ConfigProblem[];
}

/** The prefix of the rule ids of the tool's own problems (`kyverno-lint/yaml-syntax`). */
const TOOL = 'kyverno-lint';

const hasWildcard = (text: string): boolean => /[*?]/.test(text);

/** The names `severity` accepts for a policy. */
const namesOf = (policy: LoadedPolicyIds): string[] => (policy.alias === undefined ? [policy.id] : [policy.id, policy.alias]);

/** `policy X`, `policies X, Y` (three at most). */
function policyList(policies: readonly LoadedPolicyIds[]): string {
  const names = policies.slice(0, 3).map((policy) => policy.id);
  const more = policies.length > 3 ? `, … (${policies.length} policies)` : '';
  return `${policies.length === 1 ? 'policy' : 'policies'} ${names.join(', ')}${more}`;
}

function didYouMean(suggestion: string | null, id: string): string {
  return suggestion === null || suggestion === id ? '' : ` (did you mean "${suggestion}"?)`;
}

/**
 * The loaded id nearest to `id` (`policy/rule`, no wildcards) when it is close: the nearest rule of the
 * policy it names, or of the policy whose name is nearest. `severity` may name a namespaced Policy by its
 * name alone (`alias`), `ignore` matches the rule ids, which name it `namespace/name`.
 */
function nearestId(id: string, policies: readonly LoadedPolicyIds[], form: 'severity' | 'ignore'): string | null {
  if (hasWildcard(id)) return null;
  const slash = id.lastIndexOf('/');
  const name = id.slice(0, slash);
  const rule = id.slice(slash + 1);
  let owners = policies.filter((policy) => policy.id === name || (form === 'severity' && policy.alias === name));
  let prefix = name;
  if (owners.length === 0) {
    const near = closest(name, policies.flatMap(namesOf));
    if (near === null) return null;
    owners = policies.filter((policy) => namesOf(policy).includes(near));
    prefix = form === 'ignore' ? owners[0]!.id : near;
  }
  const near = closest(rule, new Set(owners.flatMap((policy) => policy.rules.flatMap(ruleNames))));
  return near === null ? null : `${prefix}/${near}`;
}

/**
 * Checks the entries of `config` that carry a position (those read from a configuration file) against
 * the loaded `policies` and the rule ids of the tool's problems (`kyverno-lint/<code>` for each code).
 */
export function checkRuleIds(config: LintConfig, policies: readonly LoadedPolicyIds[], problemCodes: Iterable<string>): RuleIdProblems {
  const out: RuleIdProblems = { errors: [], warnings: [] };
  const { positions, file } = config;
  if (positions === undefined || file === undefined) return out;
  const report = (into: ConfigProblem[], at: ConfigPosition, message: string): void => {
    into.push({ file, line: at.line, column: at.column, message });
  };
  const codes = [...new Set(problemCodes)];
  const toolIds = codes.map((code) => `${TOOL}/${code}`);
  const named = (name: string): LoadedPolicyIds[] => policies.filter((policy) => namesOf(policy).includes(name));

  for (const [name, at] of Object.entries(positions.severityPolicies)) {
    if (named(name).length > 0) continue;
    report(out.warnings, at, `severity.policies: policy "${name}" is not loaded in this run${didYouMean(closest(name, policies.flatMap(namesOf)), name)}`);
  }

  for (const [id, at] of Object.entries(positions.severityRules)) {
    const slash = id.lastIndexOf('/');
    const policyName = id.slice(0, slash);
    const rule = id.slice(slash + 1);
    if (policyName === TOOL) {
      report(out.errors, at, `severity.rules: "${id}": the problems of ${TOOL} have fixed severities (leave them out with ignore)`);
      continue;
    }
    const owners = named(policyName);
    if (owners.length === 0) {
      report(out.warnings, at, `severity.rules: "${id}": policy ${policyName} is not loaded in this run${didYouMean(nearestId(id, policies, 'severity'), id)}`);
    } else if (!owners.some((policy) => policy.rules.some((name) => ruleNames(name).includes(rule)))) {
      report(out.errors, at, `severity.rules: "${id}" names no rule of ${policyList(owners)}${didYouMean(nearestId(id, policies, 'severity'), id)}`);
    }
  }

  const ruleIds = [...policies.flatMap((policy) => policy.rules.map((rule) => `${policy.id}/${rule}`)), ...toolIds];
  config.ignore.forEach((pattern, index) => {
    const at = positions.ignore[index];
    if (at === undefined) return;
    if (ruleIds.some((id) => isIgnored([pattern], id))) return;
    const slash = pattern.lastIndexOf('/');
    const policyPattern = slash === -1 ? pattern : pattern.slice(0, slash);
    const owners = policies.filter((policy) => wildcardMatch(policyPattern, policy.id));
    if (policyPattern === TOOL || (owners.length === 0 && wildcardMatch(policyPattern, TOOL))) {
      const code = hasWildcard(pattern) || slash === -1 ? null : closest(pattern.slice(slash + 1), codes);
      report(out.errors, at, `ignore: "${pattern}" matches none of the problems of ${TOOL}${didYouMean(code === null ? null : `${TOOL}/${code}`, pattern)}`);
    } else if (owners.length > 0) {
      report(out.errors, at, `ignore: "${pattern}" matches no rule of ${policyList(owners)}${didYouMean(nearestId(pattern, policies, 'ignore'), pattern)}`);
    } else {
      report(out.warnings, at, `ignore: "${pattern}" matches no policy loaded in this run${didYouMean(slash === -1 ? null : nearestId(pattern, policies, 'ignore'), pattern)}`);
    }
  });
  return out;
}
