type JsonPrimitive = null | boolean | number | bigint | string;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
	[key: string]: JsonValue;
}
/** Rule status, as Kyverno's engine reports it (`warn` only arises through report mapping). */
export type RuleStatus = "pass" | "fail" | "warn" | "error" | "skip";
/** The kind of rule a response belongs to (Kyverno `RuleType`). */
export type RuleType = "Validation" | "Mutation" | "Generation" | "ImageVerify" | "Deletion";
type NumberMode = "float64" | "int64";
interface SourceLocation {
	file: string;
	line: number;
	column: number;
	endLine?: number;
	endColumn?: number;
}
/** The outcome of one rule on one resource (Kyverno `RuleResponse`). */
export interface RuleResponse {
	/** Rule name as evaluated, including `autogen-` / `autogen-cronjob-` prefixes. */
	name: string;
	type: RuleType;
	status: RuleStatus;
	message: string;
	/**
	 * JSON-pointer-like path (Kyverno style: `/spec/containers/0/image/`) of the resource field that
	 * caused a pattern failure, when known; used to locate findings in source files.
	 */
	path?: string;
	/** Mutate-existing rules: the target after the rule's patch (the trigger itself is never modified). */
	patchedTarget?: JsonObject;
	/**
	 * Generate rules: the objects the rule generated, when generation ran (Kyverno's
	 * `RuleResponse.GeneratedResources`, set by kyverno/kyverno cmd/cli/kubectl-kyverno/processor/generate.go
	 * `handleGeneratePolicy`).
	 */
	generatedResources?: JsonObject[];
	/**
	 * Properties of the rule response (Kyverno's `RuleResponse.Properties`): a ValidatingPolicy's audit annotations
	 * and `cel.validationIndex`. `kyverno test` shows a `passMessage`/`failMessage`/… or `message` property instead
	 * of the message.
	 */
	properties?: Record<string, string>;
	/**
	 * CEL policies and `validate.cel` rules: the JSON path, in the policy document, of the expression that failed or
	 * errored (`['spec', 'validations', 0, 'expression']`, `['spec', 'rules', 0, 'validate', 'cel', 'expressions', 1,
	 * 'expression']`). An autogen rule points at the rule it was generated from.
	 */
	policyPath?: (string | number)[];
	/** CEL policies and `validate.cel` rules: the character range `[start, end)` inside that expression the failure or error points at. */
	expressionRange?: {
		start: number;
		end: number;
	};
	/**
	 * An `error` that only data from an image registry would settle (an ImageValidatingPolicy's image data or signature
	 * checks), which offline evaluation does not read: the message says what to supply.
	 */
	needsRegistry?: boolean;
	/**
	 * A mutation that passed without changing the resource: the CEL mutating kinds report `pass` whatever their patch
	 * did (a kyverno.io mutate rule then reports `skip`), so the scan does not name them among the policies that
	 * changed it.
	 */
	unchanged?: boolean;
	/**
	 * A `skip` of an UPDATE whose old object fails the rule too (Kyverno's `allowExistingViolations`): the failure of the
	 * new object, which the admission controller lets through as a pre-existing violation.
	 */
	preExisting?: {
		message: string;
		path?: string;
	};
}
/**
 * A replacement of the lines `startLine..endLine` (1-based, inclusive) of the original text.
 * `replacement` is the new text of those lines including their line breaks: `''` removes the
 * lines, and it ends without a line break only where the last original line had none.
 */
export interface LineEdit {
	startLine: number;
	endLine: number;
	replacement: string;
}
/** Applies line edits (as {@link toLineEdits} makes them: disjoint) to `text`. */
export declare function applyEdits(text: string, edits: LineEdit[]): string;
/** An input refused by the size limit: its size when known (a regular file), null for a stream cut off at the limit. */
export interface TooLarge {
	tooLarge: true;
	size: number | null;
	limit: number;
}
/** The edits of every mutated document of one file, and the file's text after them. */
export interface FileFix {
	file: string;
	/** The text the edits were computed on (without a byte order mark). */
	before: string;
	after: string;
	edits: LineEdit[];
}
/** How a finding is reported, as in ESLint (`info`: mutations offered as fixes, deletions, and notices such as `kyverno-lint/legacy-policy`; never fails a run). */
export type Severity = "error" | "warning" | "info";
/** A source range: 1-based lines and columns, `endColumn` just after the last character. */
export interface Location {
	/** Path relative to the scan's working directory, with `/` separators. */
	file: string;
	line: number;
	column: number;
	endLine: number;
	endColumn: number;
}
/** One line edit of a file (a pull-request suggestion): replace lines `startLine`..`endLine` by `replacement`. */
export interface FixEdit {
	file: string;
	startLine: number;
	/** Inclusive; `endLine = startLine - 1` inserts before `startLine`. */
	endLine: number;
	/** The new text of those lines, line breaks included; `""` deletes them. */
	replacement: string;
}
/** The Kubernetes object a finding is about. */
export interface ResourceRef {
	apiVersion: string;
	kind: string;
	namespace: string;
	name: string;
}
export interface Finding {
	/**
	 * `policy/rule` for a rule response (rule names keep Kyverno's `autogen-` prefixes; a namespaced
	 * Policy is `namespace/policy/rule`); `kyverno-lint/<code>` for problems of the tool's input
	 * (`yaml-syntax`, `invalid-policy`, `unsupported-policy-kind`, `no-policies`, …).
	 */
	ruleId: string;
	/** The policy name ("" for tool problems). */
	policy: string;
	/** The rule name as evaluated ("" for tool problems). */
	rule: string;
	severity: Severity;
	/** The rule status that produced the finding (`fail`, `error`, `skip`, or `pass` for a mutation). */
	status: RuleStatus | "problem";
	/** `Validation`, `Mutation`, `Generation`, … for rule responses. */
	type?: RuleType;
	message: string;
	location: Location;
	resource?: ResourceRef;
	/** `policies.kyverno.io/category` and `/severity` annotations of the policy, when set. */
	category?: string;
	policySeverity?: string;
	/** The policy's `policies.kyverno.io/title` or name, and its description, for rule metadata (SARIF). */
	policyTitle?: string;
	policyDescription?: string;
	/** Mutations: the edits of the source file that apply the mutation (computed when the scan is asked for them). */
	fix?: FixEdit[];
	/** Mutations: `--fix` can apply this finding (also when its edits were not computed). */
	fixable?: boolean;
	/** Findings of `LintReport.suppressedFindings`: the inline directives that suppress it. */
	suppressions?: Suppression[];
}
/** An inline directive (`# kyverno-lint-disable[-next-line] ids -- reason`) that suppresses a finding. */
export interface Suppression {
	kind: "disable" | "disable-next-line";
	/** The line of the directive's comment, in the finding's file. */
	line: number;
	/** The text after ` -- `, when the directive gives one. */
	justification?: string;
}
export interface ReportCounts {
	error: number;
	warning: number;
	info: number;
	/**
	 * Findings left out by `ignore` settings, by the file filter (pre-commit) or by inline directives (those
	 * are also listed in `LintReport.suppressedFindings`).
	 */
	suppressed: number;
}
export interface LintReport {
	findings: Finding[];
	/** Findings suppressed by inline directives, each with its `suppressions`, in report order. */
	suppressedFindings?: Finding[];
	counts: ReportCounts;
	/** How many files of each class were read. */
	files: {
		policies: number;
		manifests: number;
		other: number;
	};
	/** Policies and manifests evaluated. */
	policies: number;
	manifests: number;
	/** Rule evaluations by status (every rule response, reported or not). */
	statuses: Record<RuleStatus, number>;
	/** The working directory paths are relative to. */
	cwd: string;
	/** Wall time of the scan in milliseconds. */
	durationMs: number;
}
/** A severity setting: a report severity, or `off` (findings not reported, counted as suppressed). */
export type SeveritySetting = Severity | "off";
export interface SeverityMapping {
	/** Severity of failures of rules whose effective failure action is Audit (default `warning`). */
	audit: SeveritySetting;
	/** Severity of failures of rules whose effective failure action is Enforce (default `error`). */
	enforce: SeveritySetting;
	/** Per policy name (overrides audit/enforce). */
	policies: Record<string, SeveritySetting>;
	/** Per `policy/rule` (overrides the policy entry). */
	rules: Record<string, SeveritySetting>;
}
export interface LintConfig {
	/** The config file this came from (absolute path), when one was found. */
	file?: string;
	/** Globs (relative to the config file's folder, or the working directory) selecting policy files; empty = classify every YAML file. */
	policies: string[];
	/** Globs selecting manifest files; empty = every YAML file. */
	manifests: string[];
	/** Globs excluded from discovery (in addition to `.gitignore`). */
	exclude: string[];
	/** A Kyverno CLI Values file (`cli.kyverno.io/v1alpha1` `Values`). */
	values?: string;
	/** A Kyverno CLI UserInfo file. */
	userinfo?: string;
	/** The requesting user, written in the configuration (`userInfo:`); not together with {@link userinfo}. */
	userInfo?: UserInfoSetting;
	/** A file of image metadata (`images: [...]` or a Kyverno CLI Context file) read instead of image registries. */
	imageData?: string;
	/** `request.operation` of the simulated admission request (default `CREATE`). */
	operation: string;
	/**
	 * Evaluate each manifest as the API server's defaulters leave it before admission (default true): `imagePullPolicy`
	 * by tag, `replicas`, `reclaimPolicy`, … for the built-in kinds of {@link LintConfig.kubernetesVersion}.
	 */
	apiDefaults?: boolean;
	/** The Kubernetes minor version whose defaults apply (`1.31`; default: the newest kyverno-lint implements). */
	kubernetesVersion?: string;
	severity: SeverityMapping;
	/** Rule ids (`policy/rule`, `policy/*`, wildcards `*` and `?`) whose findings are not reported. */
	ignore: string[];
	/** Reporter name (`stylish`, `json`, `sarif`, `github`, `junit`). */
	format?: string;
	/** Exit 1 when there are more warnings than this. */
	maxWarnings?: number;
	/** Files larger than this many bytes are reported as `kyverno-lint/file-too-large`, not read (default 64 MiB). */
	maxFileSize?: number;
	/** Accept a scan that finds no policy or no manifest (a warning instead of exit code 2). */
	allowEmpty?: boolean;
	/** How Kustomize layouts are checked. */
	kustomize?: KustomizeSettings;
	/**
	 * Where the policy names and rule ids of `severity` and `ignore` are written in the file, for the problems
	 * found once the policies are loaded (an id that names no loaded policy or rule).
	 */
	positions?: RuleIdPositions;
}
/**
 * The requesting user of the simulated admission request, as `userInfo:` writes it: the fields of Kubernetes'
 * `authentication/v1` UserInfo, and the roles and cluster roles Kyverno binds to it (`request.roles`,
 * `request.clusterRoles`).
 */
export interface UserInfoSetting {
	username?: string;
	uid?: string;
	groups?: string[];
	extra?: Record<string, string[]>;
	roles?: string[];
	clusterRoles?: string[];
}
interface KustomizeSettings {
	/** Build the kustomizations found and check what they build (default true); false checks every file as it is. */
	build: boolean;
	/**
	 * Globs of the kustomization folders to build as roots (relative to the configuration file's folder); empty: every
	 * kustomization that no other one includes.
	 */
	roots: string[];
}
/** A 1-based position in the configuration file. */
export interface ConfigPosition {
	line: number;
	column: number;
}
export interface RuleIdPositions {
	/** The keys of `severity.policies`. */
	severityPolicies: Record<string, ConfigPosition>;
	/** The keys of `severity.rules`. */
	severityRules: Record<string, ConfigPosition>;
	/** The items of `ignore`, by index. */
	ignore: ConfigPosition[];
}
export declare const DEFAULT_CONFIG: LintConfig;
/** The names of the configuration file, in the order they are looked for in each folder. */
export declare const CONFIG_FILE_NAMES: readonly [
	".kyverno-lint.yaml",
	".kyverno-lint.yml"
];
/** Something wrong in the configuration file, at a 1-based line and column. */
export interface ConfigProblem {
	file: string;
	line: number;
	column: number;
	message: string;
}
export interface LoadedConfig {
	/** The configuration: the defaults overridden by every valid setting of the file. */
	config: LintConfig;
	problems: ConfigProblem[];
}
/**
 * The configuration file that applies in `cwd`: the first `.kyverno-lint.yaml` or `.kyverno-lint.yml`
 * (a regular file) in `cwd` or its nearest ancestor, up to the filesystem root; null when there is none.
 */
export declare function findConfigFile(cwd: string): string | null;
/** Decodes the text of a configuration file; `file` (absolute) names it and anchors relative paths. */
export declare function parseConfig(file: string, text: string): LoadedConfig;
/** Reads and decodes the configuration file `file`; an unreadable file is a problem at 1:1. */
export declare function loadConfig(file: string): LoadedConfig;
/** A file of a revision. */
export interface RevisionFile {
	/** Path from the repository root, `/` separated. */
	path: string;
	/** A regular file, an executable one, or a symbolic link (its blob holds the link's target). */
	type: "file" | "executable" | "symlink";
	/** The git blob sha (hex). */
	sha: string;
	/** Size in bytes, when known. */
	size?: number;
}
/** A revision of the repository: its files, and a way to read their contents. */
export interface Revision {
	/** How findings name the revision: the ref as given (`main`, `HEAD`), or an abbreviated sha. */
	label: string;
	/** The commit's sha, when known. */
	commit?: string;
	/** Absolute path of the repository's root in the working tree: the paths of `files` are relative to it. */
	root: string;
	/** Every file (submodules left out), each once. */
	files: readonly RevisionFile[];
	/**
	 * Whether the working tree's file at the same path holds the same content (it can be reused instead of read):
	 * `undefined` when the revision does not know, and the caller compares the blob shas.
	 */
	sameInWorkingTree?(file: RevisionFile): boolean | undefined;
	/** The contents of these blobs, by sha; rejects when one cannot be read. */
	readBlobs(shas: readonly string[]): Promise<Map<string, Buffer>>;
	/** The repository's `.git/info/exclude` (ignore rules of the working tree that no `.gitignore` holds), if any. */
	excludeFile?: string;
}
/** Why a revision cannot be opened, for the user. */
export interface RevisionError {
	error: string;
}
/**
 * The revision `ref` names in the git repository that holds `cwd` (a subfolder of it or its root), or why it cannot
 * be read: no git binary, not a repository, a ref that names no commit. `HEAD` of a repository without any commit
 * yet (an unborn branch, as for the first commit a pre-commit hook checks) is an empty revision: every object is new.
 */
export declare function openGitRevision(cwd: string, ref: string): Promise<Revision | RevisionError>;
/** A shard of a run: `index` (1-based) of `count`. */
export interface Shard {
	index: number;
	count: number;
}
/** Parses `k/n` (1 ≤ k ≤ n); an error message naming what is wrong otherwise. */
export declare function parseShard(text: string): Shard | string;
/** What a shard evaluated, for its output (an empty shard says so). */
export interface ShardOutcome {
	index: number;
	count: number;
	/** The units of the shard, and of the whole scan. */
	units: number;
	totalUnits: number;
	/** The subjects (manifests, and objects removed since the base) the shard evaluated. */
	subjects: number;
}
interface ShardExchange {
	/** The ids each directive used (`Suppressions.usage()`). */
	directives: [
		string,
		string[]
	][];
	/** The `registryKey`s of the registry-bound errors met. */
	registry: string[];
}
interface ShardExchangeReply {
	directives: [
		string,
		string[]
	][];
	dropRegistry: string[];
}
export interface LintOptions {
	/** Absolute working directory: relative paths and reported file names are relative to it. */
	cwd: string;
	/** Files and directories to scan (default `.`); `-` reads YAML from `stdin`. */
	paths: string[];
	/** Extra policy files or directories, also outside the repository (`--policy`). */
	policyPaths: string[];
	config: LintConfig;
	/**
	 * Chart folders of rendered Helm output read from standard input (`--helm-chart`, relative to `cwd` or
	 * absolute): its `# Source: <chart>/templates/…` comments name charts by their `Chart.yaml` name, looked for
	 * in these folders first, then below `cwd`.
	 */
	helmCharts?: string[];
	/** The text of standard input, when `paths` holds `-` (or what refused it: over `config.maxFileSize`). */
	stdin?: string | TooLarge;
	/**
	 * Report only findings in these files (absolute paths): pre-commit passes the staged files, while every
	 * policy of the repository is still used.
	 */
	reportFiles?: string[];
	/**
	 * Compute the source edits of mutations (`Finding.fix`, `LintResult.fixes`): needed to show or apply them
	 * (JSON and SARIF output, `--fix`, pull-request suggestions), skipped otherwise because it reparses files.
	 */
	fixes?: boolean;
	/**
	 * The revision the working tree changes (`--base`, a pull request's base): an object there too is evaluated as an
	 * UPDATE with the base object as `request.oldObject`, a new one as a CREATE, and an object gone as a DELETE located
	 * in the base file (see base-revision.ts). Without it every manifest is a CREATE (or the configuration's operation).
	 */
	base?: Revision;
	/**
	 * The results cache (`--cache`, `--cache-location`): a file, or a folder to hold one, relative to `cwd` or absolute.
	 * Units of the scan whose files and whose reads of the other manifests did not change are not evaluated again.
	 */
	cache?: string;
	/** Called while manifests are evaluated (`done` of `total`), for progress output. */
	onProgress?: (done: number, total: number) => void;
	/**
	 * Evaluate shard `index` of `count` only (`--shard k/n`): the whole workspace is loaded, the subjects of the
	 * shard's units are evaluated, and the findings of the files it owns are reported (shard.ts).
	 */
	shard?: Shard;
	/** A part of the shard (or of the whole scan): the parallel worker `index` of `count` (parallel.ts). */
	part?: Shard;
	/**
	 * Set for the parallel workers of one run: called once the findings are suppressed, it answers with what the
	 * other workers met (shard.ts).
	 */
	exchange?: (local: ShardExchange) => Promise<ShardExchangeReply>;
}
interface ClusterScopes {
	/** `clusterResources.Has(key)`: `key` is `<apiVersion>/<Kind>` or a bare `<Kind>`. */
	has(key: string): boolean;
	/** Whether the scope of the kind is known at all (for a hint when it is not); absent: nothing is known. */
	knows?(apiVersion: string, kind: string): boolean;
}
/**
 * @file The one table of policy kinds: every kind Kyverno evaluates as a policy, a policy exception or a
 * policy binding, with the family that evaluates it. Discovery classifies documents with it, the loaders
 * and the scan ask the family registry whether a kind is evaluated, and the `kyverno test` result flags
 * (`isValidatingPolicy`, …) name kinds from it. Kinds: kyverno/kyverno api/kyverno/v1 (ClusterPolicy,
 * Policy), api/kyverno/v2 (PolicyException), api/policies.kyverno.io/v1 (the CEL kinds), and Kubernetes'
 * admissionregistration.k8s.io (ValidatingAdmissionPolicy, MutatingAdmissionPolicy and their bindings).
 */
/** What a document of the kind is to the evaluation. */
export type PolicyKindRole = "policy" | "exception" | "binding";
/** The families of policy kinds: `kyverno` (`kyverno.io`, JMESPath) and `cel` (the CEL kinds). */
export type FamilyName = "kyverno" | "cel";
export interface PolicyKind {
	/** The API group (any version of it). */
	group: string;
	kind: string;
	role: PolicyKindRole;
	family: FamilyName;
	/** Whether policies of the kind apply only to resources of their own namespace. */
	namespaced: boolean;
	/** The boolean field of a `kyverno test` result that names a policy of this kind (cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go, `TestResult`). */
	testResultFlag?: string;
}
/** Every policy kind, in the order of the `kyverno test` result flags (the first flag set names the kind). */
export declare const POLICY_KINDS: readonly PolicyKind[];
/** The policy kind of a document's `apiVersion` and `kind`, if it is one. */
export declare function policyKindOf(apiVersion: string, kind: string): PolicyKind | undefined;
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
interface InjectedValues {
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
type AnswerSearch = {
	expression: string;
	text: boolean;
} & ({
	result: unknown;
} | {
	error: string;
});
/** A cluster answering API requests by URL path (the mocked cluster implements it). */
export interface ClusterReader {
	/**
	 * `reportsUse`: the caller tells `used` each use of a successful answer (an `apiCall` context entry). The answer of
	 * any other request, or of one whose use is not told (a failed request, a failed substitution), is read whole.
	 */
	request(method: string, urlPath: string, options?: {
		reportsUse?: boolean;
	}): ClusterResponse;
	/**
	 * Told, when given, how the successful answer of a request made with `reportsUse` was used: `null` when whole (stored
	 * in the context as it is), else the search that read it.
	 */
	used?(method: string, urlPath: string, use: AnswerSearch | null): void;
}
/** A Test's `apiCallResponses`: mocked answers by method and URL. */
export interface ApiCallResponses {
	readonly size: number;
	lookup(method: string, url: string): {
		statusCode: number;
		body: JsonValue;
	} | undefined;
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
interface CelContextData {
	/** `spec.resources`: Kubernetes objects. */
	resources: readonly JsonObject[];
	/** `spec.images`: image data (`image`, `resolvedImage`, `registry`, `repository`, `tag`, `digest`, `imageIndex`, `manifest`, `config`). */
	images: readonly JsonObject[];
}
interface CompiledBinding {
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
	subresourceParent?: {
		group: string;
		version: string;
		kind: string;
	};
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
interface TargetReads {
	/**
	 * A target spec resolved: the plural its kind is looked up under, the namespace and name patterns it selects by
	 * ('' selects any; wildcards), and the API versions the plural resolved to (empty: not found). A label selector is
	 * not given: every object of the plural the patterns select counts as read.
	 */
	select(plural: string, namespace: string, name: string, versions: readonly string[]): void;
	/** Every target object may have been read. */
	all(): void;
}
type PayloadKind = "json" | "http" | "envoy";
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
export type FailureAction = "Audit" | "Enforce";
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
	mutateTarget?(request: EvaluationRequest, target: JsonObject): {
		responses: PolicyResponse[];
		target: JsonObject;
	};
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
	authorize?(kind: "http" | "envoy", request: unknown): PolicyResponse | null;
	/**
	 * How a failure of `rule` (or, without a rule, of the policy as Kyverno's `GetValidationFailureAction`
	 * reports it) on a resource of `kind` in `namespace` is enforced.
	 */
	failureAction(rule: string | undefined, kind: string, namespace: string, namespaceLabels: Readonly<Record<string, string>>): FailureAction;
}
/** One schema violation in a policy document, at the JSON path of the offending node. */
export interface DocumentProblem {
	message: string;
	path: (string | number)[];
}
/** What became of a policy document. */
export type Acceptance = {
	status: "accepted";
	policy: CompiledPolicy;
}
/** The document does not fit the kind's schema: nothing else is checked. */
 | {
	status: "malformed";
	problems: readonly DocumentProblem[];
}
/** Kyverno's validation rejects the policy (the reason is the error the Kyverno CLI prints). */
 | {
	status: "invalid";
	reason: string;
	ruleCount: number;
	/**
	 * The expression the policy is rejected for, when one is (a CEL compile error): its JSON path in the policy
	 * document and the character range `[start, end)` inside the expression.
	 */
	at?: {
		path: (string | number)[];
		start: number;
		end: number;
	};
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
 | {
	status: "unsupported";
	kind: PolicyKind;
	reason?: string;
};
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
	accept(document: JsonObject, options: Required<Pick<AcceptOptions, "scopes">> & AcceptOptions): Acceptance;
	/** Accepts one document of the family's policy exception kind. */
	acceptException(document: JsonObject): ExceptionAcceptance;
	/** Accepts one document of one of the family's policy binding kinds (families without bindings leave it out). */
	acceptBinding?(document: JsonObject): BindingAcceptance;
}
type BindingAcceptance = {
	status: "accepted";
	binding: CompiledBinding;
}
/** The document does not fit the kind's schema. */
 | {
	status: "malformed";
	problems: readonly DocumentProblem[];
}
/** A binding kind kyverno-lint does not evaluate yet. */
 | {
	status: "unsupported";
	kind: PolicyKind;
};
/** What became of a policy exception document. */
export type ExceptionAcceptance = {
	status: "accepted";
	exception: CompiledException;
}
/** The document is not a valid exception: the reason names it. */
 | {
	status: "invalid";
	reason: string;
}
/** An exception kind kyverno-lint does not evaluate yet. */
 | {
	status: "unsupported";
	kind: PolicyKind;
};
interface SubresourceMapping {
	/** The subresource's own GVK, as resources of that kind are written. */
	group: string;
	version: string;
	kind: string;
	/** The parent resource's GVK the resource is evaluated as. */
	parentGroup: string;
	parentVersion: string;
	parentKind: string;
	/** The part after `/` in `subresource.name` (e.g. `scale`). */
	subresource: string;
}
declare class ValuesFile {
	readonly globalValues: Record<string, JsonValue>;
	private readonly policies;
	/** Namespace name → labels (`namespaces` entries win over `namespaceSelector` ones). */
	readonly namespaceLabels: ReadonlyMap<string, Record<string, string>>;
	readonly subresources: readonly SubresourceMapping[];
	/** Namespace name → Namespace object (`namespaces` entries first, then objects built from `namespaceSelector` entries). */
	private readonly namespaceObjects;
	private readonly lookups;
	constructor(spec: JsonObject);
	/** The Namespace object the values give for `name` (the CEL kinds' `namespaceObject`), if any. */
	namespaceObject(name: string): JsonObject | undefined;
	/** The global `request.operation` value, or "" when unset (`Variables.GlobalOperation`). */
	globalOperation(): string;
	/** An error message when the global `request.operation` is not an admission operation. */
	operationError(): string | null;
	/** Resource-level variables for (policy, resource): global, then matching resource entries, then `set`. */
	resourceValues(policyName: string, resourceName: string, set?: Readonly<Record<string, string>>): Record<string, JsonValue>;
	/** The rule entry of the first policy entry named `policyName` (`Store.GetPolicyRule`). */
	private ruleEntry;
	/** The per-rule lookups handed to the engine for one policy (built once per policy name). */
	ruleLookups(policyName: string): Pick<InjectedValues, "rule" | "foreach">;
}
interface EvaluationOptions {
	numberMode: NumberMode;
	values?: ValuesFile;
	/** `apply --set` values. */
	set?: Readonly<Record<string, string>>;
	userInfo?: RequestUserInfo;
	/** The operation of a dedicated run (`kyverno test` result `operation`), overriding the values. */
	operation?: string;
	/** The object before the change, for an UPDATE (`EvaluationRequest.oldResource`). */
	oldResource?: JsonObject;
	/**
	 * `request.operation` when neither `operation` nor the values (global, per resource, `--set`) give one:
	 * `apply --old-resource` evaluates a resource with an old object as an UPDATE unless told otherwise.
	 */
	defaultOperation?: string;
	/** Policy exceptions to apply (each family reads its own). */
	exceptions?: readonly CompiledException[];
	/** Policy bindings loaded with the policies (ValidatingAdmissionPolicyBindings; each family reads its own). */
	bindings?: readonly CompiledBinding[];
	/** Data for `configMap`, `apiCall` and `globalReference` context entries. */
	external?: ExternalData;
	/**
	 * The Namespace object of a namespace the values file gives none for: the CEL kinds' `namespaceObject` (the scan:
	 * the Namespace manifest read, else the Namespace the API server would have created).
	 */
	namespaceObject?: (namespace: string) => JsonObject | undefined;
	/** Namespace labels for namespaces the values file gives none for (apply: the mocked cluster's Namespaces). */
	namespaceLabels?: (namespace: string) => Record<string, string> | undefined;
	/**
	 * Clone sources of a generate policy (`kyverno test` `cloneSourceResource` files registered for its
	 * clone/cloneList rules): they seed the per-trigger store generation reads from (kyverno/kyverno
	 * cmd/cli/kubectl-kyverno/processor/generate.go, `handleGeneratePolicy`).
	 */
	cloneSources?: (policy: CompiledPolicy) => readonly JsonObject[];
	/** Objects mutate-existing rules (`mutate.targets`) may target: Test `targetResources`, `apply --target-resource`. */
	targets?: readonly JsonObject[];
	/** Told what the evaluation reads of `targets` (the scan's results cache records it). */
	targetReads?: TargetReads;
	/** After a failed mutate rule, go on with the resource as it was (admission) rather than Kyverno CLI's empty object. */
	keepResourceOnMutateError?: boolean;
	/** Only the mutate policies' responses (no image verification, validation or generation). */
	mutateOnly?: boolean;
	/** Find the resource field each failed CEL validation blames (see `EvaluationRequest.explainFailures`). */
	explainFailures?: boolean;
	/** Evaluate with the reference interpreter (see `EvaluationRequest.reference`). */
	reference?: boolean;
}
/** What kind of engine response a policy response stands for. */
export type ResponseKind = "mutate" | "verifyImages" | "validate" | "generate" | "delete";
export interface ResourceResponse {
	kind: ResponseKind;
	response: PolicyResponse;
	/** Generate responses: why generating the resources failed (the CLI logs it and keeps the rule responses). */
	generationError?: string;
}
/** What the comparison with the base revision did (`LintResult.base`). */
export interface BaseOutcome {
	/** The revision as findings name it (`main`, `HEAD`, an abbreviated sha). */
	label: string;
	/** Its commit, when known. */
	commit?: string;
	/** Objects at both revisions (evaluated as UPDATE), new objects (CREATE), removed objects (DELETE). */
	updated: number;
	created: number;
	removed: number;
	/** Time spent materialising and loading the base, in milliseconds. */
	loadMs: number;
	/** Why the base could not be read: the manifests were then evaluated as without a base. */
	error?: string;
}
export interface LintResult {
	report: LintReport;
	/** The source edits of every mutated resource, per file (what `--fix` writes). */
	fixes: FileFix[];
	/** Problems that make the scan less meaningful (excluded files, configuration entries naming policies not loaded). */
	warnings: string[];
	/** Tool errors: paths that do not exist, settings files that cannot be used (exit code 2). */
	errors: string[];
	/**
	 * Errors of the configuration found once the policies are loaded (a rule id of `severity` or `ignore`
	 * naming no rule of a loaded policy): the manifests were not evaluated.
	 */
	configProblems: ConfigProblem[];
	/** The scan found no policy or no manifest, so it checked nothing; null otherwise. */
	empty: EmptyScan | null;
	/** The comparison with `LintOptions.base` (null without one); with an `error`, the scan went on without it. */
	base: BaseOutcome | null;
	/**
	 * What the results cache did (`LintOptions.cache`): the units of the scan, how many were reused from the cache and
	 * how many evaluated, the keys of those evaluated (units.ts), and how many files were read without being parsed for
	 * their manifests (these came from the cache; a file's text is still parsed if a position in it is needed). With
	 * nothing changed: every file read last time.
	 */
	cache?: {
		units: number;
		reused: number;
		evaluated: number;
		evaluatedUnits: string[];
		filesFromCache: number;
		/** The report: the stored one (nothing changed), the stored one updated in the files evaluated again, or assembled from every unit. */
		report: "stored" | "updated" | "assembled";
	};
	/** What the shard of `LintOptions.shard` evaluated (null for a whole scan). */
	shard: ShardOutcome | null;
}
/** A scan that checked nothing. The CLI and the Action fail on it unless an empty scan is allowed. */
export interface EmptyScan {
	noPolicy: boolean;
	noManifest: boolean;
	/** What is missing and where it was looked for (without the flags of the CLI or the inputs of the Action). */
	message: string;
}
export declare function lint(options: LintOptions): Promise<LintResult>;
export interface ReporterOptions {
	/** ANSI colours (only `stylish` uses them). */
	color: boolean;
	/** The tool's version, written by reporters that name the tool (`sarif`). */
	toolVersion: string;
	/**
	 * The terminal's width in columns, when the report is shown on a terminal: `stylish` then wraps long
	 * messages to it. Without it (piped output, files), `stylish` writes one finding per line.
	 */
	width?: number;
	/**
	 * `sarif`: the run's `automationDetails.id` (`category/run`): GitHub code scanning keeps the results of each
	 * category apart, so the shards of a matrix do not replace each other's. Left out when not given.
	 */
	automationId?: string;
	/** An absolute URI about the tool (`sarif` `tool.driver.informationUri`); left out when not given. */
	informationUri?: string;
	/**
	 * `sarif`: whether findings suppressed by inline directives are written as results with `suppressions`
	 * (default) or left out (for GitHub code scanning, which opens alerts for such results).
	 */
	sarifSuppressed?: boolean;
}
export type Reporter = (report: LintReport, options: ReporterOptions) => string;
/** A reporter's text in pieces, whose concatenation is what the reporter returns. */
export type ReportWriter = (report: LintReport, options: ReporterOptions) => Iterable<string>;
/** The formats, `stylish` (the default) first, as usage messages list them. */
export declare const REPORTER_NAMES: readonly [
	"stylish",
	"json",
	"sarif",
	"github",
	"junit"
];
export type ReporterName = (typeof REPORTER_NAMES)[number];
export declare const reporters: Record<ReporterName, Reporter>;
export declare const reportWriters: Record<ReporterName, ReportWriter>;
/** The pieces of a report joined into blocks of about `size` characters, the unit a report is written in. */
export declare function reportBlocks(pieces: Iterable<string>, size?: number): Generator<string>;
export declare function isReporterName(name: string): name is ReporterName;
type Level = "error" | "warning" | "note";
interface Message {
	text: string;
}
interface ArtifactLocation {
	uri: string;
	uriBaseId?: string;
}
interface Region {
	startLine: number;
	startColumn?: number;
	endLine?: number;
	endColumn?: number;
}
interface SarifRule {
	id: string;
	name: string;
	shortDescription: Message;
	fullDescription?: Message;
	helpUri?: string;
	defaultConfiguration: {
		level: Level;
	};
	properties?: {
		tags: string[];
	};
}
interface SarifLocation {
	physicalLocation?: {
		artifactLocation: ArtifactLocation;
		region?: Region;
	};
	logicalLocations?: {
		name: string;
		fullyQualifiedName: string;
		kind: "resource";
	}[];
}
interface SarifFix {
	artifactChanges: {
		artifactLocation: ArtifactLocation;
		replacements: {
			deletedRegion: Region;
			insertedContent: {
				text: string;
			};
		}[];
	}[];
}
interface SarifResult {
	ruleId: string;
	ruleIndex: number;
	level: Level;
	message: Message;
	locations?: SarifLocation[];
	fixes?: SarifFix[];
	suppressions?: {
		kind: "inSource";
		status: "accepted";
		justification?: string;
	}[];
	properties?: {
		group: string;
		groupSize: number;
	};
}
export interface SarifLog {
	$schema: string;
	version: "2.1.0";
	runs: [
		{
			tool: {
				driver: {
					name: string;
					version: string;
					informationUri?: string;
					rules: SarifRule[];
				};
			};
			automationDetails?: {
				id: string;
			};
			originalUriBaseIds: Record<string, {
				uri: string;
			}>;
			results: SarifResult[];
		}
	];
}
/** The SARIF log object of a report. */
export declare function toSarif(report: LintReport, options: ReporterOptions): SarifLog;
/** The log in pieces (one per result), for writing a large report without holding its whole text. */
export declare function sarifChunks(report: LintReport, options: ReporterOptions): Generator<string>;
export declare function sarif(report: LintReport, options: ReporterOptions): string;
/** Renders `::command key=value,…::message` as `@actions/core` `Command.toString` does. */
export declare function workflowCommand(command: string, properties: ReadonlyArray<readonly [
	string,
	string | number
]>, message: string): string;
/** The lines of an annotation, and its columns when it is on one line. */
export interface AnnotationRange {
	line: number;
	endLine: number;
	column?: number;
	endColumn?: number;
}
/** The range GitHub keeps for a finding's location: columns only when it is on one line; `undefined` without a line. */
export declare function annotationRange(location: Location): AnnotationRange | undefined;
export declare function github(report: LintReport): string;
/** A set of findings (two or more) with the same reason, in the order of the findings given. */
export interface FindingGroup {
	/** Stable across runs: a digest of the rule id, severity and message (16 hex digits). */
	key: string;
	findings: Finding[];
}
/** The group of each finding that shares its reason with at least one other finding. */
export declare function sameReasonGroups(findings: readonly Finding[]): Map<Finding, FindingGroup>;
/** One entry per finding, or per group at the place of its first finding (findings in the given order). */
export type ReportEntry = {
	finding: Finding;
	group?: undefined;
} | {
	finding: Finding;
	group: FindingGroup;
};
/** The findings with each group of the same reason collapsed into one entry (its first finding). */
export declare function collapseSameReason(findings: readonly Finding[]): ReportEntry[];
/** The title of the one annotation standing for a group: the rule id and the count of resources. */
export declare function groupTitle(group: FindingGroup): string;
/** The message of the one annotation standing for a group: the shared message and where its findings are. */
export declare function groupMessage(group: FindingGroup): string;
export interface UnifiedDiffOptions {
	/** Label of the old text (`--- <from>`). */
	from: string;
	/** Label of the new text (`+++ <to>`). */
	to: string;
	/** Unchanged lines shown around each change (3, as `diff -u`). */
	context?: number;
	/** Colour removed lines red and added lines green (ANSI), for a terminal. */
	color?: boolean;
}
/** The unified diff from `before` to `after`; `''` when the texts are equal. */
export declare function unifiedDiff(before: string, after: string, options: UnifiedDiffOptions): string;
/**
 * Accepts a policy document (`kind` is its row of the policy kinds table; by default it is looked up from
 * the document): shape check, Kyverno's validation, compilation by its family.
 */
export declare function acceptPolicy(document: JsonObject, options?: AcceptOptions, kind?: PolicyKind): Acceptance;
/**
 * Accepts a policy exception document (`kind` is its row of the policy kinds table; by default it is looked
 * up from the document): decoding and checking by its family.
 */
export declare function acceptException(document: JsonObject, kind?: PolicyKind): ExceptionAcceptance;
/** What a caller of {@link evaluate} may set: the admission request and the offline data. */
export interface EvaluateOptions extends Pick<EvaluationOptions, "operation" | "userInfo" | "exceptions" | "external" | "namespaceLabels" | "targets"> {
	/** How resource numbers are read: `int64` (the admission controller, `kyverno apply`, the default) or `float64` (`kyverno test`). */
	numberMode?: NumberMode;
}
/**
 * The responses of `policies` (from `acceptPolicy`) for `resource`, in Kyverno's processing order. The
 * resource must be a Kubernetes object (string `apiVersion` and `kind`).
 */
export declare function evaluate(policies: readonly CompiledPolicy[], resource: JsonObject, options?: EvaluateOptions): ResourceResponse[];

export {};
