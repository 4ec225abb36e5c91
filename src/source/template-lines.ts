/**
 * @file Positions in Helm chart templates: Go templates that render YAML, so not YAML themselves. A key path of
 * the rendered object is followed through the template's indentation, best effort:
 *
 * - actions (`{{ … }}`) are delimited as Go's text/template lexer does (text/template/parse/lex.go: `{{`,
 *   the `{{- ` and ` -}}` trim markers, `/* … *\/` comments, quoted and raw strings inside actions), also over
 *   several lines;
 * - a line made only of control actions (`if`, `else`, `end`, `range`, `with`, `define`, `block`, variable
 *   assignments, comments) has no place in the structure; a line whose action writes output (`include`,
 *   `toYaml`, `tpl`, a value) holds content the template does not spell out: its keys are unknown, and its
 *   indentation is the `nindent`/`indent` it asks for, when it does;
 * - every other line is a key (`name:`), a list item (`- `, `- name:`), or text the structure ignores
 *   (scalar continuations, comments, block scalar contents);
 * - each key is looked for among the lines indented deeper than its parent's, list items count as sequence
 *   elements in the order the template writes them (the items written inside a `range` stand for every element
 *   the range renders, and an element with a `name` the template writes literally is found by that name).
 *
 * A key the template does not write (rendered by `toYaml` or `include`) is not found: the path stops at the
 * deepest key found, or at the line that writes the missing content when that key has exactly one such line.
 */
import type { JsonValue } from '../types.js';
import { isObject } from '../util/json-value.js';
import type { Segment } from './path-segments.js';

/** An action of a template: its offsets (`{{` to `}}` included) and its text without delimiters and trim markers. */
interface Action {
  start: number;
  end: number;
  body: string;
}

/** Starts an action in the shape of a line; the other characters of the action are {@link INSIDE}. */
const OPEN = '\u0001';
const INSIDE = '\u0002';
const MARKS = /[\u0001\u0002]/;

/**
 * The actions of a template, in order. Like text/template's lexer: `{{/*` (or `{{- /*`) starts a comment that
 * ends at `*\/}}`; elsewhere `}}` ends the action unless it is inside a quoted (`"…"`, `'…'`) or raw (`` `…` ``)
 * string. An action left open runs to the end of the text.
 */
function scanActions(text: string): Action[] {
  const actions: Action[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf('{{', from);
    if (start < 0) break;
    let at = start + 2;
    if (text[at] === '-' && /\s/.test(text[at + 1] ?? '')) at += 2;
    while (/\s/.test(text[at] ?? '')) at++;
    let end: number;
    if (text.startsWith('/*', at)) {
      const close = text.indexOf('*/', at + 2);
      const after = close < 0 ? -1 : text.indexOf('}}', close + 2);
      end = after < 0 ? text.length : after + 2;
    } else {
      end = text.length;
      let quote = '';
      for (let i = at; i < text.length; i++) {
        const ch = text[i]!;
        if (quote !== '') {
          if (ch === '\\' && quote !== '`') i++;
          else if (ch === quote) quote = '';
          else if (ch === '\n' && quote !== '`') quote = '';
        } else if (ch === '"' || ch === "'" || ch === '`') {
          quote = ch;
        } else if (ch === '}' && text[i + 1] === '}') {
          end = i + 2;
          break;
        }
      }
    }
    let inner = text.slice(start + 2, end === text.length && !text.endsWith('}}') ? end : end - 2);
    inner = inner.replace(/^-(?=\s)/, '').replace(/(?<=\s)-$/, '').trim();
    actions.push({ start, end, body: inner });
    from = end;
  }
  return actions;
}

/** The text with every action blanked (its characters as spaces, its line breaks kept): what is left is the YAML the template writes literally. */
export function blankTemplateActions(text: string): string {
  let out = '';
  let from = 0;
  for (const action of scanActions(text)) {
    out += text.slice(from, action.start) + text.slice(action.start, action.end).replace(/[^\n\r]/g, ' ');
    from = action.end;
  }
  return out + text.slice(from);
}

type ActionRole = 'comment' | 'open' | 'range' | 'define' | 'end' | 'control' | 'output';

/** What an action does to the structure: a block it opens or closes, nothing, or output. */
function actionRole(body: string): ActionRole {
  if (body.startsWith('/*')) return 'comment';
  const word = /^[a-z]+/.exec(body)?.[0] ?? '';
  if (word === 'range') return 'range';
  if (word === 'define') return 'define';
  if (word === 'if' || word === 'with' || word === 'block') return 'open';
  if (word === 'end') return 'end';
  if (word === 'else' || word === 'break' || word === 'continue') return 'control';
  // `$name := …` and `$name = …` assign; they write nothing.
  if (/^\$\w*\s*:?=[^=]/.test(body)) return 'control';
  return 'output';
}

/** The indentation an output action gives the text it writes (`nindent 8`, `indent 8`), if it says. */
function indentOf(body: string): number | null {
  const match = /\bn?indent\s+(\d+)/.exec(body);
  return match === null ? null : Number(match[1]);
}

type NodeKind = 'root' | 'key' | 'item' | 'output';

interface TemplateNode {
  kind: NodeKind;
  /** 1-based line, and 1-based column of the key, of the item's `-`, or of the output action. */
  line: number;
  column: number;
  /** The indentation the node's children are compared with (0-based columns). */
  indent: number;
  /** A key's name. */
  key?: string;
  /** A key's value as written (actions marked), `''` for a key whose children follow. */
  value?: string;
  children: TemplateNode[];
  /** The `range` blocks the node is written in (outermost first), by id. */
  ranges: readonly number[];
}

/** One `---`-separated document of a template. */
export interface TemplateDocument {
  /** 1-based lines of the document's first and last line. */
  startLine: number;
  endLine: number;
  /** The document's top-level `kind:` when the template writes it literally. */
  kind: string | null;
  /** The first line that is neither blank nor a comment (`#`, `{{/* … *\/}}`), or null for an empty document. */
  contentLine: number | null;
  /** The column of the first character of `contentLine`. */
  contentColumn: number;
  root: TemplateNode;
}

/** A template read for locating paths: its documents with their keys. */
export interface ParsedTemplate {
  documents: TemplateDocument[];
}

const DOUBLE_QUOTED_KEY = /^"((?:[^"\\\u0001\u0002]|\\.)*)"[ \t]*:(?=[ \t]|$)/;
const SINGLE_QUOTED_KEY = /^'((?:[^'\u0001\u0002]|'')*)'[ \t]*:(?=[ \t]|$)/;
/** The characters a plain key cannot start with. */
const PLAIN_KEY_START = /^[^\s#'"[\]{},&*!|>%@`\u0001\u0002]/;
/** The `:` that ends a plain key. */
const KEY_COLON = /:(?=[ \t]|$)/;
const ITEM = /^-(?:[ \t]+|$)/;
const BLOCK_SCALAR = /^[|>][0-9+-]*[ \t]*(?:#.*)?$/;

/** A key written at the start of `shape` (a line from its first character, actions marked): the key and its value. */
function keyAt(shape: string): { key: string; value: string } | null {
  let key: string;
  let rest: string;
  const double = DOUBLE_QUOTED_KEY.exec(shape);
  const single = double === null ? SINGLE_QUOTED_KEY.exec(shape) : null;
  if (double !== null) {
    key = double[1]!.replace(/\\(.)/g, '$1');
    rest = shape.slice(double[0].length);
  } else if (single !== null) {
    key = single[1]!.replace(/''/g, "'");
    rest = shape.slice(single[0].length);
  } else {
    if (!PLAIN_KEY_START.test(shape)) return null;
    // Searched, not matched with a lazy pattern: linear on long lines.
    const colon = KEY_COLON.exec(shape);
    if (colon === null) return null;
    key = shape.slice(0, colon.index).trimEnd();
    if (MARKS.test(key) || key.includes(' #')) return null;
    rest = shape.slice(colon.index + 1);
  }
  const value = rest.replace(/(?:^|[ \t])#.*$/, '').trim();
  return { key, value };
}

/** A scalar value written literally (no action), unquoted; null otherwise. */
function literalValue(value: string | undefined): string | null {
  if (value === undefined || value === '' || MARKS.test(value)) return null;
  if (/^"(?:[^"\\]|\\.)*"$/.test(value)) return value.slice(1, -1).replace(/\\(.)/g, '$1');
  if (/^'(?:[^']|'')*'$/.test(value)) return value.slice(1, -1).replace(/''/g, "'");
  return value;
}

function node(kind: NodeKind, line: number, column: number, indent: number, ranges: readonly number[], extra: Partial<TemplateNode> = {}): TemplateNode {
  return { kind, line, column, indent, children: [], ranges, ...extra };
}

/** Reads a template: its documents, and in each the tree of keys, list items and output lines its indentation gives. */
export function parseTemplate(text: string): ParsedTemplate {
  const actions = scanActions(text);
  // The shape of the text: each action's first character as OPEN, its others (line breaks aside) as INSIDE.
  let shape = '';
  let from = 0;
  const actionAt = new Map<number, Action>();
  for (const action of actions) {
    actionAt.set(action.start, action);
    const span = text.slice(action.start, action.end);
    shape += text.slice(from, action.start) + OPEN + span.slice(1).replace(/[^\n]/g, INSIDE);
    from = action.end;
  }
  shape += text.slice(from);
  const lines = shape.split('\n');

  const documents: TemplateDocument[] = [];
  const blocks: { role: ActionRole; id: number }[] = [];
  let nextBlock = 0;
  let offset = 0;
  let document = newDocument(1);
  let stack: TemplateNode[] = [document.root];
  /** Lines indented deeper than this belong to a block scalar. */
  let scalarIndent = -1;

  const ranges = (): number[] => blocks.filter((block) => block.role === 'range').map((block) => block.id);
  const inDefine = (): boolean => blocks.some((block) => block.role === 'define');
  const finish = (endLine: number): void => {
    document.endLine = endLine;
    documents.push(document);
  };
  /** The control blocks the actions of a line open and close. */
  const updateBlocks = (roles: readonly ActionRole[]): void => {
    for (const role of roles) {
      if (role === 'open' || role === 'range' || role === 'define') blocks.push({ role, id: nextBlock++ });
      else if (role === 'end') blocks.pop();
    }
  };

  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    const raw = lines[index]!.replace(/\r$/, '');
    const lineStart = offset;
    offset += lines[index]!.length + 1;
    const lineActions: Action[] = [];
    for (let i = raw.indexOf(OPEN); i >= 0; i = raw.indexOf(OPEN, i + 1)) {
      const action = actionAt.get(lineStart + i);
      if (action !== undefined) lineActions.push(action);
    }
    const indent = raw.length - raw.trimStart().length;
    const content = raw.slice(indent).trimEnd();
    const roles = lineActions.map((action) => actionRole(action.body));
    const onlyActions = content !== '' && content.replace(/[\u0001\u0002\s]/g, '') === '';

    if (indent === 0 && /^---(?:[ \t]|$)/.test(content) && !inDefine()) {
      finish(lineNumber - 1);
      document = newDocument(lineNumber + 1);
      stack = [document.root];
      scalarIndent = -1;
      continue;
    }
    if (scalarIndent >= 0 && (content === '' || indent > scalarIndent)) {
      updateBlocks(roles);
      continue;
    }
    scalarIndent = -1;
    const skip = content === '' || content.startsWith(INSIDE) || content.startsWith('#') || inDefine();
    const isComment = onlyActions && roles.every((role) => role === 'comment');
    if (!skip && !isComment && document.contentLine === null) {
      document.contentLine = lineNumber;
      document.contentColumn = indent + 1;
    }
    if (skip || isComment) {
      updateBlocks(roles);
      continue;
    }
    if (onlyActions) {
      const output = lineActions.find((_, at) => roles[at] === 'output');
      if (output !== undefined) addOutput(lineNumber, indent, indentOf(output.body) ?? indent);
      updateBlocks(roles);
      continue;
    }
    const current = ranges();
    if (content.startsWith(OPEN)) {
      // Content after an action at the line's start (`{{ .Values.key }}: value`): keys the template does not spell.
      addOutput(lineNumber, indent, indent);
    } else {
      readEntry(content, lineNumber, indent, current);
    }
    updateBlocks(roles);
  }
  finish(lines.length);
  for (const found of documents) found.kind = literalValue(found.root.children.find((child) => child.kind === 'key' && child.key === 'kind')?.value) ?? null;
  return { documents };

  function newDocument(startLine: number): TemplateDocument {
    return { startLine, endLine: startLine, kind: null, contentLine: null, contentColumn: 1, root: node('root', startLine, 1, -1, []) };
  }

  /** An output line: a child of the node its indentation puts it under (it has no children of its own). */
  function addOutput(line: number, indent: number, effective: number): void {
    let at = stack.length - 1;
    while (at > 0 && stack[at]!.indent >= effective) at--;
    stack[at]!.children.push(node('output', line, indent + 1, effective, ranges()));
  }

  /** A key line, or a list item (with the key or output written after its `-`). */
  function readEntry(content: string, line: number, indent: number, current: readonly number[]): void {
    const item = ITEM.exec(content);
    if (item === null) {
      const entry = keyAt(content);
      if (entry === null) return;
      while (stack.length > 1 && stack.at(-1)!.indent >= indent) stack.pop();
      pushKey(entry, line, indent, current);
      return;
    }
    // An item of a sequence at `indent`: its parent is the key above it, also one written at the same indentation.
    while (stack.length > 1) {
      const top = stack.at(-1)!;
      if (top.indent < indent || (top.indent === indent && top.kind === 'key' && top.value === '')) break;
      stack.pop();
    }
    const itemNode = node('item', line, indent + 1, indent, current);
    stack.at(-1)!.children.push(itemNode);
    stack.push(itemNode);
    const rest = content.slice(item[0].length);
    const restIndent = indent + item[0].length;
    if (rest.startsWith(OPEN)) {
      itemNode.children.push(node('output', line, restIndent + 1, restIndent, current));
      return;
    }
    const entry = keyAt(rest);
    if (entry !== null) pushKey(entry, line, restIndent, current);
    else if (BLOCK_SCALAR.test(rest)) scalarIndent = indent;
  }

  function pushKey(entry: { key: string; value: string }, line: number, indent: number, current: readonly number[]): void {
    const keyNode = node('key', line, indent + 1, indent, current, { key: entry.key, value: entry.value });
    stack.at(-1)!.children.push(keyNode);
    stack.push(keyNode);
    if (BLOCK_SCALAR.test(entry.value)) scalarIndent = indent;
  }
}

/**
 * The template document a rendered document comes from: Helm splits a template's output on `---` and sorts the
 * manifests by kind (helm pkg/releaseutil/manifest_sorter.go `SortManifests`), keeping the order of a template's
 * manifests of one kind. So the `kindIndex`-th rendered document of its kind from this template is the
 * `kindIndex`-th template document writing that `kind:` literally; without one, the `index`-th document with content.
 */
export function selectTemplateDocument(template: ParsedTemplate, rendered: { kind: string | null; kindIndex: number; index: number }): TemplateDocument | null {
  const withContent = template.documents.filter((document) => document.root.children.length > 0);
  if (withContent.length === 0) return template.documents[0] ?? null;
  const ofKind = rendered.kind === null ? [] : withContent.filter((document) => document.kind === rendered.kind);
  if (ofKind.length > 0) return ofKind[Math.min(rendered.kindIndex, ofKind.length - 1)]!;
  return withContent[Math.min(rendered.index, withContent.length - 1)]!;
}

/** A position in a template: 1-based line and column. */
export interface TemplatePosition {
  line: number;
  column: number;
  /**
   * What is there: the key (or list item) at the end of the path, the deepest key of the path the template
   * writes (`partial`), the line writing the rest of the path (`output`: `toYaml`, `include`), or the document's
   * first content line (`document`).
   */
  found: 'key' | 'partial' | 'output' | 'document';
}

/** One step down a rendered value: a map key (a key holding `/` spans several segments) or a list index. */
type Step = { key: string } | { index: number };

const INDEX = /^(?:0|[1-9][0-9]*)$/;

/**
 * The steps of `path` that exist in `rendered` (all of them, read literally, when the rendered value is not
 * known), and the value at each step (for list elements found by name).
 */
function stepsOf(path: readonly Segment[], rendered: JsonValue | undefined): { steps: Step[]; values: (JsonValue | undefined)[] } {
  const steps: Step[] = [];
  const values: (JsonValue | undefined)[] = [];
  let value = rendered;
  let at = 0;
  while (at < path.length) {
    const segment = path[at]!;
    if (value === undefined) {
      steps.push(typeof segment === 'number' ? { index: segment } : { key: segment });
      values.push(undefined);
      at++;
      continue;
    }
    if (Array.isArray(value)) {
      const index = typeof segment === 'number' ? segment : INDEX.test(segment) ? Number(segment) : -1;
      if (index < 0 || index >= value.length) break;
      steps.push({ index });
      values.push(value);
      value = value[index];
      at++;
      continue;
    }
    if (!isObject(value)) break;
    let key = '';
    let found = false;
    for (let end = at; end < path.length; end++) {
      key = end === at ? String(path[at]) : `${key}/${String(path[end])}`;
      if (Object.prototype.hasOwnProperty.call(value, key)) {
        steps.push({ key });
        values.push(value);
        value = value[key];
        at = end + 1;
        found = true;
        break;
      }
    }
    if (!found) break;
  }
  return { steps, values };
}

/** The item of a sequence node that writes rendered element `index` of `list` (the rendered sequence), if any. */
function itemFor(parent: TemplateNode, index: number, list: JsonValue | undefined): TemplateNode | null {
  const items = parent.children.filter((child) => child.kind === 'item');
  if (items.length === 0) return null;
  const element = Array.isArray(list) ? list[index] : undefined;
  // An element whose `name` the template writes literally.
  if (isObject(element) && typeof element.name === 'string') {
    const named = items.filter((item) => literalValue(item.children.find((child) => child.kind === 'key' && child.key === 'name')?.value) === element.name);
    if (named.length === 1) return named[0]!;
  }
  // The items written inside a `range` (opened below the sequence's key) stand for every element it renders.
  const rangeOf = (item: TemplateNode): number | null => item.ranges.find((id) => !parent.ranges.includes(id)) ?? null;
  const groups = [...new Set(items.map(rangeOf).filter((id) => id !== null))];
  if (groups.length === 0) return items[index] ?? null;
  const before = items.slice(0, items.findIndex((item) => rangeOf(item) !== null));
  if (index < before.length) return before[index]!;
  const ranged = items.filter((item) => rangeOf(item) === groups[0]);
  if (groups.length > 1 || !Array.isArray(list)) return ranged[0]!;
  let lastRanged = -1;
  items.forEach((item, at) => {
    if (rangeOf(item) !== null) lastRanged = at;
  });
  const after = items.slice(lastRanged + 1);
  const fromEnd = list.length - index;
  if (fromEnd <= after.length) return after[after.length - fromEnd]!;
  return ranged[(index - before.length) % ranged.length]!;
}

interface Match {
  node: TemplateNode;
  depth: number;
}

/** The deepest match of `steps` (from `at`) below `parent`; the first one when several keys match as deep. */
function follow(parent: TemplateNode, steps: readonly Step[], values: readonly (JsonValue | undefined)[], at: number): Match {
  if (at >= steps.length) return { node: parent, depth: at };
  const step = steps[at]!;
  let best: Match = { node: parent, depth: at };
  if ('index' in step) {
    const item = itemFor(parent, step.index, values[at]);
    return item === null ? best : follow(item, steps, values, at + 1);
  }
  for (const child of parent.children) {
    if (child.kind !== 'key' || child.key !== step.key) continue;
    const match = follow(child, steps, values, at + 1);
    if (match.depth > best.depth) best = match;
    if (best.depth === steps.length) break;
  }
  // A list written at a key whose name spans segments, or an index written as a string: read as the other.
  if (best.depth === at && INDEX.test(step.key)) {
    const item = itemFor(parent, Number(step.key), values[at]);
    if (item !== null) return follow(item, steps, values, at + 1);
  }
  return best;
}

/**
 * Where the template `document` writes `path` (segments of the rendered document, as Kyverno's failure paths
 * give them): the line of the path's last key, else of its deepest key the template writes, or the line that
 * writes the rest (`toYaml`, `include`) when that key holds exactly one such line and the rendered document has
 * the rest; with no key of the path found (or an empty path), the document's first content line. `rendered`,
 * the rendered document, tells which part of the path exists and finds list elements by name.
 */
export function locateInTemplate(document: TemplateDocument, path: readonly Segment[], rendered?: JsonValue): TemplatePosition {
  const { steps, values } = stepsOf(path, rendered);
  const match = steps.length === 0 ? { node: document.root, depth: 0 } : follow(document.root, steps, values, 0);
  if (match.depth < steps.length) {
    const outputs = match.node.children.filter((child) => child.kind === 'output');
    if (outputs.length === 1) return { line: outputs[0]!.line, column: outputs[0]!.column, found: 'output' };
  }
  if (match.depth === 0) return templateDocumentStart(document);
  return { line: match.node.line, column: match.node.column, found: match.depth === steps.length ? 'key' : 'partial' };
}

/** The first content line of a template document (its first line when it has none). */
export function templateDocumentStart(document: TemplateDocument): TemplatePosition {
  return { line: document.contentLine ?? document.startLine, column: document.contentLine === null ? 1 : document.contentColumn, found: 'document' };
}
