/**
 * @file Evaluating one Kubernetes object against compiled policies outside a repository scan: the object is
 * normalised as Kyverno loads resources, then every policy runs in the admission controller's order
 * (mutate, image verification, validate, generate; see processor.ts).
 */
import type { KubernetesObject } from '../source/index.js';
import type { JsonObject, NumberMode } from '../types.js';
import { evaluateResource, type EvaluationOptions, type ResourceResponse } from './processor.js';
import { resourceDocument } from './resource.js';
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
export function evaluate(policies: readonly CompiledPolicy[], resource: JsonObject, options: EvaluateOptions = {}): ResourceResponse[] {
  if (typeof resource.apiVersion !== 'string' || typeof resource.kind !== 'string') throw new TypeError('evaluate: the resource needs a string apiVersion and kind');
  const { numberMode = 'int64', operation, userInfo, exceptions, external, namespaceLabels, targets } = options;
  const evaluation: EvaluationOptions = { numberMode };
  if (operation !== undefined) evaluation.operation = operation;
  if (userInfo !== undefined) evaluation.userInfo = userInfo;
  if (exceptions !== undefined) evaluation.exceptions = exceptions;
  if (external !== undefined) evaluation.external = external;
  if (namespaceLabels !== undefined) evaluation.namespaceLabels = namespaceLabels;
  if (targets !== undefined) evaluation.targets = targets;
  return evaluateResource(policies, resourceDocument(resource as KubernetesObject, '', 0), evaluation);
}
