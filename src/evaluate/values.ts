/**
 * @file The Values file (`cli.kyverno.io/v1alpha1`, `kind: Values`) and inline Test `values:`
 * (kyverno/kyverno cmd/cli/kubectl-kyverno/apis/v1alpha1/values*.go, variables/variables.go, store/store.go):
 * strict decoding, and what each part feeds to the engine — resource-level variables (global, then
 * per policy+resource, then `--set`), rule-level `values`/`foreachValues` (matching `autogen-` names),
 * namespace labels for `namespaceSelector`, subresource mappings and the global `request.operation`.
 */
import type { InjectedValues } from './types.js';
import type { JsonObject, JsonValue } from '../types.js';
import { ANY_MAP, decodeStrict, list, map, STRING, STRING_LIST, STRING_MAP, struct, ANY, BOOL, type DecodeError, type Schema } from './strict-decode.js';

const API_RESOURCE = struct({
  name: STRING,
  singularName: STRING,
  namespaced: BOOL,
  group: STRING,
  version: STRING,
  kind: STRING,
  verbs: STRING_LIST,
  shortNames: STRING_LIST,
  categories: STRING_LIST,
  storageVersionHash: STRING,
});

/** The fields of `ValuesSpec`, shared by Values files and inline Test `values:`. */
export const VALUES_SPEC_FIELDS: Record<string, Schema> = {
  globalValues: ANY_MAP,
  policies: list(
    struct({
      name: STRING,
      rules: list(struct({ name: STRING, values: ANY_MAP, foreachValues: map(list(ANY)) })),
      resources: list(struct({ name: STRING, values: ANY_MAP })),
    }),
  ),
  namespaceSelector: list(struct({ name: STRING, labels: STRING_MAP })),
  namespaces: list(struct({ apiVersion: STRING, kind: STRING, metadata: ANY_MAP, spec: ANY_MAP, status: ANY_MAP })),
  subresources: list(struct({ subresource: API_RESOURCE, parentResource: API_RESOURCE })),
};

const VALUES_FILE = struct({ apiVersion: STRING, kind: STRING, metadata: ANY_MAP, ...VALUES_SPEC_FIELDS });

/** Operations accepted as the global `request.operation` value (`cli/processor/operation.go`). */
const GLOBAL_OPERATIONS = new Set(['', 'CREATE', 'UPDATE', 'DELETE', 'CONNECT']);

interface RuleValues {
  name: string;
  values: Record<string, JsonValue>;
  foreachValues: Record<string, JsonValue[]>;
}

interface PolicyValues {
  name: string;
  rules: RuleValues[];
  resources: { name: string; values: Record<string, JsonValue> }[];
}

interface SubresourceMapping {
  /** The subresource's own GVK, as resources of that kind are written. */
  group: string;
  version: string;
  kind: string;
  /** The parent resource's GVK the resource is evaluated as. */
  parentGroup: string;
  parentVersion: string;
  parentKind: string;
  /** The part after `/` in `subresource.name` (e.g. `scale`). */
  subresource: string;
}

const asObject = (value: JsonValue | undefined): JsonObject =>
  value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : {};
const asArray = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);
const asString = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');

/** Values ready for evaluation. */
export class ValuesFile {
  readonly globalValues: Record<string, JsonValue>;
  private readonly policies: PolicyValues[];
  /** Namespace name → labels (`namespaces` entries win over `namespaceSelector` ones). */
  readonly namespaceLabels: ReadonlyMap<string, Record<string, string>>;
  readonly subresources: readonly SubresourceMapping[];
  /** Namespace name → Namespace object (`namespaces` entries first, then objects built from `namespaceSelector` entries). */
  private readonly namespaceObjects = new Map<string, JsonObject>();
  private readonly lookups = new Map<string, Pick<InjectedValues, 'rule' | 'foreach'>>();

  constructor(spec: JsonObject) {
    this.globalValues = { ...asObject(spec.globalValues) };
    this.policies = asArray(spec.policies).map((raw) => {
      const policy = asObject(raw);
      return {
        name: asString(policy.name),
        rules: asArray(policy.rules).map((rawRule) => {
          const rule = asObject(rawRule);
          const foreach: Record<string, JsonValue[]> = {};
          for (const [key, value] of Object.entries(asObject(rule.foreachValues))) foreach[key] = asArray(value);
          return { name: asString(rule.name), values: { ...asObject(rule.values) }, foreachValues: foreach };
        }),
        resources: asArray(policy.resources).map((rawResource) => {
          const resource = asObject(rawResource);
          return { name: asString(resource.name), values: { ...asObject(resource.values) } };
        }),
      };
    });
    const labels = new Map<string, Record<string, string>>();
    for (const raw of asArray(spec.namespaceSelector)) {
      const entry = asObject(raw);
      labels.set(asString(entry.name), stringMap(entry.labels));
    }
    for (const raw of asArray(spec.namespaces)) {
      const metadata = asObject(asObject(raw).metadata);
      labels.set(asString(metadata.name), stringMap(metadata.labels));
    }
    this.namespaceLabels = labels;
    // kyverno/kyverno cmd/cli/kubectl-kyverno/variables/variables.go `Namespace`: the first `namespaces` entry of
    // that name, else a Namespace with the name and labels of the first `namespaceSelector` entry.
    for (const raw of asArray(spec.namespaces)) {
      const namespace = asObject(raw);
      const name = asString(asObject(namespace.metadata).name);
      if (!this.namespaceObjects.has(name)) this.namespaceObjects.set(name, namespace);
    }
    for (const raw of asArray(spec.namespaceSelector)) {
      const entry = asObject(raw);
      const name = asString(entry.name);
      if (!this.namespaceObjects.has(name)) {
        this.namespaceObjects.set(name, { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: stringMap(entry.labels) } });
      }
    }
    this.subresources = asArray(spec.subresources).map((raw) => {
      const entry = asObject(raw);
      const sub = asObject(entry.subresource);
      const parent = asObject(entry.parentResource);
      const name = asString(sub.name);
      return {
        group: asString(sub.group),
        version: asString(sub.version),
        kind: asString(sub.kind),
        parentGroup: asString(parent.group),
        parentVersion: asString(parent.version),
        parentKind: asString(parent.kind),
        subresource: name.split('/')[1] ?? '',
      };
    });
  }

  /** The Namespace object the values give for `name` (the CEL kinds' `namespaceObject`), if any. */
  namespaceObject(name: string): JsonObject | undefined {
    return this.namespaceObjects.get(name);
  }

  /** The global `request.operation` value, or "" when unset (`Variables.GlobalOperation`). */
  globalOperation(): string {
    const operation = this.globalValues['request.operation'];
    return typeof operation === 'string' ? operation : '';
  }

  /** An error message when the global `request.operation` is not an admission operation. */
  operationError(): string | null {
    const operation = this.globalOperation();
    return GLOBAL_OPERATIONS.has(operation) ? null : `invalid request.operation value "${operation}" (expected CREATE, UPDATE, DELETE or CONNECT)`;
  }

  /** Resource-level variables for (policy, resource): global, then matching resource entries, then `set`. */
  resourceValues(policyName: string, resourceName: string, set?: Readonly<Record<string, string>>): Record<string, JsonValue> {
    const out: Record<string, JsonValue> = { ...this.globalValues };
    for (const policy of this.policies) {
      if (policy.name !== policyName) continue;
      for (const resource of policy.resources) {
        if (resource.name === resourceName) Object.assign(out, resource.values);
      }
    }
    if (set) Object.assign(out, set);
    return out;
  }

  /** The rule entry of the first policy entry named `policyName` (`Store.GetPolicyRule`). */
  private ruleEntry(policyName: string, ruleName: string): RuleValues | undefined {
    const policy = this.policies.find((entry) => entry.name === policyName);
    return policy?.rules.find(
      (rule) => ruleName === rule.name || ruleName === `autogen-${rule.name}` || ruleName === `autogen-cronjob-${rule.name}`,
    );
  }

  /** The per-rule lookups handed to the engine for one policy (built once per policy name). */
  ruleLookups(policyName: string): Pick<InjectedValues, 'rule' | 'foreach'> {
    let lookups = this.lookups.get(policyName);
    if (lookups === undefined) {
      lookups = this.policies.some((entry) => entry.name === policyName)
        ? {
            rule: (ruleName: string) => this.ruleEntry(policyName, ruleName)?.values,
            foreach: (ruleName: string) => this.ruleEntry(policyName, ruleName)?.foreachValues,
          }
        : {};
      this.lookups.set(policyName, lookups);
    }
    return lookups;
  }
}

function stringMap(value: JsonValue | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(asObject(value))) if (typeof item === 'string') out[key] = item;
  return out;
}

interface DecodedValues {
  values?: ValuesFile;
  errors: DecodeError[];
}

/** Decodes inline Test `values:` (already strictly decoded with the Test). */
export function valuesFromSpec(spec: JsonObject): ValuesFile {
  return new ValuesFile(spec);
}

/** Decodes a Values file document; `displayFile` names the file in messages. */
export function decodeValuesFile(document: JsonValue, displayFile: string): DecodedValues {
  const { value, errors } = decodeStrict(document, VALUES_FILE);
  if (asString(value.apiVersion) === '' || asString(value.kind) === '') {
    errors.push({ message: `values file ${displayFile} uses a deprecated schema — please migrate to the latest format`, path: [] });
  }
  if (errors.length > 0) return { errors };
  return { values: new ValuesFile(value), errors };
}

/**
 * `apply --set k=v,...` (`cli/variables/parse.go`): entries without exactly one `=`, with an empty key or
 * value, or with a key under `request.object.` are ignored; a repeated key keeps its first value.
 */
export function parseSetValues(items: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const parts = item.trim().split('=');
    if (parts.length !== 2) continue;
    const key = parts[0].trim();
    const value = parts[1].trim();
    if (key === '' || value === '' || key.includes('request.object.') || Object.hasOwn(out, key)) continue;
    out[key] = value;
  }
  return out;
}
