/**
 * @file The kyverno/policies folders that have a CEL twin (`<category>/X` and `<category>-vpol|-cel|-mpol|-gpol/X`),
 * and a run of X's own Test through the migration: X's policies replaced by their translations (and what is
 * left of them), X's Test file migrated, then `kyverno-lint test` on the copy.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import type { JsonObject } from '../../src/types.js';
import type { Policy } from '../../src/families/kyverno/policy/types.js';
import { checkPolicy } from '../../src/families/kyverno/policy/check.js';
import { migratePolicy, type PolicyMigration } from '../../src/migrate/policy.js';
import { contextObjectsFromValues, migrateTestDocument, withContextObjects } from '../../src/migrate/test-file.js';
import { isObject } from '../../src/util/json-value.js';
import { testCommand } from '../../src/commands/test/command.js';

export const POLICIES_CORPUS = resolve(import.meta.dirname, '../../../shared/corpus/kyverno-policies');

export interface Twin {
  /** `best-practices/disallow-latest-tag` */
  readonly folder: string;
  readonly twins: readonly string[];
  /** What the folder's policies do: `validate`, `mutate`, `generate`, `verifyImages` (sorted). */
  readonly actions: readonly string[];
  readonly testFile: string;
}

function testFileOf(dir: string): string | null {
  for (const candidate of ['.kyverno-test/kyverno-test.yaml', 'kyverno-test.yaml']) {
    const file = join(dir, candidate);
    if (existsSync(file)) return file;
  }
  return null;
}

function yamlDocuments(file: string): JsonObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as unknown)
    .filter((d): d is JsonObject => d !== null && typeof d === 'object' && !Array.isArray(d));
}

function isKyvernoPolicy(doc: JsonObject): boolean {
  return typeof doc.apiVersion === 'string' && doc.apiVersion.startsWith('kyverno.io/') && (doc.kind === 'ClusterPolicy' || doc.kind === 'Policy');
}

function policyFilesOf(testFile: string): string[] {
  const [test] = yamlDocuments(testFile);
  const list = Array.isArray(test?.policies) ? test.policies : [];
  return list.filter((p): p is string => typeof p === 'string').map((p) => resolve(dirname(testFile), p));
}

export function findTwins(root = POLICIES_CORPUS): Twin[] {
  const out: Twin[] = [];
  if (!existsSync(root)) return out;
  const categories = readdirSync(root).filter((c) => statSync(join(root, c)).isDirectory());
  for (const category of categories) {
    if (/-(cel|vpol|mpol|gpol)$/.test(category)) continue;
    for (const name of readdirSync(join(root, category))) {
      const dir = join(root, category, name);
      if (!statSync(dir).isDirectory()) continue;
      const twins = ['-cel', '-vpol', '-mpol', '-gpol'].map((s) => `${category}${s}/${name}`).filter((t) => existsSync(join(root, t)));
      if (twins.length === 0) continue;
      const testFile = testFileOf(dir);
      if (testFile === null) continue;
      const actions = new Set<string>();
      for (const file of policyFilesOf(testFile)) {
        if (!existsSync(file)) continue;
        for (const doc of yamlDocuments(file)) {
          if (!isKyvernoPolicy(doc)) continue;
          for (const rule of ((doc.spec as JsonObject | undefined)?.rules ?? []) as JsonObject[]) {
            for (const action of ['validate', 'mutate', 'generate', 'verifyImages']) if (rule[action] !== undefined) actions.add(action);
          }
        }
      }
      out.push({ folder: `${category}/${name}`, twins, actions: [...actions].sort(), testFile });
    }
  }
  return out.sort((a, b) => a.folder.localeCompare(b.folder));
}

export interface TwinRun {
  readonly folder: string;
  readonly passed: boolean;
  readonly untranslatable: readonly string[];
  readonly output: string;
}

/** Migrates the policies of `twin`'s Test into a copy of its folder and runs the migrated Test there. */
export async function runTwin(twin: Twin, root = POLICIES_CORPUS): Promise<TwinRun> {
  const source = join(root, twin.folder);
  const work = mkdtempSync(join(tmpdir(), 'kl-twin-'));
  const copy = join(work, twin.folder);
  try {
    cpSync(source, copy, { recursive: true });
    const testFile = join(copy, relative(source, twin.testFile));
    const migrations = new Map<string, PolicyMigration>();
    const untranslatable: string[] = [];
    for (const file of policyFilesOf(testFile)) {
      if (!existsSync(file) || !file.startsWith(copy)) continue;
      const out: JsonObject[] = [];
      for (const doc of yamlDocuments(file)) {
        if (!isKyvernoPolicy(doc) || checkPolicy(doc).length > 0) {
          out.push(doc);
          continue;
        }
        const migration = migratePolicy(doc as unknown as Policy, doc);
        migrations.set(migration.name, migration);
        if (migration.namespace !== undefined) migrations.set(`${migration.namespace}/${migration.name}`, migration);
        for (const u of migration.untranslatable) untranslatable.push(`${migration.name} ${u.path.join('.')}: ${u.reason}`);
        out.push(...migration.translated.map((t) => t.document));
        if (migration.remainder !== null) out.push(migration.remainder);
      }
      writeFileSync(file, out.map((d) => stringify(d, { lineWidth: 0 })).join('---\n'));
    }
    const [test] = yamlDocuments(testFile);
    const migrated = migrateTestDocument(test!, migrations).document;
    // The ConfigMaps the Values give to `configMap` context entries, for the translations' resource.Get.
    const values = typeof test!.variables === 'string' ? yamlDocuments(resolve(dirname(testFile), test!.variables))[0] : isObject(test!.values) ? test!.values : undefined;
    const clusterResources = Array.isArray(test!.clusterResources) && test!.clusterResources.length > 0;
    if (values !== undefined && !clusterResources) {
      const { objects } = contextObjectsFromValues(values, migrations);
      if (objects.length > 0) {
        const existing = typeof test!.context === 'string' ? (yamlDocuments(resolve(dirname(testFile), test!.context))[0] ?? null) : null;
        writeFileSync(join(dirname(testFile), 'migrated-context.yaml'), stringify(withContextObjects(existing, objects), { lineWidth: 0 }));
        migrated.context = 'migrated-context.yaml';
      }
    }
    writeFileSync(testFile, stringify(migrated, { lineWidth: 0 }));
    let output = '';
    const code = await testCommand([copy], { stdout: (t) => (output += t), stderr: (t) => (output += t), cwd: work });
    return { folder: twin.folder, passed: code === 0, untranslatable, output };
  } finally {
    if (process.env.KL_KEEP_TWIN === undefined) rmSync(work, { recursive: true, force: true });
    else process.stderr.write(`kept ${work}\n`);
  }
}
