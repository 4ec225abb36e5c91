import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { checkRuleIds, type LoadedPolicyIds } from '../../src/config/rule-ids.js';

/** A ClusterPolicy with autogen rules, and a namespaced Policy. */
const POLICIES: LoadedPolicyIds[] = [
  { id: 'disallow-latest-tag', rules: ['validate-image-tag', 'autogen-validate-image-tag', 'autogen-cronjob-validate-image-tag'] },
  { id: 'team-a/require-owner', alias: 'require-owner', rules: ['check-owner'] },
];
const CODES = ['yaml-syntax', 'invalid-policy'];

/** The problems of one entry of `section`, written on line 3 of the file, as `level line:column message`. */
function check(section: 'rules' | 'policies' | 'ignore', id: string, codes: string[] = CODES): string[] {
  const text = section === 'ignore' ? `format: json\nignore:\n  - "${id}"\n` : `format: json\nseverity:\n  ${section}:\n    "${id}": info\n`;
  const loaded = parseConfig('/repo/.kyverno-lint.yaml', text);
  expect(loaded.problems).toEqual([]);
  const found = checkRuleIds(loaded.config, POLICIES, codes);
  return [...found.errors.map((problem) => ['error', problem] as const), ...found.warnings.map((problem) => ['warning', problem] as const)].map(
    ([level, problem]) => `${level} ${problem.line}:${problem.column} ${problem.message}`,
  );
}

describe('checkRuleIds', () => {
  it.each([
    // severity.rules: exact ids; autogen rules answer to their rule's name; a namespaced Policy with or without its namespace.
    ['rules', 'disallow-latest-tag/validate-image-tag', []],
    ['rules', 'disallow-latest-tag/autogen-validate-image-tag', []],
    ['rules', 'team-a/require-owner/check-owner', []],
    ['rules', 'require-owner/check-owner', []],
    ['rules', 'disallow-latest-tag/validate-imag-tag', ['error 4:5 severity.rules: "disallow-latest-tag/validate-imag-tag" names no rule of policy disallow-latest-tag (did you mean "disallow-latest-tag/validate-image-tag"?)']],
    ['rules', 'disallow-latest-tag/check-registry', ['error 4:5 severity.rules: "disallow-latest-tag/check-registry" names no rule of policy disallow-latest-tag']],
    ['rules', 'require-owner/check-ownr', ['error 4:5 severity.rules: "require-owner/check-ownr" names no rule of policy team-a/require-owner (did you mean "require-owner/check-owner"?)']],
    ['rules', 'disalow-latest-tag/validate-image-tag', ['warning 4:5 severity.rules: "disalow-latest-tag/validate-image-tag": policy disalow-latest-tag is not loaded in this run (did you mean "disallow-latest-tag/validate-image-tag"?)']],
    ['rules', 'org-baseline/check', ['warning 4:5 severity.rules: "org-baseline/check": policy org-baseline is not loaded in this run']],
    ['rules', 'kyverno-lint/yaml-syntax', ['error 4:5 severity.rules: "kyverno-lint/yaml-syntax": the problems of kyverno-lint have fixed severities (leave them out with ignore)']],
    // severity.policies
    ['policies', 'disallow-latest-tag', []],
    ['policies', 'require-owner', []],
    ['policies', 'team-a/require-owner', []],
    ['policies', 'disallow-latest-tags', ['warning 4:5 severity.policies: policy "disallow-latest-tags" is not loaded in this run (did you mean "disallow-latest-tag"?)']],
    // ignore: wildcard patterns over the rule ids, autogen rules answering to their rule's name, and the tool's problems.
    ['ignore', 'disallow-latest-tag/*', []],
    ['ignore', '*/validate-image-tag', []],
    ['ignore', 'disallow-latest-tag/validate-image-tag', []],
    ['ignore', 'team-a/*', []],
    ['ignore', '*', []],
    ['ignore', 'kyverno-lint/yaml-syntax', []],
    ['ignore', 'kyverno-lint/*', []],
    ['ignore', 'disallow-latest-tag/validate-imag-tag', ['error 3:5 ignore: "disallow-latest-tag/validate-imag-tag" matches no rule of policy disallow-latest-tag (did you mean "disallow-latest-tag/validate-image-tag"?)']],
    ['ignore', 'disallow-latest-tag/check-*', ['error 3:5 ignore: "disallow-latest-tag/check-*" matches no rule of policy disallow-latest-tag']],
    ['ignore', '*/check-registry', ['error 3:5 ignore: "*/check-registry" matches no rule of policies disallow-latest-tag, team-a/require-owner']],
    ['ignore', 'require-owner/check-owner', ['warning 3:5 ignore: "require-owner/check-owner" matches no policy loaded in this run (did you mean "team-a/require-owner/check-owner"?)']],
    ['ignore', 'kyverno-lint/yaml-syntx', ['error 3:5 ignore: "kyverno-lint/yaml-syntx" matches none of the problems of kyverno-lint (did you mean "kyverno-lint/yaml-syntax"?)']],
    ['ignore', 'best-practices-*/*', ['warning 3:5 ignore: "best-practices-*/*" matches no policy loaded in this run']],
    ['ignore', 'disalow-latest-tag/validate-image-tag', ['warning 3:5 ignore: "disalow-latest-tag/validate-image-tag" matches no policy loaded in this run (did you mean "disallow-latest-tag/validate-image-tag"?)']],
  ] as const)('%s: %s', (section, id, expected) => {
    expect(check(section, id)).toEqual(expected);
  });

  it('knows the problem codes it is given, such as those seen in the run', () => {
    expect(check('ignore', 'kyverno-lint/file-too-large')).toHaveLength(1);
    expect(check('ignore', 'kyverno-lint/file-too-large', [...CODES, 'file-too-large'])).toEqual([]);
  });

  it('checks only entries read from a configuration file', () => {
    const config = parseConfig('/repo/.kyverno-lint.yaml', 'format: json\n').config;
    expect(checkRuleIds({ ...config, ignore: ['nothing/*'] }, POLICIES, CODES)).toEqual({ errors: [], warnings: [] });
  });

  it('reports an ignore entry that cannot be a rule id when the file is read', () => {
    const loaded = parseConfig('/repo/.kyverno-lint.yaml', 'ignore:\n  - require-labels\n  - "team-*"\n');
    expect(loaded.problems.map((problem) => `${problem.line}:${problem.column} ${problem.message}`)).toEqual([
      '2:5 ignore: "require-labels" is not a rule id (expected "policy/rule", "namespace/policy/rule" or "kyverno-lint/<problem>", with * and ? as wildcards)',
    ]);
    expect(loaded.config.ignore).toEqual(['team-*']);
    expect(loaded.config.positions?.ignore).toEqual([{ line: 3, column: 5 }]);
  });
});
