/**
 * @file Shape check of a ClusterPolicy/Policy document against the Kyverno CRD schema, as the Kyverno CLI
 * does when it loads policies (strict decoding: unknown fields, types, required fields, enums, `oneOf` and
 * `not` constraints). Every problem carries the JSON path of the offending node so that the caller can
 * point at a file and line. Free-form values (patterns, patches, generate data, condition keys and values)
 * are not looked into. `null` fields count as absent, as the API server prunes them; `null` list items
 * are type errors.
 */
import type { JsonObject, JsonValue } from '../../../types.js';
import { OBJECT_META, POLICY_EXCEPTION_SCHEMA, POLICY_SCHEMAS, type ObjectSchema, type SchemaNode } from './crd-schema.js';
import { isObject } from '../../../util/json-value.js';

/** One schema violation in a policy document. */
interface PolicyProblem {
  message: string;
  /** JSON path of the offending node from the document root, e.g. `['spec', 'rules', 0, 'name']`. */
  path: (string | number)[];
}

type Path = (string | number)[];

/** Renders a path the way Kubernetes field errors do: `spec.rules[0].match.any[1]`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** The type of a JSON value as type errors name it (`integer` for whole numbers). */
export function jsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  // Integers beyond 2^53 are kept exact as bigints (Go int64).
  if (typeof value === 'bigint') return 'integer';
  return typeof value;
}

/** The type name of a schema node, as type errors spell it. */
function typeName(node: SchemaNode): string {
  return node.type === 'map' ? 'object' : node.type;
}

class Checker {
  readonly problems: PolicyProblem[] = [];

  private report(path: Path, detail: string): void {
    this.problems.push({ message: `${formatPath(path)}: ${detail}`, path: [...path] });
  }

  private typeMismatch(path: Path, expected: string, value: JsonValue): void {
    this.report(path, `Invalid value: must be of type ${expected}, got ${jsonType(value)}`);
  }

  check(node: SchemaNode, value: JsonValue, path: Path): void {
    if (value === null) return;
    switch (node.type) {
      case 'any':
        return;
      case 'string':
        if (typeof value !== 'string') return this.typeMismatch(path, 'string', value);
        if (node.enum && !node.enum.includes(value)) {
          const supported = node.enum.map((v) => JSON.stringify(v)).join(', ');
          this.report(path, `Unsupported value: ${JSON.stringify(value)}: supported values: ${supported}`);
        }
        if (node.maxLength !== undefined && [...value].length > node.maxLength) {
          this.report(path, `Too long: may not be more than ${node.maxLength} bytes`);
        }
        return;
      case 'boolean':
        if (typeof value !== 'boolean') this.typeMismatch(path, 'boolean', value);
        return;
      case 'integer':
        if (typeof value !== 'number' || !Number.isInteger(value)) return this.typeMismatch(path, 'integer', value);
        if (node.minimum !== undefined && value < node.minimum) {
          this.report(path, `Invalid value: ${value}: must be greater than or equal to ${node.minimum}`);
        }
        return;
      case 'array':
        if (!Array.isArray(value)) return this.typeMismatch(path, 'array', value);
        value.forEach((item, index) => {
          // The API server prunes null fields of objects, not null items of lists (apiextensions-apiserver
          // pkg/apiserver/schema/defaulting, PruneNonNullableNullsWithoutDefaults): they fail the type check.
          if (item === null && node.items.type !== 'any') this.typeMismatch([...path, index], typeName(node.items), item);
          else this.check(node.items, item, [...path, index]);
        });
        return;
      case 'map':
        if (!isObject(value)) return this.typeMismatch(path, 'object', value);
        for (const key of Object.keys(value)) this.check(node.values, value[key], [...path, key]);
        return;
      case 'object':
        if (!isObject(value)) return this.typeMismatch(path, 'object', value);
        this.checkObject(node, value, path);
    }
  }

  private checkObject(node: ObjectSchema, value: JsonObject, path: Path): void {
    const present = (key: string): boolean => value[key] !== undefined && value[key] !== null;
    for (const key of Object.keys(value)) {
      const child = node.properties[key];
      if (child !== undefined) this.check(child, value[key], [...path, key]);
      else if (!node.preserveUnknown) {
        this.problems.push({ message: `unknown field "${formatPath([...path, key])}"`, path: [...path, key] });
      }
    }
    for (const key of node.required ?? []) {
      if (!present(key)) this.report([...path, key], 'Required value');
    }
    if (node.oneOfRequired) {
      const set = node.oneOfRequired.filter(present);
      if (set.length !== 1) {
        this.report(path, `must specify exactly one of: ${node.oneOfRequired.join(', ')}`);
      }
    }
    if (node.notAllOf && node.notAllOf.every(present)) {
      this.report(path, `must not specify ${node.notAllOf.join(' and ')} together`);
    }
  }
}

/**
 * Checks a `kyverno.io/v1` or `kyverno.io/v2beta1` ClusterPolicy/Policy document against the CRD schema.
 * Returns every problem found (an empty list for a well-formed document).
 */
export function checkPolicy(doc: JsonObject): PolicyProblem[] {
  const checker = new Checker();
  const { apiVersion, kind } = doc;
  if (kind !== 'ClusterPolicy' && kind !== 'Policy') {
    checker.problems.push({
      message: `kind: Unsupported value: ${JSON.stringify(kind ?? null)}: supported values: "ClusterPolicy", "Policy"`,
      path: ['kind'],
    });
  }
  const schema = typeof apiVersion === 'string' ? POLICY_SCHEMAS[apiVersion] : undefined;
  if (schema === undefined) {
    const supported = Object.keys(POLICY_SCHEMAS)
      .map((v) => JSON.stringify(v))
      .join(', ');
    checker.problems.push({
      message: `apiVersion: Unsupported value: ${JSON.stringify(apiVersion ?? null)}: supported values: ${supported}`,
      path: ['apiVersion'],
    });
    return checker.problems;
  }
  checker.check(schema, doc, []);
  const name = nameProblem(doc.metadata, false);
  if (name !== null) checker.problems.push({ message: `metadata.name: Required value: ${name}`, path: ['metadata', 'name'] });
  return checker.problems;
}

/** Checks a PolicyException document against its CRD schema (types and required fields). */
export function checkPolicyException(doc: JsonObject): PolicyProblem[] {
  const checker = new Checker();
  checker.check(POLICY_EXCEPTION_SCHEMA, doc, []);
  return checker.problems;
}

/** `ObjectMeta` of any kind: fields of newer Kubernetes versions are accepted, the known ones are typed. */
const MANIFEST_METADATA: ObjectSchema = { ...OBJECT_META, preserveUnknown: true };

/**
 * Checks the `metadata` of a manifest as the API server decodes and validates it: a map whose known fields
 * have their types (a string `labels` cannot be decoded into `ObjectMeta`), with a name or a generateName.
 */
export function checkObjectMetadata(doc: JsonObject): PolicyProblem[] {
  const checker = new Checker();
  checker.check(MANIFEST_METADATA, doc.metadata ?? null, ['metadata']);
  const name = nameProblem(doc.metadata, true);
  if (name !== null) checker.problems.push({ message: `metadata.name: Required value: ${name}`, path: ['metadata', 'name'] });
  return checker.problems;
}

/**
 * The API server's object metadata validation (k8s.io/apimachinery pkg/api/validation/objectmeta.go,
 * `ValidateObjectMeta`): a name, or a generateName for the server to complete. Policies need the name
 * itself: offline no server completes it, and every result is named after the policy. A `metadata` of the
 * wrong type is reported by the type check.
 */
function nameProblem(metadata: JsonValue | undefined, generateNameSuffices: boolean): string | null {
  if (metadata !== undefined && metadata !== null && !isObject(metadata)) return null;
  const name = metadata?.name;
  if (name !== undefined && name !== null && name !== '') return null;
  const generateName = metadata?.generateName;
  if (typeof generateName !== 'string' || generateName === '') return 'name or generateName is required';
  return generateNameSuffices ? null : 'generateName is completed by the API server only: a policy checked offline needs a name';
}
