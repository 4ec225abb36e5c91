/**
 * @file Bundles the CLI into dist/ with esbuild: one self-contained ES module per entry point, so the
 * published package and the GitHub Action run without installing dependencies. CommonJS dependencies are
 * given a `require` through `createRequire`, which an ES module bundle otherwise lacks at startup.
 */
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';

const banner = [
  '#!/usr/bin/env node',
  "import { createRequire as __kyvernoLintCreateRequire } from 'node:module';",
  'const require = __kyvernoLintCreateRequire(import.meta.url);',
].join('\n');

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli/bin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: banner },
  legalComments: 'eof',
  logLevel: 'warning',
});
