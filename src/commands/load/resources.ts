/**
 * @file Loading resources as the Kyverno CLI does (`GetResourceAccordingToResourcePath`, `YamlToUnstructured`):
 * every non-empty document of every file (no `kind: List` expansion), a directory as first path meaning its
 * top-level YAML files, namespace defaulting and `null` maps made empty. `kyverno test` also drops
 * duplicates (same group, kind, namespace and name), keeping the first.
 */
import { isKubernetesObject, listResourceFiles, locate, partitionDuplicates } from '../../source/index.js';
import type { DiagnosticLog } from './diagnostics.js';
import { parseFile, readFile, reportAt, reportProblems, type LoadedFile } from './documents.js';
import { resourceDocument, type ResourceDocument } from '../../evaluate/resource.js';

export interface ResourceSet {
  resources: ResourceDocument[];
  /** Loaded files by path, to locate findings. */
  files: Map<string, LoadedFile>;
  /** The first path could not be read (Kyverno aborts the test in that case). */
  firstPathMissing: boolean;
}

interface ResourceLoadOptions {
  /** Drop duplicates with a warning (`kyverno test`). */
  dedupe: boolean;
  /** Text read from standard input for a `-` path (`kyverno apply`). */
  stdin?: string;
}

function addResources(set: ResourceSet, file: LoadedFile, log: DiagnosticLog): void {
  set.files.set(file.path, file);
  for (const document of file.documents) {
    const value = document.value;
    if (value === null) continue;
    if (!isKubernetesObject(value)) {
      reportAt(log, file, document, [], 'skipping document: not a Kubernetes object (apiVersion and kind are required)');
      continue;
    }
    set.resources.push(resourceDocument(value, file.path, document.index));
  }
}

/** Loads the resources at `paths` (absolute paths, or `-` for standard input). */
export function loadResources(paths: readonly string[], log: DiagnosticLog, options: ResourceLoadOptions): ResourceSet {
  const set: ResourceSet = { resources: [], files: new Map(), firstPathMissing: false };
  const listed = listResourceFiles(paths.filter((path) => path !== '-'));
  reportProblems(log, listed.problems);
  const first = paths[0];
  if (first !== undefined && first !== '-' && listed.problems.some((problem) => problem.file === first && problem.severity === 'error')) {
    set.firstPathMissing = true;
  }
  if (options.stdin !== undefined && paths.includes('-')) addResources(set, parseFile('-', options.stdin, log), log);
  for (const path of listed.files) {
    const file = readFile(path, log);
    if (file) addResources(set, file, log);
  }
  if (options.dedupe) {
    const { unique, duplicates } = partitionDuplicates(set.resources, (resource) => resource.value);
    for (const duplicate of duplicates) {
      const file = set.files.get(duplicate.file);
      const { line, column } = file ? locate(file.path, file.text, duplicate.documentIndex, []) : { line: 1, column: 1 };
      const message = `found duplicated resource ${duplicate.kind} ${duplicate.name} ${duplicate.namespace}`;
      log.report({ file: duplicate.file, line, column, message, severity: 'warning' });
    }
    set.resources = unique;
  }
  return set;
}
