import type { JsonValue } from '../../../types.js';
import type { MatchResources, Policy, Rule } from './types.js';
/** The annotation selecting which controllers get generated rules. */
export declare const AUTOGEN_CONTROLLERS_ANNOTATION = "pod-policies.kyverno.io/autogen-controllers";
/** Whether a decoded Go struct differs from its zero value (some field is set). */
export declare function hasContent(value: JsonValue | undefined | object): boolean;
/** Kyverno `MatchResources.GetKinds`: inline kinds, then `all`, then `any` kinds. */
export declare function matchKinds(match: MatchResources | undefined | null): string[];
/**
 * Kyverno `CanAutoGen`, evaluated over all rules: false if any rule has `generate` or a
 * `patchesJson6902` (also in mutate foreach), or any match/exclude description is unsupported; otherwise
 * true if some description names Pod or a controller.
 */
export declare function canAutoGen(rules: readonly Rule[]): boolean;
/**
 * The controllers autogen targets for a policy: none when the policy is not eligible; otherwise the
 * annotation's comma-separated list (no trimming), or all seven controllers without the annotation.
 */
export declare function autogenControllers(policy: Policy): ReadonlySet<string>;
/**
 * Kyverno `FindAndShiftReferences`: `$(...)` references in a message get `shift` inserted after the
 * pivot (`pattern`, `anyPattern/<index>`, `deny`, `podSecurity`).
 */
export declare function shiftReferences(value: string, shift: string, pivot: string): string;
/** Per-policy autogen memo. */
interface Autogen {
    /** Whether the policy is eligible (Kyverno `CanAutoGen`). */
    readonly eligible: boolean;
    /** The controllers rules are generated for (`{"none"}` when not eligible). */
    readonly controllers: ReadonlySet<string>;
    /**
     * Kyverno `ComputeRules(policy, kind)`: the original rules, or, for a controller kind with generated
     * rules, the original non-`autogen-` rules followed by the generated ones. `""` computes the rules for
     * every controller at once. The result is shared: do not mutate it.
     */
    rulesFor(kind: string): Rule[];
}
/** Prepares autogen for one policy; rules per kind are computed on first use and memoised. */
export declare function createAutogen(policy: Policy): Autogen;
/** The autogen memo of a policy object: validation, compilation and evaluation share it. */
export declare function autogenOf(policy: Policy): Autogen;
/** Kyverno `ComputeRules(policy, kind)`, memoised per policy object (see {@link Autogen.rulesFor}). */
export declare function computeRules(policy: Policy, kind: string): Rule[];
export {};
