import { Duration } from '@marcbachmann/cel-js/evaluator';
import { describe, it } from 'vitest';
import { listsLibrary } from '../../../../src/lang/cel/kubernetes/lists.js';
import { type Case, expectOutcome } from './run.js';

const libraries = [listsLibrary];

const seconds = (s: number): Duration => new Duration(BigInt(s), 0);
const date = (s: string): Date => new Date(`${s}T00:00:00Z`);

/** The object of validation_test.go "stdlib list functions", typed as its schema types it. */
const self = {
  ints: [1n, 2n, 2n, 3n],
  unsortedInts: [2n, 1n],
  emptyInts: [],
  doubles: [1, 2, 2, 3],
  unsortedDoubles: [2, 1],
  emptyDoubles: [],
  intBackedDoubles: [1, 2, 2, 3],
  unsortedIntBackedDDoubles: [2, 1],
  emptyIntBackedDDoubles: [],
  durations: [seconds(1), seconds(60), seconds(60), seconds(3600)],
  unsortedDurations: [seconds(60), seconds(1)],
  emptyDurations: [],
  strings: ['a', 'b', 'b', 'c'],
  unsortedStrings: ['b', 'a'],
  emptyStrings: [],
  dates: [date('2000-01-01'), date('2000-02-01'), date('2000-02-01'), date('2010-01-01')],
  unsortedDates: [date('2000-02-01'), date('2000-01-01')],
  emptyDates: [],
  objs: [
    { f1: 'a', f2: 'a' },
    { f1: 'a', f2: 'b' },
    { f1: 'a', f2: 'b' },
    { f1: 'a', f2: 'c' },
  ],
};

/** k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go, "stdlib list functions": `valid`. */
const valid = [
  'self.ints.sum() == 8',
  'self.ints.min() == 1',
  'self.ints.max() == 3',
  'self.emptyInts.sum() == 0',
  'self.ints.isSorted()',
  'self.emptyInts.isSorted()',
  'self.unsortedInts.isSorted() == false',
  'self.ints.indexOf(2) == 1',
  'self.ints.lastIndexOf(2) == 2',
  'self.ints.indexOf(10) == -1',
  'self.ints.lastIndexOf(10) == -1',
  'self.doubles.sum() == 8.0',
  'self.doubles.min() == 1.0',
  'self.doubles.max() == 3.0',
  'self.emptyDoubles.sum() == 0.0',
  'self.doubles.isSorted()',
  'self.emptyDoubles.isSorted()',
  'self.unsortedDoubles.isSorted() == false',
  'self.doubles.indexOf(2.0) == 1',
  'self.doubles.lastIndexOf(2.0) == 2',
  'self.doubles.indexOf(10.0) == -1',
  'self.doubles.lastIndexOf(10.0) == -1',
  'self.intBackedDoubles.sum() == 8.0',
  'self.intBackedDoubles.min() == 1.0',
  'self.intBackedDoubles.max() == 3.0',
  'self.emptyIntBackedDDoubles.sum() == 0.0',
  'self.intBackedDoubles.isSorted()',
  'self.emptyDoubles.isSorted()',
  'self.unsortedIntBackedDDoubles.isSorted() == false',
  'self.intBackedDoubles.indexOf(2.0) == 1',
  'self.intBackedDoubles.lastIndexOf(2.0) == 2',
  'self.intBackedDoubles.indexOf(10.0) == -1',
  'self.intBackedDoubles.lastIndexOf(10.0) == -1',
  "self.durations.sum() == duration('1h2m1s')",
  "self.durations.min() == duration('1s')",
  "self.durations.max() == duration('1h')",
  'self.durations.isSorted()',
  'self.emptyDurations.isSorted()',
  'self.unsortedDurations.isSorted() == false',
  "self.durations.indexOf(duration('1m')) == 1",
  "self.durations.lastIndexOf(duration('1m')) == 2",
  "self.durations.indexOf(duration('2m')) == -1",
  "self.durations.lastIndexOf(duration('2m')) == -1",
  "self.strings.min() == 'a'",
  "self.strings.max() == 'c'",
  'self.strings.isSorted()',
  'self.emptyStrings.isSorted()',
  'self.unsortedStrings.isSorted() == false',
  "self.strings.indexOf('b') == 1",
  "self.strings.lastIndexOf('b') == 2",
  "self.strings.indexOf('x') == -1",
  "self.strings.lastIndexOf('x') == -1",
  "self.dates.min() == timestamp('2000-01-01T00:00:00.000Z')",
  "self.dates.max() == timestamp('2010-01-01T00:00:00.000Z')",
  'self.dates.isSorted()',
  'self.emptyDates.isSorted()',
  'self.unsortedDates.isSorted() == false',
  "self.dates.indexOf(timestamp('2000-02-01T00:00:00.000Z')) == 1",
  "self.dates.lastIndexOf(timestamp('2000-02-01T00:00:00.000Z')) == 2",
  "self.dates.indexOf(timestamp('2005-02-01T00:00:00.000Z')) == -1",
  "self.dates.lastIndexOf(timestamp('2005-02-01T00:00:00.000Z')) == -1",
  '[[1], [2]].indexOf([1]) == 0',
  "[{'a': 1}, {'b': 2}].lastIndexOf({'b': 2}) == 1",
  'self.objs.indexOf(self.objs[1]) == 1',
  'self.objs.lastIndexOf(self.objs[1]) == 2',
  '([0] + self.emptyInts).min() == 0',
  'dyn([]).sum() == 0',
  'dyn([1, 2]).sum() == 3',
  'dyn([1.0, 2.0]).sum() == 3.0',
  '[].sum() == 0',
];

/** The same test's `errors`: runtime errors, and compile errors for element types the functions do not take. */
const errors: Case[] = [
  ['self.emptyInts.min() == 1', { runtimeError: 'min called on empty list' }],
  ['self.emptyInts.max() == 3', { runtimeError: 'max called on empty list' }],
  ['self.emptyDoubles.min() == 1.0', { runtimeError: 'min called on empty list' }],
  ['self.emptyDoubles.max() == 3.0', { runtimeError: 'max called on empty list' }],
  ["self.emptyStrings.min() == 'a'", { runtimeError: 'min called on empty list' }],
  ["self.emptyStrings.max() == 'c'", { runtimeError: 'max called on empty list' }],
  ["['a', 'b'].sum() == 'c'", { compileError: /found no matching overload for 'list\.sum\(\)'/ }],
  ['[[1], [2]].min() == [1]', { compileError: /found no matching overload for 'list\.min\(\)'/ }],
  ["[{'a': 1}, {'b': 2}].max() == {'b': 2}", { compileError: /found no matching overload for 'list\.max\(\)'/ }],
];

/** lists.go documented examples, and values of the element types the test above does not reach. */
const more: Case[] = [
  ['[1, 2, 3].isSorted()', { value: true }],
  ["['a', 'b', 'b', 'c'].isSorted()", { value: true }],
  ['[2.0, 1.0].isSorted()', { value: false }],
  ['[1].isSorted()', { value: true }],
  ['[].isSorted()', { value: true }],
  ['[1, 3].sum()', { value: 4n }],
  ['[1.0, 3.0].sum()', { value: 4 }],
  ['[1u, 3u].sum() == 4u', { value: true }],
  ['[1, 3].min()', { value: 1n }],
  ['[1, 3].max()', { value: 3n }],
  ['[1].min()', { value: 1n }],
  ['[].min()', { runtimeError: 'min called on empty list' }],
  ['[true, false].min()', { value: false }],
  ['[true, false].isSorted()', { value: false }],
  ["[b'b', b'a'].min() == b'a'", { value: true }],
  ["['b', 'é', 'a'].max()", { value: 'é' }],
  // Go compares strings by UTF-8 bytes (code points), not by UTF-16 units.
  ["['\\uffff', '\\U0001f600'].max()", { value: '\u{1f600}' }],
  ['[9223372036854775807, 1].sum()', { runtimeError: 'integer overflow' }],
  ['[[1]].isSorted()', { compileError: /no matching overload/ }],
  ['[null].sum()', { compileError: /no matching overload/ }],
  // JSON numbers are doubles: a list of them sums to a double that compares with ints.
  ['object.replicas.sum() == 6', { value: true }],
  ['object.replicas.map(r, r).sum() == 6', { value: true }],
  ['object.replicas.min() < 2', { value: true }],
  ['object.names.max()', { value: 'b' }],
  ['object.names.sum()', { runtimeError: /no matching overload|no such overload/ }],
  ['object.mixed.sum()', { runtimeError: 'no such overload' }],
  ['object.maps.min()', { runtimeError: /no matching overload|no such overload/ }],
];

describe('Lists library', () => {
  // "self.emptyDurations.sum() == duration('0')": the schema types the empty list list<duration>, which selects
  // the duration overload statically (a dyn empty list sums to the int 0, as in cel-go). cel-js's duration() does
  // not take a bare '0' (Go's time.ParseDuration does).
  it("emptyDurations.sum() == duration('0s')", () =>
    expectOutcome(libraries, "emptyDurations.sum() == duration('0s')", { value: true }, { emptyDurations: [] }, { emptyDurations: 'list<google.protobuf.Duration>' }),
  );
  it.each(valid)('%s', (expression) => expectOutcome(libraries, expression, { value: true }, { self }, { self: 'dyn' }));
  it.each(errors)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome, { self }, { self: 'dyn' }));
  it.each(more)('%s', (expression, outcome) =>
    expectOutcome(
      libraries,
      expression,
      outcome,
      { object: { replicas: [1, 2, 3], names: ['a', 'b'], mixed: [1, 'a'], maps: [{}, {}] } },
      { object: 'dyn' },
    ),
  );
});
