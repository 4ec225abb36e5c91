/**
 * @file A resource document to evaluate: the object as Kyverno normalises what it decodes (namespace
 * defaulting, `null` maps; kyverno/kyverno cmd/cli/kubectl-kyverno/resource/resource.go), with its identity
 * (the key of Kyverno's response maps) and the file and document it comes from.
 */
import { nameOf, namespaceOf, normalizeResource, type KubernetesObject, type SourceDocument } from '../source/index.js';

/**
 * Where a field of a built resource comes from: a file, one of its documents, and a path in that document; `exact`
 * when that place holds the field itself (not only an enclosing part), `editable` when it holds it as plain YAML of
 * the resource's shape (an edit there changes the field).
 */
export type FieldLocator = (path: readonly (string | number)[]) => { file: string; document: SourceDocument; path: (string | number)[]; exact: boolean; editable: boolean };

/** A resource document with its identity and origin. */
export interface ResourceDocument {
  value: KubernetesObject;
  /** Absolute path of the file it comes from. */
  file: string;
  /** Index of the YAML document in the file. */
  documentIndex: number;
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
  /** `apiVersion,kind,namespace,name`, the key of Kyverno's response maps. */
  key: string;
  /** The resource is `items[listItem]` of a `kind: List` document (the repository scan expands Lists). */
  listItem?: number;
  /**
   * A JSON payload (a Test's `jsonPayloads`), not a Kubernetes object: `key` is the payload path as the Test writes
   * it, `name` and `namespace` its last and second-to-last comma-separated parts as Kyverno's result matching reads
   * any key.
   */
  jsonPayload?: true;
  /**
   * Set on a resource built from several files (a Kustomize build): where each of its fields comes from. `file` and
   * `documentIndex` then name the document it was first read from.
   */
  origin?: FieldLocator;
  /** The builds (kustomization folders, as displayed) that made it. */
  builtBy?: string[];
}

/** A resource document as Kyverno loads it: normalised as Kyverno normalises it (namespace default, `null` maps), with its identity. */
export function resourceDocument(value: KubernetesObject, file: string, documentIndex: number): ResourceDocument {
  const resource = normalizeResource(value);
  const name = nameOf(resource);
  const namespace = namespaceOf(resource);
  return {
    value: resource,
    file,
    documentIndex,
    apiVersion: resource.apiVersion,
    kind: resource.kind,
    namespace,
    name,
    key: resourceKey(resource.apiVersion, resource.kind, namespace, name),
  };
}

/** `apiVersion,kind,namespace,name`. */
export function resourceKey(apiVersion: string, kind: string, namespace: string, name: string): string {
  return `${apiVersion},${kind},${namespace},${name}`;
}
