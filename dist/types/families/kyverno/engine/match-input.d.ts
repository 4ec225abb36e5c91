/**
 * @file What match/exclude blocks and rule selection compare a resource with: its identity (kind, group,
 * version, namespace, read once per resource) and the operation, as Kyverno's engine reads them from the
 * admission request (kyverno/kyverno pkg/engine/policycontext, `PolicyContext`; pkg/engine/utils
 * `MatchesResourceDescription`).
 */
import type { EvaluationRequest } from '../../../evaluate/types.js';
import type { JsonObject } from '../../../types.js';
import type { MatchInput } from '../match/match.js';
import type { KyvernoPolicy } from '../policy/compiled.js';
/** The operation the engine acts on: UPDATE and DELETE only when spelled exactly so, else CREATE. */
export type EngineOperation = 'CREATE' | 'UPDATE' | 'DELETE';
interface ResourceIdentity {
    kind: string;
    group: string;
    version: string;
    namespace: string;
}
export declare function toEngineOperation(operation: string): EngineOperation;
/** What match/exclude blocks are compared with, for `resource` in the request. */
export declare function matchInputFor(resource: JsonObject, request: EvaluationRequest, operation: EngineOperation, policy: KyvernoPolicy): MatchInput;
export declare function identify(resource: JsonObject): ResourceIdentity;
export {};
