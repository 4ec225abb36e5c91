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
