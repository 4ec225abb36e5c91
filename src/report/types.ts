/**
 * @file The report model of a repository scan: what every reporter (stylish, json, sarif, github, junit)
 * and the GitHub Action read. Neutral data only: no formatting, no I/O.
 */
import type { RuleStatus, RuleType } from '../types.js';

/** How a finding is reported, as in ESLint (`info`: mutations offered as fixes, deletions, and notices such as `kyverno-lint/legacy-policy`; never fails a run). */
export type Severity = 'error' | 'warning' | 'info';

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
  status: RuleStatus | 'problem';
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
  kind: 'disable' | 'disable-next-line';
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
  files: { policies: number; manifests: number; other: number };
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
