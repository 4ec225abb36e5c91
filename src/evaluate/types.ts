/**
 * @file The engine's request and response model: what `validateResource` takes and gives back.
 */
import type { CompiledPolicy } from '../families/kyverno/policy/compile.js';
import type { PolicyException } from '../families/kyverno/policy/exception.js';
import type { ExternalData } from '../families/kyverno/engine/context/external/index.js';
import type { JsonObject, JsonValue, NumberMode, RuleResponse } from '../types.js';

/** Admission user information (the Kyverno CLI's UserInfo file, `cli.kyverno.io/v1alpha1`). */
export interface RequestUserInfo {
  roles?: string[];
  clusterRoles?: string[];
  userInfo?: {
    username?: string;
    uid?: string;
    groups?: string[];
    extra?: Record<string, string[]>;
  };
}

/** Variables injected into the JSON context, as the Kyverno CLI does from a Values file. */
export interface InjectedValues {
  /** Global then per-resource values (dotted keys, `"a.b".c` quoting), applied once per (policy, resource). */
  resource?: Record<string, JsonValue>;
  /** Per-rule values, injected every time a context loader runs for that rule. */
  rule?: (ruleName: string) => Record<string, JsonValue> | undefined;
  /** Per-rule foreach values: element [0] of each list is injected (Kyverno behaviour). */
  foreach?: (ruleName: string) => Record<string, JsonValue[]> | undefined;
}

/**
 * One evaluation of one resource, as the Kyverno CLI builds it (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/policy_processor.go, `PolicyProcessor.makePolicyContext`).
 */
export interface EvaluationRequest {
  /** The resource (the new object). For DELETE it is the old object. */
  resource: JsonObject;
  /** `request.operation` as a string; default CREATE. */
  operation?: string;
  /** `kyverno test` (float64) or `kyverno apply` (int64) number semantics. */
  numberMode?: NumberMode;
  /** Labels of the resource's namespace, for `namespaceSelector`. */
  namespaceLabels?: Record<string, string>;
  /** Admission user info; absent means "no admission info" (user-info filters ignored in match). */
  userInfo?: RequestUserInfo;
  /** Subresource being evaluated ("" for the object itself). */
  subresource?: string;
  /** Values-file variables. */
  values?: InjectedValues;
  /** PolicyExceptions that may exempt rules (kyverno.io/v2, v2beta1). */
  exceptions?: readonly PolicyException[];
  /**
   * Data for `configMap`, `apiCall` and `globalReference` context entries: the cluster they read, a
   * Test's `apiCallResponses` and `globalContextEntries`. Without it those entries are left out.
   */
  external?: ExternalData;
  /**
   * The fake cluster mutate-existing rules (`mutate.targets`) select their targets from (the CLI's
   * resources and target resources). Without it those rules are reported as not evaluable offline.
   */
  targets?: readonly JsonObject[];
  /**
   * After a mutate rule fails, go on with the resource as it was before the rule, as the admission
   * controller does, instead of the empty object the Kyverno CLI goes on with (the error response of
   * kyverno/kyverno pkg/engine/mutate/mutation.go `NewErrorResponse` carries an empty resource, which
   * pkg/engine/handlers/mutation/mutate_resource.go `mutateResourceHandler.Process` returns).
   */
  keepResourceOnMutateError?: boolean;
}

/** The responses of one policy for one resource (Kyverno `EngineResponse`). */
export interface PolicyResponse {
  policy: CompiledPolicy;
  /** The resource as evaluated (after values injection). */
  resource: JsonObject;
  rules: RuleResponse[];
  /**
   * Mutate responses: the resource after this policy's mutations (cumulative over earlier policies,
   * as Kyverno's `PatchedResource`). An empty object when a patch failed (Kyverno's quirk: kyverno/kyverno
   * pkg/engine/mutate/mutation.go `NewErrorResponse` builds its response with an empty resource).
   */
  patchedResource?: JsonObject;
}
