/**
 * @file The entry of the bundled action (dist/action.js): prints the version line at once, then loads the engine
 * and the rest of the action (a chunk of its own, src/action/run-entry.ts) and runs it. Reading and compiling the
 * engine's code takes most of a cold start: the step's log shows the run has started before that.
 */
import { EOL } from 'node:os';
import { announcement } from './announce.js';

process.stdout.write(`${announcement()}${EOL}`);
await import('./run-entry.js');
