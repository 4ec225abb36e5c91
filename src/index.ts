/**
 * @file The public API of the `kyverno-lint` package (`import { lint } from 'kyverno-lint'`), and the only
 * module the GitHub Action (src/action/) imports from the rest of the tool:
 *
 * - the repository scan, {@link lint}, with its options and result;
 * - the report model every reporter reads ({@link LintReport}, {@link Finding}, {@link Severity}, …);
 * - the configuration (`.kyverno-lint.yaml`): finding and loading the file, and the defaults;
 * - the reporters (`stylish`, `json`, `sarif`, `github`, `junit`) and the GitHub workflow-command helpers;
 * - the grouping of findings that share one reason (as the Action's annotations and summary show them);
 * - applying line edits (`Finding.fix`) to a text and showing the result as a unified diff;
 * - the evaluation of single resources: {@link acceptPolicy} turns a policy document into a compiled policy
 *   of its family, {@link evaluate} runs compiled policies on a resource and gives Kyverno's responses.
 *
 * Everything else under src/ is internal and may change without notice. The CLI (src/commands/) is not part
 * of the API: it is the `kyverno-lint` binary.
 */

// The repository scan.
export { lint, type EmptyScan, type LintResult } from './lint/lint.js';
export type { LintOptions } from './lint/options.js';
// A shard of the scan (`LintOptions.shard`, `--shard k/n`), and what it evaluated (`LintResult.shard`).
export { parseShard, type Shard } from './lint/units.js';
export type { ShardOutcome } from './lint/shard.js';
export type { FileFix } from './lint/fixes.js';
export type { TooLarge } from './source/files.js';
// A revision of the repository the scan compares with (`LintOptions.base`).
export { openGitRevision, type Revision, type RevisionError, type RevisionFile } from './discovery/revision.js';
export type { BaseOutcome } from './lint/base-revision.js';

// The report model.
export type { Finding, FixEdit, LintReport, Location, ReportCounts, ResourceRef, Severity, Suppression } from './report/types.js';
export type { RuleStatus, RuleType } from './types.js';

// The configuration.
export { CONFIG_FILE_NAMES, findConfigFile, loadConfig, parseConfig, type ConfigProblem, type LoadedConfig } from './config/load.js';
export {
  DEFAULT_CONFIG,
  type ConfigPosition,
  type LintConfig,
  type RuleIdPositions,
  type SeverityMapping,
  type SeveritySetting,
  type UserInfoSetting,
} from './config/types.js';

// The reporters.
export { isReporterName, REPORTER_NAMES, reportBlocks, reporters, reportWriters, type Reporter, type ReporterName, type ReporterOptions, type ReportWriter } from './reporters/index.js';
export { sarif, sarifChunks, toSarif, type SarifLog } from './reporters/sarif.js';
export { annotationRange, github, workflowCommand, type AnnotationRange } from './reporters/github.js';

// Findings that share one reason, shown once.
export { collapseSameReason, groupMessage, groupTitle, sameReasonGroups, type FindingGroup, type ReportEntry } from './report/groups.js';

// Source edits and diffs.
export { applyEdits, type LineEdit } from './source/edit/text.js';
export { unifiedDiff, type UnifiedDiffOptions } from './util/unified-diff.js';

// Evaluation of single resources against policies, outside a repository scan: accept each policy document
// (shape check, Kyverno's validation, compilation by its family), then evaluate resources against them.
export { acceptException, acceptPolicy } from './evaluate/family.js';
export { evaluate, type EvaluateOptions } from './evaluate/evaluate.js';
export { POLICY_KINDS, policyKindOf, type FamilyName, type PolicyKind, type PolicyKindRole } from './evaluate/kinds.js';
export type { ResourceResponse, ResponseKind } from './evaluate/processor.js';
export type {
  Acceptance,
  AcceptOptions,
  ApiCallResponses,
  ClusterReader,
  ClusterResponse,
  CompiledException,
  CompiledPolicy,
  DocumentProblem,
  EvaluationRequest,
  ExceptionAcceptance,
  ExternalData,
  FailureAction,
  GenerateOutcome,
  GlobalContextReader,
  ImageDataStore,
  PolicyFamily,
  PolicyResponse,
  PolicyRuleInfo,
  RequestUserInfo,
} from './evaluate/types.js';
export type { JsonObject, JsonValue, RuleResponse } from './types.js';
