/**
 * @file Object types with declared fields, so that field access is type-checked as in Kyverno's environments:
 * `request.unknownField` is a compile error, `request.namespace` is a string.
 *
 * - `kubernetes.AdmissionRequest` (the `request` variable) and `kubernetes.Namespace` (`namespaceObject`), as
 *   Kubernetes builds them (k8s.io/apiserver `pkg/admission/plugin/cel/compile.go`, `BuildRequestType`,
 *   `BuildNamespaceType`), with Kyverno's additions to the request: `object` and `oldObject` as `dyn`
 *   (kyverno/kyverno `pkg/cel/compiler/request.go`, `BuildRequestType`). Their nested types are
 *   `kubernetes.GroupVersionKind`, `kubernetes.GroupVersionResource`, `kubernetes.UserInfo`,
 *   `kubernetes.NamespaceMetadata`, `kubernetes.NamespaceSpec`, `kubernetes.NamespaceStatus`,
 *   `kubernetes.NamespaceCondition`. They are registered on every environment.
 * - Object types declared by the caller with {@link CelObjectTypes} (Kyverno's `variables`: an object type whose
 *   fields are the declared variables, kyverno/kyverno `pkg/cel/compiler/variables.go`, `VariablesProvider`).
 *
 * Values bound to such variables are plain JSON-like objects (or `Map`s, or objects with getters, read on first
 * access), treated as immutable: each is wrapped once (the wrapper is kept for the object's lifetime), and each field
 * is converted on first access to its declared type: integral JSON numbers to `int`, RFC 3339 strings to timestamps, nested objects to their object types. A
 * field that is absent (or null, unless the field is `dyn`) is an error on access (`No such key: …`) and false for
 * `has()`. A variable of an object type may be bound to `null` (`namespaceObject` of a cluster-scoped resource):
 * `namespaceObject == null` is then true and any field access an error. cel-go allows comparing object values with
 * `null` (checker `isLegacyNullable`), and with values of their own type.
 */
import type { Environment, RegisterTypeDefinition } from '@marcbachmann/cel-js';
import { type CelJsChecker, type CelJsNode, evaluateOriginal, overrideEvaluate } from './ast.js';
import { type EqualityEvaluator } from './strings.js';
import { celEqualsIn } from './values.js';

/** Object types to declare: type name → field name → CEL type (`'dyn'`, `'string'`, `'list<string>'`, …). */
export type CelObjectTypes = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The type of Kyverno's and Kubernetes' `request` variable. */
export const ADMISSION_REQUEST_TYPE = 'kubernetes.AdmissionRequest';
/** The type of Kyverno's and Kubernetes' `namespaceObject` variable. */
export const NAMESPACE_TYPE = 'kubernetes.Namespace';

const TIMESTAMP = 'google.protobuf.Timestamp';

/** k8s.io/apiserver `BuildRequestType` and `BuildNamespaceType` (nested types first), with Kyverno's additions. */
export const KUBERNETES_OBJECT_TYPES: CelObjectTypes = {
  'kubernetes.GroupVersionKind': { group: 'string', version: 'string', kind: 'string' },
  'kubernetes.GroupVersionResource': { group: 'string', version: 'string', resource: 'string' },
  'kubernetes.UserInfo': { username: 'string', uid: 'string', groups: 'list<string>', extra: 'map<string, list<string>>' },
  [ADMISSION_REQUEST_TYPE]: {
    kind: 'kubernetes.GroupVersionKind',
    resource: 'kubernetes.GroupVersionResource',
    subResource: 'string',
    requestKind: 'kubernetes.GroupVersionKind',
    requestResource: 'kubernetes.GroupVersionResource',
    requestSubResource: 'string',
    name: 'string',
    namespace: 'string',
    operation: 'string',
    userInfo: 'kubernetes.UserInfo',
    dryRun: 'bool',
    options: 'dyn',
    object: 'dyn',
    oldObject: 'dyn',
  },
  'kubernetes.NamespaceSpec': { finalizers: 'list<string>' },
  'kubernetes.NamespaceCondition': { status: 'string', type: 'string', lastTransitionTime: TIMESTAMP, message: 'string', reason: 'string' },
  'kubernetes.NamespaceStatus': { conditions: 'list<kubernetes.NamespaceCondition>', phase: 'string' },
  'kubernetes.NamespaceMetadata': {
    name: 'string',
    generateName: 'string',
    namespace: 'string',
    labels: 'map<string, string>',
    annotations: 'map<string, string>',
    UID: 'string',
    creationTimestamp: TIMESTAMP,
    deletionGracePeriodSeconds: 'int',
    deletionTimestamp: TIMESTAMP,
    generation: 'int',
    resourceVersion: 'string',
    finalizers: 'list<string>',
  },
  [NAMESPACE_TYPE]: { metadata: 'kubernetes.NamespaceMetadata', spec: 'kubernetes.NamespaceSpec', status: 'kubernetes.NamespaceStatus' },
};

/** A wrapper class of an object type: a `Map` of the converted fields, filled on access. */
type ObjectCtor = new (raw: unknown) => Map<string, unknown>;

/** The names of all object types registered by this module, in any environment. */
const objectTypeNames = new Set<string>();

/**
 * The converters of the object types of one environment, by type name, with those of the environment it was
 * cloned from: callers' types (one `kyverno.variables` per policy) may have the same names in different
 * environments.
 */
export class ObjectTypeScope {
  readonly #converters = new Map<string, (value: unknown) => unknown>();
  constructor(readonly parent: ObjectTypeScope | null = null) {}

  lookup(type: string): ((value: unknown) => unknown) | undefined {
    return this.#converters.get(type) ?? this.parent?.lookup(type);
  }

  set(type: string, convert: (value: unknown) => unknown): void {
    this.#converters.set(type, convert);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && (value.constructor === Object || value.constructor === undefined);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Converts a field value to its declared type where JSON cannot hold it (see the file comment). */
function convertValue(scope: ObjectTypeScope, type: string, value: unknown): unknown {
  if (value === undefined || value === null) return type === 'dyn' ? value : undefined;
  switch (type) {
    case 'dyn':
    case 'string':
    case 'bool':
      return value;
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value;
    case TIMESTAMP:
      if (typeof value === 'string' && RFC3339.test(value)) {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? value : date;
      }
      return value;
    default:
      break;
  }
  const convert = scope.lookup(type);
  if (convert !== undefined) return convert(value) ?? value;
  const list = /^list<(.+)>$/.exec(type);
  if (list && Array.isArray(value)) {
    const element = list[1]!;
    if (element === 'int' || element === TIMESTAMP || scope.lookup(element) !== undefined) return value.map((v) => convertValue(scope, element, v));
  }
  return value;
}

/** Registers the object type `name` with the given fields on `env`; its converter goes into `scope`. */
export function registerObjectType(env: Environment, scope: ObjectTypeScope, name: string, fields: Readonly<Record<string, string>>): void {
  const fieldNames = Object.keys(fields);
  const Ctor: ObjectCtor = {
    [name]: class extends Map<string, unknown> {
      readonly #raw: unknown;
      constructor(raw: unknown) {
        super();
        this.#raw = raw;
      }

      override get(field: string): unknown {
        if (super.has(field)) return super.get(field);
        const type = fields[field];
        if (type === undefined) return undefined;
        const raw = this.#raw instanceof Map ? this.#raw.get(field) : (this.#raw as Record<string, unknown>)[field];
        const value = convertValue(scope, type, raw);
        super.set(field, value);
        return value;
      }

      override has(field: string): boolean {
        return this.get(field) !== undefined;
      }

      override [Symbol.iterator](): MapIterator<[string, unknown]> {
        for (const field of fieldNames) this.get(field);
        return super.entries();
      }
    },
  }[name]!;
  // One wrapper per bound object, whose fields are converted once: a resource is evaluated by many expressions.
  const wrappers = new WeakMap<object, Map<string, unknown>>();
  const convert = (value: unknown): unknown => {
    if (value instanceof Ctor) return value;
    if (!isPlainObject(value) && !(value instanceof Map)) return undefined;
    let wrapper = wrappers.get(value);
    if (wrapper === undefined) wrappers.set(value, (wrapper = new Ctor(value)));
    return wrapper;
  };
  objectTypeNames.add(name);
  scope.set(name, convert);
  env.registerType(name, { ctor: Ctor, fields: { ...fields }, convert } as unknown as RegisterTypeDefinition);
  // cel-go: object values compare with null, and with values of their own type (field by field).
  env.registerOperator(`${name} == null`, (a: unknown, b: unknown) => a === b);
  env.registerOperator(`${name} == ${name}`, ((a: Map<string, unknown>, b: Map<string, unknown>, _ast: unknown, ev: EqualityEvaluator) => {
    if (a === b) return true;
    const equals = celEqualsIn(ev);
    return fieldNames.every((field) => {
      const x = a.get(field);
      const y = b.get(field);
      return x === undefined || y === undefined ? x === y : equals(x, y);
    });
  }) as (left: unknown, right: unknown) => boolean);
}

/** Registers the Kubernetes object types (see {@link KUBERNETES_OBJECT_TYPES}) on `env`. */
export function registerKubernetesObjectTypes(env: Environment, scope: ObjectTypeScope): void {
  for (const [name, fields] of Object.entries(KUBERNETES_OBJECT_TYPES)) registerObjectType(env, scope, name, fields);
}

interface CheckedNode extends CelJsNode {
  readonly checkedType?: { kind: string; name: string; valueType?: { kind: string; name: string } };
}

interface ObjectTypesChecker extends CelJsChecker {
  readonly objectTypes: Map<string, { fields?: Record<string, unknown> }>;
}

/**
 * The node patches for object types: a variable of an object type bound to `null` evaluates to `null` (cel-js
 * would reject the value as not of the variable's type), and `x.?f` on an object type without a field `f` is a
 * compile error as `x.f` is (cel-go checks optional selections like selections; cel-js types them `dyn`).
 */
export function patchObjectTypeNode(node: CelJsNode): void {
  if (node.op === 'id') {
    const name = node.args as string;
    overrideEvaluate(
      node,
      (ev, self, ctx) => {
        const type = (self as CheckedNode).checkedType;
        if (type?.kind === 'message' && objectTypeNames.has(type.name) && (ctx as { getValue(key: string): unknown }).getValue(name) === null) {
          return null;
        }
        return evaluateOriginal(ev, self, ctx);
      },
      'object-variable',
    );
  } else if (node.op === '.?') {
    const check = (node.meta as unknown as { check: (chk: CelJsChecker, ast: CelJsNode, ctx: unknown) => unknown }).check;
    node.setMeta('check', (checker: ObjectTypesChecker, self: CelJsNode, ctx: unknown) => {
      const type = check(checker, self, ctx);
      let left = (self.args as [CheckedNode, string])[0].checkedType;
      if (left?.kind === 'optional') left = left.valueType;
      const field = (self.args as [CelJsNode, string])[1];
      const fields = left?.kind === 'message' ? checker.objectTypes.get(left.name)?.fields : undefined;
      if (fields !== undefined && objectTypeNames.has(left!.name) && !(field in fields)) {
        throw checker.createError('no_such_key', `No such key: ${field}`, self);
      }
      return type;
    });
  }
}
