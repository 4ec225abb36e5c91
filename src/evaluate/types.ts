/**
 * @file The evaluation model, the seam between the evaluation and the policy families: the request one
 * resource is evaluated in, the responses, and the {@link CompiledPolicy} every family compiles its
 * documents into. The processor, findings, reporters and commands see policies only through this
 * interface, so a family plugs in without changing them. The handlers follow Kyverno's engine
 * (kyverno/kyverno pkg/engine/api/engine.go, `Engine`): `mutate`, `verifyImages`, `validate` and
 * `generate` over one request, each giving Kyverno's responses.
 */
import type { ClusterScopes } from '../cluster/scopes.js';
import type { JsonObject, JsonValue, NumberMode, RuleResponse, RuleType, SourceLocation } from '../types.js';
import type { FamilyName, PolicyKind } from './kinds.js';

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

/** The answer of a cluster to one API request. */
export interface ClusterResponse {
  statusCode: number;
  body: JsonObject;
}

/**
 * How a context entry used the answer of a request: only through a JMESPath search of its body (of the body's JSON text
 * when `text`), which gave `result` or failed with the message `error`.
 */
export type AnswerSearch = { expression: string; text: boolean } & ({ result: unknown } | { error: string });

/** A cluster answering API requests by URL path (the mocked cluster implements it). */
export interface ClusterReader {
  /**
   * `reportsUse`: the caller tells `used` each use of a successful answer (an `apiCall` context entry). The answer of
   * any other request, or of one whose use is not told (a failed request, a failed substitution), is read whole.
   */
  request(method: string, urlPath: string, options?: { reportsUse?: boolean }): ClusterResponse;
  /**
   * Told, when given, how the successful answer of a request made with `reportsUse` was used: `null` when whole (stored
   * in the context as it is), else the search that read it.
   */
  used?(method: string, urlPath: string, use: AnswerSearch | null): void;
}

/** A Test's `apiCallResponses`: mocked answers by method and URL. */
export interface ApiCallResponses {
  readonly size: number;
  lookup(method: string, url: string): { statusCode: number; body: JsonValue } | undefined;
}

/** A Test's `globalContextEntries`: named data, with a JMESPath projection applied on read. */
export interface GlobalContextReader {
  has(name: string): boolean;
  get(name: string, projection?: string): unknown;
}

/**
 * The data of the world outside the policy, offline: the cluster that `configMap` and `apiCall` context
 * entries read (the fake API server of `kyverno apply`, or of `kyverno test` with `clusterResources`), and
 * a Test's `apiCallResponses` and `globalContextEntries`. What is absent is left out, as the Kyverno CLI
 * leaves it out without a client.
 */
export interface ExternalData {
  cluster?: ClusterReader;
  apiCallMocks?: ApiCallResponses;
  globalContext?: GlobalContextReader;
  /**
   * A Test's `context` file (`cli.kyverno.io/v1alpha1` `Context`, `kyverno apply --context-file`): the objects
   * CEL `resource.Get`/`resource.List` read when no cluster is given, and the entries `image.GetMetadata`
   * returns (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/utils.go, `NewContextProvider`). Set (empty
   * without a file) exactly when Kyverno's CEL lookups use its fake context provider: a Test without
   * `clusterResources`, and `kyverno apply` offline; the CEL lookups then read this and never `cluster`,
   * even when `cluster` is set for the `kyverno.io` policies' context entries (apply).
   */
  celContext?: CelContextData;
  /**
   * The objects CEL policy parameters are read from (a Test's `paramResources`, `apply --parameter-resource`,
   * loaded as resources): every one is a parameter of a ValidatingAdmissionPolicy/MutatingAdmissionPolicy
   * (`AddParam`); they are in `cluster` too when there is one.
   */
  params?: readonly JsonObject[];
  /**
   * CustomResourceDefinitions whose schemas drive a MutatingPolicy's apply configurations on custom resources (a
   * Test's `clusterResources` `crds`, `kyverno apply --cluster-resources`, the repository's own CRDs in a scan;
   * kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go `openAPI`).
   */
  crds?: readonly JsonObject[];
  /**
   * Image metadata given offline in place of an image registry (`--image-data <file>`, `imageData:` in
   * `.kyverno-lint.yaml`): the data `imageRegistry` context entries load (kyverno/kyverno
   * pkg/engine/context/loaders/imagedata.go, `fetchImageDataMap`) and, after a Context file's `spec.images`, what CEL
   * `image.GetMetadata` and ImageValidatingPolicies read. With it, an `imageRegistry` entry is loaded instead of left
   * out, and one whose image the data lacks errors its rule, as a failed registry lookup does in Kyverno.
   */
  imageData?: ImageDataStore;
  /**
   * Image registry data is needed (the scan): without {@link imageData}, an `imageRegistry` context entry a rule reads
   * errors the rule, saying how to supply the data, instead of being left out as the Kyverno CLI leaves it out (so
   * that no rule passes or fails on data it never had); CEL image lookups say the same. `kyverno-lint test` and
   * `apply` leave it unset and keep the Kyverno CLI's behaviour.
   */
  imageDataRequired?: boolean;
}

/**
 * Image metadata by image reference, read from a file (src/evaluate/image-data.ts): each entry gives both shapes
 * Kyverno's image data has.
 */
export interface ImageDataStore {
  /** The file the data comes from, as the user named it (for messages). */
  readonly source: string;
  /**
   * Every entry as CEL `image.GetMetadata` returns it (kyverno/kyverno cmd/cli/kubectl-kyverno/apis/v1alpha1/context.go
   * `ImageData` as JSON: `image`, `resolvedImage`, `registry`, `repository`, then `tag`, `digest`, `imageIndex`,
   * `manifest`, `config` when set), looked up by the exact `image` string as the Kyverno CLI's fake context provider
   * does (pkg/cel/libs/fake_context.go, `GetImageData`).
   */
  readonly images: readonly JsonObject[];
  /**
   * What an `imageRegistry` context entry loads for `reference` (the reference after variable substitution):
   * `{configData, identifier, image, manifest, manifestList, registry, repository, resolvedImage}`; undefined when
   * no entry names that image (matched after go-containerregistry's normalisation: `nginx` is
   * `index.docker.io/library/nginx:latest`). Throws for a reference go-containerregistry cannot parse.
   */
  registryData(reference: string): JsonObject | undefined;
}

/** The data of a `Context` file (kyverno/kyverno cmd/cli/kubectl-kyverno/apis/v1alpha1/context.go, `ContextSpec`). */
export interface CelContextData {
  /** `spec.resources`: Kubernetes objects. */
  resources: readonly JsonObject[];
  /** `spec.images`: image data (`image`, `resolvedImage`, `registry`, `repository`, `tag`, `digest`, `imageIndex`, `manifest`, `config`). */
  images: readonly JsonObject[];
}

/**
 * A policy binding accepted by its family (a ValidatingAdmissionPolicyBinding): the policies of that family
 * read the bindings that name them (`spec.policyName`), in the order they were loaded.
 */
export interface CompiledBinding {
  readonly family: FamilyName;
  /** The binding's kind (`ValidatingAdmissionPolicyBinding`). */
  readonly kind: string;
  readonly name: string;
  /** `spec.policyName`: the name of the policy bound. */
  readonly policyName: string;
}

/** A policy exception accepted by its family: only the policies of that family read it. */
export interface CompiledException {
  readonly family: FamilyName;
  readonly name: string;
  readonly namespace: string;
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
  /**
   * The object before the change, for an UPDATE (`request.oldObject`: the object at the pull request's base, or
   * `apply --old-resource`). Absent, an UPDATE sees the resource itself as its old object, as the Kyverno CLI
   * builds it; a DELETE's old object is always `resource`.
   */
  oldResource?: JsonObject;
  /** `kyverno test` (float64) or `kyverno apply` (int64) number semantics. */
  numberMode?: NumberMode;
  /** Labels of the resource's namespace, for `namespaceSelector`. */
  namespaceLabels?: Record<string, string>;
  /**
   * The resource's Namespace object as the Values file gives it (a `namespaces` entry, else a Namespace built
   * from a `namespaceSelector` entry; kyverno/kyverno cmd/cli/kubectl-kyverno/variables/variables.go `Namespace`):
   * the CEL kinds' `namespaceObject` and their namespace selector's labels. Absent when none is given.
   */
  namespaceObject?: JsonObject;
  /** Admission user info; absent means "no admission info" (user-info filters ignored in match). */
  userInfo?: RequestUserInfo;
  /**
   * Find the resource field each failed CEL validation blames (the rule response's `path`), beyond what Kyverno
   * reports: the scan asks for it to locate findings; `kyverno test` and `apply` need no paths.
   */
  explainFailures?: boolean;
  /**
   * Evaluate with the reference interpreter rather than the code each family compiles from a policy: the
   * differential test runs both and requires identical responses.
   */
  reference?: boolean;
  /** Subresource being evaluated ("" for the object itself). */
  subresource?: string;
  /**
   * The object the admission request was made for, when `resource` is that object as the earlier MutatingPolicies
   * patched it: they keep `request.object` and `oldObject` as received and see the patched object as `object`
   * (kyverno/kyverno pkg/cel/policies/mpol/engine/engine.go `Handle`).
   */
  admissionObject?: JsonObject;
  /**
   * The parent resource's group, version and kind when the resource is a subresource's object (a Values file's
   * `subresources` entry): the CEL kinds' admission request names the parent (kyverno/kyverno
   * cmd/cli/kubectl-kyverno/processor/policy_processor.go `ApplyPoliciesOnResource`).
   */
  subresourceParent?: { group: string; version: string; kind: string };
  /** Values-file variables. */
  values?: InjectedValues;
  /** Policy exceptions that may exempt rules (each family reads its own). */
  exceptions?: readonly CompiledException[];
  /** Policy bindings loaded with the policies (each family reads its own; a policy those naming it). */
  bindings?: readonly CompiledBinding[];
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
  /** Told what the evaluation reads of `targets` (the scan's results cache records it). */
  targetReads?: TargetReads;
  /**
   * After a mutate rule fails, go on with the resource as it was before the rule, as the admission
   * controller does, instead of the empty object the Kyverno CLI goes on with (the error response of
   * kyverno/kyverno pkg/engine/mutate/mutation.go `NewErrorResponse` carries an empty resource, which
   * pkg/engine/handlers/mutation/mutate_resource.go `mutateResourceHandler.Process` returns).
   */
  keepResourceOnMutateError?: boolean;
}

/**
 * What an evaluation reads of the target objects (`EvaluationRequest.targets`): each mutate-existing target spec as it
 * was resolved, or the whole list.
 */
export interface TargetReads {
  /**
   * A target spec resolved: the plural its kind is looked up under, the namespace and name patterns it selects by
   * ('' selects any; wildcards), and the API versions the plural resolved to (empty: not found). A label selector is
   * not given: every object of the plural the patterns select counts as read.
   */
  select(plural: string, namespace: string, name: string, versions: readonly string[]): void;
  /** Every target object may have been read. */
  all(): void;
}

/** The payloads of a Test besides resources: `jsonPayloads`, `httpPayloads`, `envoyPayloads`. */
export type PayloadKind = 'json' | 'http' | 'envoy';

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

/** A rule of a compiled policy as the commands and findings name it (autogen rules included). */
export interface PolicyRuleInfo {
  name: string;
  type: RuleType;
  /** Why kyverno-lint does not evaluate this rule (image verification, say), if it does not. */
  notEvaluated?: string;
  /** A generate rule that clones its data from existing resources (a Test's `cloneSourceResource` feeds it). */
  clones?: boolean;
  /** A rule autogen generated for Pod controllers (not written in the policy). */
  autogen?: boolean;
}

/** The outcome of a policy's generate rules on one trigger. */
export interface GenerateOutcome {
  response: PolicyResponse;
  /** Why generating the resources failed (the Kyverno CLI logs it and keeps the rule responses). */
  generationError?: string;
}

/** How a failure is reported: Kyverno's `validationActions`/`failureAction` reduced to what blocks admission. */
export type FailureAction = 'Audit' | 'Enforce';

/** A policy ready to evaluate resources, whatever its family. */
export interface CompiledPolicy {
  /** The family that compiled it (`kyverno` for `kyverno.io` ClusterPolicy/Policy). */
  readonly family: string;
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  /** The policy's namespace for a namespaced kind (`default` when unset), else "". */
  readonly namespace: string;
  /** A namespaced kind (Policy, NamespacedValidatingPolicy, …): it applies to resources of its namespace only. */
  readonly namespaced: boolean;
  readonly annotations: Readonly<Record<string, string>>;
  /** False when the annotation `policies.kyverno.io/scored` is `"false"` (failures are then reported as warnings). */
  readonly scored: boolean;
  /** Where the policy document starts. */
  readonly source?: SourceLocation;
  /** Every rule a resource may be evaluated against, autogen rules included, in definition order. */
  readonly rules: readonly PolicyRuleInfo[];
  /** How many rules the Kyverno CLI counts for the policy (`apply`'s "Applying N policy rule(s)"), autogen rules included. */
  readonly ruleCount: number;
  /** Whether running the policy's mutations again on what they produced can change nothing (no fixed-point check needed). */
  readonly mutationsSettle: boolean;
  /**
   * The stage of the Kyverno CLI's processing (cmd/cli/kubectl-kyverno/processor/policy_processor.go
   * `ApplyPoliciesOnResource`) at which the policy's mutate and validate handlers run: 0 (the default) the
   * kyverno.io policies (their mutate rules, then image verification, then their validate rules), 1
   * MutatingAdmissionPolicies, 2 MutatingPolicies (every response of the stage carries the stage's final resource),
   * 3 the validating CEL kinds, which see what every mutation made.
   */
  readonly stage?: 0 | 1 | 2 | 3;
  /**
   * The mutate handler: each policy sees the resource as the previous mutate policy left it. A list gives one
   * response per part of the policy (a MutatingPolicy and its autogen variants), each seeing the previous one's result.
   */
  mutate?(request: EvaluationRequest): PolicyResponse | readonly PolicyResponse[];
  /**
   * The mutate-existing handler (a MutatingPolicy with `evaluation.mutateExisting.enabled`): the responses of the
   * policy and its variants for one target of the triggering `request`, each seeing the target as the previous one
   * left it, and the target as they left it. The processor chains the targets through the policies of the stage and
   * gives every passing rule the final target (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go,
   * "mutateExisting MutatingPolicies").
   */
  mutateTarget?(request: EvaluationRequest, target: JsonObject): { responses: PolicyResponse[]; target: JsonObject };
  /** The image verification handler. */
  verifyImages?(request: EvaluationRequest): PolicyResponse;
  /**
   * The validate handler; null when the policy does not apply to the resource at all (another namespace): the
   * processor then emits an empty response. A list gives the responses to emit, none for an empty list (the CEL
   * kinds: a ValidatingPolicy and its autogen variants each emit a response, or none when their match
   * constraints are simple and do not match).
   */
  validate?(request: EvaluationRequest): PolicyResponse | null | readonly PolicyResponse[];
  /**
   * The generate handler; null when no rule responded (Kyverno then emits no response). `cloneSources` gives
   * the objects clone rules may read; it is called only when generation runs.
   */
  generate?(request: EvaluationRequest, cloneSources: () => readonly JsonObject[]): GenerateOutcome | null;
  /**
   * Whether the resource (as given, before any mutation) would be deleted by a deleting policy's schedule (Kyverno's
   * DeletingPolicy, `applyDeletingPolicies`); null when the policy does not select it. Also called on JSON payloads.
   */
  delete?(request: EvaluationRequest): PolicyResponse | null;
  /**
   * The image validating handler (Kyverno's ImageValidatingPolicy, `applyImageValidatingPolicies`): the response of the
   * policy for the resource as given, before any mutation; null when the policy gives none.
   */
  validateImages?(request: EvaluationRequest): PolicyResponse | null;
  /**
   * The JSON payload handler (a Test's `jsonPayloads`, `kyverno apply --json`): the responses of the policy for the
   * payload `request.resource`, an arbitrary JSON object. Only the kinds that evaluate raw JSON have it (a
   * ValidatingPolicy in `JSON` evaluation mode); the others give no response for a payload.
   */
  validateJson?(request: EvaluationRequest): readonly PolicyResponse[];
  /**
   * The Kyverno Authz handler (a Test's `httpPayloads` / `envoyPayloads`): the response for one check request of
   * `kind` (decoded by the CEL layer's authz decoders), null when the policy does not authorize such requests.
   */
  authorize?(kind: 'http' | 'envoy', request: unknown): PolicyResponse | null;
  /**
   * How a failure of `rule` (or, without a rule, of the policy as Kyverno's `GetValidationFailureAction`
   * reports it) on a resource of `kind` in `namespace` is enforced.
   */
  failureAction(rule: string | undefined, kind: string, namespace: string, namespaceLabels: Readonly<Record<string, string>>): FailureAction;
}

/** How the configuration, PolicyExceptions and Test results name a policy: `namespace/name` for a namespaced kind. */
export function policyReference(policy: Pick<CompiledPolicy, 'namespaced' | 'namespace' | 'name'>): string {
  return policy.namespaced ? `${policy.namespace}/${policy.name}` : policy.name;
}

/** One schema violation in a policy document, at the JSON path of the offending node. */
export interface DocumentProblem {
  message: string;
  path: (string | number)[];
}

/** What became of a policy document. */
export type Acceptance =
  | { status: 'accepted'; policy: CompiledPolicy }
  /** The document does not fit the kind's schema: nothing else is checked. */
  | { status: 'malformed'; problems: readonly DocumentProblem[] }
  /** Kyverno's validation rejects the policy (the reason is the error the Kyverno CLI prints). */
  | {
      status: 'invalid';
      reason: string;
      ruleCount: number;
      /**
       * The expression the policy is rejected for, when one is (a CEL compile error): its JSON path in the policy
       * document and the character range `[start, end)` inside the expression.
       */
      at?: { path: (string | number)[]; start: number; end: number };
      /**
       * The Kyverno CLI cannot run any test with the policy loaded (a ValidatingPolicy that does not compile
       * aborts `kyverno test` with the reason), instead of skipping the policy.
       */
      abortsTest?: boolean;
      /**
       * The payloads whose evaluation it aborts: `json` for a `JSON` evaluation mode ValidatingPolicy (Kyverno compiles
       * the JSON-mode policies for each JSON payload, kyverno/kyverno cmd/cli/kubectl-kyverno/processor/policy_processor.go),
       * `http` / `envoy` for a Kyverno Authz policy (compiled for each HTTP / Envoy payload,
       * processor/authz_processor.go; never otherwise, so it is not an invalid policy for results).
       */
      abortsPayloads?: PayloadKind;
    }
  /**
   * A policy kind kyverno-lint does not evaluate yet, or (with `reason`) a policy of an evaluated kind using
   * something not available yet (a CEL library, an evaluation mode).
   */
  | { status: 'unsupported'; kind: PolicyKind; reason?: string };

export interface AcceptOptions {
  /**
   * Which kinds are cluster-scoped: the built-in types and the CustomResourceDefinitions read, as the
   * admission controller's discovery knows them (the scan). None by default, as the Kyverno CLI validates
   * in mock mode.
   */
  scopes?: ClusterScopes;
  /** Where the document starts, kept on the compiled policy. */
  source?: SourceLocation;
  /**
   * The same document was accepted under the same scopes by this version of the tool (the results cache knows it):
   * a family may compile it without checking it again.
   */
  checked?: boolean;
}

/** A family of policy kinds, evaluated by one engine. */
export interface PolicyFamily {
  readonly name: FamilyName;
  /** Accepts one document of one of the family's policy kinds. */
  accept(document: JsonObject, options: Required<Pick<AcceptOptions, 'scopes'>> & AcceptOptions): Acceptance;
  /** Accepts one document of the family's policy exception kind. */
  acceptException(document: JsonObject): ExceptionAcceptance;
  /** Accepts one document of one of the family's policy binding kinds (families without bindings leave it out). */
  acceptBinding?(document: JsonObject): BindingAcceptance;
}

/** What became of a policy binding document. */
export type BindingAcceptance =
  | { status: 'accepted'; binding: CompiledBinding }
  /** The document does not fit the kind's schema. */
  | { status: 'malformed'; problems: readonly DocumentProblem[] }
  /** A binding kind kyverno-lint does not evaluate yet. */
  | { status: 'unsupported'; kind: PolicyKind };

/** What became of a policy exception document. */
export type ExceptionAcceptance =
  | { status: 'accepted'; exception: CompiledException }
  /** The document is not a valid exception: the reason names it. */
  | { status: 'invalid'; reason: string }
  /** An exception kind kyverno-lint does not evaluate yet. */
  | { status: 'unsupported'; kind: PolicyKind };
