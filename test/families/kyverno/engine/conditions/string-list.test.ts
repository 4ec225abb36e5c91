/**
 * @file JSON string lists in condition values, decoded as Go's `json.Unmarshal` into `[]string`.
 */
import { describe, expect, it } from 'vitest';
import { decodeStringList, type StringListDecoding } from '../../../../../src/families/kyverno/engine/conditions/string-list.js';

describe('decodeStringList', () => {
  it.each<[string, StringListDecoding]>([
    ['["a", "b"]', { kind: 'list', list: ['a', 'b'] }],
    [' [ ] ', { kind: 'list', list: [] }],
    ['null', { kind: 'list', list: [] }],
    ['["a", null]', { kind: 'list', list: ['a', ''] }],
    ['["a", 1]', { kind: 'not-a-string-list' }],
    ['"a"', { kind: 'not-a-string-list' }],
    ['123', { kind: 'not-a-string-list' }],
    ['true', { kind: 'not-a-string-list' }],
    ['{"a":1}', { kind: 'not-a-string-list' }],
    ['[["a"]]', { kind: 'not-a-string-list' }],
    ['a', { kind: 'invalid-json' }],
    ['["a",]', { kind: 'invalid-json' }],
    ['', { kind: 'invalid-json' }],
  ])('%j', (text, expected) => {
    expect(decodeStringList(text)).toEqual(expected);
  });
});
