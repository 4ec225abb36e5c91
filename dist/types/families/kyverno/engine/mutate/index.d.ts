import type { KyvernoPolicy } from '../../policy/compiled.js';
import { type EvaluationRequest, type PolicyResponse } from '../../../../evaluate/types.js';
/**
 * Evaluates every mutate rule of `policy` on the request's resource. Always gives a response (with
 * no rules when none matched); `patchedResource` is the resource after the policy's mutations.
 */
export declare function mutateResource(policy: KyvernoPolicy, request: EvaluationRequest): PolicyResponse;
