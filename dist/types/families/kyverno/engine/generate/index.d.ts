import type { KyvernoPolicy } from '../../policy/compiled.js';
import { type EvaluationRequest, type PolicyResponse } from '../../../../evaluate/types.js';
export { generateObjects } from './generator.js';
/**
 * The generate response of `policy` for the request's resource, or null when no rule produced a rule
 * response (Kyverno then emits no engine response for the policy).
 */
export declare function generateResource(policy: KyvernoPolicy, request: EvaluationRequest): PolicyResponse | null;
