/**
 * @file Public interface of the source loader: reading files, parsing YAML/JSON documents as
 * Kyverno does, locating paths in the source, and the CLI's resource normalisation.
 */
export type { LoadProblem, SourceDocument } from './types.js';
export { stripByteOrderMark } from './byte-order-mark.js';
export { expandLists, parseDocuments } from './parse.js';
export { locate, nodeAt, type LocatedNode } from './locate.js';
export { locateInDocument } from './ranges.js';
export { locateInScalar, scalarSourceMap } from './scalar-location.js';
export type { ScalarSourceMap } from './scalar-map.js';
export { isKubernetesObject, nameOf, namespaceOf, normalizeResource, partitionDuplicates, type KubernetesObject } from './resource.js';
export {
  DEFAULT_MAX_FILE_SIZE,
  isTooLarge,
  listPolicyFiles,
  listResourceFiles,
  readFileBounded,
  readFileHead,
  readSourceFile,
  readStreamBounded,
  tooLargeMessage,
  type TooLarge,
} from './files.js';
