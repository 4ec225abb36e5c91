/**
 * @file One shard of a scan (`--shard k/n`, and the parallel workers of `--jobs`): which subjects it evaluates and
 * which files' findings it reports. Every shard loads the whole workspace (the policies, every manifest as the
 * cluster, the exceptions and namespace labels) and evaluates the subjects of its units only (units.ts). What is
 * about a file goes to the shard owning it: the findings of its resources, its problems, its directives' findings.
 * A file in no unit (a policy file, an unreadable file, a file with no manifest) belongs to the shard its displayed
 * name hashes to. So the findings of shards 1..n together are the findings of the scan.
 *
 * A registry-bound error (findings.ts, `registryKey`) is located at its rule in the policy and names no resource:
 * each shard that meets it reports it, and the copies are the same finding. The workers of one run exchange what
 * they met (`ShardExchange`), so that such a finding is reported by one of them only, and a directive of a policy
 * file used by another worker's finding is not reported unused.
 */
import type { ResourceDocument } from '../evaluate/resource.js';
import type { Finding } from '../report/types.js';
import { assignShards, type ScanUnit, type Shard } from './units.js';

export type { Shard } from './units.js';

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

/** What the workers of one run tell each other once their findings are suppressed (see the file's comment). */
export interface ShardExchange {
  /** The ids each directive used (`Suppressions.usage()`). */
  directives: [string, string[]][];
  /** The `registryKey`s of the registry-bound errors met. */
  registry: string[];
}

/** The answer to a worker: every worker's directive usage, and the registry-bound errors another worker reports. */
export interface ShardExchangeReply {
  directives: [string, string[]][];
  dropRegistry: string[];
}

/** The subjects and files of one shard. */
export interface ShardPlan {
  outcome: ShardOutcome;
  /** Whether the shard evaluates subject `index`. */
  owns(index: number): boolean;
  /** Whether the findings located in `file` (as displayed) are the shard's. */
  ownsFile(file: string): boolean;
}

/** FNV-1a of a text's UTF-16 code units: the same on every machine. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The plan of shard `shard` of a scan, and within it of part `part` (a worker of a sharded run takes a part of the
 * shard's units). `units` are the scan's units (units.ts `scanUnits`) of `subjects`; `display` names a subject's
 * file as findings do.
 */
export function planShard(units: readonly ScanUnit[], subjects: readonly ResourceDocument[], display: (file: string) => string, shard: Shard, part?: Shard): ShardPlan {
  const assigned = assignShards(units, shard.count);
  let own = units.filter((unit, index) => assigned[index] === shard.index - 1);
  if (part !== undefined) {
    const parts = assignShards(own, part.count);
    own = own.filter((unit, index) => parts[index] === part.index - 1);
  }
  const owned = new Set<number>();
  for (const unit of own) for (const index of unit.subjects) owned.add(index);
  const ownUnits = new Set(own);
  /** The files of the units, with whether they are the shard's. */
  const files = new Map<string, boolean>();
  for (const unit of units) {
    const mine = ownUnits.has(unit);
    for (const index of unit.subjects) files.set(display(subjects[index]!.file), mine);
    for (const input of unit.inputs) files.set(input, mine);
  }
  const ownsFile = (file: string): boolean => {
    const known = files.get(file);
    if (known !== undefined) return known;
    const hash = stableHash(file);
    return hash % shard.count === shard.index - 1 && (part === undefined || hash % part.count === part.index - 1);
  };
  return {
    outcome: { index: shard.index, count: shard.count, units: own.length, totalUnits: units.length, subjects: owned.size },
    owns: (index) => owned.has(index),
    ownsFile,
  };
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The order of the report: by file, line, column and rule id, then by everything else a finding says, so that
 * it is total and the findings of several shards or workers merge into the order of a single run.
 */
export function compareFindings(a: Finding, b: Finding): number {
  const order =
    byCodeUnits(a.location.file, b.location.file) ||
    a.location.line - b.location.line ||
    a.location.column - b.location.column ||
    byCodeUnits(a.ruleId, b.ruleId);
  if (order !== 0 || a === b) return order;
  return (
    a.location.endLine - b.location.endLine ||
    a.location.endColumn - b.location.endColumn ||
    byCodeUnits(a.message, b.message) ||
    byCodeUnits(a.resource?.kind ?? '', b.resource?.kind ?? '') ||
    byCodeUnits(a.resource?.namespace ?? '', b.resource?.namespace ?? '') ||
    byCodeUnits(a.resource?.name ?? '', b.resource?.name ?? '') ||
    byCodeUnits(JSON.stringify(a), JSON.stringify(b))
  );
}
