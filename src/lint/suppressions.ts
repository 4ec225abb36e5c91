/**
 * @file Inline suppressions in the scanned files, as ESLint's disable comments:
 *
 * - `# kyverno-lint-disable-next-line [ids]` suppresses the findings that start on the next line (a finding
 *   spanning several lines counts by its first line; a finding about a whole document is at the document's
 *   first content line, so the directive goes on the line above `apiVersion:`);
 * - `# kyverno-lint-disable [ids]` suppresses the findings from its own line to the end of its YAML document
 *   (the next `---` line or the end of the file); on a `---` line it covers the document that line starts.
 *
 * `ids` are comma-separated rule ids (`policy/rule`, `namespace/policy/rule`, `kyverno-lint/<code>`) with
 * the wildcards and autogen names of the configuration's `ignore`; no id means every rule. Text after ` -- `
 * is the reason (kept as the suppression's justification). A directive that suppresses nothing is reported
 * as `kyverno-lint/unused-disable-directive` (a warning, as ESLint's `reportUnusedDisableDirectives`
 * default), an id naming no rule of a loaded policy or a malformed `kyverno-lint-…` comment as
 * `kyverno-lint/invalid-disable-directive`. Comments are found by the YAML lexer of the `yaml` package, so
 * a `#` inside a string or block scalar is not a directive. Directive findings are never suppressed.
 */
import { CST, Lexer } from 'yaml';
import { isIgnored } from '../config/severity.js';
import type { Finding, Location, Suppression } from '../report/types.js';
import { isDocumentSeparator } from '../source/split.js';
import { lineIndexAt, lineStarts } from '../source/lines.js';
import { blankTemplateActions } from '../source/template-lines.js';
import { sourceOfLine, type HelmTemplate } from './helm.js';
import { fullLocation, type SourceText } from './workspace.js';
import { closest } from '../util/closest.js';

type DirectiveKind = 'disable' | 'disable-next-line';

/** What a directive comment says. */
interface DirectiveText {
  kind: DirectiveKind;
  /** Rule ids or patterns; empty for every rule. */
  ids: string[];
  /** The text after ` -- `, if any. */
  justification?: string;
}

const MARKER = 'kyverno-lint-';
const DIRECTIVE = /^kyverno-lint-(disable-next-line|disable)(?=\s|$)([^]*)$/;
const REASON_SEPARATOR = /(?:^|\s)-{2,}(?:\s|$)/;

/**
 * Reads the text of a comment (without `#`): a directive, `'invalid'` for a malformed `kyverno-lint-…`
 * comment, `null` for any other comment.
 */
export function parseDirective(comment: string): DirectiveText | 'invalid' | null {
  const text = comment.trim();
  if (!text.startsWith(MARKER)) return null;
  const match = DIRECTIVE.exec(text);
  if (match === null) return 'invalid';
  const body = match[2]!;
  const separator = REASON_SEPARATOR.exec(body);
  const list = separator === null ? body : body.slice(0, separator.index);
  const reason = separator === null ? '' : body.slice(separator.index + separator[0].length).trim();
  const ids = list
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const directive: DirectiveText = { kind: match[1] as DirectiveKind, ids };
  if (reason !== '') directive.justification = reason;
  return directive;
}

/** A comment of a YAML text: its 0-based offset and its text from `#`. */
interface Comment {
  offset: number;
  text: string;
}

/** Lexer tokens that mark structure without standing for source characters. */
const MARKERS = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

/** The comments of `text`, as the YAML lexer finds them (not inside strings or block scalars). */
function commentsOf(text: string): Comment[] {
  const comments: Comment[] = [];
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (MARKERS.has(token)) continue;
    if (CST.tokenType(token) === 'comment') comments.push({ offset, text: token });
    offset += token.length;
  }
  return comments;
}

/** A directive found in a file, with the lines it covers in the coordinates of findings. */
interface DisableDirective extends DirectiveText {
  /** Where the comment is. */
  location: Location;
  /** The first and last line of the findings it suppresses, in `scope.file`. */
  scope: { file: string; from: number; to: number };
  /** A `disable` directive in a `---` section that holds no document. */
  outsideDocument: boolean;
  /** The ids that suppressed a finding (`''` for a directive without ids). */
  used: Set<string>;
  /** The ids that name no rule of a loaded policy (reported as such, not as unused). */
  unknown: Set<string>;
}

/** A file whose directives are read, and the lines whose comments are not directives of it. */
interface DirectiveSource {
  file: SourceText;
  skip?: (line: number) => boolean;
}

/**
 * The files whose comments are directives: the scanned files and, for rendered Helm input, the chart templates
 * its documents were found in. Findings of such a document are reported in its template, so the directives that
 * apply to them are the template's comments, at the template's lines (read with the template's actions blanked);
 * their rendered copies are not read again. The documents whose template was not found keep their rendered
 * directives, at the rendered lines, as their findings do.
 */
function directiveSources(files: Iterable<SourceText>): DirectiveSource[] {
  const sources: DirectiveSource[] = [];
  const templates = new Map<string, HelmTemplate>();
  for (const file of files) {
    const helm = file.helm;
    if (helm === undefined) {
      sources.push({ file });
      continue;
    }
    for (const source of helm) if (source.target !== undefined) templates.set(source.target.template.path, source.target.template);
    sources.push({ file, skip: (line) => sourceOfLine(helm, line)?.target !== undefined });
  }
  for (const template of templates.values()) {
    const documents = template.parsed.documents
      .filter((document) => document.root.children.length > 0)
      .map((document, index) => ({ file: template.path, index, value: null, line: document.contentLine ?? document.startLine }));
    sources.push({ file: { path: template.path, display: template.display, text: blankTemplateActions(template.text), documents } });
  }
  return sources;
}

/** The directives of one file, and findings for malformed ones. */
function readDirectives({ file, skip }: DirectiveSource): { directives: DisableDirective[]; problems: Finding[] } {
  const directives: DisableDirective[] = [];
  const problems: Finding[] = [];
  if (!file.text.includes(MARKER)) return { directives, problems };
  const starts = lineStarts(file.text);
  const separators = starts.map((start, index) => (isDocumentSeparator(file.text, start) ? index + 1 : 0)).filter((line) => line > 0);
  for (const comment of commentsOf(file.text)) {
    const parsed = parseDirective(comment.text.slice(1));
    if (parsed === null) continue;
    const lineIndex = lineIndexAt(starts, comment.offset);
    const line = lineIndex + 1;
    if (skip?.(line) === true) continue;
    const column = comment.offset - starts[lineIndex]! + 1;
    const location = fullLocation(file, { line, column, endLine: line, endColumn: column + comment.text.length });
    if (parsed === 'invalid') {
      const name = comment.text.slice(1).trim().split(/\s/, 1)[0];
      const message = `unknown directive "${name}": expected kyverno-lint-disable or kyverno-lint-disable-next-line`;
      problems.push(directiveFinding('invalid-disable-directive', message, location));
      continue;
    }
    let from = line + 1;
    let to = line + 1;
    let outsideDocument = false;
    if (parsed.kind === 'disable') {
      from = line;
      const next = separators.findIndex((separator) => separator > line);
      to = next === -1 ? starts.length : separators[next]! - 1;
      // The section's first line: the `---` line before it (or on the directive's line), else line 1.
      const previous = next === -1 ? separators.at(-1) : separators[next - 1];
      const sectionStart = previous ?? 1;
      outsideDocument = !file.documents.some((document) => document.line >= sectionStart && document.line <= to);
    }
    directives.push({ ...parsed, location, scope: { file: file.display, from, to }, outsideDocument, used: new Set(), unknown: new Set() });
  }
  return { directives, problems };
}

function directiveFinding(code: string, message: string, location: Location): Finding {
  return { ruleId: `kyverno-lint/${code}`, policy: '', rule: '', severity: 'warning', status: 'problem', message, location };
}

function directiveKey(directive: DisableDirective): string {
  return `${directive.scope.file}:${directive.location.line}:${directive.location.column}`;
}

function quoted(ids: readonly string[]): string {
  return ids.map((id) => `'${id}'`).join(', ');
}

/** The directives of a scan: which findings they suppress, and the findings about the directives themselves. */
export class Suppressions {
  private readonly byFile = new Map<string, DisableDirective[]>();
  private readonly problems: Finding[] = [];

  /**
   * `knownRuleIds` are the rule ids of the loaded policies (autogen rules included) and the tool's own
   * `kyverno-lint/<code>` ids: a directive id that matches none of them is reported.
   */
  constructor(files: Iterable<SourceText>, knownRuleIds: readonly string[]) {
    for (const source of directiveSources(files)) {
      const read = readDirectives(source);
      this.problems.push(...read.problems);
      for (const directive of read.directives) {
        const list = this.byFile.get(directive.scope.file) ?? [];
        list.push(directive);
        this.byFile.set(directive.scope.file, list);
        for (const id of directive.ids) {
          if (knownRuleIds.some((ruleId) => isIgnored([id], ruleId))) continue;
          directive.unknown.add(id);
          const suggestion = /[*?]/.test(id) ? null : closest(id, knownRuleIds);
          const message = `'${id}' in kyverno-lint-${directive.kind} names no rule of a loaded policy${suggestion === null ? '' : ` (did you mean '${suggestion}'?)`}`;
          this.problems.push(directiveFinding('invalid-disable-directive', message, directive.location));
        }
      }
    }
  }

  /** The suppressions of `finding` (`null` when no directive covers it); the directives are marked used. */
  suppress(finding: Finding): Suppression[] | null {
    const directives = this.byFile.get(finding.location.file);
    if (directives === undefined) return null;
    const found: Suppression[] = [];
    const line = finding.location.line;
    for (const directive of directives) {
      if (line < directive.scope.from || line > directive.scope.to) continue;
      const matched = directive.ids.length === 0 ? [''] : directive.ids.filter((id) => isIgnored([id], finding.ruleId));
      if (matched.length === 0) continue;
      for (const id of matched) directive.used.add(id);
      const suppression: Suppression = { kind: directive.kind, line: directive.location.line };
      if (directive.justification !== undefined) suppression.justification = directive.justification;
      found.push(suppression);
    }
    return found.length > 0 ? found : null;
  }

  /**
   * The ids each directive used so far, by `file:line:column` of the directive: what the parallel workers of one
   * scan exchange, so that a directive used by another worker's finding is not reported unused.
   */
  usage(): [string, string[]][] {
    const out: [string, string[]][] = [];
    for (const directives of this.byFile.values()) {
      for (const directive of directives) if (directive.used.size > 0) out.push([directiveKey(directive), [...directive.used]]);
    }
    return out;
  }

  /** Marks the ids of `usage` (from `usage()` of a scan of the same files) used. */
  addUsage(usage: readonly (readonly [string, readonly string[]])[]): void {
    const byKey = new Map<string, DisableDirective>();
    for (const directives of this.byFile.values()) for (const directive of directives) byKey.set(directiveKey(directive), directive);
    for (const [key, ids] of usage) {
      const directive = byKey.get(key);
      if (directive !== undefined) for (const id of ids) directive.used.add(id);
    }
  }

  /**
   * Findings about the directives: malformed ones, unknown ids, and (after every `suppress`) unused ones; with
   * `owned`, only those of the files (as displayed) it accepts.
   */
  directiveFindings(owned?: (file: string) => boolean): Finding[] {
    const out = owned === undefined ? [...this.problems] : this.problems.filter((problem) => owned(problem.location.file));
    for (const [file, directives] of this.byFile) {
      if (owned !== undefined && !owned(file)) continue;
      for (const directive of directives) {
        const name = `kyverno-lint-${directive.kind}`;
        let message: string;
        if (directive.ids.length === 0) {
          if (directive.used.size > 0) continue;
          message = `unused ${name} directive (no problems were reported)`;
        } else {
          const unused = directive.ids.filter((id) => !directive.used.has(id) && !directive.unknown.has(id));
          if (unused.length === 0) continue;
          message = `unused ${name} directive (no problems were reported from ${quoted(unused)})`;
        }
        if (directive.outsideDocument) message += ': it covers the rest of its `---` section, which holds no document';
        out.push(directiveFinding('unused-disable-directive', message, directive.location));
      }
    }
    return out;
  }
}
