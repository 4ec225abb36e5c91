/**
 * @file The kustomization fields that transform every object: namespace, name prefix and suffix, labels,
 * annotations, replicas and images (kubernetes-sigs/kustomize api/internal/builtins: NamespaceTransformer,
 * PrefixTransformer, SuffixTransformer, LabelTransformer, AnnotationsTransformer, ReplicaCountTransformer,
 * ImageTagTransformer, with the default field specs of api/internal/konfig/builtinpluginconsts). Each returns the
 * paths it set, which the object's history records.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import { visitFields, type FieldSpec } from './field-specs.js';
import type { Segment } from './origins.js';
import { compileRe2 } from '../../util/go-regexp.js';

const TEMPLATE_KINDS: FieldSpec[] = [
  { path: 'spec/template/metadata/labels', create: true, version: 'v1', kind: 'ReplicationController' },
  { path: 'spec/template/metadata/labels', create: true, kind: 'Deployment' },
  { path: 'spec/template/metadata/labels', create: true, kind: 'ReplicaSet' },
  { path: 'spec/template/metadata/labels', create: true, kind: 'DaemonSet' },
  { path: 'spec/template/metadata/labels', create: true, group: 'apps', kind: 'StatefulSet' },
  { path: 'spec/template/metadata/labels', create: true, group: 'batch', kind: 'Job' },
  { path: 'spec/jobTemplate/metadata/labels', create: true, group: 'batch', kind: 'CronJob' },
  { path: 'spec/jobTemplate/spec/template/metadata/labels', create: true, group: 'batch', kind: 'CronJob' },
];

/** builtinpluginconsts/metadatalabels.go `metadataLabelsFieldSpecs`. */
const METADATA_LABELS: FieldSpec[] = [{ path: 'metadata/labels', create: true }, ...TEMPLATE_KINDS];

/** builtinpluginconsts/volumeclaimmetadatalabels.go. */
const VOLUME_CLAIM_LABELS: FieldSpec[] = [{ path: 'spec/volumeClaimTemplates[]/metadata/labels', create: true, group: 'apps', kind: 'StatefulSet' }];

const AFFINITY = [
  'spec/template/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/topologySpreadConstraints/labelSelector/matchLabels',
];

/** builtinpluginconsts/commonlabels.go `commonLabelFieldSpecs`. */
export const COMMON_LABELS: FieldSpec[] = [
  { path: 'spec/selector', create: true, version: 'v1', kind: 'Service' },
  { path: 'spec/selector', create: true, version: 'v1', kind: 'ReplicationController' },
  { path: 'spec/selector/matchLabels', create: true, kind: 'Deployment' },
  ...AFFINITY.map((path): FieldSpec => ({ path, group: 'apps', kind: 'Deployment' })),
  { path: 'spec/selector/matchLabels', create: true, kind: 'ReplicaSet' },
  { path: 'spec/selector/matchLabels', create: true, kind: 'DaemonSet' },
  { path: 'spec/selector/matchLabels', create: true, group: 'apps', kind: 'StatefulSet' },
  ...AFFINITY.map((path): FieldSpec => ({ path, group: 'apps', kind: 'StatefulSet' })),
  { path: 'spec/selector/matchLabels', group: 'batch', kind: 'Job' },
  { path: 'spec/jobTemplate/spec/selector/matchLabels', group: 'batch', kind: 'CronJob' },
  { path: 'spec/selector/matchLabels', group: 'policy', kind: 'PodDisruptionBudget' },
  { path: 'spec/podSelector/matchLabels', group: 'networking.k8s.io', kind: 'NetworkPolicy' },
  { path: 'spec/ingress/from/podSelector/matchLabels', group: 'networking.k8s.io', kind: 'NetworkPolicy' },
  { path: 'spec/egress/to/podSelector/matchLabels', group: 'networking.k8s.io', kind: 'NetworkPolicy' },
  ...METADATA_LABELS,
  ...VOLUME_CLAIM_LABELS,
];

/** The field specs of one `labels:` entry: its `fields`, then the defaults (api/internal/target/kusttarget_configplugin.go, LabelTransformer). */
export function labelSpecs(entry: { includeSelectors: boolean; includeTemplates: boolean; includeVolumeClaimTemplates?: boolean; fields?: readonly FieldSpec[] }): FieldSpec[] {
  const own = entry.fields ?? [];
  if (entry.includeSelectors) return [...own, ...COMMON_LABELS];
  // Released kustomize (v5.5 to v5.8) lists the StatefulSet volume claim templates among the template labels
  // (builtinpluginconsts/metadatalabels.go); its main branch has since made them a separate opt-in,
  // `includeVolumeClaimTemplates`, which is read too.
  const templates = entry.includeTemplates ? [...TEMPLATE_KINDS, ...VOLUME_CLAIM_LABELS] : entry.includeVolumeClaimTemplates ? VOLUME_CLAIM_LABELS : [];
  return [...own, ...templates, { path: 'metadata/labels', create: true }];
}

/** builtinpluginconsts/commonannotations.go `commonAnnotationFieldSpecs`. */
export const COMMON_ANNOTATIONS: FieldSpec[] = [
  { path: 'metadata/annotations', create: true },
  { path: 'spec/template/metadata/annotations', create: true, version: 'v1', kind: 'ReplicationController' },
  { path: 'spec/template/metadata/annotations', create: true, kind: 'Deployment' },
  { path: 'spec/template/metadata/annotations', create: true, kind: 'ReplicaSet' },
  { path: 'spec/template/metadata/annotations', create: true, kind: 'DaemonSet' },
  { path: 'spec/template/metadata/annotations', create: true, kind: 'StatefulSet' },
  { path: 'spec/template/metadata/annotations', create: true, group: 'batch', kind: 'Job' },
  { path: 'spec/jobTemplate/metadata/annotations', create: true, group: 'batch', kind: 'CronJob' },
  { path: 'spec/jobTemplate/spec/template/metadata/annotations', create: true, group: 'batch', kind: 'CronJob' },
];

/** Sets `pairs` into the maps the field specs name; the paths of the keys set. */
export function setPairs(object: JsonObject, specs: readonly FieldSpec[], pairs: Readonly<Record<string, string>>): Segment[][] {
  const set: Segment[][] = [];
  if (Object.keys(pairs).length === 0) return set;
  for (const spec of specs) {
    visitFields(object, spec, (value, path) => {
      const map: JsonObject = isObject(value) ? value : {};
      for (const [key, item] of Object.entries(pairs)) {
        map[key] = item;
        set.push([...path, key]);
      }
      return map;
    });
  }
  return set;
}

/** builtins/PrefixTransformer.go `prefixFieldSpecsToSkip` (the suffix transformer skips the same kinds). */
export function keepsItsName(object: JsonObject): boolean {
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  return object.kind === 'CustomResourceDefinition' || object.kind === 'Namespace' || (object.kind === 'APIService' && apiVersion.startsWith('apiregistration.k8s.io/'));
}

/**
 * `image.Split` (api/internal/image/image.go): name, tag and digest of `[[host[:port]/]component/]component[:tag][@digest]`;
 * the separators are looked for after the first slash, so a registry port is part of the name.
 */
export function splitImage(image: string): { name: string; tag: string; digest: string } {
  let slash = image.indexOf('/');
  const search = slash > 0 ? image.slice(slash) : image;
  if (slash <= 0) slash = 0;
  let at = search.indexOf('@');
  let colon = search.indexOf(':');
  if (colon < 0 && at < 0) return { name: image, tag: '', digest: '' };
  if (at >= 0 && (at < colon || colon < 0)) {
    at += slash;
    return { name: image.slice(0, at), tag: '', digest: image.slice(at + 1) };
  }
  if (at >= 0 && colon >= 0) {
    at += slash;
    colon += slash;
    return { name: image.slice(0, colon), tag: image.slice(colon + 1, at), digest: image.slice(at + 1) };
  }
  colon += slash;
  return { name: image.slice(0, colon), tag: image.slice(colon + 1), digest: '' };
}

/**
 * `image.IsImageMatched`: the entry's name, read as a regular expression, then an optional tag and digest. A name
 * that is not a valid expression matches nothing.
 */
export function imageMatches(image: string, name: string): boolean {
  let pattern = imagePatterns.get(name);
  if (pattern === undefined) {
    pattern = compileRe2(`^${name}(:[a-zA-Z0-9_.{}-]*)?(@[a-zA-Z0-9]+([.+_-][a-zA-Z0-9]+)*:[a-zA-Z0-9_.{}-]*)?$`);
    imagePatterns.set(name, pattern);
  }
  return typeof pattern !== 'string' && pattern.matcher(image).matches();
}

const imagePatterns = new Map<string, ReturnType<typeof compileRe2>>();

/** An `images:` entry (api/types/image.go `Image`). */
export interface ImageUpdate {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
  tagSuffix?: string;
}

/** The image with an `images:` entry applied, or null when the entry does not name it (api/filters/imagetag/updater.go `SetImageValue`). */
export function updatedImage(image: string, entry: ImageUpdate): string | null {
  if (!imageMatches(image, entry.name)) return null;
  let { name, tag, digest } = splitImage(image);
  if (entry.newName) name = entry.newName;
  // Overriding the tag or the digest replaces both.
  if (entry.newTag && entry.digest) {
    tag = entry.newTag;
    digest = entry.digest;
  } else if (entry.newTag) {
    tag = entry.newTag;
    digest = '';
  } else if (entry.digest) {
    digest = entry.digest;
    tag = '';
  } else if (entry.tagSuffix) {
    tag += entry.tagSuffix;
    digest = '';
  }
  return `${name}${tag ? `:${tag}` : ''}${digest ? `@${digest}` : ''}`;
}

/** builtinpluginconsts/images.go `imagesFieldSpecs`. */
const IMAGE_FIELDS = [
  'spec/containers[]/image',
  'spec/initContainers[]/image',
  'spec/volumes[]/image/reference',
  'spec/template/spec/containers[]/image',
  'spec/template/spec/initContainers[]/image',
  'spec/template/spec/volumes[]/image/reference',
];

/**
 * Applies an `images:` entry as builtins/ImageTagTransformer.go `Transform` does, in two passes: every `image` of
 * the `containers` and `initContainers` lists anywhere in the object (api/filters/imagetag/legacy.go), then the
 * images of the default field specs (api/filters/imagetag/imagetag.go), which see the first pass's result, so a
 * `tagSuffix` is added twice where both reach. CustomResourceDefinitions are left alone. The paths set.
 */
export function setImages(object: JsonObject, entry: ImageUpdate): Segment[][] {
  const set: Segment[][] = [];
  if (object.kind === 'CustomResourceDefinition') return set;
  const visit = (node: JsonValue, path: Segment[]): void => {
    if (Array.isArray(node)) {
      node.forEach((element, index) => visit(element, [...path, index]));
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      visit(value, [...path, key]);
      if ((key === 'containers' || key === 'initContainers') && Array.isArray(value)) {
        value.forEach((container, index) => {
          if (!isObject(container) || typeof container.image !== 'string') return;
          const image = updatedImage(container.image, entry);
          if (image === null) return;
          container.image = image;
          set.push([...path, key, index, 'image']);
        });
      }
    }
  };
  visit(object, []);
  for (const path of IMAGE_FIELDS) {
    visitFields(object, { path }, (value, at) => {
      if (typeof value !== 'string') return undefined;
      const image = updatedImage(value, entry);
      if (image === null) return undefined;
      if (!set.some((done) => done.length === at.length && done.every((segment, index) => segment === at[index]))) set.push(at);
      return image;
    });
  }
  return set;
}

/** builtinpluginconsts/replicas.go `replicasFieldSpecs`. */
export const REPLICAS: FieldSpec[] = [
  { path: 'spec/replicas', create: true, kind: 'Deployment' },
  { path: 'spec/replicas', create: true, kind: 'ReplicationController' },
  { path: 'spec/replicas', create: true, kind: 'ReplicaSet' },
  { path: 'spec/replicas', create: true, kind: 'StatefulSet' },
];
