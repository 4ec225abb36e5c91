/**
 * @file Conditions whose value holds variables, translated with a dispatch on both operands' runtime types, agree
 * with the JMESPath family for every operator over keys and values of every JSON type (strings, wildcards, numbers,
 * numeric strings, bools, null, lists, JSON string lists, ranges, durations, quantities, maps, missing fields).
 * Where the translation declares it has no equivalent (a deliberate evaluation error), that is the only difference,
 * and it never happens for strings, bools, null and lists of them.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../src/types.js';
import { translateConditions } from '../../src/migrate/conditions.js';
import { type Outcome, type Request, USER, celEvaluator, celOutcome, kyvernoConditions } from './harness.js';

const data: Record<string, JsonValue> = {
  str: 'web',
  other: 'db',
  wild: 'w*',
  star: '*',
  question: 'we?',
  meta: 'a.b+c',
  empty: '',
  unicode: 'héllo',
  num: 3,
  numStr: '3',
  numStrFloat: '3.0',
  float: 1.5,
  big: 1000000,
  bool: true,
  boolStr: 'true',
  nul: null,
  list: ['web', 'db'],
  one: ['web'],
  wildList: ['w*', 'x'],
  mixed: ['web', 3, true, null],
  bools: [true, false],
  nested: [['a']],
  emptyList: [],
  map: { a: 'b' },
  jsonList: '["web", "db"]',
  jsonListNull: '["web", null]',
  jsonNull: 'null',
  jsonNum: '5',
  jsonStr: '"web"',
  jsonObj: '{"a": 1}',
  jsonBadArr: '[1, 2]',
  badJson: '[web',
  range: '1-5',
  dur: '90m',
  dur2: '1h30m',
  seconds: 5400,
  qty: '1Gi',
  qty2: '1024Mi',
  dns: 'nodes/proxy',
};

/** The values whose `fmt.Sprint` text CEL writes exactly: the translation must never give up on them. */
const EXACT = new Set(['str', 'other', 'wild', 'star', 'question', 'meta', 'empty', 'unicode', 'bool', 'nul', 'list', 'one', 'wildList', 'bools', 'emptyList', 'jsonList', 'jsonListNull', 'jsonNull', 'jsonStr', 'numStr', 'boolStr', 'dns', 'badJson']);

const resource: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'team-a' }, data: data as JsonObject };
const requests: Request[] = [{ resource, operation: 'CREATE', namespaceLabels: {}, userInfo: USER }];

const OPERATORS = ['Equals', 'NotEquals', 'AnyIn', 'AllIn', 'AnyNotIn', 'AllNotIn'] as const;
const LITERAL_KEYS: JsonValue[] = ['web', 'w*', '*', 'a.b+c', '', 3, '3', 1.5, true, 'true', null, ['web'], ['web', 'db'], ['w*'], ['web', 'x'], [], ['<nil>'], [true], '90m', '1Gi', { a: 'b' }];
const VALUE_FIELDS = [...Object.keys(data), 'missing'];
const KEY_FIELDS = ['str', 'wild', 'num', 'numStr', 'bool', 'nul', 'list', 'wildList', 'mixed', 'emptyList', 'map', 'dur', 'qty', 'jsonList', 'missing'];

const variable = (field: string): string => `{{ request.object.data.${field} }}`;

interface Tally {
  compared: number;
  agreed: number;
  deliberate: string[];
  disagreements: string[];
  outcomes: Set<Outcome>;
}

function compare(tally: Tally, label: string, key: JsonValue, operator: string, value: JsonValue, exact: boolean): void {
  const conditions: JsonValue = [{ key, operator, value }];
  const translated = translateConditions(conditions, { mayDelete: false }, ['c']);
  if (!translated.ok) {
    tally.disagreements.push(`${label}: untranslatable (${translated.untranslatable.reason})`);
    return;
  }
  const evaluate = celEvaluator(translated.value);
  for (const request of requests) {
    const kyverno = kyvernoConditions(conditions, request);
    const cel = evaluate(request);
    tally.compared++;
    tally.outcomes.add(kyverno);
    if (kyverno === cel) {
      tally.agreed++;
      continue;
    }
    // The only tolerated difference: the translation's deliberate error, never for exact operands.
    if (cel === 'error' && deliberate(translated.value, request) && !exact) tally.deliberate.push(`${label} ${request.operation}: kyverno ${String(kyverno)}`);
    else tally.disagreements.push(`${label} ${request.operation}: kyverno ${String(kyverno)}, cel ${String(cel)}`);
  }
}

/**
 * Whether the CEL evaluation failed on one of the translation's no-equivalent errors (`int("reason")`): with each
 * of them replaced by `0`, the evaluation no longer fails.
 */
function deliberate(expression: string, request: Request): boolean {
  const NO_EQUIVALENT = /int\("(?:[^"\\]|\\.)*[^0-9"](?:[^"\\]|\\.)*"\)/g;
  if (!NO_EQUIVALENT.test(expression)) return false;
  return celOutcome(expression.replace(NO_EQUIVALENT, '0'), request) !== 'error';
}

function tally(): Tally {
  return { compared: 0, agreed: 0, deliberate: [], disagreements: [], outcomes: new Set() };
}

describe('condition values with variables', () => {
  it.each(OPERATORS)('%s with a literal key agrees with the JMESPath family', (operator) => {
    const t = tally();
    for (const key of LITERAL_KEYS) {
      for (const field of VALUE_FIELDS) {
        const exact = EXACT.has(field) && (typeof key === 'string' || typeof key === 'boolean' || key === null || (Array.isArray(key) && key.every((k) => typeof k === 'string' || typeof k === 'boolean')));
        compare(t, `${JSON.stringify(key)} ${operator} ${field}`, key, operator, variable(field), exact);
      }
    }
    expect(t.disagreements).toEqual([]);
    expect(t.outcomes).toEqual(new Set([true, false, 'error']));
    expect(t.deliberate.length).toBeLessThan(t.compared / 10);
  });

  it.each(OPERATORS)('%s with a key holding variables agrees with the JMESPath family', (operator) => {
    const t = tally();
    for (const keyField of KEY_FIELDS) {
      for (const field of VALUE_FIELDS) {
        compare(t, `${keyField} ${operator} ${field}`, variable(keyField), operator, variable(field), EXACT.has(keyField) && EXACT.has(field));
      }
    }
    expect(t.disagreements).toEqual([]);
    expect(t.outcomes).toEqual(new Set([true, false, 'error']));
    expect(t.deliberate.length).toBeLessThan(t.compared / 10);
  });
});
