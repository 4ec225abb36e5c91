/**
 * @file Finding and running test files: `kyverno test` looks for files with an exact name below each
 * directory (hidden directories included), reads every YAML document of each as a Test, and runs the
 * documents one by one. Shared by the `test` command and the conformance runner.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DiagnosticLog } from '../load/diagnostics.js';
import { readFile, reportAt } from '../load/documents.js';
import { displayPath, type CliIo } from '../io.js';
import { decodeTest } from './test-file.js';
import type { TestDocumentOutcome } from './output.js';
import { runTestCase, type TestCase, type TestRunOptions } from './runner.js';

/** The files named `fileName` below `dir`, recursively, in name order. */
export function findTestFiles(dir: string, fileName: string, log: DiagnosticLog): string[] {
  if (/^https?:\/\//.test(dir)) {
    log.fileError(dir, 'remote (git) test sources are not read: kyverno-lint works offline');
    return [];
  }
  let stats;
  try {
    stats = statSync(dir);
  } catch (error) {
    log.fileError(dir, error instanceof Error ? error.message : String(error));
    return [];
  }
  if (!stats.isDirectory()) {
    log.fileError(dir, 'not a directory: test arguments are directories holding test files');
    return [];
  }
  const found: string[] = [];
  const walk = (current: string): void => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      log.fileError(current, error instanceof Error ? error.message : String(error));
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === fileName) found.push(full);
    }
  };
  walk(dir);
  return found;
}

/** The Test documents of a test file; problems are reported and those documents left out. */
function loadTestFile(file: string, io: CliIo, log: DiagnosticLog): TestCase[] {
  const loaded = readFile(file, log);
  if (loaded === null) return [];
  const cases: TestCase[] = [];
  for (const document of loaded.documents) {
    if (document.value === null) continue;
    const decoded = decodeTest(document.value, displayPath(io, file));
    for (const error of decoded.errors) reportAt(log, loaded, document, error.path, error.message);
    if (decoded.test) cases.push({ file, documentIndex: document.index, test: decoded.test });
  }
  return cases;
}

/** The outcome of one test file. */
interface TestFileOutcome {
  file: string;
  documents: TestDocumentOutcome[];
  /** Errors reported while loading and running the file. */
  errors: number;
}

/** Loads and runs every Test document of `file`. */
export function runTestFile(file: string, options: TestRunOptions): TestFileOutcome {
  const before = options.log.errorCount;
  const documents: TestDocumentOutcome[] = [];
  for (const testCase of loadTestFile(file, options.io, options.log)) {
    const outcome = runTestCase(testCase, options);
    if (outcome) documents.push(outcome);
  }
  return { file, documents, errors: options.log.errorCount - before };
}
