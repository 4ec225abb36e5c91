/**
 * @file Kyverno's image_normalize (`GetImageInfo` with the CLI's default configuration, then
 * `registry/path:tag` or `registry/path@digest`) and is_external_url (IP literals classified as
 * Go's `IsLoopback`/`IsPrivate` do). kyverno-lint resolves no names: `localhost` (which every
 * `/etc/hosts` maps to the loopback addresses) is loopback, any other host name fails as an
 * unresolvable name does in Kyverno.
 */
import { parseImage } from '../../../util/image-reference.js';
import { functionError } from './errors.js';
import { parseGoUrl, urlHostname } from './go-url.js';
import { isLoopback, isPrivate, parseIP } from './ip-address.js';
import type { KyvernoFunction } from './kyverno-function.js';

const STRING = { types: ['string'] } as const;
const LOCALHOST = /^localhost\.?$/i;

function isExternalUrl(url: string): boolean {
  const host = urlHostname(parseGoUrl(url));
  const ip = parseIP(host);
  if (ip !== null) return !(isLoopback(ip) || isPrivate(ip));
  if (LOCALHOST.test(host)) return false;
  throw new Error(`lookup ${host}: no such host`);
}

export const IMAGE_URL_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'image_normalize',
    args: [STRING],
    handler: ([image]) => {
      try {
        return parseImage(image as string).reference;
      } catch (err) {
        throw functionError('image_normalize', (err as Error).message);
      }
    },
    returnType: ['string'],
    note: 'normalizes an image reference',
  },
  {
    name: 'is_external_url',
    args: [STRING],
    handler: ([url]) => isExternalUrl(url as string),
    returnType: ['bool'],
    note: 'determine if a URL points to an external network address',
  },
];
