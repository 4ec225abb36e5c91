/**
 * @file The data of a Kustomize build: the files it reads, the objects it makes with their histories, its problems.
 */
import type { JsonObject } from '../../types.js';
import type { SourceDocument } from '../../source/index.js';
import type { History, Segment } from './origins.js';

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
}

export interface BuildResult {
  objects: BuiltObject[];
  /** Every file the build read: kustomizations, resources, patches, generator inputs. */
  inputs: Set<string>;
  problems: BuildProblem[];
}
