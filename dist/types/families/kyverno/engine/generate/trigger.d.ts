/**
 * @file The policy context of one generate evaluation, as the Kyverno CLI builds it (processor
 * `makePolicyContext`): the admission JSON context with the resource values injected, then the new and old
 * objects read back from `request.object`/`request.oldObject` (values may rewrite them). CREATE has no old
 * object, DELETE no new one, UPDATE both.
 */
import type { JsonObject, NumberMode } from '../../../../types.js';
import type { JsonContext } from '../context/json-context.js';
import type { EvaluationRequest } from '../../../../evaluate/types.js';
/** The operation the engine acts on: UPDATE and DELETE only when spelled exactly so, else CREATE. */
type EngineOperation = 'CREATE' | 'UPDATE' | 'DELETE';
export interface TriggerState {
    /** `request.operation` as given (CREATE when absent). */
    operation: string;
    engineOperation: EngineOperation;
    numberMode: NumberMode;
    /** The admission context with the resource values; rules checkpoint and restore it. */
    context: JsonContext;
    /** The new object; null for DELETE (or when values remove it). */
    newResource: JsonObject | null;
    /** The old object; null for CREATE. */
    oldResource: JsonObject | null;
    /** The object the response reports: the new one, else the old one, else the request's. */
    resource: JsonObject;
    /** The request kind, from the resource as given (Kyverno takes it before values injection). */
    kind: string;
    group: string;
    version: string;
}
/** Builds the policy context of a request. */
export declare function prepareTrigger(request: EvaluationRequest): TriggerState;
export {};
