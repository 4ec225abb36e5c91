/**
 * @file `apply --old-resource`: the objects as they were before the change, read as `--resource` reads resources
 * (files or directories, every document, Kyverno's namespace defaulting) and paired with the resources by
 * identity: API group (not version: a change may move an object to another version), kind, namespace and name. A
 * resource with an old object is evaluated as an UPDATE of it, as Kyverno's admission controller receives one.
 * Kyverno's CLI has no such input. A document that is not a named Kubernetes object, or a second old object of
 * the same identity, is an error; an old object that no resource pairs with is ignored with a warning.
 */
import { listResourceFiles, locate } from '../../source/index.js';
import { isKubernetesObject } from '../../source/index.js';
import { resourceDocument, type ResourceDocument } from '../../evaluate/resource.js';
import type { DiagnosticLog } from '../load/diagnostics.js';
import { readFile, reportAt, reportProblems, type LoadedFile } from '../load/documents.js';
import { displayPath, type CliIo } from '../io.js';

/** The identity that pairs an old object with a resource: `group/kind/namespace/name` (the group empty for the core API). */
export function pairingIdentity(resource: Pick<ResourceDocument, 'apiVersion' | 'kind' | 'namespace' | 'name'>): string {
  const slash = resource.apiVersion.indexOf('/');
  const group = slash >= 0 ? resource.apiVersion.slice(0, slash) : '';
  return `${group}/${resource.kind}/${resource.namespace}/${resource.name}`;
}

/** How an old object is named in messages: `Deployment shop/web` (`Namespace web` without a namespace). */
function describe(resource: ResourceDocument): string {
  return `${resource.kind} ${resource.namespace === '' ? '' : `${resource.namespace}/`}${resource.name}`;
}

export interface OldResourceSet {
  /** The old objects by pairing identity. */
  byIdentity: Map<string, ResourceDocument>;
  /** Loaded files by path, to locate messages. */
  files: Map<string, LoadedFile>;
}

/** Loads the old objects at `paths` (absolute); problems are reported to `log` with their file and line. */
export function loadOldResources(paths: readonly string[], io: CliIo, log: DiagnosticLog): OldResourceSet {
  const set: OldResourceSet = { byIdentity: new Map(), files: new Map() };
  const listed = listResourceFiles(paths);
  reportProblems(log, listed.problems);
  for (const path of listed.files) {
    const file = readFile(path, log);
    if (file === null) continue;
    set.files.set(file.path, file);
    for (const document of file.documents) {
      const value = document.value;
      if (value === null) continue;
      if (!isKubernetesObject(value)) {
        reportAt(log, file, document, [], 'invalid old resource: not a Kubernetes object (apiVersion and kind are required)');
        continue;
      }
      const old = resourceDocument(value, file.path, document.index);
      if (old.name === '') {
        reportAt(log, file, document, ['metadata'], `invalid old resource: ${old.kind} has no metadata.name to pair it with a resource`);
        continue;
      }
      const identity = pairingIdentity(old);
      const first = set.byIdentity.get(identity);
      if (first !== undefined) {
        const at = set.files.get(first.file);
        const line = at ? locate(at.path, at.text, first.documentIndex, []).line : 1;
        reportAt(log, file, document, [], `invalid old resource: ${describe(old)} is given twice (first in ${displayPath(io, first.file)}:${line})`);
        continue;
      }
      set.byIdentity.set(identity, old);
    }
  }
  return set;
}

/**
 * The old object of each resource that has one. An old object no resource pairs with is reported as a warning
 * (nothing is evaluated for it).
 */
export function pairOldResources(resources: readonly ResourceDocument[], old: OldResourceSet, log: DiagnosticLog): Map<ResourceDocument, ResourceDocument> {
  const pairs = new Map<ResourceDocument, ResourceDocument>();
  const used = new Set<ResourceDocument>();
  for (const resource of resources) {
    const found = old.byIdentity.get(pairingIdentity(resource));
    if (found === undefined) continue;
    pairs.set(resource, found);
    used.add(found);
  }
  for (const unpaired of old.byIdentity.values()) {
    if (used.has(unpaired)) continue;
    const file = old.files.get(unpaired.file);
    const document = file?.documents.find((candidate) => candidate.index === unpaired.documentIndex);
    const message = `old resource ${describe(unpaired)} has no resource of the same group, kind, namespace and name: ignored`;
    if (file !== undefined && document !== undefined) reportAt(log, file, document, [], message, 'warning');
    else log.report({ file: unpaired.file, line: 1, column: 1, message, severity: 'warning' });
  }
  return pairs;
}
