import type { ContextEntry, Rule } from '../policy/types.js';
import type { JsonObject, JsonValue, NumberMode } from '../../../types.js';
import { type JsonContext, QueryFailure } from './context/json-context.js';
import { type ConditionSubstitute } from './conditions/index.js';
import { type ExternalData, UnresolvedEntries } from './context/external/index.js';
import { type RulePlan } from './rule-plan.js';
import type { InjectedValues } from '../../../evaluate/types.js';
import { SubstitutionFailure } from './variables/index.js';
interface RuleEnvironmentInit {
    rule: Rule;
    context: JsonContext;
    /** `request.operation` as given (CREATE when absent). */
    operation: string;
    numberMode: NumberMode;
    /** The new resource; for DELETE requests the old one (then `isDelete` is true). */
    resource: JsonObject;
    isDelete: boolean;
    values?: InjectedValues;
    /** Data for `configMap`, `apiCall` and `globalReference` context entries. */
    external?: ExternalData;
    /** The namespace of a namespaced Policy (undefined for a ClusterPolicy). */
    policyNamespace?: string;
}
/** Kyverno's error for `elementScope: true` on a foreach element that is not a map. */
export declare class ElementScopeFailure {
    readonly message: string;
    constructor(message: string);
}
export declare class RuleEnvironment {
    #private;
    readonly rule: Rule;
    /** What is read of the rule, read once. */
    readonly plan: RulePlan;
    readonly context: JsonContext;
    readonly operation: string;
    readonly numberMode: NumberMode;
    readonly resource: JsonObject;
    readonly isDelete: boolean;
    /** The foreach element that patterns apply to, when element-scoped. */
    readonly element: JsonObject | undefined;
    /**
     * Where the current foreach element sits in the resource (`/spec/containers/1`), when the list
     * expression is a plain path into `request.object` or the enclosing element; used to locate findings.
     */
    readonly elementPointer: string | undefined;
    readonly values: InjectedValues | undefined;
    readonly external: ExternalData | undefined;
    readonly policyNamespace: string | undefined;
    /** A rule's environment, or (given another environment) the environment of a foreach element in it. */
    constructor(init: RuleEnvironmentInit | RuleEnvironment, element?: JsonObject, elementPointer?: string);
    /** The resource path of a failure found at `path` of the current validation target. */
    resourcePath(path: string): string | undefined;
    /** Substitutes `$( )` references and `{{ }}` variables; throws Kyverno's substitution error. */
    substitute(document: JsonValue): JsonValue;
    /** As `substitute`, but an unresolved variable comes back as a `SubstitutionFailure`. */
    trySubstitute(document: JsonValue): JsonValue | SubstitutionFailure;
    /** Substitution callback for condition keys and values. */
    readonly substituteCondition: ConditionSubstitute;
    /**
     * Runs a context loader for this rule: rule values (and element [0] of foreach values) are injected
     * first, as Kyverno's CLI initializer does every time, then the entries are registered.
     */
    loadContext(entries: ContextEntry[] | undefined): void;
    /** The external context entries of the rule that could not be resolved, when the rule has any. */
    get unresolved(): UnresolvedEntries | undefined;
    /**
     * Evaluates a foreach `list` expression: a list gives its elements, anything else one element. A
     * failed query comes back as a `QueryFailure` (with the `ContextQueryError` message).
     */
    tryEvaluateList(expression: string): JsonValue[] | QueryFailure;
    /**
     * Adds a foreach element to the context and returns the environment its body runs in
     * (Kyverno `AddElementToContext`): map elements are the validation target unless `elementScope: false`.
     * `elementScope: true` on an element that is not a map gives an `ElementScopeFailure`.
     */
    withElement(element: JsonValue, index: number, nesting: number, elementScope: boolean | undefined, listExpression: string): RuleEnvironment | ElementScopeFailure;
}
export {};
