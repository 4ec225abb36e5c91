/**
 * @file Context entries that could not be resolved offline, and the hint that says so. Kyverno leaves
 * such an entry out (or its loader fails silently), so the first use of its name fails with
 * `Unknown key "<name>" in path`; kyverno-lint keeps that outcome and appends to the rule's error
 * message which lookup was unresolved and how to supply it.
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { RuleResponse } from '../../../../../types.js';
/** The context entry types whose data comes from outside the policy. */
export type ExternalEntryKind = 'configMap' | 'apiCall' | 'globalReference' | 'imageRegistry';
/** One entry that was left out or whose loader failed. */
interface UnresolvedEntry {
    name: string;
    kind: ExternalEntryKind;
    /** The lookup, as written in the policy (`ConfigMap default/settings`, `GET /api/v1/...`). */
    lookup: string;
    /** Why it was not resolved. */
    reason: string;
    /** How to supply it. */
    remedy: string;
}
/**
 * The unresolved entries of one rule evaluation, by name (the latest record of a name wins). Records
 * are described only when read: most are never shown.
 */
export declare class UnresolvedEntries {
    #private;
    /** Records that `entry` was not resolved, for `reason`. */
    record(entry: ContextEntry, kind: ExternalEntryKind, reason: string): void;
    /** Forgets a name whose data was stored after all. */
    resolved(name: string): void;
    get(name: string): UnresolvedEntry | undefined;
    get size(): number;
}
/**
 * `response` with a hint appended to its message when it is an error naming an unresolved entry
 * (`Unknown key "<name>"`); otherwise `response` itself.
 */
export declare function withUnresolvedHint(response: RuleResponse, unresolved: UnresolvedEntries): RuleResponse;
export {};
