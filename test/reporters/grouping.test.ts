import { describe, expect, it } from 'vitest';
import { renderSummary } from '../../src/action/summary.js';
import type { LintReport } from '../../src/report/types.js';
import { github } from '../../src/reporters/github.js';
import { json } from '../../src/reporters/json.js';
import { toSarif } from '../../src/reporters/sarif.js';
import { stylish } from '../../src/reporters/stylish.js';
import { celError, floodReport, missingLabel, PLAIN } from './reports.js';

function summary(report: LintReport): string {
  return renderSummary({
    report,
    warnings: [],
    errors: [],
    links: undefined,
    annotations: { mode: 'off', shown: 0, hidden: 0 },
    edits: [],
    fileText: () => undefined,
    features: [],
    failed: true,
    failOn: 'error',
  });
}

const CEL = celError('a.yaml').message;

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('a reason shared by several resources: once in stylish, github and the summary, one record per resource in json and SARIF', () => {
  it.each([
    { reporter: 'stylish', render: (report: LintReport) => stylish(report, PLAIN), cel: 1, failures: 2 },
    { reporter: 'github', render: github, cel: 1, failures: 2 },
    { reporter: 'summary', render: summary, cel: 1, failures: 0 },
    { reporter: 'json', render: json, cel: 3, failures: 2 },
    { reporter: 'sarif', render: (report: LintReport) => JSON.stringify(toSarif(report, PLAIN)), cel: 3, failures: 2 },
  ])('$reporter: the cel error $cel time(s), the failures with one message $failures times', ({ render, cel, failures }) => {
    const output = render(floodReport());
    expect(occurrences(output, CEL)).toBe(cel);
    expect(occurrences(output, missingLabel.message)).toBe(failures);
    // A reason of one resource is reported as it is.
    expect(occurrences(output, 'Unknown key \\"quota\\"') + occurrences(output, 'Unknown key "quota"')).toBe(1);
  });

  it('stylish: one row after the files with the count of resources; the summary counts every resource', () => {
    expect(stylish(floodReport(), PLAIN)).toBe(
      [
        '',
        'a.yaml',
        '  12:7  error  validation error: The label `app.kubernetes.io/name` is required. rule check-for-labels failed at path /metadata/labels/app.kubernetes.io/name/  require-labels/check-for-labels',
        '',
        'b.yaml',
        '  12:7  error  validation error: The label `app.kubernetes.io/name` is required. rule check-for-labels failed at path /metadata/labels/app.kubernetes.io/name/  require-labels/check-for-labels',
        '',
        'c.yaml',
        '  1:1  warning  rule could not be evaluated: Unknown key "quota" in path  live-lookup/check-quota',
        '',
        'Reported once for all the resources concerned',
        '  3 resources  warning  rule could not be evaluated: validate.cel rules are not supported yet  cel-replicas/max-replicas',
        '',
        '✖ 6 problems (2 errors, 4 warnings)',
        '',
      ].join('\n'),
    );
  });

  it('github: one annotation of no file for the group, titled with the count, listing where the resources are', () => {
    const lines = github(floodReport()).split('\n');
    expect(lines[0]).toBe(
      '::warning title=cel-replicas/max-replicas (3 resources)::rule could not be evaluated: validate.cel rules are not supported yet%0AResources: a.yaml:1, b.yaml:4, c.yaml:1',
    );
    expect(lines.filter((line) => line.startsWith('::'))).toHaveLength(4);
  });

  it('github: lists ten places of a large group and counts the others', () => {
    const many = Array.from({ length: 12 }, (_, index) => celError(`m${index}.yaml`));
    const line = github({ ...floodReport(), findings: many });
    expect(line).toContain('title=cel-replicas/max-replicas (12 resources)');
    expect(line).toContain('m9.yaml:1, and 2 more\n');
    expect(line.split('\n')).toHaveLength(2);
  });

  it('summary: one line per reason with the count of resources, the headline counting every evaluation', () => {
    const text = summary(floodReport());
    expect(text).toContain('- 4 rule evaluations could not complete');
    expect(text).toContain('  - `cel-replicas/max-replicas` on 3 resources (a.yaml:1, b.yaml:4, c.yaml:1): rule could not be evaluated: validate.cel rules are not supported yet\n');
    expect(text).toContain('  - `live-lookup/check-quota` on c.yaml:1: rule could not be evaluated: Unknown key "quota" in path\n');
  });

  it('json: every member carries the group key and size; other findings null', () => {
    const findings: { ruleId: string; status: string; group: { key: string; size: number } | null }[] = JSON.parse(json(floodReport())).findings;
    expect(findings).toHaveLength(6);
    const members = findings.filter((finding) => finding.ruleId === 'cel-replicas/max-replicas');
    expect(members).toHaveLength(3);
    expect(new Set(members.map((finding) => finding.group?.key)).size).toBe(1);
    expect(members.every((finding) => finding.group?.size === 3 && /^[0-9a-f]{16}$/.test(finding.group.key))).toBe(true);
    expect(findings.filter((finding) => finding.ruleId !== 'cel-replicas/max-replicas').map((finding) => finding.group)).toEqual([null, null, null]);
  });

  it('sarif: every member carries the group in its property bag', () => {
    const results = toSarif(floodReport(), PLAIN).runs[0].results;
    expect(results).toHaveLength(6);
    const grouped = results.filter((result) => result.properties !== undefined);
    expect(grouped.map((result) => [result.ruleId, result.properties?.groupSize])).toEqual([
      ['cel-replicas/max-replicas', 3],
      ['cel-replicas/max-replicas', 3],
      ['cel-replicas/max-replicas', 3],
    ]);
    expect(new Set(grouped.map((result) => result.properties?.group)).size).toBe(1);
  });
});
