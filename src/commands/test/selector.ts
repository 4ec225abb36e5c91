/**
 * @file `kyverno test --test-case-selector` (kyverno/kyverno cmd/cli/kubectl-kyverno/test/filter/filter.go):
 * comma-separated `policy=`, `rule=`, `resource=` filters with `*`/`?` wildcards. A result is selected when
 * every filter accepts it; `resource=` values other than `*` also replace the results' `resources` lists.
 */
import { wildcardMatch } from '../../util/wildcard.js';
import type { TestResult } from './test-file.js';

interface Filter {
  key: 'policy' | 'rule' | 'resource';
  value: string;
}

export interface TestCaseSelector {
  filters: Filter[];
  /** Problems with the selector text; reported, but they do not stop the run. */
  errors: string[];
  /** `resource=` values (up to the first `*`) that replace every selected result's `resources`. */
  resourceOverride: string[];
}

/** Parses the selector text (`ParseFilter` and `ExtractResourceFilters`). */
export function parseTestCaseSelector(text: string): TestCaseSelector {
  const filters: Filter[] = [];
  const errors: string[] = [];
  if (text !== '') {
    for (const item of text.split(',')) {
      const parts = item.split('=');
      if (parts.length !== 2) {
        errors.push(`Invalid test-case-selector argument (${item}). Parameter must be in the form \`<key>=<value>\`.`);
        continue;
      }
      const key = parts[0].trim();
      const value = parts[1].trim();
      if (key === 'policy' || key === 'rule' || key === 'resource') filters.push({ key, value });
      else errors.push(`Invalid test-case-selector (${item}). Parameter can only be policy, rule or resource.`);
    }
  }
  const resourceOverride: string[] = [];
  if (errors.length === 0) {
    for (const filter of filters) {
      if (filter.key !== 'resource') continue;
      if (filter.value === '*') break;
      resourceOverride.push(filter.value);
    }
  }
  return { filters, errors, resourceOverride };
}

function accepts(filter: Filter, result: TestResult): boolean {
  switch (filter.key) {
    case 'policy':
      return result.policy === '' || wildcardMatch(filter.value, result.policy);
    case 'rule':
      return result.rule === '' || wildcardMatch(filter.value, result.rule);
    case 'resource':
      return !result.resources || result.resources.length === 0 || result.resources.some((resource) => wildcardMatch(filter.value, resource));
  }
}

/** The results the selector keeps, with `resources` replaced when the selector names resources. */
export function selectResults(selector: TestCaseSelector, results: readonly TestResult[]): TestResult[] {
  const selected = results.filter((result) => selector.filters.every((filter) => accepts(filter, result)));
  if (selector.resourceOverride.length === 0) return selected;
  return selected.map((result) => ({ ...result, resources: [...selector.resourceOverride] }));
}
