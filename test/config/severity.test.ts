import { describe, expect, it } from 'vitest';
import { actionSeverity, configuredSeverity, isIgnored, type FailureAction } from '../../src/config/severity.js';
import type { SeverityMapping, SeveritySetting } from '../../src/config/types.js';

const DEFAULTS: SeverityMapping = { audit: 'warning', enforce: 'error', policies: {}, rules: {} };

const MAPPING: SeverityMapping = {
  audit: 'info',
  enforce: 'warning',
  policies: { 'require-labels': 'error', 'silenced': 'off', 'team/ns-policy': 'info', 'shared-name': 'warning' },
  rules: {
    'require-labels/check-team': 'off',
    'disallow-latest/validate-image-tag': 'error',
    'disallow-latest/autogen-validate-image-tag': 'info',
    'pods/check-probes': 'error',
    'team/ns-policy/check': 'warning',
  },
};

/** The severity of a failure, as findings work it out: the configured one, else the failure action's. */
function severityFor(mapping: SeverityMapping, policy: string, rule: string, action: FailureAction): SeveritySetting {
  return configuredSeverity(mapping, policy, rule) ?? actionSeverity(mapping, action);
}

describe('severity of a failure', () => {
  const table: [string, SeverityMapping, string, string, FailureAction, SeveritySetting][] = [
    ['defaults: Audit is a warning', DEFAULTS, 'p', 'r', 'Audit', 'warning'],
    ['defaults: Enforce is an error', DEFAULTS, 'p', 'r', 'Enforce', 'error'],
    ['audit setting', MAPPING, 'p', 'r', 'Audit', 'info'],
    ['enforce setting', MAPPING, 'p', 'r', 'Enforce', 'warning'],
    ['policy entry over the failure action', MAPPING, 'require-labels', 'other-rule', 'Audit', 'error'],
    ['policy entry off', MAPPING, 'silenced', 'r', 'Enforce', 'off'],
    ['rule entry over the policy entry', MAPPING, 'require-labels', 'check-team', 'Enforce', 'off'],
    ['rule entry without policy entry', MAPPING, 'pods', 'check-probes', 'Audit', 'error'],
    ['other rule of that policy', MAPPING, 'pods', 'check-limits', 'Audit', 'info'],
    ['autogen rule matches the entry of its rule', MAPPING, 'pods', 'autogen-check-probes', 'Audit', 'error'],
    ['autogen-cronjob rule matches the entry of its rule', MAPPING, 'pods', 'autogen-cronjob-check-probes', 'Audit', 'error'],
    ['an entry for the autogen name wins', MAPPING, 'disallow-latest', 'autogen-validate-image-tag', 'Enforce', 'info'],
    ['the autogen entry does not apply to cronjob rules', MAPPING, 'disallow-latest', 'autogen-cronjob-validate-image-tag', 'Enforce', 'error'],
    ['the rule itself ignores the autogen entry', MAPPING, 'disallow-latest', 'validate-image-tag', 'Audit', 'error'],
    ['autogen rule of a policy entry', MAPPING, 'require-labels', 'autogen-other', 'Audit', 'error'],
    ['autogen rule matches the rule entry over the policy entry', MAPPING, 'require-labels', 'autogen-check-team', 'Enforce', 'off'],
    ['namespaced policy: namespace/name entry', MAPPING, 'team/ns-policy', 'r', 'Enforce', 'info'],
    ['namespaced policy: namespace/name/rule entry', MAPPING, 'team/ns-policy', 'check', 'Enforce', 'warning'],
    ['namespaced policy: bare name entry', MAPPING, 'other-ns/shared-name', 'r', 'Enforce', 'warning'],
    ['namespaced policy: bare rule entry', MAPPING, 'ns/pods', 'check-probes', 'Audit', 'error'],
    ['a policy entry does not leak to another namespace', MAPPING, 'other/ns-policy', 'r', 'Enforce', 'warning'],
    ['no prefix match on names', MAPPING, 'require-labels-2', 'check-team', 'Audit', 'info'],
  ];
  it.each(table)('%s', (_name, mapping, policy, rule, action, expected) => {
    expect(severityFor(mapping, policy, rule, action)).toBe(expected);
  });

  it('configuredSeverity is undefined without a policy or rule entry', () => {
    expect(configuredSeverity(MAPPING, 'p', 'r')).toBeUndefined();
    expect(configuredSeverity(MAPPING, 'pods', 'autogen-check-probes')).toBe('error');
  });

  it('does not read inherited properties of the maps', () => {
    expect(severityFor(DEFAULTS, 'constructor', 'toString', 'Audit')).toBe('warning');
  });
});

describe('isIgnored', () => {
  const table: [string, string[], string, boolean][] = [
    ['no patterns', [], 'p/r', false],
    ['exact id', ['p/r'], 'p/r', true],
    ['other rule', ['p/r'], 'p/s', false],
    ['every rule of a policy', ['p/*'], 'p/r', true],
    ['star spans slashes', ['*/check-*'], 'ns/p/check-x', true],
    ['question mark', ['p/r?'], 'p/r1', true],
    ['question mark needs one character', ['p/r?'], 'p/r', false],
    ['prefix wildcard', ['restrict-*'], 'restrict-ports/r', true],
    ['anchored at both ends', ['p/r'], 'p/rr', false],
    ['autogen rule matches its rule', ['p/r'], 'p/autogen-r', true],
    ['autogen-cronjob rule matches its rule', ['p/r'], 'p/autogen-cronjob-r', true],
    ['autogen id matches autogen pattern only', ['p/autogen-r'], 'p/r', false],
    ['namespaced policy', ['ns/p/r'], 'ns/p/autogen-r', true],
    ['tool problems', ['kyverno-lint/unsupported-*'], 'kyverno-lint/unsupported-policy-kind', true],
    ['one of several patterns', ['a/b', 'p/*'], 'p/x', true],
  ];
  it.each(table)('%s', (_name, ignore, ruleId, expected) => {
    expect(isIgnored(ignore, ruleId)).toBe(expected);
  });
});
