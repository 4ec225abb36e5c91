/**
 * @file The scan sees what `kustomize build` sends to the cluster. Every kustomization found is built; the roots
 * are those no other kustomization includes (as a resource or a component), or those the configuration's
 * `kustomize.roots` globs select, and their objects are the manifests
 * checked, each field located in the file a person edits (the base resource, the patch, or the kustomization line
 * that set it). Every file a build reads (resources, patches, generator inputs, the kustomization files themselves)
 * is an input, never checked as a manifest of its own.
 */
import path from 'node:path';
import { buildKustomization, kustomizationFile, type BuildProblem, type BuiltObject } from '../build/kustomize/build.js';
import { decodeKustomization, KUSTOMIZATION_FILE_NAMES, type Kustomization } from '../build/kustomize/kustomization.js';
import { classifyWithKind } from '../discovery/classify.js';
import { resourceDocument, type FieldLocator, type ResourceDocument } from '../evaluate/resource.js';
import { checkObjectMetadata } from '../families/kyverno/policy/check.js';
import type { KubernetesObject } from '../source/index.js';
import type { SourceText } from './workspace.js';
import { isObject } from '../util/json-value.js';
import type { JsonObject } from '../types.js';

export interface KustomizeScan {
  /** The objects of the roots' builds that are manifests (not policies), with their origins. */
  manifests: ResourceDocument[];
  /** Built objects the API server could not decode (their metadata), at the field of their source to blame. */
  invalidManifests: BuildProblem[];
  /** Every file a build read: not checked as a manifest of its own. */
  inputs: Set<string>;
  /** The roots built (kustomization folders), with the files each build reads. */
  builds: Map<string, Set<string>>;
  problems: BuildProblem[];
}

/** Whether `file` is named like a kustomization file. */
export function isKustomizationFile(file: string): boolean {
  return KUSTOMIZATION_FILE_NAMES.includes(path.basename(file));
}

/**
 * Builds the kustomizations whose files are among `files`; `source` reads and parses a file once for the whole
 * scan. A kustomization another one includes is built only as part of it.
 */
export function scanKustomizations(
  files: readonly string[],
  source: (file: string) => SourceText | string,
  display: (file: string) => string,
  isRoot?: (dir: string) => boolean,
): KustomizeScan {
  const dirs = [...new Set(files.filter(isKustomizationFile).map((file) => path.dirname(file)))].sort();
  const included = new Set(dirs.flatMap((dir) => includedFolders(dir, source)));
  // The configured roots, or every kustomization no other one includes.
  const roots = dirs.filter((dir) => (isRoot !== undefined ? isRoot(dir) : !included.has(dir)) && !isComponent(dir, source));
  const builds = new Map(roots.map((dir) => [dir, buildKustomization(dir, source)]));
  const inputs = new Set<string>();
  for (const build of builds.values()) for (const input of build.inputs) inputs.add(input);
  // A kustomization no root reads (when the configuration names the roots) is built too: its files are inputs, not manifests.
  for (const dir of dirs) {
    const file = kustomizationFile(dir);
    if (builds.has(dir) || (file !== null && inputs.has(file))) continue;
    const build = buildKustomization(dir, source);
    builds.set(dir, build);
    for (const input of build.inputs) inputs.add(input);
  }
  const manifests: ResourceDocument[] = [];
  const problems: BuildProblem[] = [];
  const invalidManifests: BuildProblem[] = [];
  const seen = new Set<string>();
  const once = (list: BuildProblem[], found: BuildProblem): void => {
    const key = `${found.file}\u0000${found.document?.index ?? ''}\u0000${found.path.join('/')}\u0000${found.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    list.push(found);
  };
  // Every build's problems: those of the kustomizations outside the configured roots too.
  for (const build of builds.values()) for (const found of build.problems) once(problems, found);
  for (const root of roots) {
    for (const object of builds.get(root)!.objects) {
      const manifest = builtManifest(object, display(root));
      if ('problems' in manifest) for (const found of manifest.problems) once(invalidManifests, found);
      else if (manifest.resource !== null) manifests.push(manifest.resource);
    }
  }
  return { manifests, invalidManifests, inputs, builds: new Map(roots.map((root) => [root, builds.get(root)!.inputs])), problems };
}

/** The folders the kustomization of `dir` lists as resources or components (the bases and components it includes). */
function includedFolders(dir: string, source: (file: string) => SourceText | string): string[] {
  const file = kustomizationFile(dir);
  if (file === null) return [];
  const read = source(file);
  if (typeof read === 'string') return [];
  let kustomization: Kustomization;
  try {
    kustomization = decodeKustomization(read.documents[0]?.value ?? null);
  } catch {
    // The build reports what cannot be read.
    return [];
  }
  return [...kustomization.resources, ...kustomization.components].map((entry) => path.resolve(dir, entry.value));
}

/** Whether the kustomization of `dir` is a Component (never built on its own). */
function isComponent(dir: string, source: (file: string) => SourceText | string): boolean {
  for (const name of KUSTOMIZATION_FILE_NAMES) {
    const read = source(path.join(dir, name));
    if (typeof read === 'string') continue;
    const value = read.documents[0]?.value;
    return isObject(value) && value.kind === 'Component';
  }
  return false;
}

/**
 * A built object as a manifest of the scan (null when it is not one: a policy), or the problems of an object the API
 * server cannot decode (reported as for a plain file, where the field comes from).
 */
function builtManifest(object: BuiltObject, root: string): { resource: ResourceDocument | null } | { problems: BuildProblem[] } {
  const { value } = object;
  if (classifyWithKind(value).class !== 'manifest') return { resource: null };
  const first = object.history.layers[0]!;
  const origin: FieldLocator = (fieldPath) => {
    const { place, exact, editable } = object.history.locate(value, fieldPath);
    return { ...place, exact, editable };
  };
  const invalid = checkObjectMetadata(value as KubernetesObject);
  if (invalid.length > 0) {
    const subject = `${String(value.kind)} ${typeof (value.metadata as JsonObject | undefined)?.name === 'string' ? String((value.metadata as JsonObject).name) : ''}`.trim();
    return {
      problems: invalid.map((found) => {
        const place = origin(found.path);
        return { file: place.file, document: place.document, path: place.path, message: `${subject}: ${found.message} (in the build of ${root})`, severity: 'error' };
      }),
    };
  }
  const place = first.kind === 'json-patch' ? first.operations[0]!.place : first.place;
  const resource = resourceDocument(value as KubernetesObject, place.file, place.document.index);
  resource.origin = origin;
  resource.builtBy = [root];
  return { resource };
}
