import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from '../../../../../../src/families/kyverno/engine/mutate/json-patch/index.js';
import type { JsonObject, JsonValue } from '../../../../../../src/types.js';

const POD: JsonObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: { containers: [{ name: 'app', image: 'nginx' }, { name: 'side', image: 'busybox' }] },
};

function ok(resource: JsonObject, patch: string | JsonValue): JsonObject {
  const result = applyJsonPatch(resource, patch);
  if ('error' in result) throw new Error(result.error);
  return result.resource;
}

function fails(resource: JsonObject, patch: string | JsonValue): string {
  const result = applyJsonPatch(resource, patch);
  if (!('error' in result)) throw new Error('expected an error');
  return result.error;
}

describe('applyJsonPatch: operations', () => {
  it.each<[string, JsonObject, JsonValue, JsonObject]>([
    ['add sets a new key', { a: 1 }, [{ op: 'add', path: '/b', value: 2 }], { a: 1, b: 2 }],
    ['add overwrites an existing key', { a: 1 }, [{ op: 'add', path: '/a', value: 'x' }], { a: 'x' }],
    ['add inserts before an index', { l: [1, 2] }, [{ op: 'add', path: '/l/1', value: 9 }], { l: [1, 9, 2] }],
    ['add at length appends', { l: [1, 2] }, [{ op: 'add', path: '/l/2', value: 9 }], { l: [1, 2, 9] }],
    ['add /- appends', { l: [1] }, [{ op: 'add', path: '/l/-', value: 2 }], { l: [1, 2] }],
    ['add -1 appends', { l: [1, 2] }, [{ op: 'add', path: '/l/-1', value: 3 }], { l: [1, 2, 3] }],
    ['add -2 inserts before the last', { l: [1, 2] }, [{ op: 'add', path: '/l/-2', value: 3 }], { l: [1, 3, 2] }],
    ['add creates missing objects', { spec: {} }, [{ op: 'add', path: '/spec/a/b', value: 1 }], { spec: { a: { b: 1 } } }],
    ['add creates a missing list for /-', { spec: {} }, [{ op: 'add', path: '/spec/t/-', value: 'x' }], { spec: { t: ['x'] } }],
    [
      'add creates a list padded with nulls for an index',
      {},
      [{ op: 'add', path: '/l/2/x', value: 1 }],
      { l: [null, null, { x: 1 }] },
    ],
    [
      'add creates resources.requests under an existing container',
      { spec: { containers: [{ name: 'c' }] } },
      [{ op: 'add', path: '/spec/containers/0/resources/requests/memory', value: '1Gi' }],
      { spec: { containers: [{ name: 'c', resources: { requests: { memory: '1Gi' } } }] } },
    ],
    ['add decodes ~1 and ~0', { m: {} }, [{ op: 'add', path: '/m/a~1b~0c', value: 1 }], { m: { 'a/b~c': 1 } }],
    ['~01 decodes to ~1', { m: {} }, [{ op: 'add', path: '/m/~01', value: 1 }], { m: { '~1': 1 } }],
    ['add the empty path replaces the document', { a: 1 }, [{ op: 'add', path: '', value: { b: 2 } }], { b: 2 }],
    ['add a null value', { a: 1 }, [{ op: 'add', path: '/b', value: null }], { a: 1, b: null }],
    ['add __proto__ is an ordinary key', {}, [{ op: 'add', path: '/__proto__', value: 1 }], JSON.parse('{"__proto__":1}')],
    ['remove a key', { a: 1, b: 2 }, [{ op: 'remove', path: '/a' }], { b: 2 }],
    ['remove a missing key is ignored', { a: 1 }, [{ op: 'remove', path: '/x' }], { a: 1 }],
    ['remove under a missing parent is ignored', { a: 1 }, [{ op: 'remove', path: '/x/y/z' }], { a: 1 }],
    ['remove an out-of-range index is ignored', { l: [1] }, [{ op: 'remove', path: '/l/5' }], { l: [1] }],
    ['remove a negative index', { l: [1, 2, 3] }, [{ op: 'remove', path: '/l/-1' }], { l: [1, 2] }],
    ['remove a too negative index is ignored', { l: [1] }, [{ op: 'remove', path: '/l/-3' }], { l: [1] }],
    ['remove an index', { l: [1, 2, 3] }, [{ op: 'remove', path: '/l/1' }], { l: [1, 3] }],
    ['replace a key', { a: 1 }, [{ op: 'replace', path: '/a', value: [1] }], { a: [1] }],
    ['replace a negative index', { l: [1, 2] }, [{ op: 'replace', path: '/l/-1', value: 9 }], { l: [1, 9] }],
    ['replace a null value', { a: null }, [{ op: 'replace', path: '/a', value: 1 }], { a: 1 }],
    ['replace the whole document', { a: 1 }, [{ op: 'replace', path: '', value: { b: 1 } }], { b: 1 }],
    ['move a key', { a: { x: 1 }, b: {} }, [{ op: 'move', from: '/a/x', path: '/b/y' }], { a: {}, b: { y: 1 } }],
    ['move within a list removes first', { l: [1, 2, 3] }, [{ op: 'move', from: '/l/0', path: '/l/2' }], { l: [2, 3, 1] }],
    ['copy a value deeply', { a: { x: [1] } }, [
      { op: 'copy', from: '/a', path: '/b' },
      { op: 'add', path: '/b/x/-', value: 2 },
    ], { a: { x: [1] }, b: { x: [1, 2] } }],
    ['test passes on an equal value', { a: { x: [1, 'y'] } }, [{ op: 'test', path: '/a', value: { x: [1, 'y'] } }], { a: { x: [1, 'y'] } }],
    ['test null passes on a missing key', { a: 1 }, [{ op: 'test', path: '/b', value: null }], { a: 1 }],
    ['test without value passes on a missing key', { a: 1 }, [{ op: 'test', path: '/b' }], { a: 1 }],
    ['test null passes on a null value', { a: null }, [{ op: 'test', path: '/a', value: null }], { a: null }],
    ['empty patch list', { a: 1 }, [], { a: 1 }],
    ['null patch', { a: 1 }, null, { a: 1 }],
  ])('%s', (_name, resource, patch, expected) => {
    expect(ok(resource, patch)).toEqual(expected);
  });

  it('does not modify its input', () => {
    const input = structuredClone(POD);
    ok(input, [{ op: 'add', path: '/metadata/labels/x', value: 'y' }, { op: 'remove', path: '/spec/containers/0' }]);
    expect(input).toEqual(POD);
  });

  it('creates parents under the undecoded token, as json-patch does', () => {
    expect(fails({}, [{ op: 'add', path: '/a~1b/c', value: 1 }])).toBe(
      'add operation does not apply: doc is missing path: "/a~1b/c": missing value',
    );
  });
});

describe('applyJsonPatch: errors', () => {
  it.each<[string, JsonObject, JsonValue, string]>([
    ['replace a missing key', { a: 1 }, [{ op: 'replace', path: '/b', value: 1 }], 'replace operation does not apply: doc is missing key: /b: missing value'],
    ['replace under a missing parent', { a: 1 }, [{ op: 'replace', path: '/x/y', value: 1 }], 'replace operation does not apply: doc is missing path: /x/y: missing value'],
    ['replace an out-of-range index', { l: [1] }, [{ op: 'replace', path: '/l/3', value: 1 }], 'replace operation does not apply: doc is missing key: /l/3: missing value'],
    ['add past the end of a list', { l: [1] }, [{ op: 'add', path: '/l/3', value: 1 }], "error in add for path: '/l/3': Unable to access invalid index: 3: invalid index referenced"],
    ['add a non-numeric list index', { l: [1] }, [{ op: 'add', path: '/l/x', value: 1 }], `error in add for path: '/l/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax`],
    ['add below a scalar', { a: 'x' }, [{ op: 'add', path: '/a/b', value: 1 }], 'invalid state detected'],
    ['add to a path without a leading slash', { a: 1 }, [{ op: 'add', path: 'a', value: 1 }], 'add operation does not apply: doc is missing path: "a": missing value'],
    ['add with a negative index below -1 for a new list', {}, [{ op: 'add', path: '/l/-2', value: 1 }], 'Unable to ensure path for negative index other than -1: -2: invalid index referenced'],
    ['remove a non-numeric list index', { l: [1] }, [{ op: 'remove', path: '/l/x' }], `error in remove for path: '/l/x': strconv.Atoi: parsing "x": invalid syntax`],
    ['test mismatch', { a: 1 }, [{ op: 'test', path: '/a', value: 2 }], 'testing value /a failed: test failed'],
    ['test a missing key against a value', { a: 1 }, [{ op: 'test', path: '/b', value: 2 }], 'testing value /b failed: test failed'],
    ['test under a missing parent', { a: 1 }, [{ op: 'test', path: '/x/y', value: 2 }], 'test operation does not apply: is missing path: /x/y: missing value'],
    ['test an out-of-range index', { l: [1] }, [{ op: 'test', path: '/l/4', value: 2 }], "error in test for path: '/l/4': Unable to access invalid index: 4: invalid index referenced"],
    ['move from a missing key', { a: 1 }, [{ op: 'move', from: '/b', path: '/c' }], "error in move for path: 'b': unable to get nonexistent key: b: missing value"],
    ['move the whole document', { a: 1 }, [{ op: 'move', from: '', path: '/c' }], 'unable to move entire document to another path: invalid state detected'],
    ['move to a missing parent', { a: 1 }, [{ op: 'move', from: '/a', path: '/x/y' }], 'move operation does not apply: doc is missing destination path: /x/y: missing value'],
    ['copy from a missing parent', { a: 1 }, [{ op: 'copy', from: '/x/y', path: '/c' }], 'copy operation does not apply: doc is missing from path: "/x/y": missing value'],
    ['copy to a missing parent', { a: 1 }, [{ op: 'copy', from: '/a', path: '/x/y' }], 'copy operation does not apply: doc is missing destination path: /x/y: missing value'],
    ['unsupported op', { a: 1 }, [{ op: 'merge', path: '/a' }], 'failed to decode patches: invalid operation {"op":"merge","path":"/a"}: unsupported operation'],
    ['add without value', { a: 1 }, [{ path: '/a', op: 'add' }], `failed to decode patches: invalid operation {"op":"add","path":"/a"}: failed to decode 'value': operation, missing value field: missing value`],
    ['remove without path', { a: 1 }, [{ op: 'remove' }], `failed to decode patches: invalid operation {"op":"remove"}: failed to decode 'path': operation missing path field: missing value`],
    ['copy without from', { a: 1 }, [{ op: 'copy', path: '/b' }], `failed to decode patches: invalid operation {"op":"copy","path":"/b"}: failed to decode 'from': operation, missing from field: missing value`],
    ['numeric path', { a: 1 }, [{ op: 'remove', path: 1 }], `failed to decode patches: invalid operation {"op":"remove","path":1}: failed to decode 'path': json: cannot unmarshal number into Go value of type string`],
    ['not a list', { a: 1 }, { op: 'remove', path: '/a' }, 'failed to decode patches: json: cannot unmarshal object into Go value of type jsonpatch.Patch'],
    ['a list of strings', { a: 1 }, ['x'], 'failed to decode patches: json: cannot unmarshal string into Go value of type jsonpatch.Operation'],
  ])('%s', (_name, resource, patch, expected) => {
    expect(fails(resource, patch)).toBe(expected);
  });

  it('a failing operation aborts the whole patch', () => {
    expect(fails({ a: 1 }, [{ op: 'add', path: '/b', value: 1 }, { op: 'replace', path: '/c', value: 1 }])).toMatch(/^replace/);
  });

  it('validation happens before any operation runs', () => {
    expect(fails({ a: 1 }, [{ op: 'replace', path: '/c', value: 1 }, { op: 'bogus', path: '/a' }])).toMatch(/unsupported operation$/);
  });
});

describe('applyJsonPatch: the string form', () => {
  it('reads YAML when the text does not start with [', () => {
    const patch = [
      '- op: add',
      '  path: /metadata/annotations/example.com~1team',
      '  value: platform',
      '- op: add',
      '  path: /spec/tolerations/-',
      '  value: {key: dedicated, operator: Exists}',
      '- op: replace',
      '  path: /spec/containers/1/image',
      '  value: busybox:1.36',
      '- op: remove',
      '  path: /metadata/labels/missing',
      '',
    ].join('\n');
    expect(ok(POD, patch)).toEqual({
      ...POD,
      metadata: { name: 'web', labels: { app: 'web' }, annotations: { 'example.com/team': 'platform' } },
      spec: {
        containers: [{ name: 'app', image: 'nginx' }, { name: 'side', image: 'busybox:1.36' }],
        tolerations: [{ key: 'dedicated', operator: 'Exists' }],
      },
    });
  });

  it('reads YAML 1.1 scalars as Kyverno does', () => {
    expect(ok({}, '- op: add\n  path: /a\n  value: yes\n- {op: add, path: /b, value: "yes"}\n')).toEqual({ a: true, b: 'yes' });
  });

  it('reads JSON when the text starts with [', () => {
    expect(ok({ a: 1 }, '[{"op": "replace", "path": "/a", "value": 2}]')).toEqual({ a: 2 });
  });

  it('malformed JSON', () => {
    expect(fails({ a: 1 }, '[{"op": "add",')).toBe('failed to decode patches: invalid state detected');
  });

  it('malformed YAML', () => {
    expect(fails({ a: 1 }, '- op: add\n  path: [/a\n')).toMatch(/^failed to convert patchesJSON6902 to JSON: /);
  });

  it('a YAML scalar is not a patch', () => {
    expect(fails({ a: 1 }, 'op: add')).toBe(
      'failed to decode patches: json: cannot unmarshal object into Go value of type jsonpatch.Patch',
    );
  });
});

describe('applyJsonPatch: one patch text applied to many resources', () => {
  it('gives each result values of its own and leaves the resources as they were', () => {
    const patch = '- op: add\n  path: /spec/extra\n  value: {a: {b: 1}}\n';
    const first = ok(POD, patch);
    ((first.spec as JsonObject).extra as { a: { b: number } }).a.b = 2;
    const second = ok({ ...POD, metadata: { name: 'other' } }, patch);
    expect((second.spec as JsonObject).extra).toEqual({ a: { b: 1 } });
    expect(POD.spec).not.toHaveProperty('extra');
  });

  it('reports the same decoding error every time', () => {
    expect(fails(POD, '- op: bogus\n  path: /a\n')).toBe(fails(POD, '- op: bogus\n  path: /a\n'));
  });
});

