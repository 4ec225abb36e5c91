import { describe, expect, it } from 'vitest';
import { cell, lineUrl, renderSummary, type SummaryInput } from '../../src/action/summary.js';
import type { LintReport } from '../../src/report/types.js';
import { finding } from './findings.js';

function report(findings: LintReport['findings'], extra: Partial<LintReport> = {}): LintReport {
  const counts = { error: 0, warning: 0, info: 0, suppressed: 0 };
  for (const item of findings) counts[item.severity]++;
  return { findings, counts, files: { policies: 1, manifests: 2, other: 0 }, policies: 1, manifests: 3, statuses: { pass: 1, fail: 0, warn: 0, error: 0, skip: 0 }, cwd: '/w', durationMs: 12, ...extra };
}

function input(extra: Partial<SummaryInput>): SummaryInput {
  return {
    report: report([]),
    warnings: [],
    errors: [],
    links: { serverUrl: 'https://github.com', repository: 'octo/shop', sha: 'abc' },
    annotations: { mode: 'workflow-commands', shown: 0, hidden: 0 },
    edits: [],
    fileText: () => undefined,
    features: [],
    failed: false,
    failOn: 'error',
    ...extra,
  };
}

describe('renderSummary', () => {
  it('a clean run: the totals only', () => {
    expect(renderSummary(input({}))).toBe(
      '## kyverno-lint\n\n✅ passed: 0 errors, 0 warnings, 0 info in 3 manifests checked against 1 policy (3 files read, 0.01 s).\n\n| Errors | Warnings | Info | Suppressed |\n| ---: | ---: | ---: | ---: |\n| 0 | 0 | 0 | 0 |\n\n### Annotations\n\n0 annotations shown.\n',
    );
  });

  it('a table per rule with links to the lines, most severe first', () => {
    const findings = [finding('k8s/a.yaml', 3, 'warning'), finding('k8s/b c.yaml', 4, 'error', { location: { file: 'k8s/b c.yaml', line: 4, column: 1, endLine: 6, endColumn: 2 } }), finding('k8s/a.yaml', 9, 'warning')];
    const text = renderSummary(input({ report: report(findings), failed: true }));
    expect(text).toContain('❌ failed (fail-on: error): 1 error, 2 warnings, 0 info');
    expect(text).toContain('| `policy-error/rule` | error | 1 | [k8s/b c.yaml:4](https://github.com/octo/shop/blob/abc/k8s/b%20c.yaml#L4-L6) |\n| `policy-warning/rule` | warning | 2 | [k8s/a.yaml:3](https://github.com/octo/shop/blob/abc/k8s/a.yaml#L3)<br>[k8s/a.yaml:9](https://github.com/octo/shop/blob/abc/k8s/a.yaml#L9) |');
  });

  it('mutations as diffs, the annotations not shown, the review, what was skipped and the features that were off', () => {
    const mutation = finding('m.yaml', 1, 'info', { type: 'Mutation', resource: { apiVersion: 'v1', kind: 'Pod', namespace: 'ns', name: 'p' }, fix: [{ file: 'm.yaml', startLine: 2, endLine: 2, replacement: 'b\nB\n' }] });
    const unsupported = finding('v.yaml', 1, 'warning', { ruleId: 'kyverno-lint/unsupported-policy-kind', status: 'problem', message: 'ValidatingPolicy x is not evaluated' });
    const errored = finding('m.yaml', 1, 'warning', { ruleId: 'p/r', status: 'error', message: 'rule could not be evaluated: Unknown key "cm" (context entry cm: configMap shop/cfg is not in the repository)' });
    const text = renderSummary(
      input({
        report: report([mutation, unsupported, errored], { statuses: { pass: 1, fail: 0, warn: 0, error: 1, skip: 2 }, counts: { error: 0, warning: 2, info: 1, suppressed: 4 } }),
        warnings: ['old/x.yaml is excluded by the configuration: not checked'],
        edits: [{ finding: mutation, edit: mutation.fix![0]!, reason: 'the lines are outside the pull request diff' }],
        fileText: (file) => (file === 'm.yaml' ? 'a\nb\nc\n' : undefined),
        annotations: { mode: 'workflow-commands', shown: 20, hidden: 7 },
        review: { created: 2, updated: 1, unchanged: 0, failed: [{ path: 'm.yaml', line: 2, kind: 'suggestion', ruleId: 'p/r', reason: 'GitHub rejected the comment (HTTP 422: x)' }] },
        features: [
          { name: 'check run', on: false, detail: 'the token cannot create check runs (HTTP 403)' },
          { name: 'summary', on: true, detail: '' },
        ],
      }),
    );
    expect(text).toContain('### Mutations not posted as suggestions');
    expect(text).toContain('**Pod/p** (`policy-info/rule`): the lines are outside the pull request diff\n\n[m.yaml line 2](https://github.com/octo/shop/blob/abc/m.yaml#L2)\n\n```diff\n--- a/m.yaml\n+++ b/m.yaml\n@@ -1,3 +1,4 @@\n a\n b\n+B\n c\n```\n');
    expect(text).toContain('20 annotations shown; **7 not shown**: GitHub keeps 10 per severity and step');
    expect(text).toContain('2 comments posted, 1 updated, 0 unchanged, **1 not posted**:\n\n- m.yaml:2 (suggestion, `p/r`): GitHub rejected the comment (HTTP 422: x)\n');
    expect(text).toContain('- old/x.yaml is excluded by the configuration: not checked\n');
    expect(text).toContain('- `kyverno-lint/unsupported-policy-kind` (unsupported policy kinds, not evaluated): [v.yaml:1](https://github.com/octo/shop/blob/abc/v.yaml#L1) ValidatingPolicy x is not evaluated\n');
    expect(text).toContain('- 1 rule evaluation could not complete (unresolved context entries, API calls that are not made offline, …):\n  - `p/r` on [m.yaml:1]');
    expect(text).toContain('configMap shop/cfg is not in the repository');
    expect(text).toContain('- 2 rule evaluations skipped by Kyverno');
    expect(text).toContain('- 4 findings suppressed');
    expect(text).toContain('### Features that were off\n\n- **check run**: the token cannot create check runs (HTTP 403)\n');
    expect(text).not.toContain('**summary**');
  });

  it('lists the kyverno.io policies to migrate (their legacy-policy notices) in a section of their own, not under Skipped', () => {
    const legacy = (file: string, kind: string, namespace: string, name: string): ReturnType<typeof finding> =>
      finding(file, 2, 'info', {
        ruleId: 'kyverno-lint/legacy-policy',
        policy: '',
        rule: '',
        status: 'problem',
        message: `${kind} ${name} is a kyverno.io policy, which Kyverno 1.20 no longer runs: \`kyverno-lint migrate ${file}\` translates it into CEL policies`,
        resource: { apiVersion: 'kyverno.io/v1', kind, namespace, name },
      });
    const unsupported = finding('v.yaml', 1, 'warning', { ruleId: 'kyverno-lint/unsupported-policy-kind', status: 'problem', message: 'ValidatingPolicy x is not evaluated' });
    const text = renderSummary(input({ report: report([legacy('policies/a.yaml', 'ClusterPolicy', '', 'require-team'), legacy('policies/b.yaml', 'Policy', 'shop', 'limits'), unsupported]) }));
    expect(text).toContain('✅ passed: 0 errors, 1 warning, 2 info');
    expect(text).toContain(
      '\n### kyverno.io policies to migrate\n\n2 kyverno.io policies (ClusterPolicy, Policy), which Kyverno 1.20 no longer runs: `kyverno-lint migrate <file>` translates them into CEL policies.' +
        ' Their notices are annotated only in the files a pull request changes; `ignore: [kyverno-lint/legacy-policy]` in the configuration turns them off.\n\n' +
        '- [policies/a.yaml:2](https://github.com/octo/shop/blob/abc/policies/a.yaml#L2) ClusterPolicy require-team\n' +
        '- [policies/b.yaml:2](https://github.com/octo/shop/blob/abc/policies/b.yaml#L2) Policy shop/limits\n\n### Skipped\n\n' +
        '- `kyverno-lint/unsupported-policy-kind` (unsupported policy kinds, not evaluated): [v.yaml:1](https://github.com/octo/shop/blob/abc/v.yaml#L1) ValidatingPolicy x is not evaluated\n',
    );
    expect(text).not.toContain('`kyverno-lint/legacy-policy` (not evaluated)');
    // Not a rule of a policy: no row of the rule table.
    expect(text).not.toContain('### Findings by rule');

    const many = Array.from({ length: 23 }, (_, i) => legacy(`policies/p${i}.yaml`, 'ClusterPolicy', '', `p${i}`));
    const long = renderSummary(input({ report: report(many) }));
    expect(long).toContain('23 kyverno.io policies (ClusterPolicy, Policy)');
    expect(long).toContain('ClusterPolicy p19\n- …and 3 more\n');
    expect(long).not.toContain('ClusterPolicy p20');
  });

  it('check-run mode says where the annotations are', () => {
    expect(renderSummary(input({ annotations: { mode: 'check-run', shown: 128, hidden: 0, detail: 'kyverno-lint' } }))).toContain('128 annotations in the check run kyverno-lint.');
  });
});

describe('helpers', () => {
  it('cell escapes table syntax and HTML', () => {
    expect(cell('a | b <c>\nd & e')).toBe('a \\| b &lt;c&gt; d &amp; e');
  });
  it('lineUrl encodes path segments and ranges', () => {
    expect(lineUrl({ serverUrl: 'https://ghe.example', repository: 'o/r', sha: 's' }, 'a b/#c.yaml', 3, 5)).toBe('https://ghe.example/o/r/blob/s/a%20b/%23c.yaml#L3-L5');
  });
});
