import type { JsonObject, NumberMode } from '../types.js';
import { type EvaluationOptions, type ResourceResponse } from './processor.js';
import type { CompiledPolicy } from './types.js';
export interface EvaluateOptions extends Omit<EvaluationOptions, 'numberMode'> {
    /** How resource numbers are read: `int64` (the admission controller, `kyverno apply`, the default) or `float64` (`kyverno test`). */
    numberMode?: NumberMode;
}
/**
 * The responses of `policies` (from `acceptPolicy`) for `resource`, in Kyverno's processing order. The
 * resource must be a Kubernetes object (string `apiVersion` and `kind`).
 */
export declare function evaluate(policies: readonly CompiledPolicy[], resource: JsonObject, options?: EvaluateOptions): ResourceResponse[];
