import { describe, expect, it } from 'vitest';
import { checkPolicy, formatPath, jsonType } from '../../../../src/families/kyverno/policy/check.js';
import { decodePolicyException } from '../../../../src/families/kyverno/policy/exception.js';
import type { JsonObject, JsonValue } from '../../../../src/types.js';

function policy(spec: JsonObject, extra: JsonObject = {}): JsonObject {
  return { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name: 'p' }, spec, ...extra };
}

const rule = (body: JsonObject): JsonObject => ({
  name: 'r',
  match: { any: [{ resources: { kinds: ['Pod'] } }] },
  ...body,
});

describe('checkPolicy', () => {
  it('accepts a well-formed policy with free-form patterns and conditions', () => {
    const doc = policy({
      validationFailureAction: 'Enforce',
      background: false,
      rules: [
        rule({
          preconditions: { all: [{ key: '{{ request.operation }}', operator: 'AnyIn', value: ['CREATE', 1] }] },
          context: [{ name: 'cm', configMap: { name: 'x', namespace: 'y' } }],
          validate: {
            message: 'm',
            failureAction: 'Audit',
            pattern: { spec: { '=(hostNetwork)': false, containers: [{ image: '!*:latest', unknown: { deep: 1 } }] } },
          },
        }),
      ],
    });
    expect(checkPolicy(doc)).toEqual([]);
  });

  const cases: [string, JsonObject, { message: string; path: (string | number)[] }[]][] = [
    [
      'unknown field with its path',
      policy({ rules: [rule({ validate: { patern: { a: 1 } } })] }),
      [{ message: 'unknown field "spec.rules[0].validate.patern"', path: ['spec', 'rules', 0, 'validate', 'patern'] }],
    ],
    [
      'unknown top-level spec field',
      policy({ rules: [], validationFailureActions: 'Audit' }),
      [{ message: 'unknown field "spec.validationFailureActions"', path: ['spec', 'validationFailureActions'] }],
    ],
    [
      'enum value',
      policy({ rules: [rule({ validate: { failureAction: 'enforce', deny: {} } })] }),
      [
        {
          message: 'spec.rules[0].validate.failureAction: Unsupported value: "enforce": supported values: "Audit", "Enforce"',
          path: ['spec', 'rules', 0, 'validate', 'failureAction'],
        },
      ],
    ],
    [
      'wrong type',
      policy({ rules: [rule({ match: { any: [{ resources: { kinds: 'Pod' } }] }, validate: { deny: {} } })] }),
      [
        {
          message: 'spec.rules[0].match.any[0].resources.kinds: Invalid value: must be of type array, got string',
          path: ['spec', 'rules', 0, 'match', 'any', 0, 'resources', 'kinds'],
        },
      ],
    ],
    [
      'missing required fields',
      policy({ rules: [{ validate: { deny: {} } }] }),
      [
        { message: 'spec.rules[0].match: Required value', path: ['spec', 'rules', 0, 'match'] },
        { message: 'spec.rules[0].name: Required value', path: ['spec', 'rules', 0, 'name'] },
      ],
    ],
    [
      'rule name too long',
      policy({ rules: [rule({ name: 'x'.repeat(64), validate: { deny: {} } })] }),
      [{ message: 'spec.rules[0].name: Too long: may not be more than 63 bytes', path: ['spec', 'rules', 0, 'name'] }],
    ],
    [
      'context entry needs exactly one source',
      policy({ rules: [rule({ context: [{ name: 'a', variable: { value: 1 }, configMap: { name: 'b' } }], validate: { deny: {} } })] }),
      [
        {
          message: 'spec.rules[0].context[0]: must specify exactly one of: configMap, apiCall, imageRegistry, variable, globalReference',
          path: ['spec', 'rules', 0, 'context', 0],
        },
      ],
    ],
    [
      'any and all together',
      policy({ rules: [rule({ match: { any: [], all: [] }, validate: { deny: {} } })] }),
      [{ message: 'spec.rules[0].match: must not specify any and all together', path: ['spec', 'rules', 0, 'match'] }],
    ],
    [
      'typed foreach preconditions check operators',
      policy({
        rules: [rule({ validate: { foreach: [{ list: 'x', preconditions: { any: [{ key: 1, operator: 'Foo', value: 2 }] }, deny: {} }] } })],
      }),
      [
        {
          message:
            'spec.rules[0].validate.foreach[0].preconditions.any[0].operator: Unsupported value: "Foo": supported values: "Equals", "NotEquals", "In", "AnyIn", "AllIn", "NotIn", "AnyNotIn", "AllNotIn", "GreaterThanOrEquals", "GreaterThan", "LessThanOrEquals", "LessThan", "DurationGreaterThanOrEquals", "DurationGreaterThan", "DurationLessThanOrEquals", "DurationLessThan"',
          path: ['spec', 'rules', 0, 'validate', 'foreach', 0, 'preconditions', 'any', 0, 'operator'],
        },
      ],
    ],
    [
      'minimum',
      policy({ rules: [rule({ verifyImages: [{ attestors: [{ count: 0, entries: [] }] }] })] }),
      [
        {
          message: 'spec.rules[0].verifyImages[0].attestors[0].count: Invalid value: 0: must be greater than or equal to 1',
          path: ['spec', 'rules', 0, 'verifyImages', 0, 'attestors', 0, 'count'],
        },
      ],
    ],
    [
      'unknown metadata field',
      policy({ rules: [] }, { metadata: { name: 'p', label: {} } }),
      [{ message: 'unknown field "metadata.label"', path: ['metadata', 'label'] }],
    ],
    [
      'unsupported apiVersion',
      policy({ rules: [] }, { apiVersion: 'kyverno.io/v2' }),
      [
        {
          message: 'apiVersion: Unsupported value: "kyverno.io/v2": supported values: "kyverno.io/v1", "kyverno.io/v2beta1"',
          path: ['apiVersion'],
        },
      ],
    ],
    ['missing spec', { apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name: 'p' } }, [{ message: 'spec: Required value', path: ['spec'] }]],
    ...(
      [
        ['without metadata', undefined],
        ['with null metadata', null],
        ['with an empty metadata', {}],
        ['with an empty name', { name: '' }],
        ['with a null name', { name: null }],
      ] as [string, JsonValue | undefined][]
    ).map(([name, metadata]): [string, JsonObject, { message: string; path: (string | number)[] }[]] => {
      const doc = policy({ rules: [] });
      if (metadata === undefined) delete doc.metadata;
      else doc.metadata = metadata;
      return [`name required: ${name}`, doc, [{ message: 'metadata.name: Required value: name or generateName is required', path: ['metadata', 'name'] }]];
    }),
    [
      'name required: generateName only',
      policy({ rules: [] }, { metadata: { generateName: 'p-' } }),
      [
        {
          message: 'metadata.name: Required value: generateName is completed by the API server only: a policy checked offline needs a name',
          path: ['metadata', 'name'],
        },
      ],
    ],
    ...(
      [
        ['a string', 'foo', 'string'],
        ['a list', ['a'], 'array'],
        ['a number', 5, 'integer'],
        ['a boolean', true, 'boolean'],
      ] as [string, JsonValue, string][]
    ).map(([name, metadata, type]): [string, JsonObject, { message: string; path: (string | number)[] }[]] => [
      `metadata as ${name}`,
      policy({ rules: [] }, { metadata }),
      [{ message: `metadata: Invalid value: must be of type object, got ${type}`, path: ['metadata'] }],
    ]),
    [
      'a null rule is a type error (list items are not pruned)',
      policy({ rules: [null] }),
      [{ message: 'spec.rules[0]: Invalid value: must be of type object, got null', path: ['spec', 'rules', 0] }],
    ],
    [
      'a null kind is a type error',
      policy({ rules: [rule({ match: { any: [{ resources: { kinds: [null, 'Pod'] } }] }, validate: { deny: {} } })] }),
      [
        {
          message: 'spec.rules[0].match.any[0].resources.kinds[0]: Invalid value: must be of type string, got null',
          path: ['spec', 'rules', 0, 'match', 'any', 0, 'resources', 'kinds', 0],
        },
      ],
    ],
    ['null values count as absent', policy({ rules: [rule({ exclude: null, validate: { deny: null, message: null } })] }), []],
  ];
  it.each(cases)('%s', (_name, doc, expected) => {
    expect(checkPolicy(doc)).toEqual(expected);
  });

  describe('kyverno.io/v2beta1', () => {
    const v2 = (ruleBody: JsonObject): JsonObject => ({ ...policy({ rules: [rule(ruleBody)] }), apiVersion: 'kyverno.io/v2beta1' });
    it('accepts typed any/all preconditions and deny conditions', () => {
      expect(
        checkPolicy(
          v2({
            preconditions: { all: [{ key: 'a', operator: 'Equals', value: 'b' }] },
            validate: { deny: { conditions: { any: [{ key: 'a', operator: 'AnyIn', value: ['b'] }] } } },
          }),
        ),
      ).toEqual([]);
    });
    it('rejects the inline match form, list preconditions and the deprecated In operator', () => {
      const problems = checkPolicy(
        v2({
          match: { resources: { kinds: ['Pod'] } },
          preconditions: [{ key: 'a', operator: 'Equals', value: 'b' }],
          validate: { deny: { conditions: { any: [{ key: 'a', operator: 'In', value: ['b'] }] } } },
        }),
      );
      expect(problems.map((p) => p.path)).toEqual([
        ['spec', 'rules', 0, 'match', 'resources'],
        ['spec', 'rules', 0, 'preconditions'],
        ['spec', 'rules', 0, 'validate', 'deny', 'conditions', 'any', 0, 'operator'],
      ]);
    });
  });
});

describe('formatPath', () => {
  it.each([
    [['spec', 'rules', 0, 'match'], 'spec.rules[0].match'],
    [['metadata', 'annotations', 'policies.kyverno.io/title'], 'metadata.annotations["policies.kyverno.io/title"]'],
    [[], ''],
  ] as [(string | number)[], string][])('%j', (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});

describe('decodePolicyException: shapes the CRD schema rejects', () => {
  const exception = (spec: JsonObject): JsonObject => ({
    apiVersion: 'kyverno.io/v2',
    kind: 'PolicyException',
    metadata: { name: 'e' },
    spec: { exceptions: [{ policyName: 'p', ruleNames: ['*'] }], match: { any: [{ resources: { kinds: ['Pod'] } }] }, ...spec },
  });
  it.each([
    ['a null match entry', { match: { any: [null] } }, 'spec.match.any[0]: Invalid value: must be of type object, got null'],
    ['a match that is not a map', { match: 'x' }, 'spec.match: Invalid value: must be of type object, got string'],
    ['resources of the wrong type', { match: { all: [{ resources: 5 }] } }, 'spec.match.all[0].resources: Invalid value: must be of type object, got integer'],
    ['conditions that are not a map', { conditions: 5 }, 'spec.conditions: Invalid value: must be of type object, got integer'],
    ['a condition list of the wrong type', { conditions: { any: 5 } }, 'spec.conditions.any: Invalid value: must be of type array, got integer'],
    ['rule names of the wrong type', { exceptions: [{ policyName: 'p', ruleNames: 5 }] }, 'spec.exceptions[0].ruleNames: Invalid value: must be of type array, got integer'],
    ['a null podSecurity entry', { podSecurity: [null] }, 'spec.podSecurity[0]: Invalid value: must be of type object, got null'],
  ] as [string, JsonObject, string][])('%s', (_name, spec, message) => {
    expect(decodePolicyException(exception(spec))).toBe(`PolicyException e: ${message}`);
  });

  it('accepts a well-formed exception', () => {
    expect(typeof decodePolicyException(exception({ conditions: { any: [{ key: '{{ request.name }}', operator: 'Equals', value: 'x' }] } }))).toBe('object');
  });
});

describe('jsonType', () => {
  it.each<[JsonValue, string]>([
    [null, 'null'],
    [[1], 'array'],
    [3, 'integer'],
    [9007199254740993n, 'integer'],
    [1.5, 'number'],
    ['x', 'string'],
    [true, 'boolean'],
    [{}, 'object'],
  ])('names %s as %s, as Kubernetes type errors do', (value, type) => {
    expect(jsonType(value)).toBe(type);
  });
});
