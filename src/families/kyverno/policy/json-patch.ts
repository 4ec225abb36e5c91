/**
 * @file Decoding of `patchesJson6902` texts as Kyverno's policy checks do (sigs.k8s.io/yaml `ToJSON`, then
 * evanphx/json-patch `DecodePatch`): YAML or JSON holding a list of operations.
 */
import { parse as parseYaml } from 'yaml';
import type { JsonValue } from '../../../types.js';

/** The operations of a JSON patch written as YAML or JSON; `[]` for an empty text, null when undecodable. */
export function parsePatch(patch: string): JsonValue[] | null {
  try {
    const decoded = parseYaml(patch, { version: '1.1', logLevel: 'error' }) as JsonValue | undefined;
    if (decoded === null || decoded === undefined) return [];
    return Array.isArray(decoded) ? decoded : null;
  } catch {
    return null;
  }
}
