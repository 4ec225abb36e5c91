/**
 * @file `npm run conformance`: runs the `test` command in-process over the Kyverno test suites in
 * ../shared/corpus and prints the pass rates. `--write-baseline` records the test files that pass fully in
 * test/conformance/baseline.json (checked by test/conformance/conformance.test.ts); `--files` lists every
 * test file with its verdict.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatConformance, passingFiles, runConformance } from './runner.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = path.resolve(root, '../shared/corpus');
const args = new Set(process.argv.slice(2));

if (!existsSync(corpus)) {
  process.stderr.write(`conformance: the corpus folder ${corpus} is missing\n`);
  process.exit(1);
}

const started = performance.now();
const suites = runConformance(corpus);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(formatConformance(suites, args.has('--files')));
process.stdout.write(`(${seconds} s)\n`);

if (args.has('--write-baseline')) {
  const file = path.join(root, 'test/conformance/baseline.json');
  writeFileSync(file, `${JSON.stringify(passingFiles(suites), null, 2)}\n`);
  process.stdout.write(`baseline written to ${path.relative(root, file)}\n`);
}
