/**
 * @file Kyverno's matching functions: pattern_match (Kyverno wildcards `*` and `?` on the whole
 * string, numbers rendered with float32 precision) and label_match (every key of the selector
 * present in the labels with an equal value).
 */
import { wildcardMatch } from '../../../util/wildcard.js';
import { deepEqual } from '../values.js';
import { ifaceToString } from './go-numbers.js';
import type { KyvernoFunction } from './kyverno-function.js';

const OBJECT = { types: ['object'] } as const;

function labelMatch(selector: Record<string, unknown>, labels: Record<string, unknown>): boolean {
  for (const key of Object.keys(selector)) {
    if (!Object.prototype.hasOwnProperty.call(labels, key) || !deepEqual(labels[key], selector[key])) return false;
  }
  return true;
}

export const MATCH_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'pattern_match',
    args: [{ types: ['string'] }, { types: ['string', 'number'] }],
    handler: ([pattern, src]) => wildcardMatch(pattern as string, ifaceToString(src)!),
    returnType: ['bool'],
    note: "'*' matches zero or more alphanumeric characters, '?' matches a single alphanumeric character",
  },
  {
    name: 'label_match',
    args: [OBJECT, OBJECT],
    handler: ([selector, labels]) => labelMatch(selector as Record<string, unknown>, labels as Record<string, unknown>),
    returnType: ['bool'],
    note: 'object arguments must be enclosed in backticks; ex. `{{request.object.spec.template.metadata.labels}}`',
  },
];
