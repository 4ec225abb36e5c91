/**
 * @file The resources `kyverno-lint migrate` proves its translations on: the manifests of the files given and of
 * `--resource`, and the resources of every Test file that names a migrated policy (read where the Test says they
 * are, in or outside the paths given; a resource file of a Test counts as a Test resource, not a manifest).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocuments } from '../../source/index.js';
import { isObject } from '../../util/json-value.js';
import { classifyDocument } from '../../discovery/classify.js';
import { proofResources, proveMigration, type MigrationProof, type ProofResource } from '../../migrate/proof.js';
import type { MigrationRun, SourceFile } from '../../migrate/run.js';

export interface ProveSettings {
  /** Manifests given with `--resource`. */
  readonly extra: readonly SourceFile[];
  /** Generate variants of the resources (`--no-variants` turns them off). */
  readonly variants: boolean;
}

/** The resource files of the Test documents in `files` that name a migrated policy, with the Test's name. */
function testResourceFiles(files: readonly SourceFile[], migrated: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const { file, text } of files) {
    if (!text.includes('Test')) continue;
    for (const document of parseDocuments(file, text).documents) {
      const value = document.value;
      if (!isObject(value) || value.kind !== 'Test' || !Array.isArray(value.resources) || !Array.isArray(value.results)) continue;
      const names = value.results.filter(isObject).map((r) => r.policy);
      if (!names.some((n) => typeof n === 'string' && migrated.has(n))) continue;
      const test = isObject(value.metadata) && typeof value.metadata.name === 'string' ? value.metadata.name : path.basename(file);
      for (const entry of value.resources) {
        if (typeof entry === 'string' && entry !== '' && !/^https?:\/\//.test(entry)) out.set(path.resolve(path.dirname(file), entry), test);
      }
    }
  }
  return out;
}

/** Proves the translations of `run` (whose inputs are `files`). Problems reading resources are returned with it. */
export function proveRun(run: MigrationRun, files: readonly SourceFile[], settings: ProveSettings): { proof: MigrationProof; problems: string[] } {
  const policies = run.policies.filter((p) => p.migration.translated.length > 0).map((p) => ({ document: p.document, migration: p.migration }));
  const migrated = new Set(policies.flatMap((p) => [p.migration.name, ...(p.migration.namespace !== undefined ? [`${p.migration.namespace}/${p.migration.name}`] : [])]));
  const tests = testResourceFiles(files, migrated);
  const resources: ProofResource[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const add = (file: string, text: string, test: string | undefined): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const read = test !== undefined ? proofResources(file, text, 'test', test) : proofResources(file, text, 'manifest');
    resources.push(...read.resources.filter((r) => classifyDocument(r.resource) === 'manifest'));
    problems.push(...read.problems);
  };
  for (const { file, text } of [...files, ...settings.extra]) add(file, text, tests.get(file));
  for (const [file, test] of tests) {
    if (seen.has(file)) continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      problems.push(`${file}: a resource file of Test ${test} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      continue;
    }
    add(file, text, test);
  }
  const proof = proveMigration(policies, resources, settings.variants ? {} : { variantsPerResource: 0 });
  return { proof, problems: [...problems, ...proof.problems] };
}
