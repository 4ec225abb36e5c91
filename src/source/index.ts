/**
 * @file Public interface of the source loader: reading files, parsing YAML/JSON documents as
 * Kyverno does, locating paths in the source, and the CLI's resource normalisation.
 */
export type { LoadProblem, SourceDocument } from './types.js';
export { stripByteOrderMark } from './byte-order-mark.js';
export { expandLists, parseDocuments, type ParsedFile } from './parse.js';
export { locate } from './locate.js';
export { locateInDocument } from './ranges.js';
export { MAX_DEPTH } from './construct.js';
export {
  apiGroupOf,
  isClusterScoped,
  isKubernetesObject,
  namespaceOf,
  normalizeResource,
  partitionDuplicates,
  resourceKey,
  type KubernetesObject,
  type PartitionedResources,
} from './resource.js';
export {
  DEFAULT_MAX_FILE_SIZE,
  isTooLarge,
  isYamlFileName,
  listPolicyFiles,
  listResourceFiles,
  readFileBounded,
  readFileHead,
  readSourceFile,
  readStreamBounded,
  tooLargeMessage,
  type FileList,
  type SourceFile,
  type TooLarge,
} from './files.js';
