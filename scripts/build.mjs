/**
 * @file Bundles the CLI (dist/cli.js), the GitHub Action (dist/action.js, `runs.main` of action.yml, and the chunks
 * it loads once it has printed its first line, dist/action-*.js) and the
 * package's public API (dist/index.js, `exports` of package.json) into dist/ with esbuild: one self-contained
 * ES module per entry point, so the published package and the GitHub Action run without installing
 * dependencies (`@actions/*` are ES modules and are bundled too). CommonJS dependencies are given a `require`
 * through `createRequire`, which an ES module bundle otherwise lacks at startup. The declarations of the
 * public API (dist/index.d.ts, the `types` of `exports`) are bundled into one file by dts-bundle-generator.
 *
 * `node scripts/build.mjs [outdir]` builds into another folder than dist/ (a check that the build works).
 */
import { build } from 'esbuild';
import { chmod, rm, writeFile } from 'node:fs/promises';
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
await build({ ...options, entryPoints: { cli: 'src/commands/bin.ts' }, banner: { js: `#!/usr/bin/env node\n${requireBanner}` } });
// The action's entry prints its first line before it loads the rest: the rest goes into chunks of its own
// (dist/action-*.js) that the entry imports.
await build({ ...options, entryPoints: { action: 'src/action/entry.ts' }, splitting: true, chunkNames: 'action-[name]-[hash]', banner: { js: `#!/usr/bin/env node\n${requireBanner}` } });
await build({ ...options, entryPoints: { index: 'src/index.ts' }, banner: { js: requireBanner } });

// dist/cli.js is the package's `bin`: npx and a clone's `./dist/cli.js` run it directly, so it must stay executable
// (git records the mode; esbuild writes files without the run bit).
await chmod(path.join(outdir, 'cli.js'), 0o755);

// The declarations of the public API, bundled into one file (dist/index.d.ts): the types src/index.ts exports,
// with the internal types they reference declared but not exported.
const { generateDtsBundle } = createRequire(import.meta.url)('dts-bundle-generator');
const [declarations] = generateDtsBundle([{ filePath: path.join(root, 'src/index.ts'), output: { noBanner: true, exportReferencedTypes: false } }], {
  preferredConfigPath: path.join(root, 'tsconfig.build.json'),
});
await writeFile(path.join(outdir, 'index.d.ts'), declarations);
