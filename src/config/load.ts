/**
 * @file The configuration file `.kyverno-lint.yaml` (or `.kyverno-lint.yml`): found by searching the
 * working directory and its ancestors, read as YAML 1.2 (so `off`, `no` and `on` are strings), and
 * decoded strictly into a {@link LintConfig}: unknown keys, values of the wrong type and invalid
 * values are problems named by the line and column of the offending key or value. Paths (`values`,
 * `userinfo`, `imageData`) are resolved against the config file's folder; globs stay as written and are relative
 * to that folder ({@link globBase}). Every key is documented in README.md, "Configuration file".
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node } from 'yaml';
import { parseKubernetesVersion } from '../cluster/api-defaults/index.js';
import { closest } from '../util/closest.js';
import { parseByteSize } from '../util/byte-size.js';
import type { ConfigPosition, KustomizeSettings, RuleIdPositions, SeverityMapping, SeveritySetting, UserInfoSetting } from './types.js';
import { DEFAULT_CONFIG, type LintConfig } from './types.js';

/** The names of the configuration file, in the order they are looked for in each folder. */
export const CONFIG_FILE_NAMES = ['.kyverno-lint.yaml', '.kyverno-lint.yml'] as const;

/** Values of `format`. */
export const OUTPUT_FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'] as const;

/** Values of `operation`. */
const OPERATIONS = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'] as const;

const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'info', 'off'];

/** Something wrong in the configuration file, at a 1-based line and column. */
export interface ConfigProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface LoadedConfig {
  /** The configuration: the defaults overridden by every valid setting of the file. */
  config: LintConfig;
  problems: ConfigProblem[];
}

/**
 * The configuration file that applies in `cwd`: the first `.kyverno-lint.yaml` or `.kyverno-lint.yml`
 * (a regular file) in `cwd` or its nearest ancestor, up to the filesystem root; null when there is none.
 */
export function findConfigFile(cwd: string): string | null {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    for (const name of CONFIG_FILE_NAMES) {
      const file = path.join(dir, name);
      if (existsSync(file) && statSync(file).isFile()) return file;
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** The folder the globs of `config` are relative to: the config file's folder, else `cwd`. */
export function globBase(config: Pick<LintConfig, 'file'>, cwd: string): string {
  return config.file === undefined ? path.resolve(cwd) : path.dirname(config.file);
}

/** A fresh copy of the defaults (no shared arrays or maps). */
function defaults(): LintConfig {
  return structuredClone(DEFAULT_CONFIG);
}

class Decoder {
  readonly problems: ConfigProblem[] = [];
  /** Where the rule ids of `severity` and `ignore` are written. */
  readonly positions: RuleIdPositions = { severityPolicies: {}, severityRules: {}, ignore: [] };

  constructor(
    readonly file: string,
    private readonly document: Document,
    private readonly lines: LineCounter,
  ) {}

  /** The 1-based position of the start of `node` (the document's start when there is no node). */
  position(node: Node | null | undefined): ConfigPosition {
    const { line, col } = this.lines.linePos(node?.range?.[0] ?? 0);
    return { line, column: col };
  }

  /** Reports `message` at the start of `node` (the document's start when there is no node). */
  report(node: Node | null | undefined, message: string): void {
    this.problems.push({ file: this.file, ...this.position(node), message });
  }

  /** The node itself, an alias replaced by the node it names. */
  resolve(node: unknown): Node | null {
    if (isAlias(node)) return (node.resolve(this.document) as Node | undefined) ?? null;
    return (node as Node | null) ?? null;
  }

  /** The entries of a mapping as (key text, key node, value node, null for no value or `null`); non-string keys are problems. */
  entries(node: Node, what: string): { key: string; keyNode: Node; value: Node | null }[] | null {
    if (!isMap(node)) {
      this.report(node, `${what} must be a mapping, got ${describe(node)}`);
      return null;
    }
    const out: { key: string; keyNode: Node; value: Node | null }[] = [];
    for (const pair of node.items) {
      const keyNode = this.resolve(pair.key);
      if (keyNode === null || !isScalar(keyNode) || typeof keyNode.value !== 'string') {
        this.report(keyNode, `${what}: keys must be strings`);
        continue;
      }
      const value = this.resolve(pair.value);
      out.push({ key: keyNode.value, keyNode, value: isScalar(value) && value.value === null ? null : value });
    }
    return out;
  }

  string(node: Node, what: string): string | undefined {
    if (isScalar(node) && typeof node.value === 'string') {
      if (node.value.trim() !== '') return node.value;
      this.report(node, `${what} must not be empty`);
      return undefined;
    }
    this.report(node, `${what} must be a string, got ${describe(node)}`);
    return undefined;
  }

  oneOf<T extends string>(node: Node, what: string, allowed: readonly T[]): T | undefined {
    const text = this.string(node, what);
    if (text === undefined) return undefined;
    if ((allowed as readonly string[]).includes(text)) return text as T;
    this.report(node, `${what} must be one of ${allowed.join(', ')}, got "${text}"`);
    return undefined;
  }

  stringList(node: Node, what: string): string[] | undefined {
    if (!isSeq(node)) {
      this.report(node, `${what} must be a list of strings, got ${describe(node)}`);
      return undefined;
    }
    const out: string[] = [];
    node.items.forEach((raw, index) => {
      const item = this.resolve(raw);
      const text = item === null || (isScalar(item) && item.value === null) ? this.missing(item ?? node, `${what}[${index}]`) : this.string(item, `${what}[${index}]`);
      if (text !== undefined) out.push(text);
    });
    return out;
  }

  /** A list of globs relative to the config file's folder. */
  globs(node: Node, what: string): string[] | undefined {
    const globs = this.stringList(node, what);
    if (globs === undefined || !isSeq(node)) return undefined;
    return globs.filter((glob, index) => {
      const normalized = glob.trim().replace(/^(\.\/)+/, '');
      if (normalized.startsWith('/') || normalized === '..' || normalized.startsWith('../')) {
        this.report(this.resolve(node.items[index]), `${what}: "${glob}" is outside the config file's folder (globs are relative to it)`);
        return false;
      }
      return true;
    });
  }

  boolean(node: Node, what: string): boolean | undefined {
    if (isScalar(node) && typeof node.value === 'boolean') return node.value;
    this.report(node, `${what} must be true or false, got ${describe(node)}`);
    return undefined;
  }

  nonNegativeInteger(node: Node, what: string): number | undefined {
    if (isScalar(node) && typeof node.value === 'number' && Number.isInteger(node.value) && node.value >= 0) return node.value;
    this.report(node, `${what} must be an integer of 0 or more, got ${describe(node)}`);
    return undefined;
  }

  /** A size in bytes: a positive integer, or a string such as `64Mi`, `64MiB` or `10MB`. */
  byteSize(node: Node, what: string): number | undefined {
    const value = isScalar(node) && (typeof node.value === 'number' || typeof node.value === 'string') ? parseByteSize(String(node.value)) : null;
    if (value !== null) return value;
    this.report(node, `${what} must be a size in bytes of 1 or more (such as 67108864, 64Mi, 64MiB or 10MB), got ${describe(node)}`);
    return undefined;
  }

  /**
   * A mapping of names to severity settings; `keyProblem` tells what is wrong with a key, if anything;
   * `positions` receives where each key is written.
   */
  severityMap(node: Node, what: string, positions: Record<string, ConfigPosition>, keyProblem: (key: string) => string | null = () => null): Record<string, SeveritySetting> | undefined {
    const entries = this.entries(node, what);
    if (entries === null) return undefined;
    const out: Record<string, SeveritySetting> = {};
    for (const { key, keyNode, value } of entries) {
      const problem = keyProblem(key);
      if (problem !== null) {
        this.report(keyNode, `${what}: ${problem}`);
        continue;
      }
      const label = `${what}["${key}"]`;
      const setting = value === null ? this.missing(keyNode, label) : this.oneOf(value, label, SEVERITY_SETTINGS);
      if (setting !== undefined) {
        out[key] = setting;
        positions[key] = this.position(keyNode);
      }
    }
    return out;
  }

  /** A key or list item with no value (`key:` alone, `- ` alone, or `null`): reported at the key or item. */
  missing(keyNode: Node, what: string): undefined {
    this.report(keyNode, `${what} has no value`);
    return undefined;
  }

  /** An unknown key, with the nearest known one when it looks like a typo. */
  unknownKey(keyNode: Node, key: string, what: string, known: readonly string[]): void {
    const suggestion = closest(key, known);
    const hint = suggestion === null ? `known keys: ${known.join(', ')}` : `did you mean "${suggestion}"?`;
    this.report(keyNode, `unknown key "${key}"${what === '' ? '' : ` in ${what}`} (${hint})`);
  }
}

/** The kind of a node's value, for messages. */
function describe(node: Node | null): string {
  if (node === null) return 'nothing';
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) {
    const { value } = node;
    if (value === null) return 'null';
    if (typeof value === 'string') return `"${value}"`;
    return `${typeof value} ${String(value)}`;
  }
  return 'an alias';
}

const TOP_LEVEL_KEYS = ['policies', 'manifests', 'exclude', 'values', 'userinfo', 'userInfo', 'imageData', 'operation', 'apiDefaults', 'kubernetesVersion', 'severity', 'ignore', 'format', 'maxWarnings', 'maxFileSize', 'allowEmpty', 'kustomize'] as const;
const USER_INFO_KEYS = ['username', 'uid', 'groups', 'extra', 'roles', 'clusterRoles'] as const;

/** `userInfo`: the requesting user, each field checked (strings, lists of strings, `extra` a map of lists). */
function decodeUserInfo(decoder: Decoder, node: Node, config: LintConfig): void {
  const entries = decoder.entries(node, 'userInfo');
  if (entries === null) return;
  const info: UserInfoSetting = {};
  for (const { key, keyNode, value } of entries) {
    if (!(USER_INFO_KEYS as readonly string[]).includes(key)) {
      decoder.unknownKey(keyNode, key, 'userInfo', USER_INFO_KEYS);
      continue;
    }
    const what = `userInfo.${key}`;
    if (value === null) {
      decoder.missing(keyNode, what);
      continue;
    }
    if (key === 'username' || key === 'uid') {
      const text = decoder.string(value, what);
      if (text !== undefined) info[key] = text;
    } else if (key === 'extra') {
      const extra = decoder.entries(value, what);
      if (extra === null) continue;
      const out: Record<string, string[]> = {};
      for (const item of extra) {
        const values = item.value === null ? decoder.missing(item.keyNode, `${what}["${item.key}"]`) : decoder.stringList(item.value, `${what}["${item.key}"]`);
        if (values !== undefined) out[item.key] = values;
      }
      info.extra = out;
    } else {
      const list = decoder.stringList(value, what);
      if (list !== undefined) info[key as 'groups' | 'roles' | 'clusterRoles'] = list;
    }
  }
  config.userInfo = info;
}
const KUSTOMIZE_KEYS = ['build', 'roots'] as const;

function decodeKustomize(decoder: Decoder, node: Node, config: LintConfig): void {
  const entries = decoder.entries(node, 'kustomize');
  if (entries === null) return;
  const settings: KustomizeSettings = { build: true, roots: [] };
  for (const { key, keyNode, value } of entries) {
    if (!(KUSTOMIZE_KEYS as readonly string[]).includes(key)) {
      decoder.unknownKey(keyNode, key, 'kustomize', KUSTOMIZE_KEYS);
      continue;
    }
    if (value === null) {
      decoder.missing(keyNode, `kustomize.${key}`);
      continue;
    }
    if (key === 'build') {
      const build = decoder.boolean(value, 'kustomize.build');
      if (build !== undefined) settings.build = build;
    } else {
      const roots = decoder.globs(value, 'kustomize.roots');
      if (roots !== undefined) settings.roots = roots;
    }
  }
  config.kustomize = settings;
}
const SEVERITY_KEYS = ['audit', 'enforce', 'policies', 'rules'] as const;

function ruleIdProblem(key: string): string | null {
  return /^[^/]+(\/[^/]+)?\/[^/]+$/.test(key) ? null : `"${key}" is not a rule id (expected "policy/rule" or "namespace/policy/rule")`;
}

/** `ignore`: rule ids or patterns of them; an id without `/` and without wildcards can match nothing. */
function decodeIgnore(decoder: Decoder, node: Node, config: LintConfig): void {
  const ignore = decoder.stringList(node, 'ignore');
  if (ignore === undefined || !isSeq(node)) return;
  config.ignore = [];
  decoder.positions.ignore = [];
  // stringList drops the items it reports, so the items are matched to their nodes again.
  const nodes = node.items.map((item) => decoder.resolve(item)).filter((item): item is Node => isScalar(item) && typeof item.value === 'string' && item.value.trim() !== '');
  ignore.forEach((pattern, index) => {
    const item = nodes[index];
    if (!pattern.includes('/') && !/[*?]/.test(pattern)) {
      decoder.report(item, `ignore: "${pattern}" is not a rule id (expected "policy/rule", "namespace/policy/rule" or "kyverno-lint/<problem>", with * and ? as wildcards)`);
      return;
    }
    config.ignore.push(pattern);
    decoder.positions.ignore.push(decoder.position(item));
  });
}

function decodeSeverity(decoder: Decoder, node: Node, into: SeverityMapping): void {
  const entries = decoder.entries(node, 'severity');
  if (entries === null) return;
  for (const { key, keyNode, value } of entries) {
    if (!(SEVERITY_KEYS as readonly string[]).includes(key)) {
      decoder.unknownKey(keyNode, key, 'severity', SEVERITY_KEYS);
      continue;
    }
    const what = `severity.${key}`;
    if (value === null) {
      decoder.missing(keyNode, what);
      continue;
    }
    if (key === 'audit' || key === 'enforce') {
      const setting = decoder.oneOf(value, what, SEVERITY_SETTINGS);
      if (setting !== undefined) into[key] = setting;
    } else if (key === 'policies' || key === 'rules') {
      const map = key === 'rules' ? decoder.severityMap(value, what, decoder.positions.severityRules, ruleIdProblem) : decoder.severityMap(value, what, decoder.positions.severityPolicies);
      if (map !== undefined) into[key] = map;
    }
  }
}

function decodeTopLevel(decoder: Decoder, node: Node, config: LintConfig): void {
  const folder = path.dirname(decoder.file);
  const entries = decoder.entries(node, 'the configuration');
  if (entries === null) return;
  // The requesting user is a UserInfo file or written inline, not both.
  const userInfoKeys = entries.filter((entry) => entry.key === 'userinfo' || entry.key === 'userInfo');
  if (userInfoKeys.length > 1) decoder.report(userInfoKeys[1]!.keyNode, 'userinfo (a UserInfo file) and userInfo (the user written here) cannot both be set: keep one');
  for (const { key, keyNode, value } of entries) {
    if (!(TOP_LEVEL_KEYS as readonly string[]).includes(key)) {
      decoder.unknownKey(keyNode, key, '', TOP_LEVEL_KEYS);
      continue;
    }
    if (value === null) {
      decoder.missing(keyNode, key);
      continue;
    }
    switch (key as (typeof TOP_LEVEL_KEYS)[number]) {
      case 'policies':
      case 'manifests':
      case 'exclude': {
        const globs = decoder.globs(value, key);
        if (globs !== undefined) config[key as 'policies' | 'manifests' | 'exclude'] = globs;
        break;
      }
      case 'values':
      case 'userinfo':
      case 'imageData': {
        const file = decoder.string(value, key);
        if (file !== undefined) config[key as 'values' | 'userinfo' | 'imageData'] = path.resolve(folder, file);
        break;
      }
      case 'userInfo':
        decodeUserInfo(decoder, value, config);
        break;
      case 'operation': {
        const operation = decoder.oneOf(value, key, OPERATIONS);
        if (operation !== undefined) config.operation = operation;
        break;
      }
      case 'apiDefaults': {
        const apiDefaults = decoder.boolean(value, key);
        if (apiDefaults !== undefined) config.apiDefaults = apiDefaults;
        break;
      }
      case 'kubernetesVersion': {
        // YAML reads `1.30` as a number: the version is taken as written.
        const text = isScalar(value) && typeof value.value === 'number' ? (value.source ?? String(value.value)) : decoder.string(value, key);
        if (text === undefined) break;
        const version = parseKubernetesVersion(text);
        if (typeof version === 'string') config.kubernetesVersion = version;
        else decoder.report(value, `${key}: ${version.error}`);
        break;
      }
      case 'severity':
        decodeSeverity(decoder, value, config.severity);
        break;
      case 'ignore':
        decodeIgnore(decoder, value, config);
        break;
      case 'format': {
        const format = decoder.oneOf(value, key, OUTPUT_FORMATS);
        if (format !== undefined) config.format = format;
        break;
      }
      case 'maxWarnings': {
        const maxWarnings = decoder.nonNegativeInteger(value, key);
        if (maxWarnings !== undefined) config.maxWarnings = maxWarnings;
        break;
      }
      case 'allowEmpty': {
        const allowEmpty = decoder.boolean(value, key);
        if (allowEmpty !== undefined) config.allowEmpty = allowEmpty;
        break;
      }
      case 'kustomize':
        decodeKustomize(decoder, value, config);
        break;
      case 'maxFileSize': {
        const maxFileSize = decoder.byteSize(value, key);
        if (maxFileSize !== undefined) config.maxFileSize = maxFileSize;
        break;
      }
    }
  }
}

/** Decodes the text of a configuration file; `file` (absolute) names it and anchors relative paths. */
export function parseConfig(file: string, text: string): LoadedConfig {
  const config: LintConfig = { ...defaults(), file };
  const lines = new LineCounter();
  const documents = parseAllDocuments(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const problems: ConfigProblem[] = [];
  if (!Array.isArray(documents) || documents.length === 0) return { config, problems };
  for (const document of documents) {
    for (const error of document.errors) {
      const { line, col } = lines.linePos(error.pos[0]);
      problems.push({ file, line, column: col, message: `YAML syntax error: ${error.message}` });
    }
  }
  if (problems.length > 0) return { config, problems };
  if (documents.length > 1) {
    const { line, col } = lines.linePos(documents[1].range[0]);
    return { config, problems: [{ file, line, column: col, message: 'the configuration file must hold a single YAML document' }] };
  }
  const [document] = documents;
  const decoder = new Decoder(file, document, lines);
  const root = decoder.resolve(document.contents);
  if (root !== null && !(isScalar(root) && root.value === null)) decodeTopLevel(decoder, root, config);
  const { positions } = decoder;
  if (Object.keys(positions.severityPolicies).length + Object.keys(positions.severityRules).length + positions.ignore.length > 0) config.positions = positions;
  return { config, problems: decoder.problems };
}

/** Reads and decodes the configuration file `file`; an unreadable file is a problem at 1:1. */
export function loadConfig(file: string): LoadedConfig {
  const absolute = path.resolve(file);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : error instanceof Error ? error.message : String(error);
    return { config: { ...defaults(), file: absolute }, problems: [{ file: absolute, line: 1, column: 1, message: `cannot read the configuration file: ${reason}` }] };
  }
  return parseConfig(absolute, text);
}
