import { describe, expect, it } from 'vitest';
import { JsonContext } from '../../../../../src/families/kyverno/engine/context/index.js';
import {
  SubstitutionError,
  hasVariables,
  substituteAll,
  substituteReferences,
} from '../../../../../src/families/kyverno/engine/variables/index.js';
import type { JsonObject, JsonValue } from '../../../../../src/types.js';

function withResource(resource: JsonObject): JsonContext {
  const ctx = new JsonContext();
  ctx.setResource(resource);
  return ctx;
}

function failure(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(SubstitutionError);
    return (err as Error).message;
  }
  throw new Error('substitution did not fail');
}

const temp = { metadata: { name: 'temp', namespace: 'n1', annotations: { test: 'name' } }, spec: { namespace: 'n1', name: 'temp1' } };

/** Kyverno vars_test.go `variableObject`. */
const variableObject: JsonObject = {
  complex_object_array: ['value1', 'value2', 'value3'],
  complex_object_map: { key1: 'value1', key2: 'value2', key3: 'value3' },
  simple_object_bool: false,
  simple_object_int: 5,
  simple_object_float: -5.5,
  simple_object_string: 'example',
  simple_object_null: null,
};

describe('{{ }} variables (Kyverno vars_test.go)', () => {
  const ctx = withResource(variableObject);

  it.each<[string, JsonValue]>([
    ['{{ request.object.simple_object_null }}', null],
    ['content = {{ request.object.simple_object_null }}', 'content = null'],
    ['{{ request.object.complex_object_array }}', ['value1', 'value2', 'value3']],
    ['content is {{ request.object.complex_object_map }}', 'content is {"key1":"value1","key2":"value2","key3":"value3"}'],
    ['{{ request.object.simple_object_int }}', 5],
    ['content = {{ request.object.simple_object_int }}', 'content = 5'],
    ['{{ request.object.simple_object_bool }}', false],
    ['content = {{ request.object.simple_object_bool }}', 'content = false'],
    ['{{ request.object.simple_object_string }}', 'example'],
    ['content = {{ request.object.simple_object_string }}', 'content = example'],
    ['x {{ request.object.simple_object_float }}', 'x -5.5'],
    ['{{request.object.simple_object_string}}{{request.object.simple_object_int}}', 'example5'],
    ['{{a}} and {{b}}'.replace('{{a}}', '{{ request.object.simple_object_int }}').replace('{{b}}', '{{ request.object.simple_object_bool }}'), '5 and false'],
    [' {{ request.object.simple_object_int }}', ' 5'],
  ])('%j', (pattern, expected) => {
    expect(substituteAll({ spec: { content: pattern } }, ctx)).toEqual({ spec: { content: expected } });
  });

  it('substitutes every string of a document', () => {
    const pattern: JsonObject = {
      kind: '{{request.object.metadata.name}}',
      name: 'ns-owner-{{request.object.metadata.name}}',
      data: { rules: [{ apiGroups: ['{{request.object.metadata.name}}'], verbs: ['*'] }] },
    };
    expect(substituteAll(pattern, withResource(temp))).toEqual({
      kind: 'temp',
      name: 'ns-owner-temp',
      data: { rules: [{ apiGroups: ['temp'], verbs: ['*'] }] },
    });
    expect(pattern.kind).toBe('{{request.object.metadata.name}}');
  });

  it('fails on an unknown key with the path of the string', () => {
    const pattern = { data: { rules: [{ resourceNames: ['{{request.object.metadata.name1}}'] }] } };
    expect(failure(() => substituteAll(pattern, withResource(temp)))).toBe(
      'failed to resolve request.object.metadata.name1 at path /data/rules/0/resourceNames/0: JMESPath query failed: Unknown key "name1" in path',
    );
  });

  it.each<[string, string]>([
    ['{{ nofn(`1`) }}', 'failed to resolve nofn(`1`) at path : JMESPath query failed: unknown function: nofn'],
    ['{{ a. }}', 'failed to resolve a. at path : incorrect query a.: SyntaxError: Expected identifier, lbracket, or lbrace'],
    ['x {{ avg(`[]`) }}', 'failed to resolve avg(`[]`) at path : failed to marshal float64: NaN'],
    ['{{ length(missing) }}', 'failed to resolve length(missing) at path : JMESPath query failed: Invalid type for: <nil>, expected: []jmespath.JpType{"string", "array", "object"}'],
  ])('reports %j as Kyverno does', (pattern, message) => {
    expect(failure(() => substituteAll(pattern, withResource(temp)))).toBe(message);
  });

  it('resolves nested variables innermost first', () => {
    const ctx = withResource(temp);
    expect(substituteAll('{{request.object.metadata.{{request.object.metadata.annotations.test}}}}', ctx)).toBe('temp');
    expect(failure(() => substituteAll('{{request.object.metadata.{{request.object.metadata.annotations.test2}}}}', ctx))).toBe(
      'failed to resolve request.object.metadata.annotations.test2 at path : JMESPath query failed: Unknown key "test2" in path',
    );
    expect(() => substituteAll('{{request.object.metadata2.{{request.object.metadata.annotations.test}}}}', ctx)).toThrow(
      SubstitutionError,
    );
  });

  it('reads variables with one level of braces, leaves two levels as text', () => {
    const ctx = withResource(temp);
    expect(substituteAll("{{ {n: request.object.metadata.name} }}", ctx)).toEqual({ n: 'temp' });
    expect(substituteAll('{{ {a: {b: c}} }}', ctx)).toBe('{{ {a: {b: c}} }}');
  });

  it('pastes an inner result inside the raw string of an outer query', () => {
    const ctx = withResource({ metadata: { labels: { 'corp.org/version': 'v1.2' } } });
    const pattern = "{{ starts_with('{{request.object.metadata.labels.\"corp.org/version\" || 'empty'}}', 'v') }}";
    expect(substituteAll(pattern, ctx)).toBe(true);
  });

  it('substitutes the values it inserted', () => {
    const ctx = new JsonContext({ inner: 'deep', outer: { text: 'value is {{ inner }}' } });
    expect(substituteAll('{{ outer }}', ctx)).toEqual({ text: 'value is deep' });
  });

  it('substitutes keys', () => {
    const ctx = withResource(temp);
    expect(substituteAll({ '{{ request.object.metadata.name }}': 1, plain: 2 }, ctx)).toEqual({ temp: 1, plain: 2 });
    expect(substituteAll({ '{{ request.object.spec.nothing || `null` }}': 1 }, ctx)).toEqual({
      '{{ request.object.spec.nothing || `null` }}': 1,
    });
    expect(failure(() => substituteAll({ '{{ request.object.spec }}': 1 }, ctx))).toBe(
      'expected string after substituting variables in key "{{ request.object.spec }}"',
    );
    expect(failure(() => substituteAll({ '{{ `1` }}': 1 }, ctx))).toBe(
      'expected string after substituting variables in key "{{ `1` }}"',
    );
  });

  it('renders Go integers as integers and returns them as numbers', () => {
    const ctx = new JsonContext();
    ctx.addElement({ name: 'x' }, 2, 0);
    expect(substituteAll(['{{ elementIndex }}', '/spec/{{ elementIndex0 }}/x', '{{ [elementIndex] }}'], ctx)).toEqual([
      2,
      '/spec/2/x',
      [2],
    ]);
  });

  it('keeps a string with a non-ASCII character right before {{ unresolved, like Go byte slicing', () => {
    expect(failure(() => substituteAll('é{{ request.object.metadata.name }}', withResource(temp)))).toBe(
      "failed to resolve \ufffd request.object.metadata.name at path : incorrect query \ufffd request.object.metadata.name: SyntaxError: Unknown char: '\\ufffd'",
    );
  });
});

describe('escapes and shallow substitution', () => {
  it('unescapes \\{{ after substituting inner variables (DELETE request)', () => {
    const ctx = new JsonContext({
      request: {
        operation: 'DELETE',
        oldObject: { metadata: { name: 'current', annotations: { target: 'nested_target', targetnew: 'target' } } },
      },
    });
    expect(substituteAll('\\{{request.object.metadata.annotations.{{request.object.metadata.annotations.targetnew}}}}', ctx)).toBe(
      '{{request.object.metadata.annotations.target}}',
    );
    expect(substituteAll('{{request.object.metadata.annotations.{{request.object.metadata.annotations.targetnew}}}}', ctx)).toBe(
      'nested_target',
    );
  });

  it('keeps \\}} and a lone \\{{', () => {
    expect(substituteAll('a \\}} b \\{{ c', new JsonContext())).toBe('a \\}} b {{ c');
  });

  const shallow = new JsonContext({
    variableWithVariables: '{{ DO_NOT_SUBSTITUTE_ME {{OR_ME}} }}',
    foo: 'bar',
    variablesNested: '{{foo2}}',
    foo2: 'bar2',
  });

  it('does not substitute inside the value of a shallow variable', () => {
    expect(substituteAll('{{- variableWithVariables }} {{foo}} {{variablesNested}}', shallow)).toBe(
      '{{ DO_NOT_SUBSTITUTE_ME {{OR_ME}} }} bar bar2',
    );
  });

  it('reads the whole shallow expression after inner substitution', () => {
    expect(failure(() => substituteAll('{{- variableWithVariables {{foo}} {{variablesNested}} }}', shallow))).toBe(
      'failed to resolve variableWithVariables bar bar2 at path : incorrect query variableWithVariables bar bar2: SyntaxError: Unexpected token at the end of the expression: tUnquotedIdentifier',
    );
  });

  it('returns a whole shallow variable as is', () => {
    expect(substituteAll('{{- variableWithVariables }}', shallow)).toBe('{{ DO_NOT_SUBSTITUTE_ME {{OR_ME}} }}');
  });
});

describe('DELETE requests read request.oldObject', () => {
  const ctx = new JsonContext({
    request: {
      operation: 'DELETE',
      object: { metadata: { annotations: { target: 'foo' } } },
      oldObject: { metadata: { annotations: { target: 'bar' } } },
    },
  });

  it('rewrites request.object when the context says DELETE', () => {
    expect(substituteAll('{{request.object.metadata.annotations.target}}', ctx)).toBe('bar');
  });

  it('uses the operation given by the caller', () => {
    expect(substituteAll('{{request.object.metadata.annotations.target}}', ctx, { operation: 'CREATE' })).toBe('foo');
  });
});

describe('{{@}}', () => {
  const resource = { metadata: { name: 'temp' }, spec: { kind: 'foo', port: '443' } };

  it('stands for the same field of request.object', () => {
    const pattern = { mutate: { overlay: { spec: { kind: '{{@}}', name: 'ns-owner-{{request.object.metadata.name}}' } } } };
    expect(substituteAll(pattern, withResource(resource))).toEqual({
      mutate: { overlay: { spec: { kind: 'foo', name: 'ns-owner-temp' } } },
    });
  });

  it('stands for the same field of the mutate target when there is one', () => {
    const ctx = withResource(resource);
    ctx.setTargetResource({ data: { keytwo: 'two' } });
    expect(substituteAll({ mutate: { patchStrategicMerge: { data: { keytwo: '{{ @ }} plus' } } } }, ctx)).toEqual({
      mutate: { patchStrategicMerge: { data: { keytwo: 'two plus' } } },
    });
  });

  it('skips past a foreach segment', () => {
    const ctx = withResource({ spec: { containers: [{ name: 'c' }] } });
    const pattern = { mutate: { foreach: [{ patchStrategicMerge: { spec: { containers: [{ name: '{{@}}' }] } } }] } };
    expect(substituteAll(pattern, ctx)).toEqual({
      mutate: { foreach: [{ patchStrategicMerge: { spec: { containers: [{ name: 'c' }] } } }] },
    });
  });

  it('quotes names that are not plain identifiers', () => {
    const ctx = withResource({ metadata: { labels: { 'app.kubernetes.io/name': 'x' } } });
    const pattern = { a: { b: { metadata: { labels: { 'app.kubernetes.io/name': '{{@}}' } } } } };
    expect(substituteAll(pattern, ctx)).toEqual({ a: { b: { metadata: { labels: { 'app.kubernetes.io/name': 'x' } } } } });
  });
});

describe('$( ) references (Kyverno vars_test.go)', () => {
  it('resolves a relative reference, ignoring anchors', () => {
    const document: JsonObject = {
      metadata: { name: 'temp', annotations: { test: '$(../../../../spec/namespace)' } },
      '(spec)': { namespace: 'n1', name: 'temp1' },
    };
    expect(substituteAll(document, new JsonContext())).toEqual({
      metadata: { name: 'temp', annotations: { test: 'n1' } },
      '(spec)': { namespace: 'n1', name: 'temp1' },
    });
  });

  it('keeps escaped references', () => {
    const document: JsonObject = {
      metadata: {
        annotations: {
          test1: '$(../../../../spec/namespace)',
          test2: '\\$(ENV_VAR)',
          test3: '\\${ENV_VAR}',
          test4: '\\\\\\${ENV_VAR}',
          test5: '\\$(NODE_NAME)/postgres/\\$(POD_NAME)',
        },
      },
      '(spec)': { namespace: 'n1' },
    };
    expect(substituteReferences(document)).toEqual({
      metadata: {
        annotations: {
          test1: 'n1',
          test2: '$(ENV_VAR)',
          test3: '\\${ENV_VAR}',
          test4: '\\\\\\${ENV_VAR}',
          test5: '$(NODE_NAME)/postgres/$(POD_NAME)',
        },
      },
      '(spec)': { namespace: 'n1' },
    });
  });

  it.each<[JsonValue, string]>([
    ['$(<=./../../limits/memory)', '<=2048Mi'],
    ['$(./../../limits/memory)', '2048Mi'],
    ['$(/spec/containers/0/resources/limits/memory)', '2048Mi'],
    ['$(>./../../limits/cpu)', '>3000.000000'],
    ['x $(./../../limits/memory) y', 'x 2048Mi y'],
  ])('resolves %j with operators', (reference, expected) => {
    const document = {
      spec: { containers: [{ name: '*', resources: { requests: { memory: reference }, limits: { memory: '2048Mi', cpu: 3000 } } }] },
    };
    const result = substituteAll(document, new JsonContext()) as { spec: { containers: { resources: { requests: { memory: unknown } } }[] } };
    expect(result.spec.containers[0]!.resources.requests.memory).toBe(expected);
  });

  it.each<[string, string]>([
    ['$(./../nothing)', 'got nil resolved variable $(./../nothing) at path /a/ref: <nil>'],
    ['$(./../num)', 'NotResolvedReferenceErr,reference $(./../num) not resolved at path /a/ref'],
    ['$(>./../flag)', 'failed to resolve $(>./../flag) at path /a/ref: incorrect expression: operator > does not match with value true'],
    ['$($)', 'failed to resolve $($) at path /a/ref: expected path, found empty reference'],
  ])('fails on %j', (reference, message) => {
    const document = { a: { ref: reference, num: 1, flag: true } };
    expect(failure(() => substituteAll(document, new JsonContext()))).toBe(message);
  });

  it('does not read $() as a reference, reads touching references as one', () => {
    expect(substituteReferences({ a: '$()' })).toEqual({ a: '$()' });
    expect(failure(() => substituteReferences({ a: 'x', b: 'y$(../a)$(../a)' }))).toBe(
      'got nil resolved variable $(../a)$(../a) at path /b: <nil>',
    );
  });

  it('copies the referenced text, whose variables are substituted afterwards', () => {
    const ctx = withResource({ metadata: { name: 'web' } });
    expect(substituteAll({ a: '{{ request.object.metadata.name }}', b: '$(../a)-x' }, ctx)).toEqual({ a: 'web', b: 'web-x' });
  });
});

describe('hasVariables', () => {
  it.each<[JsonValue, boolean]>([
    ['plain', false],
    [{ a: ['b', 1, null, { c: 'd' }] }, false],
    [{ a: ['{{ x }}'] }, true],
    [{ '{{ k }}': 1 }, true],
    ['$(./x)', true],
    ['\\{{ escaped }}', true],
    [5, false],
  ])('%j', (document, expected) => {
    expect(hasVariables(document)).toBe(expected);
  });

  it('lets constant documents through unchanged', () => {
    const document = { a: ['b', { c: 1 }] };
    expect(substituteAll(document, new JsonContext())).toBe(document);
  });
});
