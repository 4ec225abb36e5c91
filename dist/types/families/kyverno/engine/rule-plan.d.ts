/**
 * @file What the engine reads of a rule, read once per rule object. Rules are evaluated against every
 * resource and never mutated; policy documents come in many shapes, so reading their fields again for
 * each resource costs more than the lookup of a plan.
 */
import { RuleMatcher } from '../match/match.js';
import type { Conditions, ContextEntry, ForEachValidation, Rule, Validation } from '../policy/types.js';
import type { JsonValue } from '../../../types.js';
/**
 * The handler a validate rule runs, in order of precedence (the `handlerFactory` of `engine.validate`,
 * kyverno/kyverno pkg/engine/validation.go).
 */
type HandlerKind = 'manifests' | 'podSecurity' | 'cel' | 'resource';
/** One level of resource validation: the rule itself (nesting 0) or a foreach entry (nesting ≥ 1). */
export interface ValidatorSpec {
    readonly contextEntries: ContextEntry[] | undefined;
    readonly preconditions: Conditions | undefined;
    readonly pattern: JsonValue | undefined;
    readonly anyPattern: JsonValue | undefined;
    readonly deny: {
        conditions?: Conditions;
    } | undefined | null;
    readonly forEach: ForEachValidation[] | undefined | null;
    readonly nesting: number;
    /** A foreach entry's `list` expression (`''` at the rule level). */
    readonly list: string;
    /** A foreach entry's `elementScope`. */
    readonly elementScope: boolean | undefined;
}
export declare class RulePlan {
    readonly rule: Rule;
    readonly name: string;
    /** The rule has a (non-null) `validate` section. */
    readonly validates: boolean;
    readonly matcher: RuleMatcher;
    readonly context: ContextEntry[] | undefined;
    readonly preconditions: Conditions | undefined;
    /** `validate`, or `{}` without one. */
    readonly validation: Validation;
    /** `validate.message`, `''` without one. */
    readonly message: string;
    readonly handler: HandlerKind;
    /** The resource handler's top level. */
    readonly spec: ValidatorSpec;
    constructor(rule: Rule);
}
/** The (cached) plan of a rule. */
export declare function rulePlan(rule: Rule): RulePlan;
/** The validation level of a foreach entry at `nesting` (cached per entry). */
export declare function foreachSpec(entry: ForEachValidation, nesting: number): ValidatorSpec;
export {};
