/**
 * @file What the evaluation of one scan unit (units.ts) leaves for the report, as plain JSON: the results cache stores
 * it, and every run assembles the report from the units' results (directives, fixes, the files reported, sorting).
 */
import type { Finding } from '../report/types.js';
import type { RuleStatus } from '../types.js';

/** The edits of one mutated document (what `--fix` applies), without the patched resource. */
export interface UnitEdits {
  /** Absolute path of the file. */
  file: string;
  documentIndex: number;
  edits: { startLine: number; endLine: number; replacement: string }[];
}

export interface UnitMutation {
  /** The mutation's finding; null when the configuration does not report it. */
  finding: Finding | null;
  /** The Kustomize builds of the mutated resource, if built. */
  builtBy: string[] | null;
  /** The edits applied by `--fix` when the finding is reported (with fixes asked for). */
  edits: UnitEdits | null;
}

/**
 * A registry-bound error (a rule needing image registry data the scan was not given), reported once per rule in a
 * scan on the first resource it shows on: each unit reports it on its own first resource, the assembly keeps the
 * first in scan order.
 */
export interface UnitRegistryError {
  /** The policy reference and rule name. */
  rule: string;
  /** The index of the subject in the unit's subjects. */
  subject: number;
  /** The index of its finding in `UnitResult.findings`, -1 when the configuration does not report it. */
  finding: number;
}

export interface UnitResult {
  statuses: Record<RuleStatus, number>;
  /** The findings of the rule responses, in subject order (before directives). */
  findings: Finding[];
  /** The Kustomize builds of each finding's resource (parallel to `findings`), null for a plain file's. */
  builtBy: (string[] | null)[];
  /** Findings the configuration does not report. */
  suppressed: number;
  registry: UnitRegistryError[];
  mutations: UnitMutation[];
}

