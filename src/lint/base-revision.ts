/**
 * @file A scan against a base revision (`--base <ref>`, the GitHub Action's pull-request base): a pull request is an
 * UPDATE of the objects on its base, so the policies that compare `request.oldObject` with `request.object` can
 * check it.
 *
 * - Loading: the base revision's files the scan may read ({@link filesToRead}: YAML and JSON files, kustomization
 *   and `.gitignore` files, every file below a kustomization's folder, and the files named as scan paths) are
 *   materialised into a temporary folder (a file whose content the working tree holds unchanged is hard-linked, else
 *   copied; the others are written from their blobs; files over the size limit become empty placeholders of their
 *   size, refused by the loader as they would be at the base) with an empty `.git` folder and the repository's
 *   `info/exclude`, so that discovery sees the repository root there. The scan's
 *   own loader reads the manifests there with the same configuration (paths, globs, `.gitignore`, excludes, Kustomize
 *   builds, Lists), then the folder is removed: what was read stays in memory. The problems of the base files are
 *   not reported (an object the base cannot decode is simply not there).
 * - Pairing ({@link pairByIdentity}): objects are the same when their API group (not version), kind, namespace (after
 *   namespace defaulting and the Kustomize builds) and name are. Several objects of one identity on a side (two
 *   overlays building the same object, a copy) are paired first with those of the same origin (the same file, or the
 *   same builds) in scan order, then in scan order; the objects left over are new (head) or removed (base). Objects
 *   without a name (`generateName`) are never paired: each apply creates a new one, and none is removed.
 * - Operations: an object at both revisions is an UPDATE whose `oldObject` is the base object as the cluster stores
 *   it (the API server's defaults applied, then the mutate policies on its CREATE); a new object is a CREATE; a
 *   removed object is a DELETE of that stored base object, its findings located in the base file (its path and line there) and its mutations not
 *   reported (nothing is left to fix).
 * - Messages: the findings of a DELETE end with `(DELETE: removed since <ref>)`. A finding of an UPDATE ends with
 *   `(UPDATE from <ref>)` when the update is what makes it: its rule does not report the same status on the same
 *   object evaluated as a CREATE (the rule reads `oldObject`, or matches UPDATE only). A finding the object would get
 *   as a new object too (a `latest` tag) reads as without a base.
 */
import { jsonEqual } from '../util/json-value.js';
import { copyFileSync, constants, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KUSTOMIZATION_FILE_NAMES } from '../build/kustomize/kustomization.js';
import { gitBlobSha, type Revision, type RevisionFile } from '../discovery/revision.js';
import { evaluateResource, mutatedResource, type EvaluationOptions, type ResourceResponse } from '../evaluate/processor.js';
import type { ResourceDocument } from '../evaluate/resource.js';
import { policyReference, type CompiledPolicy } from '../evaluate/types.js';
import type { Finding } from '../report/types.js';
import { DEFAULT_MAX_FILE_SIZE } from '../source/index.js';
import { resourceKey } from '../source/resource.js';
import type { JsonObject } from '../types.js';
import type { LintOptions } from './options.js';
import { Suppressions } from './suppressions.js';
import type { SourceText, Workspace } from './workspace.js';

/** Whether a path relative to a folder leaves it (`..`, `../x`, an absolute path; not a name such as `..data`). */
function outside(relative: string): boolean {
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
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

/** How one object is evaluated against the base. */
export interface BaseChange {
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  /** The document to evaluate: the object itself, or for a DELETE the base object as stored. */
  resource: ResourceDocument;
  evaluation: EvaluationOptions;
}

/** What the comparison needs of the scan. */
export interface BaseContext {
  /** The policies the admission controller runs on a request in a namespace. */
  policies: (namespace: string) => readonly CompiledPolicy[];
  /** The scan's evaluation options (the operation of the configuration included). */
  evaluation: EvaluationOptions;
  /** Loads the manifests of a scan with these options (the scan's own loader, policies left out). */
  load: (options: LintOptions) => Promise<Workspace>;
  /** The file of a head manifest as findings name it. */
  display: (manifest: ResourceDocument) => string;
  /** A base manifest as the admission controller receives it (the API server's defaults applied). */
  receive: (manifest: ResourceDocument) => ResourceDocument;
}

// ---------------------------------------------------------------------------------------------------------------
// Materialising a revision.

/** The extensions discovery reads (any case, a superset of what it reads). */
const READ_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/**
 * The files of a revision a scan of it may read: what discovery reads (YAML and JSON files, kustomization files, the
 * `.gitignore` files), the inputs of the Kustomize builds (every file at or below a kustomization's folder: patches,
 * generator files and env files), and `named`, the files given as scan paths (read whatever their name). Source code,
 * documents and images elsewhere are left out: a generator input outside its kustomization's folder (`../`) is not
 * there, and the build of that object at the base fails (the object is then new).
 */
export function filesToRead(files: readonly RevisionFile[], named: ReadonlySet<string>): RevisionFile[] {
  const kustomizations = new Set(files.filter((file) => KUSTOMIZATION_FILE_NAMES.includes(path.posix.basename(file.path))).map((file) => path.posix.dirname(file.path)));
  const inKustomization = (file: string): boolean => {
    if (kustomizations.size === 0) return false;
    for (let dir = path.posix.dirname(file); ; dir = path.posix.dirname(dir)) {
      if (kustomizations.has(dir)) return true;
      if (dir === '.') return false;
    }
  };
  return files.filter((file) => {
    const name = path.posix.basename(file.path);
    return READ_EXTENSIONS.has(path.posix.extname(name).toLowerCase()) || name === '.gitignore' || named.has(file.path) || inKustomization(file.path);
  });
}

/** A path of a tree that stays inside the folder it is written to. */
function safeSegments(file: string): string[] | null {
  const segments = file.split('/');
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..' && segment !== '.git' && !segment.includes('\\')) ? segments : null;
}

/** Whether the working tree's `working` holds the content of `file`: the revision knows, or the blob shas say. */
function sameContent(revision: Revision, file: RevisionFile, working: string): boolean {
  const known = revision.sameInWorkingTree?.(file);
  if (known !== undefined) return known;
  try {
    const stats = lstatSync(working);
    if (!stats.isFile() || (file.size !== undefined && stats.size !== file.size)) return false;
    return gitBlobSha(readFileSync(working)) === file.sha;
  } catch {
    return false;
  }
}

/** Puts the working tree's file at `target`: a hard link, else a copy (another file system); false when neither works. */
function reuse(working: string, target: string): boolean {
  try {
    linkSync(working, target);
    return true;
  } catch {
    try {
      copyFileSync(working, target, constants.COPYFILE_FICLONE);
      return true;
    } catch {
      return false;
    }
  }
}

/** Counts of what materialising wrote. */
export interface Materialised {
  reused: number;
  written: number;
}

/**
 * Writes the files of `revision` below `dir` (which mirrors the repository root), with an empty `.git` folder so that
 * discovery takes `dir` for the repository root, and the repository's `info/exclude`.
 */
export async function materialize(revision: Revision, dir: string, maxFileSize: number, files: readonly RevisionFile[] = revision.files): Promise<Materialised> {
  const placed: { file: RevisionFile; segments: string[] }[] = [];
  // Every folder once, parents first (a folder sorts before what it holds).
  const folders = new Set<string>();
  for (const file of files) {
    const segments = safeSegments(file.path);
    if (segments === null) continue;
    placed.push({ file, segments });
    for (let depth = segments.length - 1; depth > 0; depth--) {
      const folder = segments.slice(0, depth).join('/');
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  }
  for (const folder of [...folders].sort()) mkdirSync(path.join(dir, ...folder.split('/')));
  const counts: Materialised = { reused: 0, written: 0 };
  const wanted: { file: RevisionFile; target: string }[] = [];
  for (const { file, segments } of placed) {
    const target = path.join(dir, ...segments);
    const working = path.join(revision.root, ...segments);
    if (file.type === 'symlink') {
      if (revision.sameInWorkingTree?.(file) === true) {
        try {
          symlinkSync(readlinkSync(working), target);
          counts.reused++;
          continue;
        } catch {
          // Read from the blob below.
        }
      }
    } else if (file.size !== undefined && file.size > maxFileSize) {
      // Refused by the loader as it would be at the base, without reading it.
      writeFileSync(target, '');
      truncateSync(target, file.size);
      counts.written++;
      continue;
    } else if (sameContent(revision, file, working) && reuse(working, target)) {
      counts.reused++;
      continue;
    }
    wanted.push({ file, target });
  }
  const blobs = await revision.readBlobs(wanted.map(({ file }) => file.sha));
  for (const { file, target } of wanted) {
    const content = blobs.get(file.sha);
    if (content === undefined) throw new Error(`the blob of ${file.path} (${file.sha.slice(0, 12)}) was not read`);
    if (file.type === 'symlink') {
      try {
        symlinkSync(content.toString('utf8'), target);
      } catch {
        // A link the file system cannot hold is left out, as a checkout without symbolic links would.
        continue;
      }
    } else {
      writeFileSync(target, content);
    }
    counts.written++;
  }
  mkdirSync(path.join(dir, '.git', 'info'), { recursive: true });
  if (revision.excludeFile !== undefined) {
    try {
      copyFileSync(revision.excludeFile, path.join(dir, '.git', 'info', 'exclude'));
    } catch {
      // No exclude file.
    }
  }
  return counts;
}

/**
 * The scan's options moved into `dir`, the materialised repository root: paths inside the repository are mapped
 * there, paths outside it are read as they are (no revision of this repository holds them); standard input and the
 * extra policy paths are left out (only manifests are read at the base).
 */
export function baseOptions(options: LintOptions, root: string, dir: string): LintOptions {
  const inside = (file: string): string | null => {
    const relative = path.relative(root, file);
    if (relative === '') return dir;
    return outside(relative) ? null : path.join(dir, relative);
  };
  const map = (file: string): string => inside(file) ?? file;
  const config = { ...options.config };
  if (config.file !== undefined) config.file = map(config.file);
  return {
    cwd: map(options.cwd),
    paths: options.paths.filter((item) => item !== '-').map(map),
    policyPaths: [],
    config,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Pairing.

interface Pairing {
  /** Each head object at the base, by head object. */
  pairs: Map<ResourceDocument, ResourceDocument>;
  /** The base objects no head object pairs with, in scan order. */
  removed: ResourceDocument[];
}

/**
 * Pairs head and base objects by identity (API group, kind, namespace, name). Within one identity, objects of the
 * same `origin` pair first, in scan order, then the others in scan order. Nameless objects are never paired.
 */
export function pairByIdentity(head: readonly ResourceDocument[], base: readonly ResourceDocument[], origin: (resource: ResourceDocument, side: 'head' | 'base') => string): Pairing {
  const byKey = new Map<string, ResourceDocument[]>();
  for (const resource of base) {
    if (resource.name === '') continue;
    const key = resourceKey(resource.value);
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [resource]);
    else list.push(resource);
  }
  const pairs = new Map<ResourceDocument, ResourceDocument>();
  const taken = new Set<ResourceDocument>();
  const headByKey = new Map<string, ResourceDocument[]>();
  for (const resource of head) {
    if (resource.name === '') continue;
    const key = resourceKey(resource.value);
    if (!byKey.has(key)) continue;
    const list = headByKey.get(key);
    if (list === undefined) headByKey.set(key, [resource]);
    else list.push(resource);
  }
  for (const [key, heads] of headByKey) {
    const bases = byKey.get(key)!;
    if (heads.length === 1 && bases.length === 1) {
      pairs.set(heads[0]!, bases[0]!);
      taken.add(bases[0]!);
      continue;
    }
    for (const sameOrigin of [true, false]) {
      for (const resource of heads) {
        if (pairs.has(resource)) continue;
        const from = sameOrigin ? origin(resource, 'head') : '';
        const found = bases.find((candidate) => !taken.has(candidate) && (!sameOrigin || origin(candidate, 'base') === from));
        if (found === undefined) continue;
        pairs.set(resource, found);
        taken.add(found);
      }
    }
  }
  const removed = base.filter((resource) => resource.name !== '' && !taken.has(resource));
  return { pairs, removed };
}

// ---------------------------------------------------------------------------------------------------------------
// The comparison the scan evaluates with.

/** `policy/rule` and `policy` ids of a response's rules with a status, as findings name them. */
function statusKeys(responses: readonly ResourceResponse[]): Set<string> {
  const keys = new Set<string>();
  for (const { response } of responses) {
    const policy = policyReference(response.policy);
    for (const rule of response.rules) {
      keys.add(`${policy}/${rule.name}\n${rule.status}`);
      keys.add(`${policy}\n${rule.status}`);
    }
  }
  return keys;
}

export class BaseComparison {
  readonly #createEvaluation: EvaluationOptions;
  readonly #stored = new Map<ResourceDocument, JsonObject>();
  /** The base objects as the admission controller receives them (defaulted), each made once. */
  readonly #received = new Map<ResourceDocument, ResourceDocument>();
  readonly #removedSet: Set<ResourceDocument>;
  /** The findings of removed objects (located in base files). */
  readonly #removedFindings = new WeakSet<Finding>();
  #suppressions: Suppressions | undefined;
  /** Base files of removed objects that the working tree no longer has (as displayed). */
  readonly deletedFiles: ReadonlySet<string>;

  constructor(
    readonly outcome: BaseOutcome,
    private readonly pairs: ReadonlyMap<ResourceDocument, ResourceDocument>,
    /** The removed objects, evaluated as DELETE after the head objects. */
    readonly removed: readonly ResourceDocument[],
    /** The base files, by path. */
    readonly files: ReadonlyMap<string, SourceText>,
    private readonly context: BaseContext,
    cwd: string,
  ) {
    const { evaluation } = context;
    this.#createEvaluation = evaluation.operation === 'CREATE' ? evaluation : { ...evaluation, operation: 'CREATE' };
    this.#removedSet = new Set(removed);
    const deleted = new Set<string>();
    for (const resource of removed) {
      const display = files.get(resource.file)?.display;
      if (display !== undefined && !existsSync(path.resolve(cwd, display))) deleted.add(display);
    }
    this.deletedFiles = deleted;
  }

  #receivedBase(base: ResourceDocument): ResourceDocument {
    let received = this.#received.get(base);
    if (received === undefined) {
      received = this.context.receive(base);
      this.#received.set(base, received);
    }
    return received;
  }

  /** The base object as the cluster stores it: defaulted by the API server, then mutated by the policies on its CREATE. */
  #storedObject(base: ResourceDocument): JsonObject {
    let stored = this.#stored.get(base);
    if (stored === undefined) {
      const policies = this.context.policies(base.namespace);
      const received = this.#receivedBase(base);
      stored = received.value;
      if (policies.some((policy) => policy.mutate !== undefined)) {
        const responses = evaluateResource(policies, received, { ...this.#createEvaluation, mutateOnly: true, targets: [] });
        stored = mutatedResource(responses, received.value);
      }
      this.#stored.set(base, stored);
    }
    return stored;
  }

  /**
   * How `resource` (a head object, or one of {@link removed}) is evaluated; `received` is the head object as the
   * admission controller receives it (defaulted).
   */
  change(resource: ResourceDocument, received: ResourceDocument = resource): BaseChange {
    const { evaluation } = this.context;
    if (this.#removedSet.has(resource)) {
      const stored = this.#storedObject(resource);
      const document: ResourceDocument = stored === resource.value ? resource : { ...resource, value: stored as ResourceDocument['value'] };
      return { operation: 'DELETE', resource: document, evaluation: { ...evaluation, operation: 'DELETE', oldResource: stored } };
    }
    const base = this.pairs.get(resource);
    if (base === undefined) return { operation: 'CREATE', resource: received, evaluation: this.#createEvaluation };
    // An object the change leaves as it was is not part of the update: it is checked as without a base, so that the
    // violations it holds stay reported (an UPDATE would skip them as pre-existing).
    if (jsonEqual(this.#receivedBase(base).value, received.value, 'type')) return { operation: 'CREATE', resource: received, evaluation: this.#createEvaluation };
    return { operation: 'UPDATE', resource: received, evaluation: { ...evaluation, operation: 'UPDATE', oldResource: this.#storedObject(base) } };
  }

  /**
   * Names the base in the messages of the findings `change` brings (see the file comment); changes them in place.
   * `responses` are those the findings come from.
   */
  describe(change: BaseChange, findings: Finding[], responses: readonly ResourceResponse[]): void {
    const { label } = this.outcome;
    if (change.operation === 'DELETE') {
      for (const finding of findings) {
        finding.message = `${finding.message} (DELETE: removed since ${label})`;
        this.#removedFindings.add(finding);
      }
      return;
    }
    if (change.operation !== 'UPDATE') return;
    const rules = findings.filter((finding) => finding.policy !== '' && (finding.status === 'fail' || finding.status === 'error'));
    if (rules.length === 0) return;
    // The same object as a CREATE, through the policies that failed (and the mutations the validations see).
    const failing = new Set(responses.filter(({ response }) => response.rules.some((rule) => rule.status === 'fail' || rule.status === 'error')).map(({ response }) => response.policy));
    const policies = this.context.policies(change.resource.namespace).filter((policy) => failing.has(policy) || policy.mutate !== undefined);
    const asCreate = statusKeys(evaluateResource(policies, change.resource, this.#createEvaluation));
    for (const finding of rules) {
      if (!asCreate.has(`${finding.ruleId}\n${finding.status}`)) finding.message = `${finding.message} (UPDATE from ${label})`;
    }
  }

  /** Whether a finding is about a removed object (it is located in a base file). */
  isRemoved(finding: Finding): boolean {
    return this.#removedFindings.has(finding);
  }

  /**
   * The inline directives of the base files of removed objects: a finding of a removed object is suppressed by the
   * directives written around it at the base.
   */
  suppressions(ruleIds: readonly string[]): Suppressions {
    if (this.#suppressions === undefined) {
      const files = new Set<SourceText>();
      for (const resource of this.removed) {
        const file = this.files.get(resource.file);
        if (file !== undefined) files.add(file);
      }
      this.#suppressions = new Suppressions(files, ruleIds);
    }
    return this.#suppressions;
  }

}

/**
 * Loads the manifests of `options.base` and pairs them with the head manifests `head`. A base that cannot be read
 * gives no comparison and an outcome with the reason (the scan then evaluates as without a base).
 */
export async function compareWithBase(options: LintOptions, head: readonly ResourceDocument[], context: BaseContext, warnings: string[]): Promise<{ comparison: BaseComparison | null; outcome: BaseOutcome }> {
  const revision = options.base!;
  const started = performance.now();
  const failed = (error: string): { comparison: null; outcome: BaseOutcome } => ({
    comparison: null,
    outcome: { label: revision.label, ...(revision.commit !== undefined ? { commit: revision.commit } : {}), updated: 0, created: 0, removed: 0, loadMs: performance.now() - started, error },
  });
  const relative = path.relative(revision.root, options.cwd);
  if (outside(relative)) return failed(`the working directory ${options.cwd} is outside the repository ${revision.root}`);
  if (options.config.operation !== 'CREATE') {
    warnings.push(`the configuration's operation (${options.config.operation}) is not used with a base revision: each object is a CREATE, an UPDATE or a DELETE as the comparison with ${revision.label} says`);
  }
  let workspace: Workspace;
  let dir: string | undefined;
  try {
    dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-base-'));
    // Files named as scan paths are read whatever their name; standard input alone has no base to read.
    const scanned = options.paths.filter((item) => item !== '-');
    const named = new Set(scanned.map((item) => path.relative(revision.root, item).split(path.sep).join('/')));
    if (scanned.length > 0) await materialize(revision, dir, options.config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, filesToRead(revision.files, named));
    workspace = await context.load(baseOptions(options, revision.root, dir));
  } catch (error) {
    return failed(`cannot read the base revision ${revision.label}: ${(error as Error).message}`);
  } finally {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
  const baseDisplay = (resource: ResourceDocument): string => workspace.files.get(resource.file)?.display ?? resource.file;
  const origin = (resource: ResourceDocument, side: 'head' | 'base'): string =>
    resource.builtBy !== undefined ? `build:${resource.builtBy.join('\n')}` : `file:${side === 'head' ? context.display(resource) : baseDisplay(resource)}`;
  const { pairs, removed } = pairByIdentity(head, workspace.manifests, origin);
  const outcome: BaseOutcome = {
    label: revision.label,
    ...(revision.commit !== undefined ? { commit: revision.commit } : {}),
    updated: pairs.size,
    created: head.length - pairs.size,
    removed: removed.length,
    loadMs: performance.now() - started,
  };
  return { comparison: new BaseComparison(outcome, pairs, removed, workspace.files, context, options.cwd), outcome };
}
