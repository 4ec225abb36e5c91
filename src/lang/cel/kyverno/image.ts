/**
 * @file Kyverno's image reference library (kyverno/sdk `extensions/cel/libs/image/{lib,impl,types}.go`):
 * `parseImageReference(string)` (and its deprecated alias `image(string)`) → an opaque `kyverno.image`, `isImage`,
 * and the members `containsDigest`, `registry`, `repository`, `identifier`, `tag`, `digest`. Parsing is
 * go-containerregistry's `name.ParseReference` with weak validation (util/registry-reference.ts).
 *
 * Equality is Go's `reflect.DeepEqual` of the parsed references (`Image.Equal`), which includes the text parsed:
 * two images are equal when they were parsed from the same string (`image('nginx') != image('nginx:latest')`).
 */
import type { Environment } from '@marcbachmann/cel-js';
import {
  identifierOf,
  parseRegistryReference,
  type RegistryReference,
  repositoryOf,
} from '../../../util/registry-reference.js';
import type { CelLibrary } from '../environment.js';
import { celError, messageOf } from './common.js';

/** A `kyverno.image` value. */
export class ImageReference {
  constructor(readonly reference: RegistryReference) {}

  equals(other: ImageReference): boolean {
    const a = this.reference;
    const b = other.reference;
    return a.kind === b.kind && a.registry === b.registry && a.path === b.path && a.tag === b.tag && a.digest === b.digest && a.original === b.original;
  }
}

export const IMAGE_TYPE = 'kyverno.image';

function parse(text: string): ImageReference {
  try {
    return new ImageReference(parseRegistryReference(text));
  } catch (err) {
    throw celError(messageOf(err));
  }
}

function isImage(text: string): boolean {
  try {
    parseRegistryReference(text);
    return true;
  } catch {
    return false;
  }
}

/** The image reference library. */
export function imageLibrary(): CelLibrary {
  return (env: Environment) => {
    const T = IMAGE_TYPE;
    env.registerType(T, ImageReference);
    env.registerFunction(`image(string): ${T}`, parse);
    env.registerFunction(`parseImageReference(string): ${T}`, parse);
    env.registerFunction('isImage(string): bool', isImage);
    env.registerFunction(`${T}.containsDigest(): bool`, (i: ImageReference) => i.reference.kind === 'digest' && i.reference.digest !== '');
    env.registerFunction(`${T}.registry(): string`, (i: ImageReference) => i.reference.registry);
    env.registerFunction(`${T}.repository(): string`, (i: ImageReference) => repositoryOf(i.reference));
    env.registerFunction(`${T}.identifier(): string`, (i: ImageReference) => identifierOf(i.reference));
    env.registerFunction(`${T}.tag(): string`, (i: ImageReference) => (i.reference.kind === 'tag' ? i.reference.tag : ''));
    env.registerFunction(`${T}.digest(): string`, (i: ImageReference) => (i.reference.kind === 'digest' ? i.reference.digest : ''));
    env.registerOperator(`${T} == ${T}`, (a: ImageReference, b: ImageReference) => a.equals(b));
  };
}
