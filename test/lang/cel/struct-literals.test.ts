import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../src/lang/cel/index.js';
import { findStructLiterals, structTypeName } from '../../../src/lang/cel/struct-literals.js';

const env = createCelEnvironment({ structLiterals: true, variables: { object: 'dyn' } });
const object = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'a' }, { name: 'b' }] } };

function run(expression: string): { type: string; value: unknown; struct: string | undefined } | { error: string } {
  const compiled = env.compile(expression);
  if (!compiled.ok) return { error: compiled.error.message };
  const result = compiled.program.evaluate({ object });
  if (!result.ok) return { error: result.error.message };
  return { type: compiled.program.outputType, value: JSON.parse(JSON.stringify(result.value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))), struct: structTypeName(result.value) };
}

describe('message constructions of the mutation library', () => {
  it.each<{ expression: string; expected: ReturnType<typeof run> }>([
    {
      expression: 'Object{metadata: Object.metadata{labels: {"team": "platform"}}}',
      expected: { type: 'Object', value: { metadata: { labels: { team: 'platform' } } }, struct: 'Object' },
    },
    {
      expression: 'Object{spec: Object.spec{containers: object.spec.containers.map(c, Object.spec.containers{name: c.name, imagePullPolicy: "Always"})}}',
      expected: { type: 'Object', value: { spec: { containers: [{ name: 'a', imagePullPolicy: 'Always' }, { name: 'b', imagePullPolicy: 'Always' }] } }, struct: 'Object' },
    },
    {
      expression: 'Object {\n  ?spec: optional.none(),\n  metadata: Object.metadata{}\n}',
      expected: { type: 'Object', value: { metadata: {} }, struct: 'Object' },
    },
    {
      expression: '[JSONPatch{op: "add", path: "/metadata/annotations", value: {"a": "b"}}]',
      expected: { type: 'list', value: [{ op: 'add', path: '/metadata/annotations', value: { a: 'b' } }], struct: undefined },
    },
    {
      expression: '[1, 2].map(i, i == 1 ? JSONPatch{op: "remove", path: "/x"} : null).filter(p, p != null)',
      expected: { type: 'list', value: [{ op: 'remove', path: '/x' }], struct: undefined },
    },
    { expression: 'JSONPatch{op: "test", path: "/a"}.op', expected: { type: 'dyn', value: 'test', struct: undefined } },
    { expression: '"Object{x}" + \'JSONPatch{\'', expected: { type: 'string', value: 'Object{x}JSONPatch{', struct: undefined } },
    { expression: '"web" in {"web": 1}', expected: { type: 'bool', value: true, struct: undefined } },
    { expression: 'Object{} != null', expected: { type: 'bool', value: true, struct: undefined } },
    { expression: 'Object{"a": 1}', expected: { error: "Syntax error: mismatched input in message construction of 'Object', expected a field name" } },
    { expression: 'JSONPatch{oops: 1}', expected: { error: "undefined field 'oops'" } },
    { expression: 'JSONPatch{op: 1, path: "/a"}', expected: { error: "expected type of field 'op' is 'string' but provided type is 'int'" } },
    { expression: 'Foo{a: 1}', expected: { error: "undeclared reference to 'Foo'" } },
  ])('$expression', ({ expression, expected }) => {
    expect(run(expression)).toEqual(expected);
  });

  it('finds constructions outside strings and comments, with their qualified names', () => {
    expect(findStructLiterals('Object{a: "B{"} // C{\n + x.y{} + .Object.spec {}')).toEqual([
      { typeName: 'Object', nameStart: 0, brace: 6 },
      { typeName: 'x.y', nameStart: 25, brace: 28 },
      { typeName: 'Object.spec', nameStart: 33, brace: 46 },
    ]);
  });

  it('reads a backslash in a raw string as a character', () => {
    expect(findStructLiterals('r"C:\\" + x ? Object{a: 1} : "\\"" + Foo{}')).toEqual([
      { typeName: 'Object', nameStart: 13, brace: 19 },
      { typeName: 'Foo', nameStart: 35, brace: 38 },
    ]);
  });

  it('is not part of the environments without the mutation library', () => {
    const plain = createCelEnvironment({ variables: { object: 'dyn' } });
    expect(plain.compile('Object{}').ok).toBe(false);
  });
});
