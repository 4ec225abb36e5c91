/**
 * @file Loading a repository for a scan: every discovered file is read and parsed once, its documents
 * classified (policies, PolicyExceptions, policy bindings, CEL policies, Kyverno CLI files, manifests, other YAML), the
 * policies shape-checked, then, once every file is read, validated as the admission controller validates
 * them (the scopes of kinds from the built-in types and the CustomResourceDefinitions read) and compiled.
 * Every problem becomes a finding at its file and line; one bad file never stops the others.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isCustomResourceDefinition, ResourceScopes } from '../cluster/index.js';
import { classifyWithKind, mayHoldKubernetesObject } from '../discovery/classify.js';
import { acceptBinding, acceptException, acceptPolicy, isEvaluated } from '../evaluate/family.js';
import type { PolicyKind } from '../evaluate/kinds.js';
import type { CompiledBinding, CompiledException, CompiledPolicy, DocumentProblem } from '../evaluate/types.js';
import { checkObjectMetadata, jsonType } from '../families/kyverno/policy/check.js';
import type { Finding, Location } from '../report/types.js';
import {
  DEFAULT_MAX_FILE_SIZE,
  expandLists,
  isTooLarge,
  locate,
  locateInDocument,
  locateInScalar,
  parseDocuments,
  readFileBounded,
  readFileHead,
  stripByteOrderMark,
  tooLargeMessage,
  type SourceDocument,
  type TooLarge,
} from '../source/index.js';
import { nameOf, namespaceOf, type KubernetesObject } from '../source/index.js';
import type { JsonObject, JsonValue } from '../types.js';
import { sha256 } from '../util/digest.js';
import { isObject, valueJson } from '../util/json-value.js';
import { resourceDocument, type ResourceDocument } from '../evaluate/resource.js';
import { helmSources, type HelmSource } from './helm.js';
import { lineStarts } from '../source/lines.js';
import type { ProblemCode } from './problem-codes.js';
import type { BuildProblem } from '../build/kustomize/build.js';

/** A parsed file of the scan. */
export interface SourceText {
  /** Absolute path, or `-` for standard input. */
  path: string;
  /** How findings name the file: relative to the working directory, `/` separated. */
  display: string;
  text: string;
  documents: SourceDocument[];
  /** Standard input rendered by Helm: the template each document comes from. */
  helm?: HelmSource[];
}

interface WorkspacePolicy {
  compiled: CompiledPolicy;
  file: SourceText;
  document: SourceDocument;
}

export interface Workspace {
  files: Map<string, SourceText>;
  policies: WorkspacePolicy[];
  exceptions: CompiledException[];
  /** Policy bindings (ValidatingAdmissionPolicyBindings) in the order read, for the policies they name. */
  bindings: CompiledBinding[];
  manifests: ResourceDocument[];
  /** The Kustomize builds checked: each root (as displayed) with the files it reads (as displayed). */
  builds: Map<string, Set<string>>;
  /** Problems of the input, as findings. */
  problems: Finding[];
  counts: { policies: number; manifests: number; other: number };
  /**
   * The files read for their manifests (not as Kustomize inputs) that hold manifests and no document of a policy kind
   * or CustomResourceDefinition: the results cache may keep their manifests (cache.ts).
   */
  plainFiles: Set<string>;
  /**
   * With the results cache: a digest of each policy document accepted with the scopes it was accepted under, which a
   * later run compiles without checking again (`checkedBefore` of the loader).
   */
  checkedPolicies: string[];
}

/** Files whose manifests came from the results cache: their documents are parsed when first asked for. */
const storedSources = new WeakSet<SourceText>();

/** Whether the documents of `source` are parsed only when asked for (a file whose manifests the cache held). */
export function isStoredSource(source: SourceText): boolean {
  return storedSources.has(source);
}

/** A manifest as the results cache stores it: its document index, its item index in a `kind: List`, its object. */
export type StoredManifest = [documentIndex: number, listItem: number | null, value: KubernetesObject];

function isStoredManifest(entry: unknown): entry is StoredManifest {
  if (!Array.isArray(entry) || entry.length !== 3) return false;
  const [index, item, value] = entry as unknown[];
  const position = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) >= 0;
  return position(index) && (item === null || position(item)) && isObject(value as JsonValue) && typeof (value as JsonObject).apiVersion === 'string' && typeof (value as JsonObject).kind === 'string';
}

/** What the scan reads from a file. */
interface FileRole {
  policies: boolean;
  manifests: boolean;
  /** Read only when the text looks like a Kubernetes object (`.json` files met in a walk); otherwise the file is not counted. */
  ifKubernetes?: boolean;
}

export function displayName(cwd: string, file: string): string {
  if (file === '-') return '<stdin>';
  const relative = path.relative(cwd, file);
  return (relative === '' || relative.startsWith('..') ? file : relative).split(path.sep).join('/');
}

const lineStartsByFile = new WeakMap<SourceText, number[]>();

/** The length of a 1-based line of the file (without its line break), from line starts computed once per file. */
function lineLength(file: SourceText, line: number): number {
  let starts = lineStartsByFile.get(file);
  if (starts === undefined) {
    starts = lineStarts(file.text);
    lineStartsByFile.set(file, starts);
  }
  const start = starts[line - 1];
  if (start === undefined) return 0;
  const next = starts[line];
  let end = next === undefined ? file.text.length : next - 1;
  if (end > start && file.text[end - 1] === '\r') end--;
  return end - start;
}

/** The location of a whole document line, or of `location` as `locate` gives it. */
export function fullLocation(file: SourceText, location: { line: number; column: number; endLine?: number; endColumn?: number }): Location {
  const endLine = location.endLine ?? location.line;
  let endColumn = location.endColumn;
  if (endColumn === undefined) endColumn = Math.max(lineLength(file, location.line) + 1, location.column);
  return { file: file.display, line: location.line, column: location.column, endLine, endColumn };
}

export function problem(ruleId: ProblemCode, file: SourceText, at: { line: number; column: number }, message: string, severity: Finding['severity'] = 'error'): Finding {
  return { ruleId: `kyverno-lint/${ruleId}`, policy: '', rule: '', severity, status: 'problem', message, location: fullLocation(file, at) };
}

function readText(file: string, maxBytes: number): { text: string } | { error: string } | TooLarge {
  try {
    const read = readFileBounded(file, maxBytes);
    return isTooLarge(read) ? read : { text: read.toString('utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: code === 'EISDIR' ? 'is a directory' : code === 'ENOENT' ? 'no such file' : (error as Error).message };
  }
}


/** `Kind name`, or the kind alone for a nameless document. */
function subjectOf(value: JsonObject): string {
  return [String(value.kind), nameOf(value)].filter((part) => part !== '').join(' ');
}

/** A relative or absolute path as one POSIX shell word that no command takes for a flag: single-quoted when it needs quoting. */
function shellWord(file: string): string {
  const word = file.startsWith('-') ? `./${file}` : file;
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A policy document, accepted once every file is read (the CustomResourceDefinitions read tell which kinds are cluster-scoped). */
interface PendingPolicy {
  value: JsonObject;
  kind: PolicyKind;
  source: SourceText;
  document: SourceDocument;
}

/** How much of a `.json` file over the size limit is read to tell a manifest from data. */
const JSON_HEAD_BYTES = 64 * 1024;

export class WorkspaceLoader {
  readonly #pending: PendingPolicy[] = [];
  /** The files counted as holding neither policies nor manifests. */
  readonly #counted = new Map<string, 'other'>();
  /** The CustomResourceDefinitions of every file read, whatever role the file plays. */
  readonly #definitions: JsonObject[] = [];

  readonly workspace: Workspace = {
    files: new Map(),
    policies: [],
    exceptions: [],
    bindings: [],
    manifests: [],
    builds: new Map(),
    problems: [],
    counts: { policies: 0, manifests: 0, other: 0 },
    plainFiles: new Set(),
    checkedPolicies: [],
  };

  /**
   * `maxFileSize`: files (and standard input) larger than this many bytes are reported, not read. `checkedBefore`
   * (with the results cache): the digests of the policy documents an earlier run accepted; null without the cache.
   */
  constructor(
    private readonly cwd: string,
    private readonly maxFileSize = DEFAULT_MAX_FILE_SIZE,
    private readonly checkedBefore: ReadonlySet<string> | null = null,
  ) {}

  /** A problem with a whole file, at its start. */
  private fileProblem(file: string, code: ProblemCode, message: string, severity: Finding['severity'] = 'error'): void {
    const display = displayName(this.cwd, file);
    this.workspace.problems.push({
      ruleId: `kyverno-lint/${code}`,
      policy: '',
      rule: '',
      severity,
      status: 'problem',
      message,
      location: { file: display, line: 1, column: 1, endLine: 1, endColumn: 1 },
    });
  }

  /**
   * Reads and parses one file once (its syntax problems reported), without classifying its documents: a string says
   * why it cannot be read. The Kustomize build reads its inputs through it.
   */
  source(file: string): SourceText | string {
    const known = this.workspace.files.get(file);
    if (known !== undefined) return known;
    const read = readText(file, this.maxFileSize);
    if (isTooLarge(read)) return tooLargeMessage(displayName(this.cwd, file), read);
    if ('error' in read) return read.error;
    return this.register(file, read.text);
  }

  private register(file: string, text: string): SourceText {
    const body = stripByteOrderMark(text);
    const parsed = parseDocuments(file, body);
    const source: SourceText = { path: file, display: displayName(this.cwd, file), text: body, documents: parsed.documents };
    if (file === '-') {
      const helm = helmSources(body);
      if (helm.length > 0) source.helm = helm;
    }
    this.workspace.files.set(file, source);
    for (const found of parsed.problems) this.workspace.problems.push(problem('yaml-syntax', source, found, found.message, found.severity));
    return source;
  }

  /** Reads, parses and classifies one file; `stdin` is what standard input gave for `-`. */
  addFile(file: string, role: FileRole, stdin?: string | TooLarge): void {
    const known = this.workspace.files.get(file);
    let source: SourceText;
    if (known !== undefined) {
      source = known;
    } else {
      const read = file === '-' ? (typeof stdin === 'string' || stdin === undefined ? { text: stdin ?? '' } : stdin) : readText(file, this.maxFileSize);
      if (isTooLarge(read)) {
        // A large `.json` file of a walked folder is most likely data: it is refused only when its start looks
        // like a Kubernetes object (kubectl writes `apiVersion` first).
        if (role.ifKubernetes === true && !mayHoldKubernetesObject(readFileHead(file, JSON_HEAD_BYTES))) return;
        this.fileProblem(file, 'file-too-large', tooLargeMessage(file === '-' ? 'standard input' : displayName(this.cwd, file), read));
        return;
      }
      if ('error' in read) {
        this.fileProblem(file, 'unreadable-file', `cannot read ${displayName(this.cwd, file)}: ${read.error}`);
        return;
      }
      if (role.ifKubernetes === true && !mayHoldKubernetesObject(read.text)) return;
      source = this.register(file, read.text);
    }
    const parsed = { documents: source.documents };
    let sawPolicy = false;
    let sawManifest = false;
    /** A document of a policy kind or a CustomResourceDefinition, whatever the file is read for. */
    let sawPolicyInput = false;
    if (role.manifests) this.checkLists(source, parsed.documents);
    for (const document of expandLists(parsed.documents)) {
      const value = document.value;
      const { class: kind, kind: policyKind } = classifyWithKind(value);
      if (document.listItem !== undefined && kind === 'other' && role.manifests) {
        // kubectl decodes every item of a List as an object of its own.
        const at = this.where(source, document, []);
        this.workspace.problems.push(problem('invalid-manifest', source, at, `List: items[${document.listItem}]: not a Kubernetes object (apiVersion and kind are required)`));
        continue;
      }
      if (value === null) continue;
      if (kind === 'manifest' && isCustomResourceDefinition(value as JsonObject)) {
        this.#definitions.push(value as JsonObject);
        sawPolicyInput = true;
      }
      if (policyKind !== undefined) sawPolicyInput = true;
      if (policyKind !== undefined && role.policies) {
        sawPolicy = true;
        const object = value as JsonObject;
        if (!isEvaluated(policyKind)) {
          this.reportUnsupported(source, document, object, policyKind);
        } else if (policyKind.role === 'policy') {
          this.#pending.push({ value: object, kind: policyKind, source, document });
        } else if (policyKind.role === 'exception') {
          this.addException(source, document, object, policyKind);
        } else {
          this.addBinding(source, document, object, policyKind);
        }
      } else if (kind === 'manifest' && role.manifests) {
        sawManifest = true;
        this.addManifest(source, document, value as KubernetesObject);
      }
    }
    if (sawPolicy) this.workspace.counts.policies++;
    else if (sawManifest) this.workspace.counts.manifests++;
    else {
      this.workspace.counts.other++;
      this.#counted.set(file, 'other');
    }
    // Whether its documents would be read as policies does not matter: it holds none.
    if (sawManifest && !sawPolicyInput && role.ifKubernetes !== true && file !== '-') this.workspace.plainFiles.add(file);
  }

  /**
   * A file of manifests (`plainFiles`) whose manifests the results cache holds for its `text`, unchanged since
   * (cache.ts): its manifests are the stored ones, its documents parsed only when a finding or a fix needs their
   * positions. False, with nothing added, when the stored manifests are not of the expected shape (the file is then to
   * be added as any other).
   */
  addStoredFile(file: string, stored: { manifests: string; text: string }): boolean {
    if (this.workspace.files.has(file)) return false;
    let manifests: unknown;
    try {
      manifests = JSON.parse(stored.manifests);
    } catch {
      return false;
    }
    if (!Array.isArray(manifests) || manifests.length === 0 || !manifests.every(isStoredManifest)) return false;
    const body = stripByteOrderMark(stored.text);
    let documents: SourceDocument[] | undefined;
    const source = { path: file, display: displayName(this.cwd, file), text: body } as SourceText;
    // Parsed as `register` would: the file is unchanged and had no problem, so the parse reports none.
    Object.defineProperty(source, 'documents', { enumerable: true, get: () => (documents ??= parseDocuments(file, body).documents) });
    storedSources.add(source);
    this.workspace.files.set(file, source);
    for (const [index, item, value] of manifests) {
      const resource = resourceDocument(value, file, index);
      if (item !== null) resource.listItem = item;
      this.workspace.manifests.push(resource);
    }
    this.workspace.counts.manifests++;
    this.workspace.plainFiles.add(file);
    return true;
  }

  /** A `v1` List whose `items` is not a list cannot be decoded (kubectl fails on it): reported, not skipped. */
  private checkLists(source: SourceText, documents: readonly SourceDocument[]): void {
    for (const document of documents) {
      const value = document.value;
      if (value === null || typeof value !== 'object' || Array.isArray(value) || value.apiVersion !== 'v1' || value.kind !== 'List') continue;
      if (value.items === undefined || value.items === null || Array.isArray(value.items)) continue;
      const at = locate(source.path, source.text, document.index, ['items']);
      this.workspace.problems.push(problem('invalid-manifest', source, at, `List: items: Invalid value: must be of type array, got ${jsonType(value.items)}`));
    }
  }

  /** Reports each shape problem of a document as a `kyverno-lint/<code>` finding at its node; whether there was one. */
  private reportShape(code: ProblemCode, source: SourceText, document: SourceDocument, value: JsonObject, problems: readonly DocumentProblem[]): boolean {
    const subject = subjectOf(value);
    for (const found of problems) {
      this.workspace.problems.push(problem(code, source, this.where(source, document, found.path), `${subject}: ${found.message}`));
    }
    return problems.length > 0;
  }

  private where(source: SourceText, document: SourceDocument, at: readonly (string | number)[]): { line: number; column: number } {
    return locate(source.path, source.text, document.index, document.listItem === undefined ? [...at] : ['items', document.listItem, ...at]);
  }

  /**
   * Validates and compiles the policies read, in the order read, as the admission controller would: a
   * kind is cluster-scoped when the built-in types or a CustomResourceDefinition read say so. Call once,
   * after the last `addFile`.
   */
  complete(): Workspace {
    const scopes = new ResourceScopes(this.#definitions);
    for (const { value, kind, source, document } of this.#pending.splice(0)) {
      // The document and the types its kind's scope could depend on.
      const digest = this.checkedBefore === null ? null : sha256(`${scopes.definedTypes}\u0000${valueJson(value)}`);
      const checked = digest !== null && this.checkedBefore!.has(digest);
      const accepted = acceptPolicy(value, { scopes, source: { file: source.path, line: document.line, column: 1 }, checked }, kind);
      switch (accepted.status) {
        case 'accepted':
          if (digest !== null) this.workspace.checkedPolicies.push(digest);
          this.workspace.policies.push({ compiled: accepted.policy, file: source, document });
          if (kind.family === 'kyverno') this.reportLegacy(source, document, value);
          break;
        case 'malformed':
          this.reportShape('invalid-policy', source, document, value, accepted.problems);
          break;
        case 'invalid': {
          // A CEL compile error points at the characters of the expression it names.
          const at = accepted.at;
          const inExpression = at === undefined ? null : locateInScalar({ file: source.path, text: source.text }, document, at.path, at.start, at.end);
          const where = inExpression ?? this.where(source, document, at?.path ?? []);
          this.workspace.problems.push(problem('invalid-policy', source, where, `${subjectOf(value)} is not evaluated: ${accepted.reason}`));
          break;
        }
        case 'unsupported':
          this.reportUnsupported(source, document, value, accepted.kind, accepted.reason);
          break;
      }
    }
    return this.workspace;
  }

  /**
   * A kyverno.io ClusterPolicy/Policy: Kyverno 1.20 no longer runs them (its webhook rejects them, its CLI refuses
   * them), so each document gets one `legacy-policy` notice at its first line, naming the `kyverno-lint migrate`
   * command that translates its file. The finding names the policy as its resource.
   */
  private reportLegacy(source: SourceText, document: SourceDocument, value: JsonObject): void {
    const command = source.path === '-' ? '`kyverno-lint migrate` on its file' : `\`kyverno-lint migrate ${shellWord(source.display)}\``;
    const message = `${subjectOf(value)} is a kyverno.io policy, which Kyverno 1.20 no longer runs: ${command} translates it into CEL policies`;
    // The document's first line (an item of a `kind: List` spans many: its first line only).
    const { line, column } = this.where(source, document, []);
    const finding = problem('legacy-policy', source, { line, column }, message, 'info');
    finding.resource = { apiVersion: String(value.apiVersion), kind: String(value.kind), namespace: namespaceOf(value), name: nameOf(value) };
    this.workspace.problems.push(finding);
  }

  /** A policy of a kind kyverno-lint does not evaluate yet: one warning at the document. */
  private reportUnsupported(source: SourceText, document: SourceDocument, value: JsonObject, kind: PolicyKind, reason?: string): void {
    const message = `${subjectOf(value)} is not evaluated: ${reason ?? `kyverno-lint does not evaluate ${kind.kind} policies yet`}`;
    this.workspace.problems.push(problem('unsupported-policy-kind', source, this.where(source, document, []), message, 'warning'));
  }

  private addException(source: SourceText, document: SourceDocument, value: JsonObject, kind: PolicyKind): void {
    const accepted = acceptException(value, kind);
    if (accepted.status === 'accepted') this.workspace.exceptions.push(accepted.exception);
    else if (accepted.status === 'invalid') this.workspace.problems.push(problem('invalid-policy-exception', source, locate(source.path, source.text, document.index, []), accepted.reason));
  }

  /** A binding of a kind not evaluated yet is left out: its policy kind is reported as such. */
  private addBinding(source: SourceText, document: SourceDocument, value: JsonObject, kind: PolicyKind): void {
    const accepted = acceptBinding(value, kind);
    if (accepted.status === 'accepted') this.workspace.bindings.push(accepted.binding);
    else if (accepted.status === 'malformed') this.reportShape('invalid-policy', source, document, value, accepted.problems);
  }

  /** The manifests of the Kustomize builds, and what kept parts of them from being built. */
  addBuild(manifests: readonly ResourceDocument[], problems: readonly BuildProblem[], builds: ReadonlyMap<string, ReadonlySet<string>>, invalidManifests: readonly BuildProblem[] = []): void {
    for (const found of invalidManifests) this.buildProblem(found, 'invalid-manifest');
    this.workspace.manifests.push(...manifests);
    for (const [root, inputs] of builds) this.workspace.builds.set(displayName(this.cwd, root), new Set([...inputs].map((file) => displayName(this.cwd, file))));
    // The resource files of a build hold manifests, checked as built.
    for (const file of new Set(manifests.map((manifest) => manifest.file))) {
      if (this.#counted.get(file) !== 'other') continue;
      this.#counted.delete(file);
      this.workspace.counts.other--;
      this.workspace.counts.manifests++;
    }
    for (const found of problems) this.buildProblem(found, 'kustomize-build');
  }

  private buildProblem(found: BuildProblem, code: ProblemCode): void {
    const source = this.workspace.files.get(found.file);
    if (source === undefined) {
      this.fileProblem(found.file, code, found.message, found.severity);
      return;
    }
    const at = found.document === undefined ? { line: 1, column: 1 } : locateInDocument({ file: source.path, text: source.text }, found.document, found.path);
    this.workspace.problems.push(problem(code, source, at, found.message, found.severity));
  }

  private addManifest(source: SourceText, document: SourceDocument, value: KubernetesObject): void {
    // The API server cannot decode such an object (or rejects it as nameless): no admission controller sees it.
    if (this.reportShape('invalid-manifest', source, document, value, checkObjectMetadata(value))) return;
    const resource = resourceDocument(value, source.path, document.index);
    // kubectl applies the items of a `kind: List` one by one: each is checked as a manifest.
    if (document.listItem !== undefined) resource.listItem = document.listItem;
    this.workspace.manifests.push(resource);
  }
}

/**
 * Whether `file` is a template of a Helm chart (`<chart>/templates/**` next to a `Chart.yaml`): such files
 * are Go templates, not YAML, and are checked by rendering the chart (`helm template … | kyverno-lint -`).
 */
export function isHelmTemplate(file: string): boolean {
  let dir = path.dirname(file);
  while (dir !== path.dirname(dir)) {
    if (path.basename(dir) === 'templates' && existsSync(path.join(path.dirname(dir), 'Chart.yaml'))) return true;
    dir = path.dirname(dir);
  }
  return false;
}
