/**
 * @file The validation engine: one policy against one resource, as Kyverno's `engine.Validate` does
 * (kyverno/kyverno pkg/engine/engine.go, validation.go): rule selection (autogen), match/exclude, context,
 * preconditions, the validate handler, `applyRules: One`, and pre-existing violations on UPDATE.
 * No I/O happens here.
 */
import { type EvaluationRequest, type PolicyResponse } from '../../../../evaluate/types.js';
import type { KyvernoPolicy } from '../../policy/compiled.js';
/**
 * Evaluates every validate rule of `policy` on the request's resource. Returns `null` when the policy
 * does not apply to the resource at all (a namespaced Policy and a resource of another namespace).
 */
export declare function validateResource(policy: KyvernoPolicy, request: EvaluationRequest): PolicyResponse | null;
