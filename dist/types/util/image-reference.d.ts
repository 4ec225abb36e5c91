/**
 * @file The `images` context variable: container images of Pods and Pod controllers parsed with the
 * Docker reference grammar (Kyverno `pkg/utils/api/image.go` `ExtractImagesFromResource`,
 * `pkg/utils/image/infos.go` `GetImageInfo`, `distribution/reference` `Parse`), with the CLI's
 * default configuration (default registry `docker.io`, registry mutation enabled).
 */
import type { JsonObject } from '../types.js';
/** The parsed form of an image reference (Kyverno `ImageInfo`). */
interface ImageInfo {
    registry: string;
    name: string;
    path: string;
    tag: string;
    digest: string;
    reference: string;
    referenceWithTag: string;
}
/** distribution/reference `Parse` (reference.go): `{domain, path, tag, digest}`, or throws Go's error text. */
export declare function parseReference(s: string): {
    domain: string;
    path: string;
    tag: string;
    digest: string;
};
/**
 * Kyverno `GetImageInfo` with the default configuration. Throws an `Error` with Kyverno's text
 * (`bad image: docker.io/++, defaultRegistry: docker.io, enableDefaultRegistryMutation: true:
 * invalid reference format`).
 */
export declare function parseImage(image: string): ImageInfo;
/**
 * The `images` variable of a resource: `{<containerType>: {<containerName>: {registry, name,
 * path, tag, digest, reference, referenceWithTag, jsonPointer}}}`, or `null` when the kind has no
 * extractor or no image was found. Throws Kyverno's extraction errors (`invalid image '++' (...)`,
 * `invalid key`, `invalid image config`, `invalid type`).
 */
export declare function extractImages(resource: JsonObject): JsonObject | null;
export {};
