/**
 * @file A migration over files: every kyverno.io ClusterPolicy/Policy document found is migrated
 * ({@link migratePolicy}), the Test documents (`kyverno-test.yaml`) that name those policies get their results
 * renamed, and the new text of each changed file is computed ({@link replaceDocuments}). Each rule's outcome is
 * reported at its file and line; a policy document that Kyverno would reject is reported and left as it is.
 * The manifests met on the way are kept for the proof.
 */
import type { JsonObject } from '../types.js';
import type { Policy } from '../families/kyverno/policy/types.js';
import { checkPolicy } from '../families/kyverno/policy/check.js';
import { classifyWithKind } from '../discovery/classify.js';
import { expandLists, locate, parseDocuments, type LoadProblem, type SourceDocument } from '../source/index.js';
import { isObject } from '../util/json-value.js';
import { migratePolicy, type PolicyMigration } from './policy.js';
import { migratedDocumentText, renameTestResults, replaceDocuments } from './rewrite.js';
import { contextObjectsFromValues, migrateTestDocument, withContextObjects } from './test-file.js';
import { Document } from 'yaml';
import path from 'node:path';
import type { PolicyPath } from './types.js';

export interface SourceFile {
  readonly file: string;
  readonly text: string;
}

/** A place in an input file. */
export interface Place {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** One rule of a migrated policy: what it became, or why it stays. */
export interface RuleOutcome {
  readonly policy: string;
  readonly policyKind: 'ClusterPolicy' | 'Policy';
  /** The namespace of a Policy. */
  readonly namespace?: string;
  readonly rule: string;
  readonly place: Place;
  /** The CEL policy written for the rule. */
  readonly translated?: { readonly kind: string; readonly name: string };
  /** Why the rule was not translated, and where in the policy. */
  readonly untranslatable?: { readonly reason: string; readonly place: Place };
  /** What the translation does differently at the edges (it is still written). */
  readonly notes: readonly { readonly reason: string; readonly place: Place }[];
}

/** A migrated policy document with where it is. */
export interface MigratedDocument {
  readonly source: SourceDocument;
  readonly document: JsonObject;
  readonly migration: PolicyMigration;
}

export interface MigrationRun {
  /** The new text of each file that changes, by file. */
  readonly outputs: ReadonlyMap<string, string>;
  readonly policies: readonly MigratedDocument[];
  readonly rules: readonly RuleOutcome[];
  /** Test documents whose results were renamed: file, renamed and kept results. */
  readonly tests: readonly { readonly file: string; readonly line: number; readonly renamed: number; readonly kept: number }[];
  /** The Kubernetes objects of the inputs (not policies, not CLI files): the proof evaluates both families on them. */
  readonly manifests: readonly SourceDocument[];
  readonly problems: readonly LoadProblem[];
}

function placeOf(file: string, text: string, document: SourceDocument, path: PolicyPath): Place {
  const prefix = document.listItem !== undefined ? ['items', document.listItem] : [];
  const location = locate(file, text, document.index, [...prefix, ...path]);
  return { file, line: location.line, column: location.column };
}

function ruleIndexes(document: JsonObject): Map<string, number> {
  const rules = isObject(document.spec) && Array.isArray(document.spec.rules) ? document.spec.rules : [];
  const out = new Map<string, number>();
  rules.forEach((rule, i) => {
    if (isObject(rule) && typeof rule.name === 'string' && !out.has(rule.name)) out.set(rule.name, i);
  });
  return out;
}

const CONTEXT_FILE = 'migrated-context.yaml';

/**
 * The Context file a migrated Test needs: the ConfigMaps its Values give to `configMap` context entries, which the
 * translations read with `resource.Get` (the Kyverno CLI serves CEL lookups from a Context file), after the objects
 * of the Test's own Context file. Null when there are none, or when the Test gives `clusterResources` (the
 * ConfigMaps are there already).
 */
function contextFor(
  testFile: string,
  test: JsonObject,
  migrations: ReadonlyMap<string, PolicyMigration>,
  documentsOf: (file: string) => readonly SourceDocument[] | undefined,
  problems: LoadProblem[],
): { file: string; name: string; text: string } | null {
  if (Array.isArray(test.clusterResources) && test.clusterResources.length > 0) return null;
  const dir = path.dirname(testFile);
  const first = (name: unknown): JsonObject | null | undefined => {
    if (typeof name !== 'string' || name === '') return undefined;
    const value = documentsOf(path.resolve(dir, name))?.[0]?.value;
    return isObject(value) ? value : null;
  };
  const values = isObject(test.values) ? test.values : first(test.variables);
  if (values === undefined || values === null) return null;
  const { objects, problems: found } = contextObjectsFromValues(values, migrations);
  for (const message of found) problems.push({ file: testFile, line: 1, column: 1, message: `the migrated Test's Context file: ${message}`, severity: 'warning' });
  if (objects.length === 0) return null;
  const existing = first(test.context);
  if (existing === null) {
    problems.push({ file: testFile, line: 1, column: 1, message: `the Test's Context file ${String(test.context)} is not among the files read: the migrated Test's Context file holds only the ConfigMaps of its Values`, severity: 'warning' });
  }
  const name = CONTEXT_FILE;
  const document = new Document(withContextObjects(existing ?? null, objects));
  return { file: path.join(dir, name), name, text: `# The ConfigMaps the Test's Values gave to configMap context entries, for the migrated policies (kyverno-lint migrate).\n${document.toString({ lineWidth: 0, indentSeq: false })}` };
}

/** A Test document's text with its top-level `context:` naming `name`. */
function withContextKey(chunk: string, name: string): string {
  const line = /^context:.*$/m;
  if (line.test(chunk)) return chunk.replace(line, `context: ${name}`);
  return `${chunk}${chunk.endsWith('\n') ? '' : '\n'}context: ${name}\n`;
}

/** Migrates the policies of `files` and renames the results of their Tests. */
export function migrateSources(files: readonly SourceFile[]): MigrationRun {
  const problems: LoadProblem[] = [];
  const parsed = files.map(({ file, text }) => {
    const result = parseDocuments(file, text);
    problems.push(...result.problems);
    return { file, text, documents: result.documents };
  });

  const policies: MigratedDocument[] = [];
  const rules: RuleOutcome[] = [];
  const manifests: SourceDocument[] = [];
  const byName = new Map<string, PolicyMigration>();
  const replacements = new Map<string, Map<number, string>>();
  const replace = (file: string, index: number, text: string): void => {
    let map = replacements.get(file);
    if (map === undefined) replacements.set(file, (map = new Map()));
    map.set(index, text);
  };

  for (const { file, text, documents } of parsed) {
    for (const source of expandLists(documents)) {
      if (!isObject(source.value)) continue;
      const { class: cls, kind } = classifyWithKind(source.value);
      if (cls === 'manifest') {
        manifests.push(source);
        continue;
      }
      if (cls !== 'policy' || kind?.family !== 'kyverno') continue;
      const document = source.value;
      const where = (path: PolicyPath): Place => placeOf(file, text, source, path);
      const invalid = checkPolicy(document);
      if (invalid.length > 0) {
        for (const problem of invalid) {
          const at = where(problem.path);
          problems.push({ file, line: at.line, column: at.column, message: `not migrated: the policy is invalid: ${problem.message}`, severity: 'error' });
        }
        continue;
      }
      if (source.listItem !== undefined) {
        const at = where([]);
        problems.push({ file, line: at.line, column: at.column, message: 'not migrated: a policy inside a `kind: List` document (move it to a document of its own)', severity: 'warning' });
        continue;
      }
      const migration = migratePolicy(document as unknown as Policy, document);
      policies.push({ source, document, migration });
      byName.set(migration.name, migration);
      if (migration.namespace !== undefined) byName.set(`${migration.namespace}/${migration.name}`, migration);
      const indexes = ruleIndexes(document);
      for (const [rule, index] of indexes) {
        const translated = migration.translated.find((t) => t.rule === rule);
        const rulePath: PolicyPath = ['spec', 'rules', index];
        const untranslatable = migration.untranslatable.find((u) => u.path[0] === 'spec' && u.path[1] === 'rules' && u.path[2] === index);
        const inRule = (path: PolicyPath): boolean => path[0] === 'spec' && path[1] === 'rules' && path[2] === index;
        rules.push({
          policy: migration.name,
          policyKind: migration.kind,
          ...(migration.namespace !== undefined ? { namespace: migration.namespace } : {}),
          rule,
          place: where(rulePath),
          ...(translated !== undefined ? { translated: { kind: translated.kind, name: translated.name } } : {}),
          ...(translated === undefined && untranslatable !== undefined ? { untranslatable: { reason: untranslatable.reason, place: where(untranslatable.path) } } : {}),
          ...(translated === undefined && untranslatable === undefined
            ? { untranslatable: { reason: migration.untranslatable.map((u) => u.reason).join('; ') || 'not translated', place: where(rulePath) } }
            : {}),
          notes: migration.notes.filter((n) => inRule(n.path)).map((n) => ({ reason: n.reason, place: where(n.path) })),
        });
      }
      if (migration.translated.length > 0) {
        replace(file, source.index, '');
      }
    }
  }

  // Policy documents: computed from their chunk text.
  const tests: { file: string; line: number; renamed: number; kept: number }[] = [];
  const byFile = new Map(parsed.map((p) => [p.file, p.documents]));
  const documentsOf = (file: string): readonly SourceDocument[] | undefined => byFile.get(file);
  const contextFiles = new Map<string, string>();
  const contextKeys = new Map<string, string>();
  for (const { file, text, documents } of parsed) {
    const testRenames = new Map<number, Map<number, JsonObject>>();
    for (const source of documents) {
      if (!isObject(source.value) || source.value.kind !== 'Test' || !Array.isArray(source.value.results)) continue;
      const { class: cls } = classifyWithKind(source.value);
      if (cls !== 'cli-file') continue;
      const migrated = migrateTestDocument(source.value, byName);
      if (migrated.renamed === 0) continue;
      const renamed = new Map<number, JsonObject>();
      const before = source.value.results;
      (migrated.document.results as JsonObject[]).forEach((result, i) => {
        if (result !== before[i]) renamed.set(i, result);
      });
      testRenames.set(source.index, renamed);
      tests.push({ file, line: source.line, renamed: migrated.renamed, kept: migrated.kept });
      const context = contextFor(file, source.value, byName, documentsOf, problems);
      if (context !== null) {
        contextFiles.set(context.file, context.text);
        contextKeys.set(`${file}\u0000${source.index}`, context.name);
      }
    }
    const policyReplacements = replacements.get(file);
    if (policyReplacements === undefined && testRenames.size === 0) continue;
    const output = replaceDocuments(text, (index, chunk) => {
      const renamed = testRenames.get(index);
      if (renamed !== undefined) {
        const context = contextKeys.get(`${file}\u0000${index}`);
        const text = renameTestResults(chunk, renamed);
        return context === undefined ? text : withContextKey(text, context);
      }
      if (policyReplacements?.has(index) !== true) return undefined;
      const policy = policies.find((p) => p.source.file === file && p.source.index === index)!;
      const indexes = ruleIndexes(policy.document);
      return migratedDocumentText(chunk, policy.migration, indexes.size, indexes);
    });
    if (output !== text) replacements.set(file, new Map([[-1, output]]));
  }

  const outputs = new Map<string, string>();
  for (const [file, map] of replacements) {
    const whole = map.get(-1);
    if (whole !== undefined) outputs.set(file, whole);
  }
  for (const [file, text] of contextFiles) outputs.set(file, text);
  return { outputs, policies, rules, tests, manifests, problems };
}
