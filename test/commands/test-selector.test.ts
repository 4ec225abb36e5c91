import { describe, expect, it } from 'vitest';
import type { TestResult } from '../../src/commands/test/test-file.js';
import { parseTestCaseSelector, selectResults } from '../../src/commands/test/selector.js';

const result = (policy: string, rule: string, resources?: string[]): TestResult => ({
  index: 0,
  policy,
  rule,
  resources,
  result: 'pass',
  kind: 'Pod',
  failOnMissingResources: false,
});

const results = [
  result('require-labels', 'check-team', ['web', 'db']),
  result('disallow-latest', 'validate-image-tag', ['web']),
  result('disallow-latest', '', ['api']),
  result('', 'check-team'),
];

describe('--test-case-selector', () => {
  it.each([
    { selector: '', kept: [0, 1, 2, 3] },
    { selector: 'policy=disallow-*', kept: [1, 2, 3] },
    { selector: 'policy=require-labels, rule=check-*', kept: [0, 3] },
    { selector: 'rule=validate-image-?ag', kept: [1, 2] },
    { selector: 'resource=db', kept: [0, 3] },
    { selector: 'resource=*', kept: [0, 1, 2, 3] },
  ])('selects with "$selector"', ({ selector, kept }) => {
    const parsed = parseTestCaseSelector(selector);
    expect(parsed.errors).toEqual([]);
    const selected = selectResults(parsed, results);
    expect(selected.map((r) => results.findIndex((x) => x.policy === r.policy && x.rule === r.rule))).toEqual(kept);
  });

  it('replaces the resources of selected results with the resource filter value', () => {
    const selected = selectResults(parseTestCaseSelector('resource=w*'), results);
    expect(selected.map((r) => r.resources)).toEqual([['w*'], ['w*'], ['w*']]);
  });

  it('keeps resources when the resource filter is *', () => {
    expect(selectResults(parseTestCaseSelector('resource=*'), results)[0].resources).toEqual(['web', 'db']);
  });

  it.each([
    { selector: 'policy', error: 'Invalid test-case-selector argument (policy). Parameter must be in the form `<key>=<value>`.' },
    { selector: 'namespace=x', error: 'Invalid test-case-selector (namespace=x). Parameter can only be policy, rule or resource.' },
  ])('reports bad selectors without stopping: $selector', ({ selector, error }) => {
    const parsed = parseTestCaseSelector(`${selector},policy=require-labels`);
    expect(parsed.errors).toEqual([error]);
    expect(selectResults(parsed, results)).toHaveLength(2);
  });
});
