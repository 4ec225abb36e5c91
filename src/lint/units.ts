/**
 * @file The scan's units of work: the manifests whose findings can be computed apart from the others'. A plain
 * manifest file is a unit; Kustomize builds that read a common file (two overlays of one base) are one unit with
 * the files they read, because a finding in a shared file is reported once, naming every build that makes it.
 * Sharding (`--shard k/n`), the results cache and parallel workers all work unit by unit.
 */
import type { ResourceDocument } from '../evaluate/resource.js';

export interface ScanUnit {
  /**
   * Stable identity, the same on every machine: `file:<file as displayed>` for a plain file, `builds:<first root>`
   * for a group of builds.
   */
  key: string;
  /** The indices of the unit's subjects, in scan order. */
  subjects: number[];
  /** The Kustomize roots of a group of builds (as displayed), sorted; empty for a plain file. */
  builds: string[];
  /** The files (as displayed) a group of builds reads; empty for a plain file. */
  inputs: string[];
}

/** Union-find over the builds: two builds are joined when they read a common file. */
function buildGroups(builds: ReadonlyMap<string, ReadonlySet<string>>): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (root: string): string => {
    let item = root;
    while (parent.get(item)! !== item) item = parent.get(item)!;
    // Path compression.
    let walk = root;
    while (parent.get(walk)! !== item) {
      const next = parent.get(walk)!;
      parent.set(walk, item);
      walk = next;
    }
    return item;
  };
  const union = (a: string, b: string): void => {
    const ra = find(a);
    const rb = find(b);
    // The smaller root (in code units) names the group, so that the grouping does not depend on the map's order.
    if (ra !== rb) ra < rb ? parent.set(rb, ra) : parent.set(ra, rb);
  };
  const readers = new Map<string, string>();
  for (const root of builds.keys()) parent.set(root, root);
  for (const [root, inputs] of builds) {
    for (const input of inputs) {
      const other = readers.get(input);
      if (other === undefined) readers.set(input, root);
      else union(other, root);
    }
  }
  const group = new Map<string, string>();
  for (const root of builds.keys()) group.set(root, find(root));
  return group;
}

/**
 * The units of `subjects` (the scan's manifests, and against a base the objects removed since it), in the order
 * of their first subject; `display` names a file as the report does (relative to the working directory). A built manifest belongs to the group of its first build; the builds of one manifest are
 * always in one group, since they read its file.
 */
export function scanUnits(subjects: readonly ResourceDocument[], builds: ReadonlyMap<string, ReadonlySet<string>>, display: (file: string) => string): ScanUnit[] {
  const groups = buildGroups(builds);
  const units = new Map<string, ScanUnit>();
  const members = new Map<string, Set<string>>();
  for (const [root, group] of groups) {
    let set = members.get(group);
    if (set === undefined) members.set(group, (set = new Set()));
    set.add(root);
  }
  for (const [index, subject] of subjects.entries()) {
    const root = subject.builtBy?.[0];
    const group = root === undefined ? undefined : groups.get(root);
    const key = group === undefined ? `file:${display(subject.file)}` : `builds:${group}`;
    let unit = units.get(key);
    if (unit === undefined) {
      const roots = group === undefined ? [] : [...members.get(group)!].sort();
      const inputs = new Set<string>();
      for (const item of roots) for (const input of builds.get(item) ?? []) inputs.add(input);
      unit = { key, subjects: [], builds: roots, inputs: [...inputs].sort() };
      units.set(key, unit);
    }
    unit.subjects.push(index);
  }
  return [...units.values()];
}

/** A shard of a run: `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Parses `k/n` (1 ≤ k ≤ n); an error message naming what is wrong otherwise. */
export function parseShard(text: string): Shard | string {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (match === null) return `expected k/n (for example 1/3), got "${text}"`;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > 1000) return `the shard count must be between 1 and 1000, got ${count}`;
  if (index < 1 || index > count) return `the shard index must be between 1 and ${count}, got ${index}`;
  return { index, count };
}

/**
 * Which shard (0-based) each unit goes to: a deterministic partition that depends only on the units, so that every
 * job of a matrix, scanning the same repository, computes the same one. Units are weighed by their subjects and
 * handed out largest first to the lightest shard (ties: the unit's key, then the lower shard), which keeps the
 * shards within one unit of each other.
 */
export function assignShards(units: readonly ScanUnit[], count: number): number[] {
  const order = units.map((unit, index) => index);
  order.sort((a, b) => units[b]!.subjects.length - units[a]!.subjects.length || (units[a]!.key < units[b]!.key ? -1 : units[a]!.key > units[b]!.key ? 1 : 0));
  const load = new Array<number>(count).fill(0);
  const shard = new Array<number>(units.length).fill(0);
  for (const index of order) {
    let lightest = 0;
    for (let candidate = 1; candidate < count; candidate++) if (load[candidate]! < load[lightest]!) lightest = candidate;
    shard[index] = lightest;
    load[lightest]! += units[index]!.subjects.length;
  }
  return shard;
}
