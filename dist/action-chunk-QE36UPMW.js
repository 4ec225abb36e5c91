#!/usr/bin/env node
import { createRequire as __kyvernoLintCreateRequire } from 'node:module';
const require = __kyvernoLintCreateRequire(import.meta.url);

// package.json
var package_default = {
  name: "kyverno-lint",
  version: "0.1.0",
  description: "Kyverno policies enforced in CI and at commit time: evaluates ClusterPolicy/Policy against Kubernetes manifests offline, as the Kyverno CLI does.",
  license: "Apache-2.0",
  type: "module",
  exports: {
    ".": {
      types: "./dist/index.d.ts",
      import: "./dist/index.js"
    },
    "./package.json": "./package.json"
  },
  bin: {
    "kyverno-lint": "dist/cli.js"
  },
  files: [
    "dist",
    "README.md"
  ],
  engines: {
    node: ">=20.19"
  },
  scripts: {
    build: "node scripts/build.mjs",
    typecheck: "tsc --noEmit",
    test: "tsc --noEmit && vitest run",
    conformance: "node --import tsx tools/conformance/main.ts",
    bench: "node --import tsx bench/bench.ts",
    "bench:action": "node --import tsx bench/action-start.ts"
  },
  dependencies: {
    "@actions/core": "^3.0.1",
    "@actions/github": "^9.1.1",
    "@marcbachmann/cel-js": "8.0.0",
    diff: "^8.0.4",
    ignore: "^7.0.16",
    "js-yaml": "^5.5.0",
    picomatch: "^4.0.7",
    re2js: "^2.10.0",
    semver: "^7.8.6",
    "string-width": "^8.3.0",
    "wrap-ansi": "^10.0.2",
    yaml: "^2.9.1"
  },
  devDependencies: {
    "@types/node": "^20.19.43",
    "@types/picomatch": "^4.0.3",
    "@types/semver": "^7.8.0",
    ajv: "^8.20.0",
    "ajv-formats": "^3.0.1",
    "dts-bundle-generator": "^9.5.1",
    esbuild: "^0.28.2",
    "fast-check": "^4.11.0",
    globby: "^16.2.4",
    tinyglobby: "^0.2.17",
    tsx: "^4.23.15",
    typescript: "~5.9",
    vitest: "^3.2.7"
  },
  allowScripts: {
    esbuild: true
  },
  overrides: {
    "@octokit/request": {
      "content-type": "^2.1.0"
    }
  }
};

export {
  package_default
};
