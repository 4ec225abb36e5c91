/**
 * @file Differential test of the compiled evaluation of the `kyverno.io` family against the reference
 * interpreter: JMESPath queries (closures vs the AST walk), conditions (compiled operators and constant
 * operands vs the handlers), and variable substitution (substitution plans and prepared queries vs the
 * traversal of the document), on the Kyverno oracle vectors and the JMESPath compliance suite of the
 * shared corpus. Every outcome must be identical: values (types, Go integers, typed slices, key order),
 * errors (kind and message), condition results and messages.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ConditionFailure,
  type ConditionSubstitute,
  SubstituteFailure,
  tryEvaluateConditions,
} from '../../../../src/families/kyverno/engine/conditions/index.js';
import { inEvaluationMode } from '../../../../src/families/kyverno/engine/evaluation-mode.js';
import { JsonContext } from '../../../../src/families/kyverno/engine/context/index.js';
import { SubstitutionFailure, trySubstituteAll } from '../../../../src/families/kyverno/engine/variables/index.js';
import { ExpRef, JmesPathError, NotFound, compileJmesPath, goTypeName } from '../../../../src/lang/jmespath/index.js';
import type { JsonObject, JsonValue } from '../../../../src/types.js';
import { corpusAvailable, readComplianceCases, readOracleVectors } from '../../../lang/jmespath/corpus.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const conditionsFile = path.resolve(repoRoot, '../shared/corpus/kyverno-oracle/conditions.jsonl');
const conditionsAvailable = existsSync(conditionsFile);
if (!conditionsAvailable) console.warn(`compiled-vs-reference conditions skipped: ${conditionsFile} is missing`);

/** A value written out with everything that tells two evaluations apart: Go types, -0, NaN, key order. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (value instanceof NotFound) return `NotFound(${JSON.stringify(value.key)})`;
  if (value instanceof ExpRef) return 'ExpRef';
  switch (typeof value) {
    case 'number':
      return Object.is(value, -0) ? 'f:-0' : `f:${String(value)}`;
    case 'bigint':
      return `i:${value}`;
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return String(value);
    case 'object':
      if (Array.isArray(value)) return `${goTypeName(value)}[${value.map(describeValue).join(',')}]`;
      return `{${Object.keys(value)
        .map((key) => `${JSON.stringify(key)}:${describeValue((value as Record<string, unknown>)[key])}`)
        .join(',')}}`;
    default:
      return typeof value;
  }
}

/** The outcome of a call: its value, or the class and message of what it threw. */
function outcome(run: () => unknown): string {
  try {
    const value = run();
    if (value instanceof ConditionFailure) return `ConditionFailure(${value.message})`;
    if (value instanceof SubstitutionFailure) return `SubstitutionFailure(${value.message})`;
    return describeValue(value);
  } catch (err) {
    if (err instanceof JmesPathError) return `JmesPathError ${err.kind}: ${err.message}`;
    if (err instanceof Error) return `${err.name}: ${err.message}`;
    throw err;
  }
}

/** An expression and the data it is searched on. */
interface QueryCase {
  expression: string;
  data: unknown;
}

/** Runs each query through the closures and the interpreter; returns the cases where they differ. */
function queryDifferences(cases: readonly QueryCase[]): string[] {
  const differences: string[] = [];
  for (const { expression, data } of cases) {
    let compiled;
    try {
      compiled = compileJmesPath(expression);
    } catch (err) {
      if (err instanceof JmesPathError) continue;
      throw err;
    }
    if (!compiled.deterministic) continue;
    const viaClosures = outcome(() => compiled.evaluate(data));
    const viaInterpreter = outcome(() => compiled.interpret(data));
    if (viaClosures !== viaInterpreter) differences.push(`${expression} on ${JSON.stringify(data)}: ${viaClosures} ≠ ${viaInterpreter}`);
  }
  return differences;
}

describe.skipIf(!corpusAvailable('kyverno-oracle'))('JMESPath: closures against the AST interpreter', () => {
  it('gives identical results and errors on every functions.jsonl vector', () => {
    const vectors = readOracleVectors();
    expect(vectors.length).toBeGreaterThan(1000);
    expect(queryDifferences(vectors.map((v) => ({ expression: v.expr, data: v.data })))).toEqual([]);
  });
});

describe.skipIf(!corpusAvailable('jmespath-compliance'))('JMESPath: closures against the AST interpreter', () => {
  it('gives identical results and errors on every case of the compliance suite', () => {
    const cases = readComplianceCases();
    expect(cases.length).toBeGreaterThan(500);
    expect(queryDifferences(cases.map((c) => ({ expression: c.expression, data: c.given })))).toEqual([]);
  });
});

interface ConditionVector {
  key: JsonValue;
  operator: string;
  value: JsonValue;
}

/** The substitute of a rule environment on `context` (rule-environment.ts `substituteCondition`). */
function conditionSubstitute(context: JsonContext): ConditionSubstitute {
  const substitute = (document: JsonValue): JsonValue | SubstituteFailure => {
    const result = trySubstituteAll(document, context, { operation: 'CREATE' });
    return result instanceof SubstitutionFailure ? new SubstituteFailure(result.message) : result;
  };
  return Object.assign(substitute, { keepsConstants: true });
}

/** The condition blocks a vector is evaluated in: operands written out, or read from the context by variables. */
function conditionBlocks(vector: ConditionVector): JsonValue[] {
  const written = { key: vector.key, operator: vector.operator, value: vector.value, message: 'm' };
  return [
    [written],
    { any: [{ ...written, key: '{{ k }}' }] },
    { all: [{ ...written, value: '{{ v }}' }] },
    { any: [{ key: '{{ k }}', operator: vector.operator, value: '{{ v }}' }], all: [written] },
    // A variable inside a list or map operand; an unresolvable variable.
    [{ ...written, value: Array.isArray(vector.value) ? [...vector.value, '{{ k }}'] : vector.value }],
    [{ ...written, key: '{{ missing }}' }],
  ];
}

/**
 * Evaluates a block three times compiled (the first run compiles its documents and conditions, the others
 * reuse them), then with the reference interpreter.
 */
function conditionDifference(block: JsonValue, context: JsonContext): string | null {
  const substitute = conditionSubstitute(context);
  const runs = [0, 1, 2].map(() => outcome(() => tryEvaluateConditions(block, substitute)));
  const reference = inEvaluationMode(true, (conditions, substitutes) => outcome(() => tryEvaluateConditions(conditions, substitutes)), block, substitute);
  const differing = runs.find((run) => run !== reference);
  return differing === undefined ? null : `${JSON.stringify(block)}: ${differing} ≠ ${reference}`;
}

describe.skipIf(!conditionsAvailable)('conditions: compiled against the reference interpreter', () => {
  const vectors: ConditionVector[] = conditionsAvailable
    ? readFileSync(conditionsFile, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as ConditionVector)
    : [];

  it('gives identical outcomes on every conditions.jsonl vector, operands written or substituted', () => {
    expect(vectors.length).toBeGreaterThan(1000);
    const differences: string[] = [];
    for (const vector of vectors) {
      const context = new JsonContext({ k: vector.key, v: vector.value } as JsonObject);
      for (const block of conditionBlocks(vector)) {
        const difference = conditionDifference(block, context);
        if (difference !== null) differences.push(difference);
      }
    }
    expect(differences).toEqual([]);
  });
});

describe('variable substitution: compiled against the reference interpreter', () => {
  const context = new JsonContext({
    request: {
      operation: 'DELETE',
      object: { metadata: { name: 'web', labels: { app: 'nginx' } }, spec: { replicas: 3 } },
      oldObject: { metadata: { name: 'old', labels: { app: 'httpd' } }, spec: { replicas: 2 } },
    },
    list: ['a', 'b'],
    nested: '{{ request.object.metadata.name }}',
    big: 9007199254740993n,
  } as unknown as JsonObject);

  const documents: JsonValue[] = [
    { name: '{{ request.object.metadata.name }}', kept: { deep: ['x', 1, true] }, n: 2 },
    { labels: '{{ request.object.metadata.labels }}', text: 'app={{ request.object.metadata.labels.app }} x' },
    { '{{ request.object.metadata.name }}-key': 'v', list: ['{{ list }}', 'a{{list}}b', '\\{{ escaped }}'] },
    { indirect: '{{ nested }}', shallow: '{{- nested }}', big: '{{ big }}', sum: 'n={{ big }}' },
    { missing: ['ok', '{{ request.object.missing }}'] },
    { bad: '{{ request.object.[ }}' },
    { at: { spec: { replicas: '{{@}}' } } },
    { ref: { a: 'x', b: '$(a)' }, v: '{{ list }}' },
    ['{{ request.object.spec.replicas }}', { k: [{ j: '{{ request.operation }}' }] }],
    { key: { '{{ list }}': 1 } },
  ];

  it.each(documents.map((document, i) => [i, document] as const))('document %i', (_i, document) => {
    const runs = [0, 1, 2].map(() => outcome(() => trySubstituteAll(document, context)));
    const reference = inEvaluationMode(true, (value, from) => outcome(() => trySubstituteAll(value, from)), document, context);
    expect(runs).toEqual([reference, reference, reference]);
  });

  it('shares the members without variables with the document', () => {
    const document = documents[0] as JsonObject;
    for (let i = 0; i < 2; i++) trySubstituteAll(document, context);
    const substituted = trySubstituteAll(document, context) as JsonObject;
    expect(substituted['name']).toBe('old');
    expect(substituted['kept']).toBe(document['kept']);
  });
});
