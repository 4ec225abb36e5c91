import { describe, expect, it } from 'vitest';
import { decodeTest } from '../../src/commands/test/test-file.js';
import type { JsonObject } from '../../src/types.js';

const base: JsonObject = {
  apiVersion: 'cli.kyverno.io/v1alpha1',
  kind: 'Test',
  metadata: { name: 't' },
  policies: ['policy.yaml', 'policy.yaml'],
  resources: ['resources.yaml'],
  results: [{ policy: 'p', rule: 'r', resources: ['a', 'ns/b'], kind: 'Pod', result: 'pass' }],
};

describe('decodeTest', () => {
  it('decodes a Test document, removing duplicate paths', () => {
    const { test, errors } = decodeTest(base, 'kyverno-test.yaml');
    expect(errors).toEqual([]);
    expect(test?.policies).toEqual(['policy.yaml']);
    expect(test?.results).toEqual([
      { index: 0, policy: 'p', rule: 'r', resources: ['a', 'ns/b'], kind: 'Pod', result: 'pass', failOnMissingResources: false },
    ]);
  });

  it('matches field names case-insensitively, as Go encoding/json does', () => {
    const { test, errors } = decodeTest(
      { ...base, Policies: ['x.yaml'], results: [{ POLICY: 'p', isMUtatingPolicy: true, result: 'pass', kind: 'Pod' }] },
      'f',
    );
    expect(errors).toEqual([]);
    expect(test?.results[0]).toMatchObject({ policy: 'p', celKind: 'MutatingPolicy' });
  });

  it.each<{ flag: string; kind: string }>([
    { flag: 'isValidatingAdmissionPolicy', kind: 'ValidatingAdmissionPolicy' },
    { flag: 'isMutatingAdmissionPolicy', kind: 'MutatingAdmissionPolicy' },
    { flag: 'isValidatingPolicy', kind: 'ValidatingPolicy' },
    { flag: 'ISVALIDATINGPOLICY', kind: 'ValidatingPolicy' },
    { flag: 'isMutatingPolicy', kind: 'MutatingPolicy' },
    { flag: 'isGeneratingPolicy', kind: 'GeneratingPolicy' },
    { flag: 'isImageValidatingPolicy', kind: 'ImageValidatingPolicy' },
    { flag: 'isdeletingpolicy', kind: 'DeletingPolicy' },
  ])('accepts the result flag $flag', ({ flag, kind }) => {
    const { test, errors } = decodeTest({ ...base, results: [{ policy: 'p', [flag]: true, result: 'pass', kind: 'Pod' }] }, 'f');
    expect(errors).toEqual([]);
    expect(test?.results[0]).toMatchObject({ policy: 'p', celKind: kind });
  });

  it('allows an operation on a deleting-policy result whose flag is false', () => {
    const { test, errors } = decodeTest({ ...base, results: [{ policy: 'p', result: 'pass', operation: 'UPDATE', isDeletingPolicy: false }] }, 'f');
    expect(errors).toEqual([]);
    expect(test?.results[0]).toMatchObject({ operation: 'UPDATE' });
    expect(test?.results[0].celKind).toBeUndefined();
  });

  it.each<{ name: string; doc: JsonObject; jsonPayloads: string[] }>([
    { name: 'jsonPayloads cleaned, blanks and duplicates dropped', doc: { jsonPayloads: ['./a.json', 'dir//b.json', ' ', 'a.json', 'dir/x/../b.json/'] }, jsonPayloads: ['a.json', 'dir/b.json'] },
    { name: 'the deprecated jsonPayload alone', doc: { jsonPayload: './payload.json' }, jsonPayloads: ['payload.json'] },
    { name: 'jsonPayload ignored beside jsonPayloads', doc: { jsonPayload: 'old.json', jsonPayloads: ['new.json'] }, jsonPayloads: ['new.json'] },
    { name: 'no payload', doc: {}, jsonPayloads: [] },
  ])('decodes JSON payload paths as Kyverno cleans them: $name', ({ doc, jsonPayloads }) => {
    const { test, errors } = decodeTest({ ...base, ...doc }, 'f');
    expect(errors).toEqual([]);
    expect(test?.jsonPayloads).toEqual(jsonPayloads);
  });

  it('keeps the other path lists as written, duplicates included (only policies and resources are deduplicated)', () => {
    const lists = {
      targetResources: ['t.yaml', 't.yaml'],
      paramResources: ['p.yaml', 'p.yaml'],
      exceptions: ['e.yaml', 'e.yaml'],
      clusterResources: ['c.yaml', 'c.yaml'],
      httpPayloads: ['h.yaml', 'h.yaml'],
      envoyPayloads: ['./v.yaml'],
    };
    const { test, errors } = decodeTest({ ...base, ...lists, resources: ['r.yaml', 'r.yaml'] }, 'f');
    expect(errors).toEqual([]);
    expect(test).toMatchObject({ ...lists, policies: ['policy.yaml'], resources: ['r.yaml'] });
  });

  it('decodes the CEL inputs: context, userinfo, exceptions', () => {
    const { test, errors } = decodeTest({ ...base, context: 'context.yaml', userinfo: 'user.yaml', exceptions: ['polex.yaml'] }, 'f');
    expect(errors).toEqual([]);
    expect(test).toMatchObject({ context: 'context.yaml', userinfo: 'user.yaml', exceptions: ['polex.yaml'] });
  });

  it('keeps an absent resources list apart from an empty one', () => {
    const { test } = decodeTest({ ...base, results: [{ policy: 'p', result: 'pass' }, { policy: 'p', resources: [], result: 'pass' }] }, 'f');
    expect(test?.results[0].resources).toBeUndefined();
    expect(test?.results[1].resources).toEqual([]);
  });

  it('takes the text of scalars in string fields', () => {
    const { test } = decodeTest({ ...base, results: [{ policy: 'p', resources: [1234, true], result: 'pass' }] }, 'f');
    expect(test?.results[0].resources).toEqual(['1234', 'true']);
  });

  it.each([
    { name: 'unknown top-level field', doc: { ...base, polices: [] }, message: 'unknown field "polices"', path: ['polices'] },
    {
      name: 'legacy result field',
      doc: { ...base, results: [{ policy: 'p', resource: 'a', status: 'pass' }] },
      message: 'unknown field "resource"',
      path: ['results', 0, 'resource'],
    },
    { name: 'wrong type', doc: { ...base, policies: 'policy.yaml' }, message: 'cannot decode string as list of string for field "policies"', path: ['policies'] },
    {
      name: 'invalid operation',
      doc: { ...base, results: [{ policy: 'p', result: 'pass', operation: 'PATCH' }] },
      message: 'invalid test result for policy p: invalid operation "PATCH", must be one of CREATE, UPDATE, DELETE',
      path: ['results', 0, 'operation'],
    },
    {
      name: 'a lower-case operation',
      doc: { ...base, results: [{ policy: 'p', result: 'pass', operation: 'UPDATE' }, { policy: 'q', result: 'pass', operation: 'create' }] },
      message: 'invalid test result for policy q: invalid operation "create", must be one of CREATE, UPDATE, DELETE',
      path: ['results', 1, 'operation'],
    },
    {
      name: 'operation on a DeletingPolicy result',
      doc: { ...base, results: [{ policy: 'p', result: 'pass', operation: 'DELETE', isDeletingPolicy: true }] },
      message: 'invalid test result for policy p: operation is not supported for deleting policies',
      path: ['results', 0, 'operation'],
    },
    {
      name: 'operation on a result flagged as deleting and validating',
      doc: { ...base, results: [{ policy: 'd', result: 'pass', operation: 'UPDATE', isValidatingPolicy: true, ISDELETINGPOLICY: true }] },
      message: 'invalid test result for policy d: operation is not supported for deleting policies',
      path: ['results', 0, 'operation'],
    },
  ])('reports $name', ({ doc, message, path }) => {
    const { test, errors } = decodeTest(doc, 'f');
    expect(test).toBeUndefined();
    expect(errors).toContainEqual({ message, path });
  });

  it.each([
    { name: 'missing apiVersion', doc: { ...base, apiVersion: undefined } },
    { name: 'empty kind', doc: { ...base, kind: '' } },
    { name: 'top-level name', doc: { ...base, name: 'legacy' } },
  ])('rejects the deprecated schema: $name', ({ doc }) => {
    const clean = JSON.parse(JSON.stringify(doc)) as JsonObject;
    const { test, errors } = decodeTest(clean, 'dir/kyverno-test.yaml');
    expect(test).toBeUndefined();
    expect(errors).toContainEqual({
      message: 'test file dir/kyverno-test.yaml uses a deprecated schema — please migrate to the latest format',
      path: [],
    });
  });

  it('accepts any non-empty apiVersion and kind', () => {
    expect(decodeTest({ ...base, apiVersion: 'kyverno.io/v1' }, 'f').errors).toEqual([]);
  });

  it('decodes inline values strictly', () => {
    const { errors } = decodeTest({ ...base, values: { globalValues: {}, policies: [{ name: 'p', rulez: [] }] } }, 'f');
    expect(errors).toContainEqual({ message: 'unknown field "rulez"', path: ['values', 'policies', 0, 'rulez'] });
  });
});
