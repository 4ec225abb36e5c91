/**
 * @file The builder's types: the files it reads, the objects it builds (with the ids, names and affixes they had,
 * which generators, patches and name references match), and the problems that keep parts from being built.
 */
import type { JsonObject } from '../../types.js';
import type { SourceDocument } from '../../source/index.js';
import type { History, Segment } from './origins.js';
import type { ResId } from './ids.js';

/** A file as the builder reads it: parsed documents with their source positions. */
export interface BuildFile {
  path: string;
  text: string;
  documents: SourceDocument[];
}

/** Reads and parses a file (cached by the caller); a string is why it cannot be read. */
export type ReadFile = (file: string) => BuildFile | string;

/** Something that keeps part of a kustomization from being built. */
export interface BuildProblem {
  /** The kustomization (or input) file. */
  file: string;
  document?: SourceDocument;
  path: Segment[];
  message: string;
  severity: 'error' | 'warning';
}

/** An object of the build output. */
export interface BuiltObject {
  value: JsonObject;
  history: History;
  /** The names it had, first to current. */
  names: string[];
  /** The namespaces it had ('' for none), first to current. */
  namespaces: string[];
  /** Made by a generator: whether its name gets the content hash. */
  generated?: { hash: boolean };
  /** The ids it had before transformers changed them, oldest first (api/resource/resource.go `PrevIds`). */
  previousIds: ResId[];
  /** The name prefixes and suffixes it got, innermost first (api/resource/resource.go `GetNamePrefixes`). */
  prefixes: string[];
  suffixes: string[];
}

export interface BuildResult {
  objects: BuiltObject[];
  /** Every file the build read: kustomizations, resources, patches, generator inputs. */
  inputs: Set<string>;
  problems: BuildProblem[];
}
