#!/usr/bin/env node
import { createRequire as __kyvernoLintCreateRequire } from 'node:module';
const require = __kyvernoLintCreateRequire(import.meta.url);
import {
  announcement
} from "./action-chunk-EFZDPZBW.js";
import "./action-chunk-QE36UPMW.js";
import "./action-chunk-KNQS4FUO.js";

// src/action/entry.ts
import { EOL } from "node:os";
process.stdout.write(`${announcement()}${EOL}`);
await import("./action-run-entry-77WRWXXH.js");
