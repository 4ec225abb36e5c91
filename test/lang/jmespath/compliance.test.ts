import { describe, expect, it } from 'vitest';
import type { JmesPathErrorKind } from '../../../src/lang/jmespath/index.js';
import { goJsonStringify } from '../../../src/util/go-json.js';
import {
  type ComplianceCase,
  type OracleVector,
  corpusAvailable,
  readComplianceCases,
  readOracleVectors,
} from './corpus.js';
import { type Outcome, evaluate, pendingKyvernoFunctions, sameResult } from './expectations.js';

/** An expected outcome: a result, or an error of a kind (with its exact text when known). */
type Expected = { result: unknown } | { kind: JmesPathErrorKind; error?: string };

/**
 * Cases of the jmespath.test suite where Kyverno's go-jmespath fork answers differently and the
 * oracle half in the corpus does not hold the case (the oracle's own `matches_spec: false` vectors
 * are taken from the oracle directly).
 */
const KNOWN_DIFFERENCES: Record<string, { expected: Expected; reason: string }> = {
  'basic foo.bar.bad': {
    expected: { kind: 'notFound', error: 'Unknown key "bad" in path' },
    reason: 'the fork raises NotFound for a missing object key',
  },
  'multiselect foo.badkey.{nokey: nokey, alsonokey: alsonokey}': {
    expected: { kind: 'notFound', error: 'Unknown key "badkey" in path' },
    reason: 'NotFound of the left side of a sub-expression propagates',
  },
  'syntax foo.[abc, def]': {
    expected: { kind: 'notFound', error: 'Unknown key "foo" in path' },
    reason: 'NotFound of the left side of a sub-expression propagates',
  },
  'syntax a.{foo: bar}': {
    expected: { kind: 'notFound', error: 'Unknown key "a" in path' },
    reason: 'NotFound of the left side of a sub-expression propagates',
  },
  'functions avg(empty_list)': {
    expected: { result: NaN },
    reason: 'go-jmespath divides by zero: avg([]) is NaN',
  },
  "literal '\\\\'": {
    expected: { kind: 'syntax', error: "SyntaxError: Unclosed delimiter: '" },
    reason: "go-jmespath's raw-string lexer only knows the \\' escape, so the closing quote is escaped",
  },
  'syntax [:::]': {
    expected: { result: null },
    reason: 'go-jmespath parses a slice with three colons (null on a non-array)',
  },
  'syntax @(foo)': {
    expected: { kind: 'runtime', error: 'interface conversion: interface {} is nil, not string' },
    reason: 'go-jmespath parses it as a call of a function without a name and panics when evaluating it',
  },
};

const ERROR_KINDS: Record<string, JmesPathErrorKind> = {
  syntax: 'syntax',
  'invalid-arity': 'runtime',
  'invalid-type': 'runtime',
  'invalid-value': 'runtime',
  'unknown-function': 'runtime',
};

const ORACLE_KINDS: Record<string, JmesPathErrorKind> = {
  compile: 'syntax',
  not_found: 'notFound',
  runtime: 'runtime',
  panic: 'runtime',
};

function oracleExpectation(vector: OracleVector): Expected {
  if (vector.result_special === 'NaN') return { result: NaN };
  if ('result' in vector) return { result: vector.result };
  return { kind: ORACLE_KINDS[vector.error_kind!]!, error: vector.error! };
}

function suiteExpectation(c: ComplianceCase): Expected {
  if (c.error !== undefined) return { kind: ERROR_KINDS[c.error]! };
  return { result: c.result ?? null };
}

function matches(actual: Outcome, expected: Expected): boolean {
  if ('result' in expected) return 'result' in actual && sameResult(actual.result, expected.result);
  if (!('error' in actual) || actual.kind !== expected.kind) return false;
  return expected.error === undefined || actual.error === expected.error;
}

describe.skipIf(!corpusAvailable('jmespath-compliance') || !corpusAvailable('kyverno-oracle'))(
  'jmespath.test compliance suite (Kyverno fork semantics)',
  () => {
    const cases = corpusAvailable('jmespath-compliance') ? readComplianceCases() : [];
    const oracle = new Map<string, OracleVector>();
    if (corpusAvailable('kyverno-oracle')) {
      for (const v of readOracleVectors()) {
        if (v.category === 'compliance') oracle.set(`${v.fn}\u0000${v.expr}\u0000${goJsonStringify(v.data)}`, v);
      }
    }

    it('has the 892 cases of the suite', () => {
      expect(cases).toHaveLength(892);
    });

    it.each(cases.map((c) => [`${c.file}: ${c.expression}`, c] as const))('%s', (_name, c) => {
      const vector = oracle.get(`${c.file}\u0000${c.expression}\u0000${goJsonStringify(c.given)}`);
      const known = KNOWN_DIFFERENCES[`${c.file} ${c.expression}`];
      const pending = pendingKyvernoFunctions(c.expression);
      let expected: Expected;
      if (vector !== undefined && pending.length === 0) expected = oracleExpectation(vector);
      else if (known !== undefined) expected = known.expected;
      else expected = suiteExpectation(c);
      const actual = evaluate(c.expression, c.given);
      expect(matches(actual, expected), `got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`).toBe(true);
    });
  },
);
