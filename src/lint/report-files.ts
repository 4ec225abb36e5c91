/**
 * @file The units a scan that reports only some files (`--files`, pre-commit; the Action's changed files) evaluates:
 * those whose findings can be reported. A unit's findings are located in its own files (a plain file, or the files a
 * group of Kustomize builds reads), with three exceptions, each handled here:
 *
 * - a registry-bound error or a CEL expression's error is located at the policy (shard.ts): when a reported file
 *   holds a policy, every unit is evaluated (also when a policy comes from standard input: rendered Helm output is
 *   located in the chart's templates, helm.ts);
 * - an object removed since the base is located through its base build, in files its unit need not read now: the
 *   units holding removed objects are evaluated;
 * - the same finding of several groups of builds is reported once naming all of them (lint.ts `mergeBuiltFindings`),
 *   which groups that share no file can only do at a location outside their files, or in a policy's file: when an
 *   evaluated group has such a finding, every group of builds is evaluated ({@link ReportedUnits.more}).
 *
 * The other units of the reported files, and of the files deleted since the base (whose removed objects are reported),
 * give every finding of those files.
 */
import type { ResourceDocument } from '../evaluate/resource.js';
import type { ScanUnit } from './units.js';
import type { UnitResult } from './unit-results.js';

/** The file name of standard input among the scan's paths. */
const STDIN = '-';

/** The units to evaluate and the files whose directives the report covers. */
export interface ReportedUnits {
  /** Whether unit `unit` is evaluated (and its results reported). */
  evaluates(unit: ScanUnit): boolean;
  /**
   * The units to evaluate besides, once the results of those evaluated are known (`results`: by unit); from then on
   * {@link evaluates} holds for them too.
   */
  more(units: readonly ScanUnit[], results: (unit: ScanUnit) => UnitResult | undefined): ScanUnit[];
  /** Whether the findings located in `file` (as displayed) can be reported. */
  ownsFile(file: string): boolean;
}

export interface ReportedFiles {
  /** The reported files (as displayed). */
  reported: ReadonlySet<string>;
  /** The files deleted since the base (as displayed). */
  deleted: ReadonlySet<string>;
  /** The files holding the loaded policies (as displayed). */
  policyFiles: ReadonlySet<string>;
  /** Whether a loaded policy comes from standard input. */
  stdinPolicies: boolean;
}

/**
 * The units of `units` (units.ts `scanUnits` of `subjects`) whose findings can be reported (see the file's comment),
 * or null when every unit is to be evaluated. `display` names a subject's file as findings do; `removed` tells the
 * subjects that are objects removed since the base.
 */
export function reportedUnits(
  units: readonly ScanUnit[],
  subjects: readonly ResourceDocument[],
  display: (file: string) => string,
  files: ReportedFiles,
  removed: (index: number) => boolean,
): ReportedUnits | null {
  const { reported, deleted, policyFiles, stdinPolicies } = files;
  if (stdinPolicies) return null;
  for (const file of reported) if (policyFiles.has(file)) return null;
  const wanted = (file: string): boolean => reported.has(file) || deleted.has(file);
  const selected = (unit: ScanUnit): boolean =>
    unit.inputs.some(wanted) || unit.subjects.some((index) => removed(index) || subjects[index]!.file === STDIN || wanted(display(subjects[index]!.file)));
  const evaluated = new Set(units.filter(selected));
  /** The files of a unit (as displayed). */
  const filesOf = (unit: ScanUnit): Set<string> => new Set([...unit.inputs, ...unit.subjects.map((index) => display(subjects[index]!.file))]);
  /**
   * Whether a group of builds has a finding of a built object outside its files, or in a policy's file (which a
   * build can read too: another group's finding located at the policy is merged with it).
   */
  const findsElsewhere = (unit: ScanUnit, result: UnitResult): boolean => {
    if (unit.builds.length === 0) return false;
    const own = filesOf(unit);
    const elsewhere = ({ location: { file } }: { location: { file: string } }): boolean => !own.has(file) || policyFiles.has(file);
    return (
      result.findings.some((finding, index) => result.builtBy[index] !== null && elsewhere(finding)) ||
      result.mutations.some((mutation) => mutation.builtBy !== null && mutation.finding !== null && elsewhere(mutation.finding))
    );
  };
  return {
    evaluates: (unit) => evaluated.has(unit),
    more: (all, results) => {
      // (A shard has the results of its own units only.)
      if (![...evaluated].some((unit) => {
        const result = results(unit);
        return result !== undefined && findsElsewhere(unit, result);
      })) return [];
      const extra = all.filter((unit) => unit.builds.length > 0 && !evaluated.has(unit));
      for (const unit of extra) evaluated.add(unit);
      return extra;
    },
    ownsFile: wanted,
  };
}
