/**
 * @file A Kyverno CLI Test document (`kyverno-test.yaml`) with its results renamed for the migrated policies:
 * a result of rule `r` of policy `X` (also `autogen-r`, `autogen-cronjob-r`, the names Kyverno gives the rules
 * it generates for Pod controllers) names the CEL policy written for `r`, without a rule (the CEL kinds report
 * no rule names, cmd/cli/kubectl-kyverno/test `isRulelessPolicyKind`), with the result flag of its kind
 * (`isValidatingPolicy`, …). Results of rules that were not translated stay as they are: they still name the
 * remainder of the original policy.
 */
import type { JsonObject, JsonValue } from '../types.js';
import { isObject } from '../util/json-value.js';
import type { PolicyMigration } from './policy.js';
import { splitDottedKey } from '../families/kyverno/engine/context/dotted-key.js';

/** The `kyverno test` result flag of a CEL policy kind. */
const KIND_FLAG: Readonly<Record<string, string>> = {
  ValidatingPolicy: 'isValidatingPolicy',
  NamespacedValidatingPolicy: 'isValidatingPolicy',
  MutatingPolicy: 'isMutatingPolicy',
  NamespacedMutatingPolicy: 'isMutatingPolicy',
  GeneratingPolicy: 'isGeneratingPolicy',
  NamespacedGeneratingPolicy: 'isGeneratingPolicy',
};

/** The rule a generated rule name stands for (pkg/autogen: `autogen-<rule>`, `autogen-cronjob-<rule>`). */
function sourceRule(rule: string): string[] {
  const names = [rule];
  if (rule.startsWith('autogen-cronjob-')) names.push(rule.slice('autogen-cronjob-'.length));
  if (rule.startsWith('autogen-')) names.push(rule.slice('autogen-'.length));
  return names;
}

export interface TestMigration {
  readonly document: JsonObject;
  /** Results renamed. */
  readonly renamed: number;
  /** Results left naming a rule that was not translated. */
  readonly kept: number;
}

/**
 * Renames the results of `test` for the migrations given (by policy name; a namespaced Policy also by
 * `<namespace>/<name>`, as results name it).
 */
export function migrateTestDocument(test: JsonObject, migrations: ReadonlyMap<string, PolicyMigration>): TestMigration {
  let renamed = 0;
  let kept = 0;
  const results = Array.isArray(test.results) ? test.results : [];
  const out: JsonValue[] = results.map((entry) => {
    if (!isObject(entry) || typeof entry.policy !== 'string') return entry;
    const migration = migrations.get(entry.policy);
    if (migration === undefined) return entry;
    const rule = typeof entry.rule === 'string' ? entry.rule : '';
    const translated = sourceRule(rule)
      .map((name) => migration.translated.find((t) => t.rule === name))
      .find((t) => t !== undefined);
    if (translated === undefined) {
      kept++;
      return entry;
    }
    renamed++;
    const result: JsonObject = {};
    for (const [key, value] of Object.entries(entry)) {
      if (key === 'rule') continue;
      result[key] = key === 'policy' ? (migration.namespace !== undefined ? `${migration.namespace}/${translated.name}` : translated.name) : value;
    }
    const flag = KIND_FLAG[translated.kind];
    if (flag !== undefined) result[flag] = true;
    return result;
  });
  return { document: { ...test, results: out }, renamed, kept };
}

/** What the Values of a Test give the ConfigMaps the translations read: Context objects, or why not. */
export interface ContextObjects {
  readonly objects: readonly JsonObject[];
  /** Values the Context cannot hold (a value that is not a string, another key of the entry, conflicting data). */
  readonly problems: readonly string[];
}

/**
 * The ConfigMaps a Test's Values (`cli.kyverno.io` Values file or inline `values`) give to the `configMap` context
 * entries of translated rules, as objects of a Context file. Without `clusterResources`, the Kyverno CLI loads no
 * ConfigMap: the Values give the entry's value (`<entry>.data.<key>: value`, global, per resource or per rule);
 * the CEL translation reads the ConfigMap with `resource.Get`, which a Context file serves. The data of every
 * value for one ConfigMap is merged.
 */
export function contextObjectsFromValues(values: JsonObject, migrations: ReadonlyMap<string, PolicyMigration>): ContextObjects {
  const data = new Map<string, { namespace: string; name: string; data: Map<string, string> }>();
  const problems: string[] = [];
  const valueSets = (policyName: string, rule: string): JsonObject[] => {
    const sets: JsonObject[] = [];
    if (isObject(values.globalValues)) sets.push(values.globalValues);
    for (const policy of Array.isArray(values.policies) ? values.policies : []) {
      if (!isObject(policy) || policy.name !== policyName) continue;
      for (const resource of Array.isArray(policy.resources) ? policy.resources : []) if (isObject(resource) && isObject(resource.values)) sets.push(resource.values);
      for (const entry of Array.isArray(policy.rules) ? policy.rules : []) {
        if (isObject(entry) && typeof entry.name === 'string' && sourceRule(entry.name).includes(rule) && isObject(entry.values)) sets.push(entry.values);
      }
    }
    return sets;
  };
  const seen = new Set<PolicyMigration>();
  for (const migration of migrations.values()) {
    if (seen.has(migration)) continue;
    seen.add(migration);
    for (const translated of migration.translated) {
      for (const read of translated.configMaps ?? []) {
        const id = `${read.namespace}/${read.name}`;
        const entry = data.get(id) ?? { namespace: read.namespace, name: read.name, data: new Map<string, string>() };
        data.set(id, entry);
        const set = (key: string, value: JsonValue, from: string): void => {
          if (typeof value !== 'string') {
            problems.push(`${from}: a ConfigMap holds strings only`);
            return;
          }
          const previous = entry.data.get(key);
          if (previous !== undefined && previous !== value) problems.push(`${from}: another value for the key ${JSON.stringify(key)} of the ConfigMap ${id}`);
          else entry.data.set(key, value);
        };
        for (const valueSet of valueSets(migration.name, translated.rule)) {
          for (const [key, value] of Object.entries(valueSet)) {
            let path: string[];
            try {
              path = splitDottedKey(key);
            } catch {
              continue;
            }
            if (path[0] !== read.context) continue;
            if (path.length === 3 && path[1] === 'data') set(path[2]!, value, key);
            else if (path.length === 2 && path[1] === 'data' && isObject(value)) for (const [k, v] of Object.entries(value)) set(k, v, key);
            else problems.push(`${key}: not the data of the ConfigMap ${id}`);
          }
        }
      }
    }
  }
  const objects = [...data.values()]
    .filter((entry) => entry.data.size > 0)
    .map((entry) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: entry.name, namespace: entry.namespace }, data: Object.fromEntries(entry.data) }));
  return { objects, problems };
}

/** A Context document (`cli.kyverno.io/v1alpha1`) holding `objects` after the resources of `context`, when given. */
export function withContextObjects(context: JsonObject | null, objects: readonly JsonObject[]): JsonObject {
  const spec = isObject(context?.spec) ? context.spec : {};
  const existing = Array.isArray(spec.resources) ? spec.resources : [];
  const key = (o: JsonValue): string => (isObject(o) && isObject(o.metadata) ? `${String(o.kind)}/${String(o.metadata.namespace ?? '')}/${String(o.metadata.name)}` : '');
  // An object the file holds already keeps its data, the Values' keys overriding.
  const merged = objects.map((object) => {
    const previous = existing.find((o) => key(o) === key(object));
    return isObject(previous) && isObject(previous.data) && isObject(object.data) ? { ...previous, data: { ...previous.data, ...object.data } } : object;
  });
  const added = new Set(objects.map(key));
  const kept = existing.filter((o) => !added.has(key(o)));
  return {
    apiVersion: 'cli.kyverno.io/v1alpha1',
    kind: 'Context',
    metadata: isObject(context?.metadata) ? context.metadata : { name: 'context' },
    spec: { ...spec, resources: [...kept, ...merged] },
  };
}
