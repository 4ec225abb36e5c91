/**
 * @file `node --import tsx bench/discovery.ts`: times file discovery on a generated repository — 500
 * YAML files in 50 folders, a `node_modules` folder (1,000 files), a gitignored `build/` folder (1,000
 * files), a root `.gitignore` and a nested one — with globby (with and without its `gitignore` option),
 * tinyglobby (without `.gitignore`, and followed by `.gitignore` filtering with the `ignore` package), and
 * kyverno-lint's own walker (`findFiles`). Checks that the `.gitignore`-aware variants find the same
 * files, then prints the median and minimum of each variant over the runs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { globby } from 'globby';
import { glob } from 'tinyglobby';
import { findFiles } from '../src/discovery/find-files.js';
import { GitignoreStack } from '../src/discovery/gitignore.js';

const RUNS = 30;
const WARMUP = 5;
const PATTERNS = ['**/*.yaml', '**/*.yml'];
const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**'];

function write(root: string, relative: string, text: string): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The generated repository; returns its root. */
function generate(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-discovery-'));
  mkdirSync(path.join(root, '.git'));
  const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n';
  for (let folder = 0; folder < 50; folder++) {
    for (let file = 0; file < 10; file++) {
      write(root, `apps/app-${folder}/manifest-${file}.${file % 3 === 0 ? 'yml' : 'yaml'}`, manifest);
    }
    write(root, `apps/app-${folder}/README.md`, '# app\n');
  }
  for (let pkg = 0; pkg < 40; pkg++) {
    for (let file = 0; file < 25; file++) write(root, `node_modules/pkg-${pkg}/lib/file-${file}.yaml`, manifest);
  }
  for (let folder = 0; folder < 20; folder++) {
    for (let file = 0; file < 50; file++) write(root, `build/out-${folder}/file-${file}.yaml`, manifest);
  }
  write(root, '.gitignore', 'build/\n*.generated.yaml\n');
  write(root, 'apps/app-7/.gitignore', 'manifest-1.yaml\n');
  write(root, 'apps/app-8/x.generated.yaml', manifest);
  return root;
}

/** tinyglobby, then the `.gitignore` rules of each found file's folders applied to it. */
async function tinyglobbyWithIgnore(root: string): Promise<string[]> {
  const files = await glob(PATTERNS, { cwd: root, absolute: true, ignore: ALWAYS_IGNORED });
  const stacks = new Map<string, GitignoreStack>();
  const stackFor = (dir: string): GitignoreStack => {
    let stack = stacks.get(dir);
    if (stack === undefined) {
      stack = dir === root ? GitignoreStack.at(root) : stackFor(path.dirname(dir)).enter(dir);
      stacks.set(dir, stack);
    }
    return stack;
  };
  return files.filter((file) => {
    // An ignored folder hides everything below it: test each folder on the way down, then the file.
    const folders: string[] = [];
    for (let dir = path.dirname(file); dir !== root; dir = path.dirname(dir)) folders.unshift(dir);
    for (const dir of folders) if (stackFor(path.dirname(dir)).ignores(dir, true)) return false;
    return !stackFor(path.dirname(file)).ignores(file, false);
  });
}

const variants: Record<string, (root: string) => Promise<string[]>> = {
  'globby': (root) => globby(PATTERNS, { cwd: root, absolute: true, ignore: ALWAYS_IGNORED }),
  'globby gitignore': (root) => globby(PATTERNS, { cwd: root, absolute: true, ignore: ALWAYS_IGNORED, gitignore: true }),
  'tinyglobby': (root) => glob(PATTERNS, { cwd: root, absolute: true, ignore: ALWAYS_IGNORED }),
  'tinyglobby + ignore': tinyglobbyWithIgnore,
  'findFiles': async (root) => (await findFiles({ cwd: root, paths: ['.'], include: [], exclude: [], gitignore: true })).files,
};

const GITIGNORE_AWARE = ['globby gitignore', 'tinyglobby + ignore', 'findFiles'];

async function main(): Promise<void> {
  const root = generate();
  try {
    const reference = (await variants.findFiles(root)).sort();
    for (const name of GITIGNORE_AWARE) {
      const found = (await variants[name](root)).sort();
      if (found.join('\n') !== reference.join('\n')) throw new Error(`${name} found ${found.length} files, findFiles ${reference.length}`);
    }
    process.stdout.write(`${reference.length} files found (of 2,501 YAML files generated)\n`);
    process.stdout.write('variant               median ms   min ms\n');
    for (const [name, run] of Object.entries(variants)) {
      const times: number[] = [];
      for (let index = 0; index < WARMUP + RUNS; index++) {
        const started = performance.now();
        await run(root);
        if (index >= WARMUP) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      process.stdout.write(`${name.padEnd(20)} ${median.toFixed(1).padStart(10)} ${times[0].toFixed(1).padStart(8)}\n`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
