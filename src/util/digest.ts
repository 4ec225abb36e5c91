/**
 * @file The SHA-256 digest the results cache compares and stores (file contents, lines of the cache, objects, search
 * results, policy documents), in base64url.
 */
import { createHash } from 'node:crypto';

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('base64url');
}
