/**
 * @file The JSON context: queries, values, checkpoints, deferred context entries, and the mocked
 * admission request of the Kyverno CLI.
 */
export { type AdmissionRequestInput, createAdmissionContext, serviceAccountOf } from './admission.js';
export type { ContextLoader } from './deferred.js';
export { splitDottedKey } from './dotted-key.js';
export { type ImageInfo, extractImages, parseImage } from '../../../../util/image-reference.js';
export { ContextQueryError, ContextSizeLimitError, JsonContext, MAX_CONTEXT_SIZE, QueryFailure } from './json-context.js';
export {
  type ContextEntryOptions,
  type ExternalEntryType,
  type ExternalLoaderFactory,
  registerContextEntries,
} from './loaders.js';
