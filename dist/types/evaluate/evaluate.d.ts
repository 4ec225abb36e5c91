import type { JsonObject, NumberMode } from '../types.js';
import { type EvaluationOptions, type ResourceResponse } from './processor.js';
import type { CompiledPolicy } from './types.js';
/** What a caller of {@link evaluate} may set: the admission request and the offline data. */
export interface EvaluateOptions extends Pick<EvaluationOptions, 'operation' | 'userInfo' | 'exceptions' | 'external' | 'namespaceLabels' | 'targets'> {
    /** How resource numbers are read: `int64` (the admission controller, `kyverno apply`, the default) or `float64` (`kyverno test`). */
    numberMode?: NumberMode;
}
/**
 * The responses of `policies` (from `acceptPolicy`) for `resource`, in Kyverno's processing order. The
 * resource must be a Kubernetes object (string `apiVersion` and `kind`).
 */
export declare function evaluate(policies: readonly CompiledPolicy[], resource: JsonObject, options?: EvaluateOptions): ResourceResponse[];
