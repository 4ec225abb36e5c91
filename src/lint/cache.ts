/**
 * @file The results cache of the scan (`--cache`, as ESLint's): one file holding, per scan unit (units.ts), the
 * content hashes of the unit's files, what its evaluation read of the other manifests (cache-reads.ts), its objects
 * as evaluated, and its results; what the report needs besides (problems, counts, builds); and the assembled report.
 * A run where nothing changed returns the stored report without parsing or evaluating anything; otherwise only the
 * units whose files changed, or whose recorded reads could see an object added, removed or changed, are evaluated
 * again. A change of the global key (tool version, configuration, options, settings files, policy files) drops every
 * unit.
 *
 * The file is lines of JSON, each read only when needed: the header (format, keys, file hashes, each later line's
 * byte length and SHA-256), the tables of the packed values, the state and the report, then one line per unit. A run
 * that evaluates a few units appends to the stored tables and writes the other units' lines back as it read them; the
 * file is packed afresh once the units packed by appending outnumber half of them.
 */
import { closeSync, fstatSync, type Stats, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writevSync } from 'node:fs';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import type { ConfigProblem } from '../config/load.js';
import type { ResourceDocument } from '../evaluate/resource.js';
import type { ClusterReader } from '../evaluate/types.js';
import type { Finding, LintReport } from '../report/types.js';
import type { FileFix } from './fixes.js';
import { DEFAULT_MAX_FILE_SIZE, parseDocuments, stripByteOrderMark } from '../source/index.js';
import { readsSee, searchAgain, type ChangedObject, type StoredSearch, type UnitReads } from './cache-reads.js';
import type { LintOptions } from './options.js';
import type { ScanUnit } from './units.js';
import type { UnitResult } from './unit-results.js';
import { Packer, unpackFindingList, unpacker, type DecodedFindingList, type PackTables } from './pack.js';
import { displayName, type SourceText, type StoredManifest, type Workspace } from './workspace.js';
import { sha256 } from '../util/digest.js';
import { survivesJson, valueJson } from '../util/json-value.js';

/** Changes whenever what the cache stores changes meaning. */
export const CACHE_FORMAT = 11;
/** The cache file in the working directory by default, as ESLint's `.eslintcache`. */
export const DEFAULT_CACHE_LOCATION = '.kyverno-lint-cache';

/** What the report needs besides the units' results. */
export interface StoredState {
  problems: Finding[];
  ruleIds: string[];
  builds: Map<string, Set<string>>;
  counts: { policies: number; manifests: number; other: number };
  policies: number;
  manifests: number;
  configWarnings: string[];
  configProblems: ConfigProblem[];
  /** The files read (absolute paths), in the order read. */
  files: string[];
}

/** The report as `assemble` returns it (lint.ts). */
export interface StoredAssembly {
  report: Omit<LintReport, 'files' | 'policies' | 'manifests' | 'durationMs'>;
  fixes: FileFix[];
}

/** The stored scan of a full hit: its assembled report, or when that is a report of some files (`reportFiles`), its units. */
export interface StoredScan extends StoredState {
  unitCount: number;
  assembled: StoredAssembly | null;
  units: { result: UnitResult; subjects: number[] }[] | null;
}

interface StoredUnit {
  key: string;
  subjects: number[];
  /** The files (as reported) holding the unit's findings. */
  located: string[];
  /** Content hashes of the unit's files. */
  inputs: string;
  reads: UnitReads;
  /** The unit's objects as evaluated, by `objectsJson`: [apiVersion, kind, namespace, name, digest of its JSON][]. */
  objects: string;
  /**
   * A plain file's unit: the file and the JSON of its manifests as read (`StoredManifest[]`), which a run reads instead
   * of parsing the file while it is unchanged; null when the file has to be parsed (workspace.ts `plainFiles`, a file
   * with problems, an object JSON cannot hold exactly).
   */
  source: [file: string, manifests: string] | null;
  result: unknown;
}

/** The first line of the file. */
interface CacheHeader {
  format: number;
  version: string;
  key: string;
  roles: string;
  policyKey: string;
  files: [string, string][];
  /** The units packed by appending to the tables since they were last packed afresh. */
  appended: number;
  /** The byte length of each line after the header (read only when needed). */
  lines: number[];
  /** The SHA-256 of each line after the header: a line damaged in place (its length kept) is not used. */
  digests: string[];
  /** The policy documents accepted, with the scopes they were accepted under (workspace.ts `checkedPolicies`). */
  checked: string[];
}

/**
 * The third line: the state, and the assembled report with the `reportFiles` it was assembled for (null: every file),
 * its finding lists packed as lists (not interned as one object).
 */
interface CacheReport {
  state: unknown;
  unitCount: number;
  reportFiles: string[] | null;
  findings: unknown;
  suppressedFindings: unknown;
  report: unknown;
  fixes: unknown;
}

/** The lines of the file after the header (0: the tables, 1: the state and report, 2 and after: one unit each). */
const TABLES = 0;
const REPORT = 1;
const UNITS = 2;

/** What a run does with the stored units: the results reused, and the units evaluated. */
export interface CachePlan {
  /** The keys of the units whose stored results are reused. */
  reused: ReadonlySet<string>;
  /** The stored result of a reused unit, decoded when first asked for. */
  result(key: string): UnitResult;
  evaluated(unit: ScanUnit, result: UnitResult, reads: UnitReads): void;
  /**
   * What the last run left for assembling this run's report from its report, given the files this run discovered and
   * read; null when it left none that fits.
   */
  previous(read: WatchedFiles): PreviousScan | null;
}

/** The files a scan depends on: those read, those discovered, the inputs of its builds (as reported). */
interface WatchedFiles {
  files: readonly string[];
  discovered: readonly string[];
  builds: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The last run's report, and what changed since in the units behind it (lint.ts `reassemble`). */
export interface PreviousScan {
  assembly: StoredAssembly;
  /** Its problems of the input. */
  problems: Finding[];
  /** Its units not reused by this run (evaluated again, or gone), with their results. */
  replaced: Map<string, UnitResult>;
  /** The files (as reported) holding the findings of each unit reused; null when not known. */
  located: Map<string, readonly string[] | null>;
  /** The files (absolute) read by one of the runs whose content changed since, or that only one of them read. */
  changed: Set<string>;
}

/** A unit's entry: `packed`, a reused unit's result as stored (valid in the stored tables), decoded into `result` when needed. */
interface PlanEntry {
  reads: UnitReads;
  objects: string;
  source: StoredUnit['source'];
  inputs: string;
  located: string[] | null;
  result?: UnitResult;
  packed?: unknown;
  /** A reused unit's stored line (and its digest) and subjects: the line is written again as read while its subjects are the same. */
  stored?: { line: Buffer; digest: string; subjects: readonly number[] };
}

interface PlanState extends CachePlan {
  policyKey: string;
  entries: Map<string, PlanEntry>;
  /** A reused unit's result. */
  resultOf(entry: PlanEntry): UnitResult;
}

/** The files (as reported) holding a unit's findings, its mutations' included, sorted. */
function locatedFiles(result: UnitResult): string[] {
  const files = new Set<string>();
  for (const finding of result.findings) files.add(finding.location.file);
  for (const mutation of result.mutations) if (mutation.finding !== null) files.add(mutation.finding.location.file);
  return [...files].sort();
}

const NEWLINE = Buffer.from('\n');

/** Writes `lines`, each followed by a newline, to a new file (in batches of buffers: no copy of the whole text). */
function writeLines(file: string, lines: readonly Buffer[]): void {
  let pending = lines.flatMap((line) => [line, NEWLINE]);
  const fd = openSync(file, 'w');
  try {
    while (pending.length > 0) {
      let written = writevSync(fd, pending.slice(0, 512));
      // Past what was written (a short write stops inside a buffer), then again.
      let next = 0;
      while (next < pending.length && written >= pending[next]!.length) written -= pending[next++]!.length;
      pending = pending.slice(next);
      if (written > 0) pending[0] = pending[0]!.subarray(written);
    }
  } finally {
    closeSync(fd);
  }
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}


function fileIdentity(stats: Stats): string {
  return `${stats.size}:${stats.ino}:${stats.mtimeMs}`;
}

/** The first line of a file (read in blocks until its end), and the file's status. */
function readHeader(file: string): { text: string; stats: Stats } {
  const fd = openSync(file, 'r');
  try {
    const stats = fstatSync(fd);
    const size = stats.size;
    const blocks: Buffer[] = [];
    let position = 0;
    for (;;) {
      const block = Buffer.allocUnsafe(Math.min(1 << 18, Math.max(size - position, 1)));
      const read = readSync(fd, block, 0, block.length, position);
      const end = block.subarray(0, read).indexOf(10);
      if (read === 0 || end !== -1) {
        blocks.push(block.subarray(0, end === -1 ? read : end));
        return { text: Buffer.concat(blocks).toString('utf8'), stats };
      }
      blocks.push(block.subarray(0, read));
      position += read;
    }
  } finally {
    closeSync(fd);
  }
}

/** The cache file a location names: the file itself, or for a folder a file named after the working directory (as ESLint). */
export function cacheFile(location: string, cwd: string): string {
  let folder = /[\\/]$/.test(location);
  try {
    folder ||= statSync(location).isDirectory();
  } catch {
    // Not there yet: a file.
  }
  return folder ? path.join(location, `.kyverno-lint-cache-${sha256(cwd).slice(0, 12)}`) : location;
}

/** The cache of a scan, or null (with a warning) when the scan cannot use one. */
export function openScanCache(options: LintOptions, warnings: string[]): ScanCache | null {
  if (options.cache === undefined) return null;
  if (options.base !== undefined) {
    warnings.push('--cache is not used with --base: the results depend on the base revision');
    return null;
  }
  if (options.paths.includes('-')) {
    warnings.push('--cache is not used when standard input (-) is scanned');
    return null;
  }
  // A shard evaluates a part of the units: the cache holds the results of whole scans.
  if (options.shard !== undefined) {
    warnings.push('--cache is not used with --shard: each shard evaluates a part of the repository');
    return null;
  }
  // A trailing separator names a folder, also one that does not exist yet.
  const location = path.resolve(options.cwd, options.cache) + (/[\\/]$/.test(options.cache) ? path.sep : '');
  return new ScanCache(options, cacheFile(location, options.cwd), warnings);
}

/** The objects of a unit as compared between runs: [apiVersion, kind, namespace, name, digest of the object's JSON][]. */
function objectsJson(subjects: readonly ResourceDocument[]): string {
  return JSON.stringify(subjects.map((subject) => [subject.apiVersion, subject.kind, subject.namespace, subject.name, sha256(valueJson(subject.value))]));
}

/** The objects added, removed or changed between two lists (as `objectsJson` writes them). */
function changedObjects(before: string, after: string, out: ChangedObject[]): void {
  const group = (json: string): Map<string, { object: ChangedObject; values: string[] }> => {
    const map = new Map<string, { object: ChangedObject; values: string[] }>();
    for (const [apiVersion, kind, namespace, name, value] of JSON.parse(json) as string[][]) {
      const id = [apiVersion, kind, namespace, name].join('\u0000');
      const known = map.get(id);
      if (known === undefined) map.set(id, { object: { apiVersion: apiVersion!, kind: kind!, namespace: namespace!, name: name!, change: 'modified' }, values: [value!] });
      else known.values.push(value!);
    }
    return map;
  };
  const old = group(before);
  const now = group(after);
  for (const [id, { object, values }] of now) {
    const was = old.get(id);
    if (was === undefined) out.push({ ...object, change: 'added' });
    else if (was.values.length !== values.length || was.values.some((value, i) => value !== values[i])) out.push(object);
  }
  for (const [id, { object }] of old) if (!now.has(id)) out.push({ ...object, change: 'removed' });
}

export class ScanCache {
  readonly file: string;
  readonly #options: LintOptions;
  readonly #key: string;
  readonly #bytes = new Map<string, Buffer | null>();
  readonly #hashes = new Map<string, string>();
  #roles = '';
  /** The stored file: its header, and the byte ranges of its other lines (read and parsed when first needed). */
  #header: CacheHeader | null = null;
  /** Where problems of the stored file are reported (the scan's warnings). */
  readonly #warnings: string[];
  readonly #lines: [start: number, length: number][] = [];
  /** The identity of the file whose header was read (size, inode, modification time). */
  #identity = '';
  readonly #parsed = new Map<number, unknown>();
  /** The stored units once read, and the line of each. */
  #storedUnits: StoredUnit[] | null = null;
  readonly #unitLines = new WeakMap<StoredUnit, { line: Buffer; digest: string }>();
  /** The decoded findings of the stored tables, with their packed form (to append to the tables). */
  readonly #packedFindings = new WeakMap<object, unknown>();
  /** The findings of the stored report, decoded with the parts of the stored list each comes from (`plan().previous`). */
  #previousFindings: DecodedFindingList | null = null;

  constructor(options: LintOptions, file: string, warnings: string[]) {
    this.#options = options;
    this.file = file;
    this.#warnings = warnings;
    this.#key = this.#globalKey();
    this.#header = this.#read(warnings);
  }

  /** The content hash of a file (read once per run); `-` when it cannot be read. */
  hash(file: string): string {
    let hash = this.#hashes.get(file);
    if (hash === undefined) {
      let bytes: Buffer | null = null;
      try {
        const stats = statSync(file);
        // A file over the size limit is not read (the scan reports it, or reads the head of a `.json` file): its size
        // and modification time stand for its content.
        if (stats.size > (this.#options.config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE)) hash = `large:${stats.size}:${stats.mtimeMs}`;
        else bytes = readFileSync(file);
      } catch {
        bytes = null;
      }
      this.#bytes.set(file, bytes);
      hash ??= bytes === null ? '-' : sha256(bytes);
      this.#hashes.set(file, hash);
    }
    return hash;
  }

  /** Everything that changes every result: the tool, the configuration, the options and the settings files' contents. */
  #globalKey(): string {
    const options = this.#options;
    const { config } = options;
    const content = (file: string | undefined): string | null => (file === undefined ? null : this.hash(path.resolve(options.cwd, file)));
    return sha256(
      JSON.stringify({
        format: CACHE_FORMAT,
        version: packageJson.version,
        cwd: options.cwd,
        config,
        fixes: options.fixes === true,
        helmCharts: options.helmCharts ?? [],
        values: content(config.values),
        userinfo: content(config.userinfo),
        imageData: content(config.imageData),
      }),
    );
  }

  /** Reads and decodes the header of the file; the other lines are read when needed. */
  #read(warnings: string[]): CacheHeader | null {
    let head: { text: string; stats: Stats };
    try {
      head = readHeader(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warnings.push(`cannot read the cache ${displayName(this.#options.cwd, this.file)}: ${(error as Error).message}; it is rewritten`);
      return null;
    }
    try {
      const header = JSON.parse(head.text) as CacheHeader;
      const lines = header !== null && typeof header === 'object' && Array.isArray(header.lines) ? header.lines : [];
      let start = Buffer.byteLength(head.text) + 1;
      for (const length of lines) {
        this.#lines.push([start, length]);
        start += length + 1;
      }
      const pairs = Array.isArray(header.files) && header.files.every((entry) => Array.isArray(entry) && entry.length === 2 && entry.every((item) => typeof item === 'string'));
      const lengths = lines.every((length) => Number.isSafeInteger(length) && length >= 0);
      const digests = Array.isArray(header.digests) && header.digests.length === lines.length && header.digests.every((digest) => typeof digest === 'string');
      if (header.format !== CACHE_FORMAT || !pairs || !lengths || !digests || lines.length < UNITS || start !== head.stats.size) throw new Error('not a cache file of this format');
      // Another version's cache: every result is computed again.
      if (header.version !== packageJson.version) return null;
      this.#identity = fileIdentity(head.stats);
      return header;
    } catch (error) {
      warnings.push(`the cache ${displayName(this.#options.cwd, this.file)} is not usable (${(error as Error).message}); it is rewritten`);
      return null;
    }
  }

  /** Line `line` after the header, read and decoded (the file must still be the one whose header was read). */
  #line(line: number): unknown {
    if (!this.#parsed.has(line)) {
      const [start, length] = this.#lines[line]!;
      this.#parsed.set(line, JSON.parse(this.#checked(line, this.#bytesAt(start, length)).toString('utf8')) as unknown);
    }
    return this.#parsed.get(line);
  }

  /** `length` bytes of the file from `start` (the file must still be the one whose header was read). */
  #bytesAt(start: number, length: number): Buffer {
    const fd = openSync(this.file, 'r');
    try {
      if (fileIdentity(fstatSync(fd)) !== this.#identity) throw new Error('the cache file changed while it was read');
      const buffer = Buffer.allocUnsafe(length);
      if (readSync(fd, buffer, 0, length, start) !== length) throw new Error('the cache file is shorter than its header says');
      return buffer;
    } finally {
      closeSync(fd);
    }
  }

  /** `bytes`, line `line` after the header, when they are what was written (else an error). */
  #checked(line: number, bytes: Buffer): Buffer {
    if (sha256(bytes) !== this.#header?.digests[line]) throw new Error('a line of it is damaged');
    return bytes;
  }

  /** The stored units (their lines read at once, each checked and decoded), with the line each was read from. */
  #units(): StoredUnit[] {
    if (this.#storedUnits === null) {
      const lines = this.#lines.slice(UNITS);
      const units: StoredUnit[] = [];
      if (lines.length > 0) {
        const first = lines[0]![0];
        const [lastStart, lastLength] = lines[lines.length - 1]!;
        const bytes = this.#bytesAt(first, lastStart + lastLength - first);
        for (const [index, [start, length]] of lines.entries()) {
          const line = this.#checked(UNITS + index, bytes.subarray(start - first, start - first + length));
          const unit = JSON.parse(line.toString('utf8')) as StoredUnit;
          if (unit === null || typeof unit !== 'object' || typeof unit.key !== 'string' || !Array.isArray(unit.subjects)) throw new Error('a stored unit is malformed');
          this.#unitLines.set(unit, { line, digest: this.#header!.digests[UNITS + index]! });
          units.push(unit);
        }
      }
      this.#storedUnits = units;
    }
    return this.#storedUnits;
  }

  /** A stored line that cannot be decoded: the file is not used further (every unit is evaluated) and is rewritten. */
  #unusable(error: unknown): void {
    this.#header = null;
    this.#parsed.clear();
    this.#storedUnits = null;
    this.#previousFindings = null;
    this.#warnings.push(`the cache ${displayName(this.#options.cwd, this.file)} is not usable (${error instanceof Error ? error.message : String(error)}); it is rewritten`);
  }

  /** `appendable`: decoded findings are remembered with their packed form, for `save` to append to the tables. */
  #unpacker(appendable: boolean): (value: unknown) => unknown {
    return unpacker(this.#line(TABLES) as PackTables, appendable ? this.#packedFindings : undefined);
  }

  /**
   * The manifests of the files of manifests the cache holds, by file, for the files unchanged since (under the same
   * global key: the same tool and configuration read them the same way), with the text hashed (read once: the
   * manifests are those of that text). Empty when the cache cannot be used.
   */
  /**
   * The digests of the policy documents the last run accepted (under the same tool and configuration: its checks would
   * accept them again); empty when the cache cannot be used.
   */
  checkedPolicies(): Set<string> {
    const header = this.#header;
    if (header === null || header.key !== this.#key || !Array.isArray(header.checked)) return new Set();
    return new Set(header.checked.filter((digest) => typeof digest === 'string'));
  }

  storedManifests(): Map<string, { manifests: string; text: string }> {
    const out = new Map<string, { manifests: string; text: string }>();
    const header = this.#header;
    if (header === null || header.key !== this.#key) return out;
    try {
      for (const unit of this.#units()) {
        if (!Array.isArray(unit.source)) continue;
        const [file, manifests] = unit.source;
        if (typeof file !== 'string' || typeof manifests !== 'string' || unit.inputs !== this.#inputs([file])) continue;
        const bytes = this.#bytes.get(file);
        if (bytes !== undefined && bytes !== null) out.set(file, { manifests, text: bytes.toString('utf8') });
      }
    } catch (error) {
      this.#unusable(error);
      out.clear();
    }
    return out;
  }

  /**
   * `findings` packed as one flat list, each finding of the stored report (`previous`) written as its part of the stored
   * list; null when a finding cannot be an item of such a list (the caller packs them all then).
   */
  #packFindingList(packer: Packer, findings: readonly Finding[], previous: DecodedFindingList): unknown[] | null {
    const stored = new Map<object, number>();
    previous.findings.forEach((finding, index) => stored.set(finding, index));
    // Runs of stored findings kept in their order are copied as slices of the stored list.
    const parts: unknown[][] = [[-4]];
    let run: [start: number, end: number] | null = null;
    const flush = (): void => {
      if (run !== null) parts.push(previous.flat.slice(run[0], run[1]));
      run = null;
    };
    for (const finding of findings) {
      const index = stored.get(finding);
      if (index !== undefined) {
        const start = previous.starts[index]!;
        const end = previous.starts[index + 1]!;
        if (run !== null && run[1] === start) run[1] = end;
        else {
          flush();
          run = [start, end];
        }
        continue;
      }
      flush();
      const packed = packer.pack([finding]);
      if (!Array.isArray(packed) || packed[0] !== -4) return null;
      parts.push(packed.slice(1));
    }
    flush();
    // One list (`Array.prototype.flat` copies item by item, several times slower).
    let length = 0;
    for (const part of parts) length += part.length;
    const out = new Array<unknown>(length);
    let at = 0;
    for (const part of parts) for (const item of part) out[at++] = item;
    return out;
  }

  /** The files whose content the header records (absolute paths). */
  #watched(read: WatchedFiles): Set<string> {
    const files = new Set<string>([...read.files, ...read.discovered]);
    for (const inputs of read.builds.values()) for (const file of inputs) files.add(path.resolve(this.#options.cwd, file));
    return files;
  }

  /** The key of the contents of a unit's files. */
  #inputs(files: readonly string[]): string {
    return sha256(JSON.stringify(files.map((file) => [file, this.hash(file)])));
  }

  /**
   * The stored scan when nothing it read changed: the same global key, the same files discovered with the same roles,
   * and the same content of every file read. Null otherwise (or when the cache cannot be decoded).
   */
  fullHit(roles: readonly [string, string][]): StoredScan | null {
    this.#roles = sha256(JSON.stringify(roles));
    const header = this.#header;
    if (header === null || header.key !== this.#key || header.roles !== this.#roles) return null;
    for (const [file, hash] of header.files) if (this.hash(file) !== hash) return null;
    try {
      const unpack = this.#unpacker(false);
      const stored = this.#line(REPORT) as CacheReport;
      const state = this.#state(unpack(stored.state) as Record<string, unknown>);
      // A report of some files (pre-commit's `reportFiles`) is made of the units that can have findings in them, which
      // the workspace tells: such a scan loads it (and reuses every unit).
      if (this.#options.reportFiles !== undefined) return null;
      if (stored.reportFiles === null) {
        const report = { ...(unpack(stored.report) as object), findings: unpack(stored.findings), suppressedFindings: unpack(stored.suppressedFindings) } as StoredAssembly['report'];
        return { ...state, unitCount: stored.unitCount, assembled: { report, fixes: unpack(stored.fixes) as FileFix[] }, units: null };
      }
      const units = this.#units().map((unit) => ({ result: unpack(unit.result) as UnitResult, subjects: unit.subjects }));
      return { ...state, unitCount: units.length, assembled: null, units };
    } catch (error) {
      this.#unusable(error);
      return null;
    }
  }

  #state(raw: Record<string, unknown>): StoredState {
    const state = raw as unknown as StoredState & { builds: [string, string[]][] };
    return { ...state, builds: new Map(state.builds.map(([root, inputs]) => [root, new Set(inputs)])) };
  }

  /**
   * The read files as the report's assembly needs them: their text (for `--fix`), their documents only where they hold
   * inline directives (which name the documents they cover).
   */
  sourceTexts(files: readonly string[]): Map<string, SourceText> {
    const out = new Map<string, SourceText>();
    for (const file of files) {
      this.hash(file);
      const bytes = this.#bytes.get(file);
      if (bytes === undefined || bytes === null) continue;
      const text = stripByteOrderMark(bytes.toString('utf8'));
      const documents = text.includes('kyverno-lint-') ? parseDocuments(file, text).documents : [];
      out.set(file, { path: file, display: displayName(this.#options.cwd, file), text, documents });
    }
    return out;
  }

  /**
   * Which units' stored results this run uses: those whose files are unchanged and whose recorded reads see no object
   * added, removed or changed; none when the global key or a policy file changed.
   */
  plan(input: { workspace: Workspace; units: readonly ScanUnit[]; subjects: readonly ResourceDocument[]; received: readonly ResourceDocument[]; policyFiles: readonly string[]; cluster: ClusterReader | undefined }): CachePlan {
    const { cwd } = this.#options;
    const policyKey = sha256(JSON.stringify([...input.policyFiles].sort().map((file) => [file, this.hash(file)])));
    const entries: PlanState['entries'] = new Map();
    const reused = new Set<string>();
    /** The stored units, and the unpacker of their results (set when the stored units are used). */
    let storedUnits = new Map<string, StoredUnit>();
    let unpack: ((value: unknown) => unknown) | null = null;
    const inputsOf = (unit: ScanUnit): string => this.#inputs(unit.builds.length === 0 ? [input.subjects[unit.subjects[0]!]!.file] : unit.inputs.map((file) => path.resolve(cwd, file)));
    const objectsOf = (unit: ScanUnit): string => objectsJson(unit.subjects.filter((index) => index < input.received.length).map((index) => input.received[index]!));
    // A file with problems is parsed again (the problems are reported from the parse).
    const problemFiles = new Set(input.workspace.problems.map((problem) => problem.location.file));
    const sourceOf = (unit: ScanUnit): StoredUnit['source'] => {
      if (unit.builds.length !== 0) return null;
      const manifests = unit.subjects.map((index) => input.subjects[index]!);
      const file = manifests[0]!.file;
      if (!input.workspace.plainFiles.has(file) || problemFiles.has(displayName(cwd, file))) return null;
      if (!manifests.every((manifest) => manifest.file === file && manifest.origin === undefined && survivesJson(manifest.value))) return null;
      const stored: StoredManifest[] = manifests.map((manifest) => [manifest.documentIndex, manifest.listItem ?? null, manifest.value]);
      return [file, JSON.stringify(stored)];
    };
    /** `objects`: null until needed, unless the unit's files are unchanged (its objects then are the stored ones). */
    const current = new Map(input.units.map((unit) => [unit.key, { unit, inputs: inputsOf(unit), objects: null as string | null }]));
    const objectsAt = (known: { unit: ScanUnit; objects: string | null }): string => (known.objects ??= objectsOf(known.unit));
    /** The stored manifests of clean units (kept as stored, also when the unit is evaluated again). */
    const sources = new Map<string, StoredUnit['source']>();
    const header = this.#header;
    if (header !== null && header.key === this.#key && header.policyKey === policyKey) {
      try {
        storedUnits = new Map(this.#units().map((unit) => [unit.key, unit]));
        const changed: ChangedObject[] = [];
        const clean: { key: string; old: StoredUnit }[] = [];
        for (const [key, known] of current) {
          const old = storedUnits.get(key);
          // The same files under the same global key give the same objects.
          if (old !== undefined && old.inputs === known.inputs && old.subjects.length === known.unit.subjects.length) {
            clean.push({ key, old });
            known.objects = old.objects;
          } else {
            changedObjects(old?.objects ?? '[]', objectsAt(known), changed);
          }
        }
        for (const [key, old] of storedUnits) if (!current.has(key)) changedObjects(old.objects, '[]', changed);
        unpack = this.#unpacker(true);
        // The searches of the stored units made again on this run's objects (once each: units share them).
        const searched = new Map<string, string | null>();
        const searchedAgain = (search: StoredSearch): string | null => {
          const key = JSON.stringify(search.slice(0, 4));
          if (!searched.has(key)) searched.set(key, input.cluster === undefined ? null : searchAgain(input.cluster, search));
          return searched.get(key)!;
        };
        for (const { key, old } of clean) {
          // The file is unchanged: its stored manifests still are what it holds.
          if (Array.isArray(old.source)) sources.set(key, old.source);
          if (changed.some((object) => readsSee(old.reads, object, searchedAgain))) continue;
          reused.add(key);
          const located = Array.isArray(old.located) && old.located.every((file) => typeof file === 'string') ? old.located : null;
          const line = this.#unitLines.get(old);
          entries.set(key, { reads: old.reads, objects: old.objects, source: old.source, inputs: old.inputs, located, packed: old.result, ...(line !== undefined && located !== null ? { stored: { ...line, subjects: old.subjects } } : {}) });
        }
      } catch (error) {
        // Every unit is evaluated again.
        this.#unusable(error);
        reused.clear();
        entries.clear();
        sources.clear();
        storedUnits = new Map();
        unpack = null;
      }
    }
    const resultOf = (entry: PlanEntry): UnitResult => (entry.result ??= unpack!(entry.packed) as UnitResult);
    const plan: PlanState = {
      reused,
      policyKey,
      entries,
      resultOf,
      result: (key) => resultOf(entries.get(key)!),
      evaluated: (unit, result, reads) => {
        const known = current.get(unit.key)!;
        entries.set(unit.key, { reads, objects: objectsAt(known), source: sources.get(unit.key) ?? sourceOf(unit), inputs: known.inputs, located: locatedFiles(result), result });
      },
      previous: (read) => {
        if (unpack === null || this.#options.reportFiles !== undefined || header === null) return null;
        const files = this.#watched(read);
        try {
          const stored = this.#line(REPORT) as CacheReport;
          if (stored.reportFiles !== null) return null;
          // Decoded with the parts of the stored list they come from: `save` writes those parts again for the findings kept.
          const list = unpackFindingList(this.#line(TABLES) as PackTables, stored.findings);
          const findings = list?.findings ?? unpack(stored.findings);
          const report = { ...(unpack(stored.report) as object), findings, suppressedFindings: unpack(stored.suppressedFindings) } as StoredAssembly['report'];
          const state = unpack(stored.state) as { problems: Finding[] };
          const replaced = new Map<string, UnitResult>();
          for (const [key, old] of storedUnits) if (!reused.has(key)) replaced.set(key, unpack(old.result) as UnitResult);
          const located = new Map([...reused].map((key) => [key, entries.get(key)!.located] as const));
          const changed = new Set<string>();
          const before = new Map(header.files);
          for (const file of files) if (before.get(file) !== this.hash(file)) changed.add(file);
          const now = new Set(files);
          for (const file of before.keys()) if (!now.has(file)) changed.add(file);
          this.#previousFindings = list;
          return { assembly: { report, fixes: unpack(stored.fixes) as FileFix[] }, problems: state.problems, replaced, located, changed };
        } catch (error) {
          // The report is assembled from the units, and the file written afresh.
          this.#unusable(error);
          return null;
        }
      },
    };
    return plan;
  }

  /**
   * Writes the cache (a temporary file renamed over it); a failure is a warning. The stored tables are appended to while
   * the units packed so stay under half of them; else (and when nothing was stored) everything is packed afresh.
   */
  save(
    plan: CachePlan,
    state: StoredState & { units: readonly { subjects: readonly number[] }[]; unitKeys: readonly string[]; discovered: readonly string[]; assembled: StoredAssembly; checked: string[] },
    warnings: string[],
  ): void {
    const { entries, policyKey } = plan as PlanState;
    const { units, unitKeys, assembled, discovered, checked: _checked, ...rest } = state;
    const packedNow = unitKeys.filter((key) => entries.get(key)!.packed === undefined).length;
    const appended = (this.#header?.appended ?? 0) + packedNow;
    let appending = this.#parsed.has(TABLES) && [...entries.values()].some((entry) => entry.packed !== undefined) && appended * 2 <= unitKeys.length;
    let packer: Packer;
    try {
      packer = appending ? new Packer(this.#line(TABLES) as PackTables, this.#packedFindings) : new Packer();
    } catch {
      // Stored tables of another shape: everything is packed afresh.
      appending = false;
      packer = new Packer();
    }
    const files = this.#watched({ files: state.files, discovered, builds: state.builds });
    const { resultOf } = plan as PlanState;
    const unitLines: (Buffer | { line: Buffer; digest: string })[] = unitKeys.map((key, index) => {
      const entry = entries.get(key)!;
      const { subjects } = units[index]!;
      // A reused unit whose results stay packed with the stored tables, at the same subjects: its line as read.
      if (appending && entry.stored !== undefined && sameNumbers(entry.stored.subjects, subjects)) return entry.stored;
      const result = appending && entry.packed !== undefined ? entry.packed : packer.pack(resultOf(entry));
      const located = entry.located ?? locatedFiles(resultOf(entry));
      const unit: StoredUnit = { key, subjects: [...subjects], located, inputs: entry.inputs, reads: entry.reads, objects: entry.objects, source: entry.source, result };
      return Buffer.from(JSON.stringify(unit));
    });
    // Packed after the units: the report's findings are mostly theirs, packed already.
    const { findings, suppressedFindings, ...summary } = assembled.report;
    const report: CacheReport = {
      state: packer.pack(rest),
      unitCount: unitKeys.length,
      reportFiles: this.#options.reportFiles ?? null,
      findings: (appending && this.#previousFindings !== null ? this.#packFindingList(packer, findings, this.#previousFindings) : null) ?? packer.pack(findings),
      suppressedFindings: packer.pack(suppressedFindings ?? []),
      report: packer.pack(summary),
      fixes: packer.pack(assembled.fixes),
    };
    // Encoded once: their byte lengths go into the header.
    const lines = [...[packer.tables(), report].map((line) => Buffer.from(JSON.stringify(line))), ...unitLines].map((line) =>
      Buffer.isBuffer(line) ? { line, digest: sha256(line) } : line,
    );
    const header: CacheHeader = {
      format: CACHE_FORMAT,
      version: packageJson.version,
      key: this.#key,
      roles: this.#roles,
      policyKey,
      files: [...files].map((file) => [file, this.hash(file)]),
      appended: appending ? appended : 0,
      lines: lines.map(({ line }) => line.length),
      digests: lines.map(({ digest }) => digest),
      checked: state.checked,
    };
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeLines(temporary, [Buffer.from(JSON.stringify(header)), ...lines.map(({ line }) => line)]);
      renameSync(temporary, this.file);
    } catch (error) {
      try {
        unlinkSync(temporary);
      } catch {
        // Not written.
      }
      warnings.push(`cannot write the cache ${displayName(this.#options.cwd, this.file)}: ${(error as Error).message}`);
    }
  }
}
