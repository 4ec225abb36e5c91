/**
 * @file The policy context of one generate evaluation, as the Kyverno CLI builds it (processor
 * `makePolicyContext`): the admission JSON context with the resource values injected, then the new and old
 * objects read back from `request.object`/`request.oldObject` (values may rewrite them). CREATE has no old
 * object, DELETE no new one, UPDATE both: the old one given with the request, else the resource itself.
 */
import type { JsonObject, NumberMode } from '../../../../types.js';
import { createAdmissionContext } from '../context/admission.js';
import { keepsResource, plainResource, readBack, readsBackResource } from '../context/read-back.js';
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

function toEngineOperation(operation: string): EngineOperation {
  return operation === 'UPDATE' || operation === 'DELETE' ? operation : 'CREATE';
}

/** Builds the policy context of a request. */
export function prepareTrigger(request: EvaluationRequest): TriggerState {
  const operation = request.operation ?? 'CREATE';
  const engineOperation = toEngineOperation(operation);
  const resourceValues = request.values?.resource;
  const context = createAdmissionContext({ resource: request.resource, operation, oldResource: request.oldResource, userInfo: request.userInfo, values: resourceValues });
  const rewritten = readsBackResource(resourceValues);
  // Both objects the engine reads are the request's resource unless values replace them.
  const kept = rewritten && keepsResource(resourceValues);
  const readBackAt = (path: string, injected: JsonObject): JsonObject | null => (kept ? plainResource(injected) : readBack(context, path, injected));

  let newResource: JsonObject | null = null;
  let oldResource: JsonObject | null = null;
  if (engineOperation !== 'DELETE') newResource = rewritten ? readBackAt('request.object', request.resource) : request.resource;
  if (engineOperation !== 'CREATE') {
    // An UPDATE's old object is the one given with the request, else (the CLI's) the resource itself.
    const old = (engineOperation === 'UPDATE' ? request.oldResource : undefined) ?? request.resource;
    oldResource = rewritten ? readBackAt('request.oldObject', old) : old;
  }

  const apiVersion = typeof request.resource.apiVersion === 'string' ? request.resource.apiVersion : '';
  const slash = apiVersion.indexOf('/');
  return {
    operation,
    engineOperation,
    numberMode: request.numberMode ?? 'float64',
    context,
    newResource,
    oldResource,
    resource: newResource ?? oldResource ?? request.resource,
    kind: typeof request.resource.kind === 'string' ? request.resource.kind : '',
    group: slash >= 0 ? apiVersion.slice(0, slash) : '',
    version: slash >= 0 ? apiVersion.slice(slash + 1) : apiVersion,
  };
}
