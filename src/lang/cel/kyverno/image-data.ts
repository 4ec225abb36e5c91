/**
 * @file Kyverno's `imagedata` library (kyverno/sdk `extensions/cel/libs/imagedata/{lib,impl}.go`): the handle `image`
 * of type `imagedata.Context` with `GetMetadata(ref)` and, since library version 1.18, `getMetadata`. It coexists
 * with the function `image(string)` of the image reference library.
 *
 * Offline the data comes from a Context file's `spec.images`, looked up by the exact image string; a missing image
 * fails as Kyverno's offline context does (`FakeContextProvider.GetImageData`: `failed to get image data: image
 * data for <ref> not found in the context`), followed by what to supply (the source may say it: a file of image data
 * given to the scan or `apply`). In a cluster Kyverno would read the registry instead.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { registerClosureMethod } from '../closures.js';
import type { CelLibrary } from '../environment.js';
import { celError, messageOf } from './common.js';
import type { ImageDataSource, KyvernoLibraryData } from './data.js';

/** The value of the `image` handle for one evaluation. */
export class ImageDataContext {
  constructor(readonly source: ImageDataSource | undefined) {}
}

export const IMAGE_DATA_CONTEXT_TYPE = 'imagedata.Context';

/** The handle of one evaluation. */
export function imageDataHandle(data: KyvernoLibraryData): ImageDataContext {
  return new ImageDataContext(data.images);
}

/** The image data of `image`, or why there is none (the message of `GetMetadata`'s error). */
function imageMetadata(ctx: ImageDataContext, image: string): { data: unknown } | { problem: string } {
  let data: unknown;
  try {
    data = ctx.source?.get(image);
  } catch (err) {
    return { problem: `failed to get image data: ${messageOf(err)}` };
  }
  if (data === undefined || data === null) {
    const missing = ctx.source?.missing?.(image);
    if (missing !== undefined) return { problem: `failed to get image data: ${missing}` };
    return {
      problem:
        `failed to get image data: image data for ${image} not found in the context ` +
        `(registries are not read offline: add an entry with image: ${image} to the spec.images of the Test's Context file)`,
    };
  }
  return { data };
}

/** `GetMetadata(ref)`: the image data of `image`, or an evaluation error saying why there is none. */
function getMetadata(ctx: ImageDataContext, image: string): unknown {
  const found = imageMetadata(ctx, image);
  if ('problem' in found) throw celError(found.problem);
  return found.data;
}

/** `GetMetadata` as the CEL closures call it (closures.ts): its value, or its error's message. */
function metadataForClosures(ctx: object, image: unknown): { value: unknown } | { error: string } | null {
  if (typeof image !== 'string') return null;
  const found = imageMetadata(ctx as ImageDataContext, image);
  return 'problem' in found ? { error: found.problem } : { value: found.data };
}

/** The `imagedata` library (the `image` handle). */
export function imageDataLibrary(): CelLibrary {
  return (env: Environment) => {
    const I = IMAGE_DATA_CONTEXT_TYPE;
    env.registerType(I, ImageDataContext);
    env.registerVariable('image', I);
    for (const name of ['GetMetadata', 'getMetadata']) {
      env.registerFunction(`${I}.${name}(string): dyn`, (c: ImageDataContext, ref: string) => getMetadata(c, ref));
      registerClosureMethod(I, name, ImageDataContext, metadataForClosures);
    }
  };
}
