import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/report/types.js';
import { junit, xmlEscape } from '../../src/reporters/junit.js';
import { emptyReport, latestTag, legacyPolicy, liveness, missingLabel, report, sampleReport, yamlSyntax } from './reports.js';

describe('junit reporter', () => {
  it('writes one passing suite and test case when there are no findings', () => {
    expect(junit(emptyReport())).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<testsuites>',
        '<testsuite package="kyverno-lint" time="0" tests="1" errors="0" failures="0" name="kyverno-lint">',
        '<testcase time="0" name="kyverno-lint" classname="kyverno-lint" />',
        '</testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it("writes a suite per file and a failing test case per finding, as ESLint's junit formatter", () => {
    expect(junit(report([liveness, missingLabel]))).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<testsuites>',
        '<testsuite package="kyverno-lint" time="0" tests="1" errors="0" failures="1" name="apps/team a/pod.yaml">',
        '<testcase time="0" name="team-a/require-probes/check-liveness" classname="apps/team a/pod">' +
          '<failure message="validation error: Liveness probes are required.">' +
          'line 108, col 11, Warning - validation error: Liveness probes are required. (team-a/require-probes/check-liveness)' +
          '</failure></testcase>',
        '</testsuite>',
        '<testsuite package="kyverno-lint" time="0" tests="1" errors="0" failures="1" name="k8s/deploy.yaml">',
        '<testcase time="0" name="require-labels/check-for-labels" classname="k8s/deploy">' +
          '<failure message="validation error: The label `app.kubernetes.io/name` is required. rule check-for-labels failed at path /metadata/labels/app.kubernetes.io/name/">' +
          'line 12, col 7, Error - validation error: The label `app.kubernetes.io/name` is required. rule check-for-labels failed at path /metadata/labels/app.kubernetes.io/name/ (require-labels/check-for-labels)' +
          '</failure></testcase>',
        '</testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('reports problems of the tool input as <error>, counted apart from failures', () => {
    const output = junit(report([yamlSyntax, { ...yamlSyntax, status: 'fail', ruleId: 'p/r', location: { ...yamlSyntax.location, line: 9 } }]));
    expect(output).toContain('<testsuite package="kyverno-lint" time="0" tests="2" errors="1" failures="1" name="policies/broken.yaml">\n');
    expect(output).toContain(
      '<testcase time="0" name="kyverno-lint/yaml-syntax" classname="policies/broken"><error message="bad indentation of a mapping entry (4:3)">' +
        'line 4, col 3, Error - bad indentation of a mapping entry (4:3) (kyverno-lint/yaml-syntax)</error></testcase>\n',
    );
    expect(output).toContain('<testcase time="0" name="p/r" classname="policies/broken"><failure message=');
  });

  it('reports a notice of the input (an info problem) as a passing test case with its text as <system-out>', () => {
    const output = junit(report([legacyPolicy, { ...yamlSyntax, location: { ...yamlSyntax.location, file: 'policies/labels.yaml' } }]));
    expect(output).toContain('<testsuite package="kyverno-lint" time="0" tests="2" errors="1" failures="0" name="policies/labels.yaml">\n');
    expect(output).toContain(
      '<testcase time="0" name="kyverno-lint/legacy-policy" classname="policies/labels"><system-out>' +
        'line 1, col 1, Info - ClusterPolicy require-labels is a kyverno.io policy, which Kyverno 1.20 no longer runs: `kyverno-lint migrate policies/labels.yaml` translates it into CEL policies (kyverno-lint/legacy-policy)' +
        '</system-out></testcase>\n',
    );
    expect(output).toContain('<testcase time="0" name="kyverno-lint/yaml-syntax" classname="policies/labels"><error message=');
    // Only the notice: a suite with no error and no failure.
    expect(junit(report([legacyPolicy]))).toContain('tests="1" errors="0" failures="0" name="policies/labels.yaml"');
  });

  it('matches the golden output', async () => {
    await expect(junit(sampleReport())).toMatchFileSnapshot('./__golden__/junit.xml');
  });

  it('escapes markup, line breaks and non-ASCII characters in attributes and text', () => {
    const output = junit(report([latestTag]));
    const message =
      'image &quot;nginx:latest&quot; uses &lt;latest&gt; &amp; is 100% mutable, see: a,b&#13;&#10;second line&#10;third &apos;line&apos;.';
    expect(output).toContain(`<failure message="${message}">line 3, col 1, Warning - ${message} (disallow-latest-tag/validate-image-tag)</failure>`);
    const odd: Finding = { ...liveness, ruleId: 'a<b>/r&"', location: { ...liveness.location, file: 'd\'ir/ü "x".yaml' } };
    const oddOutput = junit(report([odd]));
    expect(oddOutput).toContain('name="d&apos;ir/&#252; &quot;x&quot;.yaml">');
    expect(oddOutput).toContain('<testcase time="0" name="a&lt;b&gt;/r&amp;&quot;" classname="d&apos;ir/&#252; &quot;x&quot;">');
  });

  it('escapes characters XML cannot hold as U+FFFD and keeps astral characters whole', () => {
    expect(xmlEscape('tab\there')).toBe('tab&#9;here');
    expect(xmlEscape('nul\u0000 bell\u0007 esc\u001b')).toBe('nul&#65533; bell&#65533; esc&#65533;');
    expect(xmlEscape('lone \ud800 surrogate \uffff')).toBe('lone &#65533; surrogate &#65533;');
    expect(xmlEscape('emoji \u{1f600} é')).toBe('emoji &#128512; &#233;');
    expect(xmlEscape(']]>')).toBe(']]&gt;');
  });

  it('names findings of no file after the working directory', () => {
    const noFile: Finding = { ...yamlSyntax, ruleId: 'kyverno-lint/no-policies', message: 'no policies found', location: { file: '', line: 0, column: 0, endLine: 0, endColumn: 0 } };
    expect(junit(report([noFile]))).toContain(
      '<testsuite package="kyverno-lint" time="0" tests="1" errors="1" failures="0" name=".">\n<testcase time="0" name="kyverno-lint/no-policies" classname=".">',
    );
  });
});
