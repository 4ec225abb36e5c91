/**
 * @file Conformance of the `test` command against the Kyverno test suites of the shared corpus
 * (kyverno/policies and kyverno/kyverno `test/cli`), run in-process: per suite the expected results
 * matched out of the total (one per `resources` entry), the same per category of test document, and for
 * each test file whether it passes fully. `test-fail/` folders hold negative tests: they count as matched
 * when the run fails them.
 */
import path from 'node:path';
import { parseDocuments, readSourceFile } from '../../src/source/index.js';
import type { JsonValue } from '../../src/types.js';
import type { ResourceDocument } from '../../src/evaluate/resource.js';
import type { ResourceResponse } from '../../src/evaluate/processor.js';
import { DiagnosticLog } from '../../src/commands/load/diagnostics.js';
import type { CliIo } from '../../src/commands/io.js';
import { policyFeatures } from './policy-features.js';
import type { TestDocumentOutcome } from '../../src/commands/test/output.js';
import { parseTestCaseSelector } from '../../src/commands/test/selector.js';
import { findTestFiles, runTestFile } from '../../src/commands/test/suite.js';

export const SUITES: readonly string[] = ['kyverno-policies', 'kyverno-cli-tests'];

export const CATEGORIES = [
  'validate-only',
  'custom functions / context',
  'mutate',
  'generate',
  'validate.cel',
  'ValidatingPolicy',
  'ValidatingAdmissionPolicy',
  'DeletingPolicy',
  'MutatingPolicy',
  'MutatingAdmissionPolicy',
  'GeneratingPolicy',
  'ImageValidatingPolicy',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The row of each CEL policy kind (a namespaced kind is counted with its cluster-wide kind). */
const CEL_KIND_ROWS: Readonly<Record<string, Category>> = {
  ValidatingPolicy: 'ValidatingPolicy',
  NamespacedValidatingPolicy: 'ValidatingPolicy',
  ValidatingAdmissionPolicy: 'ValidatingAdmissionPolicy',
  DeletingPolicy: 'DeletingPolicy',
  NamespacedDeletingPolicy: 'DeletingPolicy',
  MutatingPolicy: 'MutatingPolicy',
  NamespacedMutatingPolicy: 'MutatingPolicy',
  MutatingAdmissionPolicy: 'MutatingAdmissionPolicy',
  GeneratingPolicy: 'GeneratingPolicy',
  NamespacedGeneratingPolicy: 'GeneratingPolicy',
  ImageValidatingPolicy: 'ImageValidatingPolicy',
  NamespacedImageValidatingPolicy: 'ImageValidatingPolicy',
};

/** The CEL rows, rarest machinery first: a document mixing CEL kinds counts in the first of its rows. */
const CEL_ROW_PRECEDENCE: readonly Category[] = [
  'ImageValidatingPolicy',
  'MutatingAdmissionPolicy',
  'GeneratingPolicy',
  'MutatingPolicy',
  'ValidatingPolicy',
  'ValidatingAdmissionPolicy',
  'DeletingPolicy',
];

/** The rows of the CEL family: every CEL kind and the `validate.cel` rules of ClusterPolicies. */
export const CEL_FAMILY_ROWS: readonly Category[] = [...CEL_ROW_PRECEDENCE, 'validate.cel'];

export interface Tally {
  matched: number;
  total: number;
}

export interface FileConformance {
  /** Path relative to the suite directory, with `/` separators. */
  file: string;
  negative: boolean;
  /** Every expected result matched (negative tests: the run failed). */
  passed: boolean;
  matched: number;
  total: number;
  /** The categories of the file's test documents. */
  categories: Category[];
}

export interface SuiteConformance {
  suite: string;
  files: FileConformance[];
  results: Tally;
  categories: Record<Category, Tally>;
}

const SILENT_IO: CliIo = { stdout: () => {}, stderr: () => {}, cwd: '/' };

/**
 * The category of a test document from the policies it loads, the first that applies in this order:
 * 1. the CEL kinds' rows (a namespaced kind in its cluster-wide kind's row), in this order: `ImageValidatingPolicy`,
 *    `MutatingAdmissionPolicy`, `GeneratingPolicy`, `MutatingPolicy`, `ValidatingPolicy`,
 *    `ValidatingAdmissionPolicy`, `DeletingPolicy`;
 * 4. `validate.cel`: a ClusterPolicy/Policy with `validate.cel` rules;
 * 5. `generate`, 6. `mutate` (rules of ClusterPolicies/Policies);
 * 7. `other`: verifyImages or `validate.manifests` rules;
 * 8. `custom functions / context`: Kyverno's own JMESPath functions or context entries other than `variable`;
 * 9. `validate-only`.
 * A document mixing kinds goes to the rarest machinery it needs, so that a row measures documents that need
 * nothing beyond it and the rows above; a document without policy (or that could not be decoded) is `other`.
 */
export function categorize(outcome: TestDocumentOutcome | undefined): Category {
  if (outcome === undefined) return 'other';
  const features = outcome.policyDocuments.map(policyFeatures);
  if (features.length === 0) return 'other';
  const celRows = new Set(features.filter((f) => f.cel).flatMap((f) => (CEL_KIND_ROWS[f.kind] === undefined ? [] : [CEL_KIND_ROWS[f.kind]!])));
  for (const row of CEL_ROW_PRECEDENCE) if (celRows.has(row)) return row;
  if (features.some((f) => f.celRules)) return 'validate.cel';
  if (features.some((f) => f.generate)) return 'generate';
  if (features.some((f) => f.mutate)) return 'mutate';
  if (features.some((f) => f.otherRules)) return 'other';
  if (features.some((f) => f.customFunctions || f.externalContext)) return 'custom functions / context';
  return 'validate-only';
}

/** Expected results per Test document of a file (one per `resources` entry, at least one per result). */
function expectedCounts(file: string): Map<number, number> {
  const counts = new Map<number, number>();
  const read = readSourceFile(file);
  if (read.file === null) return counts;
  for (const document of parseDocuments(file, read.file.text).documents) {
    const value: JsonValue = document.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Array.isArray(value.results)) continue;
    let count = 0;
    for (const result of value.results) {
      const resources = result !== null && typeof result === 'object' && !Array.isArray(result) ? result.resources : undefined;
      count += Array.isArray(resources) && resources.length > 0 ? resources.length : 1;
    }
    counts.set(document.index, count);
  }
  return counts;
}

function emptyCategories(): Record<Category, Tally> {
  return Object.fromEntries(CATEGORIES.map((category) => [category, { matched: 0, total: 0 }])) as Record<Category, Tally>;
}

/** How to run a suite: with the reference interpreter, and a look at every resource's responses. */
export interface SuiteRunOptions {
  reference?: boolean;
  /** Called with the responses of each resource, in evaluation order, naming the test file (relative to the suite). */
  observe?: (file: string, resource: ResourceDocument, responses: readonly ResourceResponse[]) => void;
}

/** Runs every test file of one suite directory. */
export function runSuite(suite: string, dir: string, run: SuiteRunOptions = {}): SuiteConformance {
  const log = new DiagnosticLog(SILENT_IO);
  const selector = parseTestCaseSelector('');
  const conformance: SuiteConformance = { suite, files: [], results: { matched: 0, total: 0 }, categories: emptyCategories() };
  for (const file of findTestFiles(dir, 'kyverno-test.yaml', log)) {
    const relative = path.relative(dir, file).split(path.sep).join('/');
    const negative = relative.split('/').includes('test-fail');
    const observe = run.observe;
    const outcome = runTestFile(file, {
      io: SILENT_IO,
      log,
      selector,
      ...(run.reference ? { reference: true } : {}),
      ...(observe ? { observe: (resource: ResourceDocument, responses: readonly ResourceResponse[]) => observe(relative, resource, responses) } : {}),
    });
    const byDocument = new Map(outcome.documents.map((document) => [document.documentIndex, document]));
    const documents: { category: Category; expected: number; matched: number }[] = [];
    let failed = outcome.errors > 0;
    for (const [index, expected] of expectedCounts(file)) {
      const document = byDocument.get(index);
      const entries = document?.results.flatMap((result) => result.entries) ?? [];
      const matched = entries.filter((entry) => entry.passed).length;
      if (entries.length < expected || matched < entries.length) failed = true;
      documents.push({ category: categorize(document), expected, matched });
    }
    const passed = negative ? failed : !failed;
    let fileMatched = 0;
    let fileTotal = 0;
    for (const document of documents) {
      // A negative test is matched as a whole: all its results when the run fails it, none otherwise.
      const matched = negative ? (passed ? document.expected : 0) : document.matched;
      const tally = conformance.categories[document.category];
      tally.matched += matched;
      tally.total += document.expected;
      fileMatched += matched;
      fileTotal += document.expected;
    }
    const categories = [...new Set(documents.map((document) => document.category))];
    conformance.files.push({ file: relative, negative, passed, matched: fileMatched, total: fileTotal, categories });
    conformance.results.matched += fileMatched;
    conformance.results.total += fileTotal;
  }
  return conformance;
}

/** Runs the suites found in `corpusDir`. */
export function runConformance(corpusDir: string): SuiteConformance[] {
  return SUITES.map((suite) => runSuite(suite, path.join(corpusDir, suite)));
}

/** The test files that pass fully, per suite, sorted. */
export function passingFiles(suites: readonly SuiteConformance[]): Record<string, string[]> {
  return Object.fromEntries(suites.map((suite) => [suite.suite, suite.files.filter((file) => file.passed).map((file) => file.file).sort()]));
}

function percent(tally: Tally): string {
  return tally.total === 0 ? '-' : `${((100 * tally.matched) / tally.total).toFixed(1)}%`;
}

/** The human-readable report: per suite, per category, then per file. */
export function formatConformance(suites: readonly SuiteConformance[], listFiles: boolean): string {
  let out = '';
  for (const suite of suites) {
    const passing = suite.files.filter((file) => file.passed).length;
    out += `${suite.suite}: ${suite.results.matched}/${suite.results.total} expected results matched (${percent(suite.results)}), `;
    const cel = CEL_FAMILY_ROWS.reduce((sum, row) => ({ matched: sum.matched + suite.categories[row].matched, total: sum.total + suite.categories[row].total }), { matched: 0, total: 0 });
    out += `${passing}/${suite.files.length} test files pass fully; CEL family (every CEL row) ${cel.matched}/${cel.total} (${percent(cel)})\n`;
    for (const category of CATEGORIES) {
      const tally = suite.categories[category];
      out += `  ${category.padEnd(28)} ${`${tally.matched}/${tally.total}`.padStart(11)}  ${percent(tally).padStart(6)}\n`;
    }
    if (listFiles) {
      for (const file of suite.files) {
        const negative = file.negative ? ' (negative test)' : '';
        out += `    ${file.passed ? 'PASS' : 'FAIL'} ${file.file}${negative} ${file.matched}/${file.total} [${file.categories.join(', ')}]\n`;
      }
    }
    out += '\n';
  }
  return out;
}
