/**
 * @file References to renamed objects follow them (kubernetes-sigs/kustomize api/filters/nameref/nameref.go,
 * `resaccumulator.FixBackReferences`): a field that holds one of the earlier names of an object it refers to (a
 * Deployment's `envFrom.configMapRef.name`, an HPA's `scaleTargetRef.name`, …, the default field specs) takes that
 * object's final name (with its prefix, suffix and hash).
 */
import { parse } from 'yaml';
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import { ResourceScopes } from '../../cluster/index.js';
import type { BuiltObject } from './types.js';
import { specSelects, visitFields, type FieldSpec } from './field-specs.js';
import { NAME_REFERENCE_FIELD_SPECS } from './name-reference-specs.js';

interface Referred {
  kind: string;
  group?: string;
  version?: string;
  fieldSpecs: FieldSpec[];
}

let table: Referred[] | null = null;

function referenceTable(): Referred[] {
  if (table === null) {
    const parsed = parse(NAME_REFERENCE_FIELD_SPECS) as { nameReference: Referred[] };
    // `networking.k8s.io/v1` is written as the group of IngressClass; kustomize reads it as a group/version.
    table = parsed.nameReference.map((entry) => (entry.group?.includes('/') ? { ...entry, group: entry.group.slice(0, entry.group.indexOf('/')) } : entry));
  }
  return table;
}

const scopes = new ResourceScopes();

function isClusterScoped(value: JsonObject): boolean {
  return scopes.has(`${String(value.apiVersion)}/${String(value.kind)}`);
}

function namespaceOf(value: JsonObject): string {
  const metadata = isObject(value.metadata) ? value.metadata : {};
  return typeof metadata.namespace === 'string' ? metadata.namespace : '';
}

/** The final name of the object `name` refers to from `referral`, or null when none (or more than one) fits. */
function resolve(candidates: readonly BuiltObject[], name: string, referral: JsonObject, namespace: string | undefined): string | null {
  const named = candidates.filter((candidate) => candidate.names.includes(name));
  if (named.length === 0) return null;
  const wanted = namespace ?? namespaceOf(referral);
  const fitting = named.filter((candidate) => isClusterScoped(candidate.value) || isClusterScoped(referral) || candidate.namespaces.includes(wanted) || namespaceOf(candidate.value) === wanted);
  const chosen = fitting.length === 1 ? fitting[0]! : named.length === 1 ? named[0]! : null;
  if (chosen === null) return null;
  const current = chosen.names.at(-1)!;
  return current === name ? null : current;
}

/** Updates every reference to a renamed object, in place (each built object owns its value). */
export function fixNameReferences(objects: readonly BuiltObject[]): void {
  const renamed = objects.filter((object) => object.names.length > 1 && object.names.at(-1) !== object.names[0]);
  if (renamed.length === 0) return;
  const referred = referenceTable()
    .map((entry) => ({ entry, candidates: renamed.filter((candidate) => specSelects(entry, candidate.value)) }))
    .filter(({ candidates }) => candidates.length > 0);
  for (const object of objects) {
    for (const { entry, candidates } of referred) {
      for (const spec of entry.fieldSpecs) {
        if (!specSelects(spec, object.value)) continue;
        visitFields(object.value, { ...spec, create: false }, (current) => update(current, candidates, object.value, entry.kind));
      }
    }
  }
}

/** The new value of a reference field: a name, or a `{kind, name, namespace}` map (RBAC subjects), or a list of those. */
function update(current: JsonValue | undefined, candidates: readonly BuiltObject[], referral: JsonObject, kind: string): JsonValue | undefined {
  if (typeof current === 'string') return resolve(candidates, current, referral, undefined) ?? undefined;
  if (Array.isArray(current)) {
    let changed = false;
    const next = current.map((element) => {
      const updated = update(element, candidates, referral, kind);
      if (updated === undefined) return element;
      changed = true;
      return updated;
    });
    return changed ? next : undefined;
  }
  if (isObject(current) && typeof current.name === 'string') {
    if (typeof current.kind === 'string' && current.kind !== kind) return undefined;
    const namespace = typeof current.namespace === 'string' ? current.namespace : undefined;
    const name = resolve(candidates, current.name, referral, namespace);
    return name === null ? undefined : { ...current, name };
  }
  return undefined;
}
