import type { JsonObject, RuleResponse } from '../../../../types.js';
import type { RuleEnvironment } from '../rule-environment.js';
import { SubstitutionFailure } from '../variables/index.js';
/** Kyverno's `match(namespacePattern, namePattern, namespace, name)` of LIST results. */
export declare function namesMatch(namespacePattern: string, namePattern: string, namespace: string, name: string): boolean;
/**
 * Runs a mutate-existing rule whose trigger passed match, context, preconditions and exceptions.
 * Without a fake cluster (`cluster` undefined) the rule cannot be evaluated offline: one `skip`
 * response says so.
 */
export declare function mutateTargets(env: RuleEnvironment, mutation: JsonObject, cluster: readonly JsonObject[] | undefined, substituteRule: () => JsonObject | SubstitutionFailure): RuleResponse[];
