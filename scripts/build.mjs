/**
 * @file Bundles the CLI (dist/cli.js), the GitHub Action (dist/action.js, `runs.main` of action.yml) and the
 * package's public API (dist/index.js, `exports` of package.json) into dist/ with esbuild: one self-contained
 * ES module per entry point, so the published package and the GitHub Action run without installing
 * dependencies (`@actions/*` are ES modules and are bundled too). CommonJS dependencies are given a `require`
 * through `createRequire`, which an ES module bundle otherwise lacks at startup. The declarations of the
 * public API (dist/types/, the `types` of `exports`) are written by `tsc -p tsconfig.build.json`.
 *
 * `node scripts/build.mjs [outdir]` builds into another folder than dist/ (a check that the build works).
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmod, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.resolve(root, process.argv[2] ?? 'dist');
// The folder is emptied first: never the repository or a folder above it.
if (!path.relative(outdir, root).startsWith('..')) throw new Error(`refusing to build into ${outdir}: it holds the repository`);

const requireBanner = [
  "import { createRequire as __kyvernoLintCreateRequire } from 'node:module';",
  'const require = __kyvernoLintCreateRequire(import.meta.url);',
].join('\n');

const options = { absWorkingDir: root, outdir, bundle: true, platform: 'node', format: 'esm', target: 'node20', legalComments: 'eof', logLevel: 'warning' };

await rm(outdir, { recursive: true, force: true });
// The programs start with a `#!` line; the library does not.
await build({ ...options, entryPoints: { cli: 'src/commands/bin.ts', action: 'src/action/entry.ts' }, banner: { js: `#!/usr/bin/env node\n${requireBanner}` } });
await build({ ...options, entryPoints: { index: 'src/index.ts' }, banner: { js: requireBanner } });

// dist/cli.js is the package's `bin`: npx and a clone's `./dist/cli.js` run it directly, so it must stay executable
// (git records the mode; esbuild writes files without the run bit).
await chmod(path.join(outdir, 'cli.js'), 0o755);

// The declarations of src/index.ts and the modules its types reach (tsconfig.build.json).
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', path.join(outdir, 'types')], { cwd: root, stdio: 'inherit' });
