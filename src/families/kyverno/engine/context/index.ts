/**
 * @file The JSON context: queries, values, checkpoints, deferred context entries, and the mocked
 * admission request of the Kyverno CLI.
 */
export { createAdmissionContext, serviceAccountOf } from './admission.js';
export type { ContextLoader } from './deferred.js';
export { splitDottedKey } from './dotted-key.js';
export { extractImages, parseImage } from '../../../../util/image-reference.js';
export { ContextQueryError, ContextSizeLimitError, JsonContext, MAX_CONTEXT_SIZE } from './json-context.js';
export { registerContextEntries } from './loaders.js';
