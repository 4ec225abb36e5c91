/**
 * @file `mutate.foreach` as Kyverno's `forEachMutator` runs it (kyverno/kyverno
 * pkg/engine/handlers/mutation/common.go, `mutateForEach`, `mutateElements`): entries in order,
 * elements of each `list` (reversed by default for strategic merge patches, `order` overriding), `null`
 * elements skipped, per-element context and preconditions, nested foreach, patches accumulated on the
 * entry's resource, and `request.object` refreshed between entries that changed the resource.
 */
import type { JsonObject, JsonValue } from '../../../../types.js';
import type { RuleEnvironment } from '../rule-environment.js';
import { type PatchOutcome } from './patch.js';
type ForEachEntry = JsonObject;
/** The entries of a `foreach` value (a list of maps); anything else holds none. */
export declare function foreachEntries(value: JsonValue | undefined): ForEachEntry[];
/**
 * Runs the foreach entries at `nesting` on `resource`: `pass` (`<n> elements processed`) with the
 * patched resource when an entry changed it, `skip` when none did, `error` when one failed.
 */
export declare function mutateForEach(env: RuleEnvironment, entries: readonly ForEachEntry[], resource: JsonObject, nesting: number): PatchOutcome;
export {};
