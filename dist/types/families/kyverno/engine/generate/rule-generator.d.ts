/**
 * @file One generate rule run by the generate controller (kyverno/kyverno pkg/background/generate/
 * generator.go): for a pattern, its context entries and preconditions, variable substitution, then data,
 * clone or cloneList, and the writes to the store; for `generate.foreach`, the same per list element
 * (element variables at nesting 0, the entry's context and preconditions). Errors end the generation with
 * Kyverno's messages.
 */
import type { Conditions, ContextEntry } from '../../policy/types.js';
import type { JsonObject, JsonValue } from '../../../../types.js';
import type { RuleEnvironment } from '../rule-environment.js';
import { type PolicyIdentity } from './labels.js';
import { type ObjectAddress, type ObjectStore } from './store.js';
/** What a rule generates into and labels its objects with. */
export interface GenerationScope {
    store: ObjectStore;
    /** The trigger resource (the labels name it). */
    trigger: JsonObject;
    policy: PolicyIdentity;
    ruleName: string;
    /** `generate.synchronize` of the rule (foreach entries use the rule's). */
    synchronize: boolean;
}
/**
 * Kyverno `generator.generate`: loads `contextEntries`, evaluates `preconditions` (false: nothing is
 * generated), substitutes the pattern of `block` and applies it. Returns the targets created.
 */
export declare function generatePattern(env: RuleEnvironment, scope: GenerationScope, contextEntries: ContextEntry[] | undefined, preconditions: Conditions | undefined, block: JsonObject): ObjectAddress[];
/**
 * Kyverno `generator.generateForeach`: each entry's `list` is evaluated, and each non-null element runs the
 * entry's pattern with the element in the context (nesting 0). Errors of entries and elements are collected
 * and reported together (`multierr`), after every entry ran.
 */
export declare function generateForeach(env: RuleEnvironment, scope: GenerationScope, entries: readonly JsonValue[]): ObjectAddress[];
