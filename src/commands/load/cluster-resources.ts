/**
 * @file Cluster state read from files, for the mocked cluster: `cli.kyverno.io/v1alpha1`
 * `ClusterResource` documents (a Test's `clusterResources`: `spec.resources` kept as written,
 * `spec.crds` naming CustomResourceDefinition files, as Kyverno's test command reads them) and, beyond
 * Kyverno, plain manifests (`kind: List` expanded; a namespaced kind without a namespace gets
 * `default`, as `kubectl apply` would place it). CustomResourceDefinitions found either way declare the
 * plural and scope of their resources.
 */
import path from 'node:path';
import { builtinResourceTypes, customResourceType, isCustomResourceDefinition, type ClusterObjects } from '../../cluster/index.js';
import { expandLists, isKubernetesObject } from '../../source/index.js';
import type { JsonObject } from '../../types.js';
import type { DiagnosticLog } from './diagnostics.js';
import { readFile, reportAt } from './documents.js';
import { isObject } from '../../util/json-value.js';


interface ClusterLoadOptions {
  /** The directory `spec.crds` paths of a ClusterResource are relative to (default: the file's own). */
  crdBase?: string;
}

interface ClusterLoadResult extends ClusterObjects {
  objects: JsonObject[];
  definitions: JsonObject[];
  /** Files (or CRD files) that could not be read or parsed, each already reported. */
  failed: string[];
}

function isClusterResource(value: JsonObject): boolean {
  return value.apiVersion === 'cli.kyverno.io/v1alpha1' && value.kind === 'ClusterResource';
}

/** Reads one CRD file: its CustomResourceDefinition documents. */
function readDefinitions(file: string, log: DiagnosticLog, result: ClusterLoadResult): void {
  const loaded = readFile(file, log);
  if (loaded === null) {
    result.failed.push(file);
    return;
  }
  for (const document of loaded.documents) {
    if (isObject(document.value) && isCustomResourceDefinition(document.value)) result.definitions.push(document.value);
    else if (document.value !== null) reportAt(log, loaded, document, [], 'skipping document: not a CustomResourceDefinition', 'warning');
  }
}

/** Reads the cluster state in `files` (absolute paths). */
export function loadClusterObjects(files: readonly string[], log: DiagnosticLog, options: ClusterLoadOptions = {}): ClusterLoadResult {
  const result: ClusterLoadResult = { objects: [], definitions: [], failed: [] };
  const manifests: JsonObject[] = [];
  for (const file of files) {
    const loaded = readFile(file, log);
    if (loaded === null) {
      result.failed.push(file);
      continue;
    }
    for (const document of expandLists(loaded.documents)) {
      const value = document.value;
      if (value === null) continue;
      if (isObject(value) && isClusterResource(value)) {
        const spec = isObject(value.spec) ? value.spec : {};
        for (const resource of Array.isArray(spec.resources) ? spec.resources : []) {
          if (isObject(resource)) result.objects.push(resource);
        }
        const base = options.crdBase ?? path.dirname(file);
        for (const crd of Array.isArray(spec.crds) ? spec.crds : []) {
          if (typeof crd === 'string') readDefinitions(path.resolve(base, crd), log, result);
        }
      } else if (isKubernetesObject(value)) {
        if (isCustomResourceDefinition(value)) result.definitions.push(value);
        manifests.push(value);
      } else {
        reportAt(log, loaded, document, [], 'skipping document: not a Kubernetes object (apiVersion and kind are required)', 'warning');
      }
    }
  }
  for (const manifest of manifests) result.objects.push(withDefaultNamespace(manifest, result.definitions));
  return result;
}

/** Whether a kind is namespaced: built-in kinds and declared custom resources; unknown ones are not. */
function isNamespaced(apiVersion: string, kind: string, definitions: readonly JsonObject[]): boolean {
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const builtin = builtinResourceTypes().find((type) => type.group === group && type.kind === kind);
  if (builtin !== undefined) return builtin.namespaced === true;
  for (const definition of definitions) {
    const type = customResourceType(definition);
    if (type !== null && type.group === group && type.kind === kind) return type.namespaced === true;
  }
  return false;
}

/** A manifest of a namespaced kind without `metadata.namespace`, placed in `default`. */
function withDefaultNamespace(manifest: JsonObject, definitions: readonly JsonObject[]): JsonObject {
  const metadata = isObject(manifest.metadata) ? manifest.metadata : {};
  if (typeof metadata.namespace === 'string' && metadata.namespace !== '') return manifest;
  if (!isNamespaced(String(manifest.apiVersion), String(manifest.kind), definitions)) return manifest;
  return { ...manifest, metadata: { ...metadata, namespace: 'default' } };
}
