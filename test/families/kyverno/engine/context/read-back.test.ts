/**
 * The resource read back after values injection (`resourceAfterValues`; kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/policy_processor.go, `PolicyProcessor.makePolicyContext`): Kyverno's CLI
 * re-reads `request.object` when a values key starts with `request.`; values that leave the resource in
 * place give its decoded JSON form without a query. Also `createAdmissionContext` with values, whose
 * data is kept per resource.
 */
import { describe, expect, it } from 'vitest';
import { createAdmissionContext } from '../../../../../src/families/kyverno/engine/context/admission.js';
import { keepsResource, plainResource, readsBackResource, resourceAfterValues } from '../../../../../src/families/kyverno/engine/context/read-back.js';
import { markGoTypedSlice } from '../../../../../src/lang/jmespath/index.js';
import type { JsonObject, JsonValue } from '../../../../../src/types.js';

const pod: JsonObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'shop' }, spec: { containers: [{ name: 'c' }] } };

describe('which values read the resource back', () => {
  it.each<[string, Record<string, JsonValue> | undefined, boolean, boolean]>([
    ['no values', undefined, false, true],
    ['values outside the request', { 'foo.bar': 1 }, false, true],
    ['the operation', { 'request.operation': 'UPDATE' }, true, true],
    ['a field of the object', { 'request.object.metadata.name': 'other' }, true, false],
    ['a field of the old object', { 'request.oldObject.metadata.name': 'other' }, true, false],
    ['the request as a whole', { request: { object: {} } }, false, false],
    ['a quoted request key', { '"request".object': {} }, false, false],
    ['a malformed key', { 'a"b': 1 }, false, false],
  ])('%s', (_name, values, readsBack, keeps) => {
    expect(readsBackResource(values)).toBe(readsBack);
    expect(keepsResource(values)).toBe(keeps);
  });
});

describe('resourceAfterValues', () => {
  const after = (values: Record<string, JsonValue> | undefined, operation = 'CREATE', resource = pod): JsonObject =>
    resourceAfterValues(createAdmissionContext({ resource, operation, values }), values, operation === 'DELETE', resource);

  it('is the resource itself without values rewriting the request', () => {
    expect(after(undefined)).toBe(pod);
    expect(after({ 'foo.bar': 1 })).toBe(pod);
  });

  it('is the resource itself when the values leave it in place and it is plain JSON', () => {
    expect(after({ 'request.operation': 'UPDATE' }, 'UPDATE')).toBe(pod);
    expect(after({ 'request.operation': 'DELETE' }, 'DELETE')).toBe(pod);
  });

  it('is the decoded JSON form of a resource holding Go-only values', () => {
    const odd: JsonObject = { kind: 'Pod', metadata: { name: 'x' }, spec: { list: markGoTypedSlice([{ a: 1 }]) as JsonValue } };
    const read = after({ 'request.operation': 'CREATE' }, 'CREATE', odd);
    expect(read).not.toBe(odd);
    expect(read).toEqual(odd);
    expect(plainResource(odd)).toBe(read);
  });

  it('reads back a rewritten object', () => {
    expect(after({ 'request.object.metadata.name': 'other' })).toEqual({ ...pod, metadata: { name: 'other', namespace: 'shop' } });
    expect(after({ 'request.oldObject.metadata.name': 'old' }, 'DELETE')).toEqual({ ...pod, metadata: { name: 'old', namespace: 'shop' } });
  });
});

describe('createAdmissionContext with values', () => {
  it('adds the values in order, as addAtPath does', () => {
    const values = { 'request.operation': 'UPDATE', 'a.b': 1, 'a.c': { d: true } };
    const withValues = createAdmissionContext({ resource: pod, operation: 'UPDATE', values });
    const added = createAdmissionContext({ resource: pod, operation: 'UPDATE' });
    for (const [key, value] of Object.entries(values)) added.addAtPath(key, value);
    expect(withValues.snapshot()).toEqual(added.snapshot());
  });

  it('gives the same data to equal values and other data to other values', () => {
    const first = createAdmissionContext({ resource: pod, values: { x: 1 } }).snapshot();
    expect(createAdmissionContext({ resource: pod, values: { x: 1 } }).snapshot()).toBe(first);
    expect(createAdmissionContext({ resource: pod, values: { x: 2 } }).query('x')).toBe(2);
    expect(createAdmissionContext({ resource: pod, values: { x: 1, y: 3 } }).query('y')).toBe(3);
    expect(createAdmissionContext({ resource: pod }).snapshot()).not.toHaveProperty('x');
  });

  it('throws the csv error of a malformed key', () => {
    expect(() => createAdmissionContext({ resource: pod, values: { 'a"b': 1 } })).toThrow('bare " in non-quoted-field');
  });
});
