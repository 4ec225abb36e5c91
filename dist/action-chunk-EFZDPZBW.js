#!/usr/bin/env node
import { createRequire as __kyvernoLintCreateRequire } from 'node:module';
const require = __kyvernoLintCreateRequire(import.meta.url);
import {
  package_default
} from "./action-chunk-QE36UPMW.js";

// src/action/announce.ts
function announcement() {
  return `kyverno-lint ${package_default.version}`;
}

export {
  announcement
};
