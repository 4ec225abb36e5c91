/**
 * @file References to renamed objects follow them (kubernetes-sigs/kustomize api/filters/nameref/nameref.go,
 * api/internal/accumulator/namereferencetransformer.go, `ResAccumulator.FixBackReferences`): a field that holds
 * an earlier name of an object it may refer to (a Deployment's `envFrom.configMapRef.name`, an HPA's
 * `scaleTargetRef.name`, …, the default field specs) takes that object's current name (with its prefix, suffix and
 * hash), and a `{name, namespace}` map (RBAC subjects) its namespace too.
 */
import { parse } from 'yaml';
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import type { BuiltObject } from './types.js';
import { groupVersion, specSelects, visitFields, type FieldSpec } from './field-specs.js';
import { NAME_REFERENCE_FIELD_SPECS } from './name-reference-specs.js';
import { apiVersionOf, currentId, isClusterScoped, NOT_A_NAMESPACE, type ResId } from './ids.js';

interface Referred {
  kind: string;
  group?: string;
  version?: string;
  fieldSpecs: FieldSpec[];
}

type Gvk = Pick<FieldSpec, 'group' | 'version' | 'kind'>;

let table: Referred[] | null = null;

function referenceTable(): Referred[] {
  if (table === null) {
    // Kept as kustomize reads it: IngressClass is written with the group `networking.k8s.io/v1`, which no object has,
    // so an Ingress's `spec/ingressClassName` is never updated.
    table = (parse(NAME_REFERENCE_FIELD_SPECS) as { nameReference: Referred[] }).nameReference;
  }
  return table;
}

let byKind: Map<string, { referred: Referred; spec: FieldSpec }[]> | null = null;

/** The (referred kind, field spec) pairs whose spec may select a referrer of `kind`, in the table's order. */
function specsFor(kind: string): readonly { referred: Referred; spec: FieldSpec }[] {
  if (byKind === null) {
    byKind = new Map();
  }
  let found = byKind.get(kind);
  if (found === undefined) {
    found = [];
    for (const referred of referenceTable()) for (const spec of referred.fieldSpecs) if (!spec.kind || spec.kind === kind) found.push({ referred, spec });
    byKind.set(kind, found);
  }
  return found;
}

/** An object as a possible referral: its current value and id, the ids it had, its prefixes and suffixes. */
interface Candidate {
  object: BuiltObject;
  id: ResId;
  clusterScoped: boolean;
}

function candidateOf(object: BuiltObject): Candidate {
  return { object, id: currentId(object.value), clusterScoped: isClusterScoped(apiVersionOf(object.value), String(object.value.kind)) };
}

/** kyaml/resid/gvk.go `IsSelected`, on an earlier id (its kind, with the object's current group and version). */
function previousIdSelected(candidate: Candidate, selector: Gvk): boolean {
  const { group, version } = groupVersion(apiVersionOf(candidate.object.value));
  return candidate.object.previousIds.some((id) => specSelects(selector, { apiVersion: group === '' ? version : `${group}/${version}`, kind: id.kind }));
}

/** api/resmap/reswrangler.go `SubsetThatCouldBeReferencedByResource`. */
function couldBeReferenced(referrer: Candidate, all: readonly Candidate[]): Candidate[] {
  if (referrer.clusterScoped) return [...all];
  const roleBindingNamespaces = new Set<string>();
  if (referrer.object.value.kind === 'RoleBinding' && Array.isArray(referrer.object.value.subjects)) {
    for (const subject of referrer.object.value.subjects) {
      if (isObject(subject) && subject.kind === 'ServiceAccount' && typeof subject.namespace === 'string') roleBindingNamespaces.add(subject.namespace);
    }
  }
  return all.filter((candidate) => {
    if (candidate.clusterScoped || candidate.id.namespace === referrer.id.namespace) return true;
    const metadata = isObject(candidate.object.value.metadata) ? candidate.object.value.metadata : {};
    return roleBindingNamespaces.has(typeof metadata.namespace === 'string' ? metadata.namespace : '');
  });
}

/** api/internal/utils/stringslice.go `SameEndingSubSlice`. */
function sameEnding(a: readonly string[], b: readonly string[]): boolean {
  const [shortest, longest] = a.length <= b.length ? [a, b] : [b, a];
  if (shortest.length === 0) return longest.length === 0;
  const diff = longest.length - shortest.length;
  return shortest.every((item, index) => longest[index + diff] === item);
}

/** api/resource/resource.go `PrefixesSuffixesEquals`. */
function affixesEqual(candidate: BuiltObject, referrer: BuiltObject, allowEmpty: boolean): boolean {
  if (!allowEmpty) return sameEnding(candidate.prefixes, referrer.prefixes) && sameEnding(candidate.suffixes, referrer.suffixes);
  const prefixes = candidate.prefixes.length === 0 || referrer.prefixes.length === 0 || sameEnding(candidate.prefixes, referrer.prefixes);
  const suffixes = candidate.suffixes.length === 0 || referrer.suffixes.length === 0 || sameEnding(candidate.suffixes, referrer.suffixes);
  return prefixes && suffixes;
}

interface Reference {
  referrer: Candidate;
  /** The referrer's value being updated. */
  value: JsonObject;
  target: Gvk;
  path: string;
  candidates: Candidate[];
}

/** nameref.go `selectReferral`: the one object `oldName` refers to, or null (none, or several that differ). */
function selectReferral(reference: Reference, oldName: string, candidates: readonly Candidate[], withNamespace: boolean): Candidate | null {
  let found = candidates.filter((candidate) => candidate.object.previousIds.some((id) => id.name === oldName));
  found = found.filter((candidate) => previousIdSelected(candidate, reference.target));
  if (reference.path.endsWith('roleRef/name')) {
    // `roleRefFilter`: the roleRef's apiGroup and kind select the referral.
    const roleRef = reference.value.roleRef;
    if (isObject(roleRef) && typeof roleRef.apiGroup === 'string' && typeof roleRef.kind === 'string') {
      const selector: Gvk = { group: roleRef.apiGroup, kind: roleRef.kind };
      found = found.filter((candidate) => previousIdSelected(candidate, selector));
    }
  }
  // `sameCurrentNamespaceAsReferrer`.
  if (!reference.referrer.clusterScoped) {
    found = found.filter((candidate) => candidate.clusterScoped || candidate.object.value.kind === 'ServiceAccount' || candidate.id.namespace === reference.referrer.id.namespace);
  }
  if (found.length === 1) return found[0]!;
  found = found.filter((candidate) => affixesEqual(candidate.object, reference.referrer.object, true));
  if (found.length > 1) found = found.filter((candidate) => affixesEqual(candidate.object, reference.referrer.object, false));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) return null;
  // `allNamesAreTheSame` / `allNamesAndNamespacesAreTheSame`: the first of identical referrals; kustomize fails on
  // referrals that differ, and the reference is left as it is.
  const first = found[0]!.object.value.metadata as JsonObject;
  const same = found.every((candidate) => {
    const metadata = candidate.object.value.metadata as JsonObject;
    return metadata.name === first.name && (!withNamespace || (metadata.namespace ?? '') === (first.namespace ?? ''));
  });
  return same ? found[0]! : null;
}

/** nameref.go `setScalar`: the referral's current name, or undefined to leave the field. */
function setScalar(reference: Reference, name: string): string | undefined {
  const referral = selectReferral(reference, name, reference.candidates, false);
  if (referral === null) return undefined;
  const current = (referral.object.value.metadata as JsonObject).name;
  return typeof current === 'string' && current !== name ? current : undefined;
}

/** nameref.go `setMapping`: a `{name, namespace}` map with the referral's name and namespace, or undefined. */
function setMapping(reference: Reference, map: JsonObject): JsonObject | undefined {
  if (typeof map.name !== 'string') return undefined;
  // `filterMapCandidatesByNamespace`: the candidates of the map's namespace, first by their original namespace.
  let candidates = reference.candidates;
  if (map.namespace !== undefined && map.namespace !== null) {
    const namespace = String(map.namespace);
    const original = candidates.filter((candidate) => {
      const orgId = candidate.object.previousIds[0] ?? candidate.id;
      return orgId.namespace !== NOT_A_NAMESPACE && orgId.namespace === namespace;
    });
    candidates = original.length > 0 ? original : candidates.filter((candidate) => candidate.id.namespace !== NOT_A_NAMESPACE && candidate.id.namespace === namespace);
  }
  const referral = selectReferral(reference, map.name, candidates, true);
  if (referral === null) return undefined;
  const metadata = referral.object.value.metadata as JsonObject;
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : '';
  if (name === map.name && namespace === '') return undefined;
  const next: JsonObject = { ...map, name };
  if (namespace !== '') next.namespace = namespace;
  return name === map.name && namespace === map.namespace ? undefined : next;
}

/** nameref.go `Filter.set`: a name, a map, or a list of those. */
function set(reference: Reference, current: JsonValue | undefined): JsonValue | undefined {
  if (typeof current === 'string') return setScalar(reference, current);
  if (isObject(current)) return setMapping(reference, current);
  if (Array.isArray(current)) {
    let changed = false;
    const next = current.map((element) => {
      const updated = typeof element === 'string' ? setScalar(reference, element) : isObject(element) ? setMapping(reference, element) : undefined;
      if (updated === undefined) return element;
      changed = true;
      return updated;
    });
    return changed ? next : undefined;
  }
  return undefined;
}

/** The objects, with every reference to a renamed object updated in place (each built object owns its value). */
export function fixNameReferences(objects: readonly BuiltObject[]): BuiltObject[] {
  const all = objects.map(candidateOf);
  const withPrevious = all.filter((candidate) => candidate.object.previousIds.length > 0);
  if (withPrevious.length === 0) return [...objects];
  return all.map((referrer) => {
    // `determineFilters`: the referrer is selected by its original kind.
    const orgKind = referrer.object.previousIds[0]?.kind ?? referrer.id.kind;
    const orgValue: JsonObject = { apiVersion: apiVersionOf(referrer.object.value), kind: orgKind };
    let candidates: Candidate[] | null = null;
    for (const { referred, spec } of specsFor(orgKind)) {
      if (!specSelects(spec, orgValue)) continue;
      candidates ??= couldBeReferenced(referrer, withPrevious);
      if (candidates.length === 0) continue;
      // In place: each built object owns its value, and only reference fields change here.
      const target = referrer.object.value;
      const reference: Reference = { referrer, value: target, target: referred, path: spec.path, candidates };
      visitFields(target, { path: spec.path }, (current) => (current === null ? undefined : set(reference, current)));
    }
    return referrer.object;
  });
}
