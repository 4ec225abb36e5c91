/**
 * @file Bundles the CLI (dist/cli.js) and the GitHub Action (dist/action.js, `runs.main` of action.yml) into
 * dist/ with esbuild: one self-contained ES module per entry point, so the published package and the
 * GitHub Action run without installing dependencies (`@actions/*` are ES modules and are bundled too). CommonJS dependencies are
 * given a `require` through `createRequire`, which an ES module bundle otherwise lacks at startup.
 */
import { build } from 'esbuild';
import { chmod, rm } from 'node:fs/promises';

const banner = [
  '#!/usr/bin/env node',
  "import { createRequire as __kyvernoLintCreateRequire } from 'node:module';",
  'const require = __kyvernoLintCreateRequire(import.meta.url);',
].join('\n');

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/commands/bin.ts', action: 'src/action/entry.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: banner },
  legalComments: 'eof',
  logLevel: 'warning',
});

// dist/cli.js is the package's `bin`: npx and a clone's `./dist/cli.js` run it directly, so it must stay executable
// (git records the mode; esbuild writes files without the run bit).
await chmod(new URL('../dist/cli.js', import.meta.url), 0o755);
