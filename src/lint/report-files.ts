/**
 * @file The units a scan that reports only some files (`--files`, pre-commit; the Action's changed files) evaluates:
 * those whose findings can be located in a reported file. A unit's findings are located in its own files (a plain
 * file, or the files a group of Kustomize builds reads) and, for a registry-bound error, at the rule in its policy
 * (shard.ts): so the units of the reported files, and of the files deleted since the base (whose removed objects are
 * reported), give every finding of those files; when a reported file holds a policy, every unit is evaluated. The
 * documents of standard input are always evaluated: rendered Helm output is reported in the chart's templates (helm.ts).
 */
import type { ResourceDocument } from '../evaluate/resource.js';
import type { ScanUnit } from './units.js';

/** The file name of standard input among the scan's paths. */
const STDIN = '-';

/** The units to evaluate and the files whose directives the report covers. */
export interface ReportedUnits {
  /** Whether unit `unit` is evaluated. */
  evaluates(unit: ScanUnit): boolean;
  /** Whether the findings located in `file` (as displayed) can be reported. */
  ownsFile(file: string): boolean;
}

/**
 * The units of `units` (units.ts `scanUnits` of `subjects`) whose findings can be located in a file of `reported`
 * or of `deleted` (as displayed; `display` names a subject's file so), or null when every unit is to be evaluated:
 * a file of `policyFiles` (as displayed) is reported.
 */
export function reportedUnits(
  units: readonly ScanUnit[],
  subjects: readonly ResourceDocument[],
  display: (file: string) => string,
  files: { reported: ReadonlySet<string>; deleted: ReadonlySet<string>; policyFiles: ReadonlySet<string> },
): ReportedUnits | null {
  const { reported, deleted, policyFiles } = files;
  for (const file of reported) if (policyFiles.has(file)) return null;
  const wanted = (file: string): boolean => reported.has(file) || deleted.has(file);
  const evaluated = new Set(
    units.filter((unit) => unit.inputs.some(wanted) || unit.subjects.some((index) => subjects[index]!.file === STDIN || wanted(display(subjects[index]!.file)))),
  );
  return { evaluates: (unit) => evaluated.has(unit), ownsFile: wanted };
}
