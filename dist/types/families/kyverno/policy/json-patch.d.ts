import type { JsonValue } from '../../../types.js';
/** The operations of a JSON patch written as YAML or JSON; `[]` for an empty text, null when undecodable. */
export declare function parsePatch(patch: string): JsonValue[] | null;
