/**
 * @file The entry of a scan worker run from source (parallel.ts): the bundles start themselves instead, their
 * entry points calling `runScanWorkerIfAsked` first.
 */
import { runScanWorkerIfAsked } from './parallel.js';

await runScanWorkerIfAsked();
