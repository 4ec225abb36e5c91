#!/usr/bin/env node
import { createRequire as __kyvernoLintCreateRequire } from 'node:module';
const require = __kyvernoLintCreateRequire(import.meta.url);
import {
  package_default
} from "./action-chunk-QE36UPMW.js";
import {
  ANY,
  ANY_MAP,
  BOOL,
  DEFAULT_KUBERNETES_VERSION,
  DEFAULT_MAX_FILE_SIZE,
  KUSTOMIZATION_FILE_NAMES,
  KustomizationError,
  MergeError,
  ResourceScopes,
  STRING,
  STRING_LIST,
  STRING_MAP,
  StreamedList,
  Suppressions,
  WorkspaceLoader,
  YamlValueError,
  actionSeverity,
  answerData,
  applyApiDefaults,
  applyJsonPatch,
  builtinResourceTypes,
  byCodeUnits,
  checkObjectMetadata,
  classifyWithKind,
  cloneJson,
  closest,
  compileJmesPath,
  compileRe2,
  configuredSeverity,
  decodeKustomization,
  decodeStrict,
  displayName,
  evaluateResources,
  expandLists,
  extensibleCopy,
  findFiles,
  fullLocation,
  globRoots,
  globSet,
  goJsonStringify,
  isCustomResourceDefinition,
  isHelmTemplate,
  isIgnored,
  isObject,
  isStoredSource,
  jsonEqual,
  keyOf,
  lineIndexAt,
  lineStarts,
  list,
  loadImageDataFile,
  locate,
  locateInDocument,
  locateInScalar,
  map,
  mergePatch,
  mockedCluster,
  mutatedResource,
  nodeAt,
  parseApiPath,
  parseByteSize,
  parseDocuments,
  parseKubernetesVersion,
  parseLabelSelector,
  policyReference,
  readSourceFile,
  require_dist,
  resolveHelmSources,
  resolveScalar,
  resourceDocument,
  ruleNames,
  searchAnswer,
  sha256,
  shortTag,
  splitDocuments,
  stringifyJson,
  stringifyJsonChunks,
  stripByteOrderMark,
  struct,
  survivesJson,
  templateLocation,
  unsafeGuessPlural,
  unsettledRules,
  valueJson,
  wildcardMatch
} from "./action-chunk-5B5APDF4.js";
import {
  __toESM
} from "./action-chunk-KNQS4FUO.js";

// src/lint/lint.ts
import { existsSync as existsSync3 } from "node:fs";
import path5 from "node:path";

// src/source/edit.ts
var import_yaml2 = __toESM(require_dist(), 1);

// src/source/edit/text.ts
var import_yaml = __toESM(require_dist(), 1);
function eolOf(text) {
  const newline = text.indexOf("\n");
  return newline > 0 && text[newline - 1] === "\r" ? "\r\n" : "\n";
}
function readBack(text) {
  const parsed = parseDocuments("render", text);
  if (parsed.problems.some((problem) => problem.severity === "error")) return void 0;
  return parsed.documents[0]?.value ?? null;
}
function flow(value) {
  if (Array.isArray(value)) return `[${value.map(flow).join(", ")}]`;
  if (isObject(value)) {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${flow(item)}`).join(", ")}}`;
  }
  return stringifyJson(value);
}
var DEFAULT_STYLE = { indent: 2, indentSeq: true };
var renderedLines = /* @__PURE__ */ new Map();
var MAX_RENDERED = 4096;
function render(value, style) {
  const key = `${style.indent}${style.indentSeq ? "+" : "-"}${valueJson(value)}`;
  let lines = renderedLines.get(key);
  if (lines === void 0) {
    lines = renderLines(value, style);
    if (renderedLines.size >= MAX_RENDERED) renderedLines.clear();
    renderedLines.set(key, lines);
  }
  return lines;
}
function renderLines(value, style) {
  const text = (0, import_yaml.stringify)(value, {
    version: "1.1",
    lineWidth: 0,
    minContentWidth: 0,
    aliasDuplicateObjects: false,
    indent: style.indent,
    indentSeq: style.indentSeq
  });
  const back = readBack(text);
  if (back !== void 0 && jsonEqual(back, value, "type")) return text.replace(/\n$/, "").split("\n");
  if (isObject(value) && Object.keys(value).length > 0) {
    return Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${flow(item)}`);
  }
  if (Array.isArray(value) && value.length > 0) return value.map((item) => `- ${flow(item)}`);
  return [flow(value)];
}
function indent(lines, column, eol) {
  const prefix = " ".repeat(column);
  return lines.map((line) => line === "" ? line : prefix + line).join(eol);
}
function renderEntry(kind, value, column, eol, style = DEFAULT_STYLE) {
  if (kind === "root") return indent(render(value, style), 0, eol);
  if (kind === "block") return indent(render(value, style), column, eol);
  const lines = render(kind === "pair" ? { k: value } : [value], style);
  const head = kind === "pair" ? /^(?:k|"k"):/ : /^-/;
  const match = head.exec(lines[0]);
  if (match === null) return ` ${flow(value)}`;
  const first = lines[0].slice(match[0].length);
  const rest = lines.slice(1);
  return rest.length === 0 ? first : first + eol + indent(rest, column, eol);
}
function renderInlineString(type, value) {
  if (typeof value === "string" && type === "QUOTE_DOUBLE") return JSON.stringify(value);
  if (typeof value === "string" && type === "QUOTE_SINGLE" && !/[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]/.test(value)) {
    return `'${value.replace(/'/g, "''")}'`;
  }
  const text = renderEntry("pair", value, 0, "\n");
  if (text.includes("\n") || !text.startsWith(" ")) return null;
  return text.slice(1);
}
function toLineEdits(text, edits) {
  const starts = lineStarts(text);
  const lineEnd = (line) => line + 1 < starts.length ? starts[line + 1] : text.length;
  const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
  const spans = sorted.map((edit) => {
    let first;
    let last;
    if (edit.from === edit.to) {
      const line = lineIndexAt(starts, edit.from);
      first = last = starts[line] === edit.from && line > 0 ? line - 1 : line;
      if (edit.from === text.length && text.length > 0 && !text.endsWith("\n")) first = last = starts.length - 1;
    } else {
      first = lineIndexAt(starts, edit.from);
      last = lineIndexAt(starts, edit.to - 1);
    }
    return { edit, first, last };
  });
  const result2 = [];
  let group = [];
  const flush = () => {
    if (group.length === 0) return;
    const first = group[0].first;
    const last = Math.max(...group.map((span) => span.last));
    const from = starts[first];
    let out = "";
    let cursor = from;
    for (const { edit } of group) {
      out += text.slice(cursor, edit.from) + edit.text;
      cursor = Math.max(cursor, edit.to);
    }
    out += text.slice(cursor, lineEnd(last));
    if (out !== text.slice(from, lineEnd(last))) result2.push({ startLine: first + 1, endLine: last + 1, replacement: out });
    group = [];
  };
  for (const span of spans) {
    const groupLast = group.length === 0 ? -1 : Math.max(...group.map((entry) => entry.last));
    if (group.length > 0 && span.first > groupLast) flush();
    group.push(span);
  }
  flush();
  return result2;
}
function applyEdits(text, edits) {
  const starts = lineStarts(text);
  const offsetOf = (line) => line - 1 < starts.length ? starts[line - 1] : text.length;
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.startLine - a.startLine)) {
    out = out.slice(0, offsetOf(edit.startLine)) + edit.replacement + out.slice(offsetOf(edit.endLine + 1));
  }
  return out;
}

// src/source/edit/restore.ts
function define(target, key, value) {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
function elementName(value) {
  return isObject(value) && typeof value.name === "string" ? value.name : void 0;
}
function restoreList(raw, loaded, patched) {
  if (raw.length !== loaded.length) return patched;
  if (loaded.length === patched.length) return patched.map((item, i) => restore(raw[i], loaded[i], item));
  const used = /* @__PURE__ */ new Set();
  return patched.map((item) => {
    let index = loaded.findIndex((candidate, i) => !used.has(i) && jsonEqual(candidate, item, "type"));
    if (index === -1) {
      const name = elementName(item);
      if (name !== void 0) index = loaded.findIndex((candidate, i) => !used.has(i) && elementName(candidate) === name);
    }
    if (index === -1) return item;
    used.add(index);
    return restore(raw[index], loaded[index], item);
  });
}
function restore(raw, loaded, patched) {
  if (raw !== void 0 && jsonEqual(loaded, patched, "type")) return raw;
  if (Array.isArray(loaded) && Array.isArray(patched)) {
    return Array.isArray(raw) ? restoreList(raw, loaded, patched) : patched;
  }
  if (!isObject(loaded) || !isObject(patched)) return patched;
  const base = raw === void 0 ? {} : raw;
  if (!isObject(base)) return patched;
  const out = {};
  for (const key of Object.keys(patched)) {
    const value = patched[key];
    if (!Object.hasOwn(loaded, key)) {
      define(out, key, value);
    } else if (Object.hasOwn(base, key)) {
      define(out, key, restore(base[key], loaded[key], value));
    } else if (!jsonEqual(loaded[key], value, "type")) {
      define(out, key, restore(void 0, loaded[key], value));
    }
  }
  return out;
}
function sourceValueFor(raw, loaded, patched) {
  return restore(raw, loaded, patched);
}

// src/source/edit.ts
var UNREADABLE = /* @__PURE__ */ Symbol("unreadable");
var EditContext = class {
  constructor(document, body, eol, style = DEFAULT_STYLE) {
    this.document = document;
    this.body = body;
    this.eol = eol;
    this.style = style;
  }
  document;
  body;
  eol;
  style;
  edits = [];
  column(offset) {
    const lineStart = this.body.lastIndexOf("\n", offset - 1) + 1;
    return offset - lineStart;
  }
  /** Whether only blanks precede `offset` on its line. */
  startsLine(offset) {
    const lineStart = this.body.lastIndexOf("\n", offset - 1) + 1;
    return /^[ \t]*$/.test(this.body.slice(lineStart, offset));
  }
  /** Offset of the end of the node's content, trailing blanks, line breaks and comments excluded. */
  contentEnd(node) {
    const [start, end] = node.range ?? [0, 0];
    return trimEnd(this.body, start, end);
  }
  /** Offset just past the line break ending the line that holds `offset - 1`. */
  lineEndAfter(offset) {
    const newline = this.body.indexOf("\n", Math.max(offset - 1, 0));
    return newline === -1 ? this.body.length : newline + 1;
  }
  lineStart(offset) {
    return this.body.lastIndexOf("\n", offset - 1) + 1;
  }
};
function trimEnd(text, start, end) {
  let at = end;
  for (; ; ) {
    while (at > start && /\s/.test(text[at - 1])) at--;
    const lineStart = text.lastIndexOf("\n", at - 1) + 1;
    const line = text.slice(Math.max(lineStart, start), at);
    const hash = commentStart(line);
    if (hash === -1) return at;
    const cut = Math.max(lineStart, start) + hash;
    if (cut === at) return at;
    at = cut;
  }
}
function commentStart(line) {
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== null) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"') i++;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:,[{-]/.test(line[i - 1])) quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]))) {
      return i;
    }
  }
  return -1;
}
function isMergeKey(node) {
  return (0, import_yaml2.isScalar)(node) && node.value === "<<" && node.type === "PLAIN" && node.tag === void 0;
}
function readNode(context, node, depth = 0) {
  if (depth > 64) return UNREADABLE;
  if (node === null || node === void 0) return null;
  if ((0, import_yaml2.isAlias)(node)) return readNode(context, node.resolve(context.document), depth + 1);
  if ((0, import_yaml2.isScalar)(node)) {
    if (typeof node.value !== "string") return node.value === null ? null : UNREADABLE;
    const tag = node.tag === void 0 ? "" : shortTag(node.tag);
    if (tag === "" && node.type !== "PLAIN") return node.value;
    try {
      return resolveScalar(tag, node.value).value;
    } catch (error) {
      if (error instanceof YamlValueError) return UNREADABLE;
      throw error;
    }
  }
  if ((0, import_yaml2.isSeq)(node)) {
    const items = [];
    for (const item of node.items) {
      const value = readNode(context, item, depth + 1);
      if (value === UNREADABLE) return UNREADABLE;
      items.push(value);
    }
    return items;
  }
  if ((0, import_yaml2.isMap)(node)) {
    const merged = {};
    const own = {};
    for (const pair of node.items) {
      if (isMergeKey(pair.key)) {
        const source = (0, import_yaml2.isAlias)(pair.value) ? pair.value.resolve(context.document) : pair.value;
        const sources = (0, import_yaml2.isSeq)(source) ? source.items : [source];
        for (const item of sources) {
          const value2 = readNode(context, item, depth + 1);
          if (!isObject(value2)) return UNREADABLE;
          for (const [key2, entry] of Object.entries(value2)) if (!Object.hasOwn(merged, key2)) define2(merged, key2, entry);
        }
        continue;
      }
      const key = keyOf(context.document, pair.key);
      const value = readNode(context, pair.value, depth + 1);
      if (key === null || value === UNREADABLE) return UNREADABLE;
      define2(own, key, value);
    }
    const result2 = {};
    for (const [key, value] of Object.entries(merged)) define2(result2, key, value);
    for (const [key, value] of Object.entries(own)) define2(result2, key, value);
    return result2;
  }
  return UNREADABLE;
}
function define2(target, key, value) {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
function hasProperties(node) {
  if ((0, import_yaml2.isAlias)(node)) return true;
  if ((0, import_yaml2.isScalar)(node) || (0, import_yaml2.isMap)(node) || (0, import_yaml2.isSeq)(node)) return node.anchor !== void 0 || node.tag !== void 0;
  return false;
}
function replaceWhole(context, slot, node, after) {
  const end = node === null ? slot.start : Math.max(slot.start, context.contentEnd(node));
  const text = renderEntry(slot.kind, after, slot.column, context.eol, context.style);
  context.edits.push({ from: slot.start, to: end, text });
}
function diff(context, node, after, slot, loaded) {
  let before = readNode(context, node);
  if (before === UNREADABLE && loaded !== void 0) before = loaded;
  if (before !== UNREADABLE && jsonEqual(before, after, "type")) return;
  if (node === null || hasProperties(node)) return replaceWhole(context, slot, node, after);
  if ((0, import_yaml2.isMap)(node) && !node.flow && isObject(after) && isObject(before)) {
    if (diffMap(context, node.items, before, after, isObject(loaded) ? loaded : void 0)) return;
  } else if ((0, import_yaml2.isSeq)(node) && !node.flow && Array.isArray(after) && Array.isArray(before)) {
    if (diffSeq(context, node.items, before, after, Array.isArray(loaded) ? loaded : void 0)) return;
  } else if ((0, import_yaml2.isScalar)(node) && !isObject(after) && !Array.isArray(after) && node.range) {
    const [start, end] = node.range;
    const single = !context.body.slice(start, end).includes("\n") && (node.type === "PLAIN" || node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE");
    const inline = single ? renderInlineString(node.type, after) : null;
    if (inline !== null && end > start) {
      context.edits.push({ from: start, to: end, text: inline });
      return;
    }
  }
  replaceWhole(context, slot, node, after);
}
function diffMap(context, pairs, before, after, loaded) {
  const keys = [];
  for (const pair of pairs) {
    const key = keyOf(context.document, pair.key);
    if (key === null || keys.includes(key) || isMergeKey(pair.key) || !pair.key?.range) return false;
    keys.push(key);
  }
  const kept = keys.filter((key) => Object.hasOwn(after, key));
  const added = Object.keys(after).filter((key) => !Object.hasOwn(before, key));
  if (kept.length + added.length === 0 || pairs.length === 0) return false;
  const firstKey = pairs[0].key;
  const column = context.column(firstKey.range[0]);
  for (const [i, pair] of pairs.entries()) {
    if (!Object.hasOwn(after, keys[i]) && !context.startsLine(pair.key.range[0])) return false;
  }
  const planned = [];
  for (const [i, pair] of pairs.entries()) {
    const keyNode = pair.key;
    const value = pair.value ?? null;
    if (!Object.hasOwn(after, keys[i])) {
      const from = context.lineStart(keyNode.range[0]);
      const last = value === null ? trimEnd(context.body, keyNode.range[0], keyNode.range[2]) : Math.max(context.contentEnd(value), keyNode.range[1]);
      planned.push({ from, to: context.lineEndAfter(last), text: "" });
      continue;
    }
    const colon = context.body.indexOf(":", keyNode.range[1]);
    if (colon === -1) return false;
    const sub = new EditContext(context.document, context.body, context.eol, context.style);
    const loadedValue = loaded !== void 0 && Object.hasOwn(loaded, keys[i]) ? loaded[keys[i]] : void 0;
    diff(sub, value, after[keys[i]], { kind: "pair", start: colon + 1, column: context.column(keyNode.range[0]) }, loadedValue);
    planned.push(...sub.edits);
  }
  if (added.length > 0) {
    const lastPair = pairs[pairs.length - 1];
    const lastNode = lastPair.value ?? lastPair.key;
    const lastEnd = Math.max(context.contentEnd(lastNode), lastPair.key.range[1]);
    const at = context.lineEndAfter(lastEnd);
    const addition = {};
    for (const key of added) define2(addition, key, after[key]);
    let text = renderEntry("block", addition, column, context.eol, context.style) + context.eol;
    if (at === context.body.length && !context.body.endsWith("\n")) text = context.eol + text.slice(0, -context.eol.length);
    planned.push({ from: at, to: at, text });
  }
  context.edits.push(...planned);
  return true;
}
function diffSeq(context, items, before, after, loaded) {
  if (items.length === 0 || after.length === 0) return false;
  const dashes = [];
  for (const item of items) {
    if (item?.range == null) return false;
    const dash = context.body.lastIndexOf("-", item.range[0] - 1);
    if (dash === -1 || !/^[ \t]*$/.test(context.body.slice(dash + 1, item.range[0])) || !context.startsLine(dash)) return false;
    dashes.push(dash);
  }
  const column = context.column(dashes[0]);
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && jsonEqual(before[prefix], after[prefix], "type")) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && jsonEqual(before[before.length - 1 - suffix], after[after.length - 1 - suffix], "type")) {
    suffix++;
  }
  const oldMiddle = before.length - prefix - suffix;
  const newMiddle = after.length - prefix - suffix;
  const paired = Math.min(oldMiddle, newMiddle);
  for (let i = 0; i < paired; i++) {
    const index = prefix + i;
    diff(context, items[index], after[index], { kind: "item", start: dashes[index] + 1, column: context.column(dashes[index]) }, loaded?.[index]);
  }
  for (let index = prefix + paired; index < prefix + oldMiddle; index++) {
    const from = context.lineStart(dashes[index]);
    context.edits.push({ from, to: context.lineEndAfter(context.contentEnd(items[index])), text: "" });
  }
  if (newMiddle > paired) {
    const inserted = after.slice(prefix + paired, prefix + newMiddle);
    let text = renderEntry("block", inserted, column, context.eol, context.style) + context.eol;
    const previous = prefix + paired - 1;
    let at;
    if (previous >= 0) {
      at = context.lineEndAfter(context.contentEnd(items[previous]));
      if (at === context.body.length && !context.body.endsWith("\n")) text = context.eol + text.slice(0, -context.eol.length);
    } else {
      at = context.lineStart(dashes[0]);
    }
    context.edits.push({ from: at, to: at, text });
  }
  return true;
}
function detectStyle(document, body) {
  const column = (offset) => offset - (body.lastIndexOf("\n", offset - 1) + 1);
  let indent2;
  let indentSeq;
  const visit = (node, depth) => {
    if (depth > 32 || indent2 !== void 0 && indentSeq !== void 0) return;
    if ((0, import_yaml2.isSeq)(node)) {
      for (const item of node.items) visit(item, depth + 1);
      return;
    }
    if (!(0, import_yaml2.isMap)(node) || node.flow) return;
    for (const pair of node.items) {
      const key = pair.key;
      const value = pair.value;
      if (!key?.range || !value?.range || !(0, import_yaml2.isMap)(value) && !(0, import_yaml2.isSeq)(value) || value.flow) continue;
      const keyColumn = column(key.range[0]);
      if ((0, import_yaml2.isMap)(value) && indent2 === void 0) {
        const first = value.items[0]?.key;
        if (first?.range && column(first.range[0]) > keyColumn) indent2 = column(first.range[0]) - keyColumn;
      }
      if ((0, import_yaml2.isSeq)(value) && indentSeq === void 0) {
        const first = value.items[0];
        const dash = first?.range ? body.lastIndexOf("-", first.range[0] - 1) : -1;
        if (dash !== -1) indentSeq = column(dash) > keyColumn;
      }
      visit(value, depth + 1);
    }
  };
  visit(document.contents, 0);
  return { indent: indent2 ?? DEFAULT_STYLE.indent, indentSeq: indentSeq ?? DEFAULT_STYLE.indentSeq };
}
function computeEdits(text, documentIndex, after, loaded) {
  const source = stripByteOrderMark(text);
  const offset = text.length - source.length;
  const chunk = splitDocuments(source).chunks[documentIndex];
  if (chunk === void 0) throw new RangeError(`no document ${documentIndex}`);
  const body = source.slice(chunk.start, chunk.end);
  const document = (0, import_yaml2.parseDocument)(body, { schema: "failsafe", uniqueKeys: false, strict: false, keepSourceTokens: true });
  if (document.errors.length > 0) throw new Error(`document ${documentIndex} does not parse: ${document.errors[0].message}`);
  const context = new EditContext(document, body, eolOf(text), detectStyle(document, body));
  const root = document.contents ?? null;
  const start = root?.range?.[0] ?? 0;
  diff(context, root, after, { kind: "root", start, column: 0 }, loaded);
  const base = offset + chunk.start;
  return toLineEdits(
    text,
    context.edits.map((edit) => ({ from: edit.from + base, to: edit.to + base, text: edit.text }))
  );
}

// src/lint/built-fixes.ts
function changesBetween(before, after, path6 = [], out = []) {
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) if (!Object.prototype.hasOwnProperty.call(after, key)) out.push({ path: [...path6, key], existed: true });
    for (const [key, value] of Object.entries(after)) {
      if (!Object.prototype.hasOwnProperty.call(before, key)) out.push({ path: [...path6, key], value, existed: false });
      else if (!jsonEqual(before[key], value, "type")) changesBetween(before[key], value, [...path6, key], out);
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    after.forEach((value, index) => {
      if (!jsonEqual(before[index], value, "type")) changesBetween(before[index], value, [...path6, index], out);
    });
    return out;
  }
  out.push({ path: path6, value: after, existed: true });
  return out;
}
function valueAt(value, path6) {
  let node = value;
  for (const segment of path6) {
    if (Array.isArray(node) && typeof segment === "number") node = node[segment];
    else if (isObject(node) && typeof segment === "string") node = Object.prototype.hasOwnProperty.call(node, segment) ? node[segment] : void 0;
    else return void 0;
  }
  return node;
}
function setAt(root, path6, value) {
  let node = root;
  for (const segment of path6.slice(0, -1)) node = node[segment];
  const last = path6.at(-1);
  if (value === void 0) {
    if (Array.isArray(node)) node.splice(last, 1);
    else delete node[last];
  } else {
    node[last] = value;
  }
}
function builtSourceTarget(origin, before, after, raw, display) {
  const placed = [];
  const elsewhere = /* @__PURE__ */ new Set();
  for (const change of changesBetween(before, after)) {
    const at = change.existed ? change.path : change.path.slice(0, -1);
    const found = origin(at);
    if (!found.exact || !found.editable) {
      elsewhere.add(display(found.file));
      continue;
    }
    const path6 = change.existed ? found.path : [...found.path, change.path.at(-1)];
    placed.push({ file: found.file, documentIndex: found.document.index, path: path6, change });
  }
  const files = new Set(placed.map((item) => `${item.file}\0${item.documentIndex}`));
  if (elsewhere.size > 0) return { error: `it changes fields that ${[...elsewhere].join(", ")} sets through a kustomization entry, a JSON patch or a generator, not as plain YAML` };
  if (files.size !== 1) return { error: `the change spans ${[...new Set(placed.map((item) => display(item.file)))].join(", ")}` };
  const { file, documentIndex } = placed[0];
  const document = raw(file, documentIndex);
  if (document === void 0) return { error: `${display(file)}: the document is not loaded` };
  const target = cloneJson(document);
  for (const { path: path6, change } of placed) {
    const parent = valueAt(target, path6.slice(0, -1));
    if (change.existed && valueAt(target, path6) === void 0) return { error: `${display(file)}: ${path6.join(".")} is not there as built` };
    const current = valueAt(target, path6);
    if (change.existed && (isObject(current) || Array.isArray(current)) && !jsonEqual(current, valueAt(before, change.path), "type")) {
      return { error: `${display(file)}: ${path6.join(".")} is merged from several files` };
    }
    if (!isObject(parent) && !Array.isArray(parent)) return { error: `${display(file)}: ${path6.slice(0, -1).join(".")} is not a map` };
    setAt(target, path6, change.value);
  }
  return { file, documentIndex, target };
}

// src/lint/fixes.ts
function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}
function rawDocuments(file) {
  return new Map(parseDocuments(file.path, file.text).documents.map((document) => [document.index, document.value]));
}
function mutatedResources(mutations, files, display = (file) => file) {
  const raw = /* @__PURE__ */ new Map();
  const targets = /* @__PURE__ */ new Map();
  const items = mutations.map(({ resource, before, after, unfixable }) => {
    const item = {
      resource: { apiVersion: resource.apiVersion, kind: resource.kind, namespace: resource.namespace, name: resource.name },
      file: resource.file,
      documentIndex: resource.documentIndex,
      patchedResource: after,
      edits: []
    };
    if (unfixable !== void 0) return { ...item, editError: unfixable };
    if (resource.origin !== void 0) {
      const built = builtSourceTarget(resource.origin, before, after, (path6, index) => {
        const source2 = files.get(path6);
        if (source2 === void 0) return void 0;
        if (!raw.has(path6)) raw.set(path6, rawDocuments(source2));
        return raw.get(path6).get(index);
      }, display);
      if ("error" in built) return { ...item, editError: built.error };
      const source = files.get(built.file);
      const placed = { ...item, file: built.file, documentIndex: built.documentIndex };
      try {
        const edited = { ...placed, edits: computeEdits(source.text, built.documentIndex, built.target, raw.get(built.file).get(built.documentIndex)) };
        targets.set(edited, built.target);
        return edited;
      } catch (error) {
        return { ...placed, editError: errorMessage(error) };
      }
    }
    const file = files.get(resource.file);
    if (file === void 0) return { ...item, editError: "the source file is not loaded" };
    if (!raw.has(file.path)) raw.set(file.path, rawDocuments(file));
    const document = raw.get(file.path).get(resource.documentIndex);
    if (document === void 0) return { ...item, editError: `document ${resource.documentIndex} not found` };
    try {
      const target = sourceValueFor(document, before, after);
      const edited = { ...item, edits: computeEdits(file.text, resource.documentIndex, target, document) };
      targets.set(edited, target);
      return edited;
    } catch (error) {
      return { ...item, editError: errorMessage(error) };
    }
  });
  const byFile = /* @__PURE__ */ new Map();
  for (const item of items) if (targets.has(item)) byFile.set(item.file, [...byFile.get(item.file) ?? [], item]);
  for (const [path6, edited] of byFile) {
    const file = files.get(path6);
    const all = edited.flatMap((item) => item.edits).sort((a, b) => a.startLine - b.startLine);
    const reread = new Map(parseDocuments(file.path, applyEdits(file.text, all)).documents.map((document) => [document.index, document.value]));
    for (const item of edited) {
      const value = reread.get(item.documentIndex);
      if (value === void 0 || !jsonEqual(value, targets.get(item), "type")) {
        item.edits = [];
        item.editError = "the edited document would not read back as the patched resource";
      }
    }
  }
  return items;
}
function byFixFile(a, b) {
  return byCodeUnits(a.file, b.file);
}
function fileFixes(mutated, files) {
  const byFile = /* @__PURE__ */ new Map();
  for (const item of mutated) {
    if (item.edits.length === 0) continue;
    byFile.set(item.file, [...byFile.get(item.file) ?? [], ...item.edits]);
  }
  const fixes = [];
  const problems = [];
  for (const [path6, edits] of byFile) {
    const file = files.get(path6);
    const sorted = [...edits].sort((a, b) => a.startLine - b.startLine);
    if (sorted.some((edit, i) => i > 0 && edit.startLine <= sorted[i - 1].endLine)) {
      problems.push({ file: path6, message: "the edits of its documents overlap; not fixed" });
      continue;
    }
    fixes.push({ file: path6, before: file.text, after: applyEdits(file.text, sorted), edits: sorted });
  }
  return { fixes, problems };
}

// src/lint/units.ts
function buildGroups(builds) {
  const parent = /* @__PURE__ */ new Map();
  const find = (root) => {
    let item = root;
    while (parent.get(item) !== item) item = parent.get(item);
    let walk2 = root;
    while (parent.get(walk2) !== item) {
      const next = parent.get(walk2);
      parent.set(walk2, item);
      walk2 = next;
    }
    return item;
  };
  const union = (a, b) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) ra < rb ? parent.set(rb, ra) : parent.set(ra, rb);
  };
  const readers = /* @__PURE__ */ new Map();
  for (const root of builds.keys()) parent.set(root, root);
  for (const [root, inputs] of builds) {
    for (const input of inputs) {
      const other = readers.get(input);
      if (other === void 0) readers.set(input, root);
      else union(other, root);
    }
  }
  const group = /* @__PURE__ */ new Map();
  for (const root of builds.keys()) group.set(root, find(root));
  return group;
}
function scanUnits(subjects, builds, display) {
  const groups = buildGroups(builds);
  const units = /* @__PURE__ */ new Map();
  const members = /* @__PURE__ */ new Map();
  for (const [root, group] of groups) {
    let set2 = members.get(group);
    if (set2 === void 0) members.set(group, set2 = /* @__PURE__ */ new Set());
    set2.add(root);
  }
  for (const [index, subject] of subjects.entries()) {
    const root = subject.builtBy?.[0];
    const group = root === void 0 ? void 0 : groups.get(root);
    const key = group === void 0 ? `file:${display(subject.file)}` : `builds:${group}`;
    let unit = units.get(key);
    if (unit === void 0) {
      const roots = group === void 0 ? [] : [...members.get(group)].sort();
      const inputs = /* @__PURE__ */ new Set();
      for (const item of roots) for (const input of builds.get(item) ?? []) inputs.add(input);
      unit = { key, subjects: [], builds: roots, inputs: [...inputs].sort() };
      units.set(key, unit);
    }
    unit.subjects.push(index);
  }
  return [...units.values()];
}
function parseShard(text) {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (match === null) return `expected k/n (for example 1/3), got "${text}"`;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > 1e3) return `the shard count must be between 1 and 1000, got ${count}`;
  if (index < 1 || index > count) return `the shard index must be between 1 and ${count}, got ${index}`;
  return { index, count };
}
function assignShards(units, count) {
  const order = units.map((unit, index) => index);
  order.sort((a, b) => units[b].subjects.length - units[a].subjects.length || (units[a].key < units[b].key ? -1 : units[a].key > units[b].key ? 1 : 0));
  const load = new Array(count).fill(0);
  const shard = new Array(units.length).fill(0);
  for (const index of order) {
    let lightest = 0;
    for (let candidate = 1; candidate < count; candidate++) if (load[candidate] < load[lightest]) lightest = candidate;
    shard[index] = lightest;
    load[lightest] += units[index].subjects.length;
  }
  return shard;
}

// src/lint/cache.ts
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writevSync } from "node:fs";
import path from "node:path";

// src/lint/cache-reads.ts
var ReadRecorder = class {
  evaluation;
  #current = null;
  #params;
  #digests = /* @__PURE__ */ new WeakMap();
  constructor(plain) {
    const evaluation = { ...plain };
    const external = plain.external;
    if (external !== void 0) {
      const wrapped = { ...external };
      const cluster = external.cluster;
      if (cluster !== void 0) {
        const reader = {
          request: (method, urlPath, options) => {
            this.#request(method, urlPath, options?.reportsUse === true);
            return cluster.request(method, urlPath);
          },
          used: (method, urlPath, use) => this.#used(method, urlPath, use)
        };
        wrapped.cluster = reader;
      }
      evaluation.external = wrapped;
    }
    const { namespaceLabels, namespaceObject } = plain;
    if (namespaceLabels !== void 0) {
      evaluation.namespaceLabels = (namespace) => {
        this.namespace(namespace);
        return namespaceLabels(namespace);
      };
    }
    if (namespaceObject !== void 0) {
      evaluation.namespaceObject = (namespace) => {
        this.namespace(namespace);
        return namespaceObject(namespace);
      };
    }
    if (plain.targets !== void 0) {
      evaluation.targetReads = {
        select: (plural2, namespace, name, versions) => this.#current?.targets.add(JSON.stringify([plural2, namespace, name, [...versions].sort()])),
        all: () => {
          if (this.#current !== null) this.#current.all = true;
        }
      };
    }
    this.#params = external?.params;
    this.evaluation = evaluation;
  }
  /**
   * Starts recording the reads of a unit. The parameter objects are watched through a new proxy for each unit: what
   * the engine derives from the list and keeps by its identity is then derived again, and seen.
   */
  start() {
    this.#current = { cluster: /* @__PURE__ */ new Set(), requests: /* @__PURE__ */ new Map(), namespaces: /* @__PURE__ */ new Set(), targets: /* @__PURE__ */ new Set(), all: false };
    if (this.#params !== void 0 && this.evaluation.external !== void 0) this.evaluation.external = { ...this.evaluation.external, params: this.#watched(this.#params) };
  }
  /** The reads since `start`. */
  stop() {
    const current = this.#current ?? { cluster: /* @__PURE__ */ new Set(), requests: /* @__PURE__ */ new Map(), namespaces: /* @__PURE__ */ new Set(), targets: /* @__PURE__ */ new Set(), all: true };
    this.#current = null;
    const searches = /* @__PURE__ */ new Set();
    for (const [request, { whole, searches: used }] of current.requests) {
      const [method, urlPath] = JSON.parse(request);
      if (whole || used.size === 0) this.#cluster(current, urlPath);
      else for (const search of used) searches.add(JSON.stringify([method, urlPath, ...JSON.parse(search)]));
    }
    const cluster = [...current.cluster].sort().map((item) => JSON.parse(item));
    const targets = [...current.targets].sort().map((item) => JSON.parse(item));
    return { cluster, searches: [...searches].sort().map((item) => JSON.parse(item)), namespaces: [...current.namespaces].sort(), targets, all: current.all };
  }
  /** Records that the labels or the object of `namespace` were read. */
  namespace(namespace) {
    this.#current?.namespaces.add(namespace);
  }
  #request(method, urlPath, reportsUse) {
    const current = this.#current;
    if (current === null) return;
    const key = JSON.stringify([method, urlPath]);
    const request = current.requests.get(key) ?? { whole: false, searches: /* @__PURE__ */ new Set() };
    if (!reportsUse) request.whole = true;
    current.requests.set(key, request);
  }
  #used(method, urlPath, use) {
    const request = this.#current?.requests.get(JSON.stringify([method, urlPath]));
    if (request === void 0) return;
    if (use === null) request.whole = true;
    else request.searches.add(JSON.stringify([use.expression, use.text, this.#digest(use)]));
  }
  /**
   * {@link searchDigest}, once per result object: the loader keeps the result of a deterministic search per answer and
   * hands the same, read-only, object to every evaluation (a list of every Pod's names, say).
   */
  #digest(use) {
    if ("error" in use) return searchDigest(use);
    const { result: result2 } = use;
    if (result2 === null || typeof result2 !== "object") return searchDigest(use);
    let digest2 = this.#digests.get(result2);
    if (digest2 === void 0) {
      digest2 = searchDigest(use);
      this.#digests.set(result2, digest2);
    }
    return digest2;
  }
  #cluster(current, urlPath) {
    const path6 = parseApiPath(urlPath);
    if (path6 === null) {
      current.all = true;
      return;
    }
    current.cluster.add(JSON.stringify([path6.group, path6.resource, path6.namespace ?? null, path6.name ?? null]));
  }
  /** The list, reporting any read of it. */
  #watched(list2) {
    return new Proxy(list2, {
      get: (target, property, receiver) => {
        if (this.#current !== null && property !== "length") this.#current.all = true;
        return Reflect.get(target, property, receiver);
      },
      has: (target, property) => {
        if (this.#current !== null) this.#current.all = true;
        return Reflect.has(target, property);
      },
      ownKeys: (target) => {
        if (this.#current !== null) this.#current.all = true;
        return Reflect.ownKeys(target);
      }
    });
  }
};
function groupOf(apiVersion) {
  const slash = apiVersion.indexOf("/");
  return slash === -1 ? "" : apiVersion.slice(0, slash);
}
function searchDigest(use) {
  const text = "error" in use ? `error:${use.error}` : `result:${valueJson(use.result)}`;
  return sha256(text);
}
function searchAgain(cluster, [method, urlPath, expression, text]) {
  const response = cluster.request(method, urlPath);
  if (response.statusCode < 200 || response.statusCode >= 300) return null;
  try {
    return searchDigest({ result: searchAnswer(compileJmesPath(expression), answerData(response.body, text)) });
  } catch (error) {
    return searchDigest({ error: error.message });
  }
}
function readsSee(reads, object, searchedAgain) {
  if (reads.all) return true;
  if (object.kind === "Namespace" && object.apiVersion === "v1" && reads.namespaces.includes(object.name)) return true;
  if (object.kind === "CustomResourceDefinition" && (reads.cluster.length > 0 || reads.searches.length > 0)) return true;
  if (reads.targets.some((read) => targetSees(read, object))) return true;
  if (reads.cluster.some((read) => pathSees(read, object))) return true;
  return reads.searches.some((search) => {
    const path6 = parseApiPath(search[1]);
    if (path6 === null || !pathSees([path6.group, path6.resource, path6.namespace ?? null, path6.name ?? null], object)) return path6 === null;
    return searchedAgain(search) !== search[4];
  });
}
function pathSees([readGroup, resource, namespace, name], object) {
  const group = groupOf(object.apiVersion);
  const plural2 = builtinPlurals().get(`${group}/${object.kind}`);
  return readGroup === group && (plural2 === void 0 || resource === plural2) && (namespace === null || namespace === object.namespace) && (name === null || name === object.name);
}
function targetSees([plural2, namespace, name, versions], object) {
  if (unsafeGuessPlural(object.kind) !== plural2) return false;
  if (object.change === "removed" || !versions.includes(object.apiVersion)) return true;
  return (namespace === "" || wildcardMatch(namespace, object.namespace)) && (name === "" || wildcardMatch(name, object.name));
}
var plurals;
function builtinPlurals() {
  plurals ??= new Map(builtinResourceTypes().map((type) => [`${type.group}/${type.kind}`, type.plural]));
  return plurals;
}

// src/lint/pack.ts
var VARYING = /* @__PURE__ */ new Set(["location", "resource", "fix", "suppressions"]);
var FlatFinding = class {
  constructor(items) {
    this.items = items;
  }
  items;
  expand() {
    const out = [-3, this.items[0]];
    for (let i = 1; i < this.items.length; i++) out.push([-2, this.items[i]]);
    return out;
  }
};
var Packer = class {
  strings;
  shapes;
  objects;
  templates;
  #strings = /* @__PURE__ */ new Map();
  #shapes = /* @__PURE__ */ new Map();
  #objects = /* @__PURE__ */ new Map();
  #templates = /* @__PURE__ */ new Map();
  /** Findings already packed (or decoded from these tables): their packed form. */
  #packed;
  /** A packer of new tables, or one appending to `tables` (whose decoded findings `packed` gives the packed form of). */
  constructor(tables, packed) {
    this.strings = tables === void 0 ? [] : [...tables.strings];
    this.shapes = tables === void 0 ? [] : [...tables.shapes];
    this.objects = tables === void 0 ? [] : [...tables.objects];
    this.templates = tables === void 0 ? [] : [...tables.templates];
    this.#packed = packed ?? /* @__PURE__ */ new WeakMap();
    const index = (table2, map2, signature) => {
      for (let i = 0; i < table2.length; i++) {
        const key = signature(table2[i]);
        if (!map2.has(key)) map2.set(key, i);
      }
    };
    index(this.strings, this.#strings, (text) => text);
    index(this.shapes, this.#shapes, (keys) => keys.join("\0"));
    index(this.templates, this.#templates, (packed2) => JSON.stringify(packed2));
  }
  pack(value, nested = false) {
    if (typeof value === "string") return this.#index(this.#strings, this.strings, value, value);
    if (typeof value === "number") return String(value);
    if (value === null || typeof value === "boolean" || value === void 0) return value ?? null;
    if (Array.isArray(value)) {
      const out2 = [-1];
      let flatItems = false;
      for (const item of value) {
        const known2 = item !== null && typeof item === "object" ? this.#packed.get(item) : void 0;
        if (known2 instanceof FlatFinding) flatItems = true;
        out2.push(known2 instanceof FlatFinding ? known2 : this.pack(item, nested));
      }
      const flat = findingList(out2);
      if (flat !== null) return flat;
      if (flatItems) {
        for (let i = 1; i < out2.length; i++) if (out2[i] instanceof FlatFinding) out2[i] = out2[i].expand();
      }
      return out2;
    }
    if (value instanceof Map) return this.pack([...value].map(([key, item]) => [key, item instanceof Set ? [...item] : item]));
    const record = value;
    const known = this.#packed.get(record);
    if (known !== void 0) return known instanceof FlatFinding ? known.expand() : known;
    const keys = Object.keys(record).filter((key) => record[key] !== void 0);
    const shape = this.#index(this.#shapes, this.shapes, keys.join("\0"), keys);
    if (keys.includes("ruleId") && keys.includes("location")) {
      const template = [shape];
      const varying = [];
      for (const key of keys) {
        if (VARYING.has(key)) {
          template.push(null);
          varying.push(this.pack(record[key], true));
        } else {
          template.push(this.pack(record[key], true));
        }
      }
      const packed = [-3, this.#index(this.#templates, this.templates, JSON.stringify(template), template), ...varying];
      this.#packed.set(record, packed);
      return packed;
    }
    const out = [shape];
    for (const key of keys) out.push(this.pack(record[key], true));
    return nested ? [-2, this.#index(this.#objects, this.objects, JSON.stringify(out), out)] : out;
  }
  /** The tables the packed values index (to store or post beside them). */
  tables() {
    return { strings: this.strings, shapes: this.shapes, objects: this.objects, templates: this.templates };
  }
  /** The index of `item` in `table`, added when no item of the same signature is there. */
  #index(map2, table2, signature, item) {
    let index = map2.get(signature);
    if (index === void 0) {
      index = table2.length;
      table2.push(item);
      map2.set(signature, index);
    }
    return index;
  }
};
function findingList(packed) {
  if (packed.length < 2) return null;
  const flat = [-4];
  for (let i = 1; i < packed.length; i++) {
    const item = packed[i];
    if (item instanceof FlatFinding) {
      for (const index of item.items) flat.push(index);
      continue;
    }
    if (!Array.isArray(item) || item[0] !== -3) return null;
    flat.push(item[1]);
    for (let k = 2; k < item.length; k++) {
      const field = item[k];
      if (!Array.isArray(field) || field.length !== 2 || field[0] !== -2) return null;
      flat.push(field[1]);
    }
  }
  return flat;
}
function unpackFindingList(tables, value) {
  if (!Array.isArray(value) || value[0] !== -4) return null;
  const unpack = unpacker(tables);
  const findings = unpack(value);
  const starts = [];
  const { shapes, templates } = tables;
  const varying = /* @__PURE__ */ new Map();
  let at = 1;
  while (at < value.length) {
    starts.push(at);
    const template = value[at];
    let count = varying.get(template);
    if (count === void 0) {
      const keys = shapes[templates[template][0]];
      count = keys.filter((key) => VARYING.has(key)).length;
      varying.set(template, count);
    }
    at += 1 + count;
  }
  starts.push(at);
  return { findings, flat: value, starts };
}
function unpacker({ strings: strings2, shapes, objects, templates }, packed) {
  const decodedObjects = new Array(objects.length);
  const decodedTemplates = [];
  const object = (index) => {
    let decoded = decodedObjects[index];
    if (decoded === void 0) {
      if (index >= objects.length) throw new Error("bad object index");
      decoded = decodedObjects[index] = unpack(objects[index]);
    }
    return decoded;
  };
  const template = (index) => {
    let decoded = decodedTemplates[index];
    if (decoded === void 0) {
      const stored = templates[index];
      if (stored === void 0) throw new Error("bad template index");
      const keys = shapes[stored[0]];
      if (keys === void 0) throw new Error("bad shape index");
      const varying = keys.map((key) => VARYING.has(key));
      decoded = { keys, values: keys.map((_key, i) => varying[i] ? void 0 : unpack(stored[i + 1])), varying };
      decodedTemplates[index] = decoded;
    }
    return decoded;
  };
  const finding = (index, next, form) => {
    const { keys, values, varying } = template(index);
    const out = {};
    for (let i = 0; i < keys.length; i++) out[keys[i]] = varying[i] ? next() : values[i];
    packed?.set(out, form());
    return out;
  };
  const unpack = (value) => {
    if (typeof value === "number") {
      const text = strings2[value];
      if (text === void 0) throw new Error("bad string index");
      return text;
    }
    if (typeof value === "string") return Number(value);
    if (value === null || typeof value === "boolean") return value;
    if (!Array.isArray(value)) throw new Error("bad value");
    const head = value[0];
    if (head === -1) {
      const out2 = new Array(value.length - 1);
      for (let i = 1; i < value.length; i++) out2[i - 1] = unpack(value[i]);
      return out2;
    }
    if (head === -2) return object(value[1]);
    if (head === -3) {
      let next = 2;
      return finding(value[1], () => unpack(value[next++]), () => value);
    }
    if (head === -4) {
      const out2 = [];
      let at = 1;
      if (packed !== void 0) {
        while (at < value.length) {
          const start = at;
          const item = finding(value[at++], () => object(value[at++]), () => new FlatFinding(value.slice(start, at)));
          out2.push(item);
        }
        return out2;
      }
      while (at < value.length) {
        const { keys: keys2, values, varying } = template(value[at++]);
        const item = {};
        for (let i = 0; i < keys2.length; i++) item[keys2[i]] = varying[i] ? object(value[at++]) : values[i];
        out2.push(item);
      }
      return out2;
    }
    const keys = shapes[head];
    if (keys === void 0) throw new Error("bad shape index");
    const out = {};
    for (let i = 0; i < keys.length; i++) out[keys[i]] = unpack(value[i + 1]);
    return out;
  };
  return unpack;
}

// src/lint/cache.ts
var CACHE_FORMAT = 11;
var TABLES = 0;
var REPORT = 1;
var UNITS = 2;
function locatedFiles(result2) {
  const files = /* @__PURE__ */ new Set();
  for (const finding of result2.findings) files.add(finding.location.file);
  for (const mutation of result2.mutations) if (mutation.finding !== null) files.add(mutation.finding.location.file);
  return [...files].sort();
}
var NEWLINE = Buffer.from("\n");
function writeLines(file, lines) {
  let pending = lines.flatMap((line) => [line, NEWLINE]);
  const fd = openSync(file, "w");
  try {
    while (pending.length > 0) {
      let written = writevSync(fd, pending.slice(0, 512));
      let next = 0;
      while (next < pending.length && written >= pending[next].length) written -= pending[next++].length;
      pending = pending.slice(next);
      if (written > 0) pending[0] = pending[0].subarray(written);
    }
  } finally {
    closeSync(fd);
  }
}
function sameNumbers(a, b) {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
function fileIdentity(stats) {
  return `${stats.size}:${stats.ino}:${stats.mtimeMs}`;
}
function readHeader(file) {
  const fd = openSync(file, "r");
  try {
    const stats = fstatSync(fd);
    const size = stats.size;
    const blocks = [];
    let position = 0;
    for (; ; ) {
      const block = Buffer.allocUnsafe(Math.min(1 << 18, Math.max(size - position, 1)));
      const read = readSync(fd, block, 0, block.length, position);
      const end = block.subarray(0, read).indexOf(10);
      if (read === 0 || end !== -1) {
        blocks.push(block.subarray(0, end === -1 ? read : end));
        return { text: Buffer.concat(blocks).toString("utf8"), stats };
      }
      blocks.push(block.subarray(0, read));
      position += read;
    }
  } finally {
    closeSync(fd);
  }
}
function cacheFile(location2, cwd) {
  let folder = /[\\/]$/.test(location2);
  try {
    folder ||= statSync(location2).isDirectory();
  } catch {
  }
  return folder ? path.join(location2, `.kyverno-lint-cache-${sha256(cwd).slice(0, 12)}`) : location2;
}
function openScanCache(options, warnings) {
  if (options.cache === void 0) return null;
  if (options.base !== void 0) {
    warnings.push("--cache is not used with --base: the results depend on the base revision");
    return null;
  }
  if (options.paths.includes("-")) {
    warnings.push("--cache is not used when standard input (-) is scanned");
    return null;
  }
  if (options.shard !== void 0) {
    warnings.push("--cache is not used with --shard: each shard evaluates a part of the repository");
    return null;
  }
  const location2 = path.resolve(options.cwd, options.cache) + (/[\\/]$/.test(options.cache) ? path.sep : "");
  return new ScanCache(options, cacheFile(location2, options.cwd), warnings);
}
function objectsJson(subjects) {
  return JSON.stringify(subjects.map((subject) => [subject.apiVersion, subject.kind, subject.namespace, subject.name, sha256(valueJson(subject.value))]));
}
function changedObjects(before, after, out) {
  const group = (json2) => {
    const map2 = /* @__PURE__ */ new Map();
    for (const [apiVersion, kind, namespace, name, value] of JSON.parse(json2)) {
      const id = [apiVersion, kind, namespace, name].join("\0");
      const known = map2.get(id);
      if (known === void 0) map2.set(id, { object: { apiVersion, kind, namespace, name, change: "modified" }, values: [value] });
      else known.values.push(value);
    }
    return map2;
  };
  const old = group(before);
  const now = group(after);
  for (const [id, { object, values }] of now) {
    const was = old.get(id);
    if (was === void 0) out.push({ ...object, change: "added" });
    else if (was.values.length !== values.length || was.values.some((value, i) => value !== values[i])) out.push(object);
  }
  for (const [id, { object }] of old) if (!now.has(id)) out.push({ ...object, change: "removed" });
}
var ScanCache = class {
  file;
  #options;
  #key;
  #bytes = /* @__PURE__ */ new Map();
  #hashes = /* @__PURE__ */ new Map();
  #roles = "";
  /** The stored file: its header, and the byte ranges of its other lines (read and parsed when first needed). */
  #header = null;
  /** Where problems of the stored file are reported (the scan's warnings). */
  #warnings;
  #lines = [];
  /** The identity of the file whose header was read (size, inode, modification time). */
  #identity = "";
  #parsed = /* @__PURE__ */ new Map();
  /** The stored units once read, and the line of each. */
  #storedUnits = null;
  #unitLines = /* @__PURE__ */ new WeakMap();
  /** The decoded findings of the stored tables, with their packed form (to append to the tables). */
  #packedFindings = /* @__PURE__ */ new WeakMap();
  /** The findings of the stored report, decoded with the parts of the stored list each comes from (`plan().previous`). */
  #previousFindings = null;
  constructor(options, file, warnings) {
    this.#options = options;
    this.file = file;
    this.#warnings = warnings;
    this.#key = this.#globalKey();
    this.#header = this.#read(warnings);
  }
  /** The content hash of a file (read once per run); `-` when it cannot be read. */
  hash(file) {
    let hash = this.#hashes.get(file);
    if (hash === void 0) {
      let bytes = null;
      try {
        const stats = statSync(file);
        if (stats.size > (this.#options.config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE)) hash = `large:${stats.size}:${stats.mtimeMs}`;
        else bytes = readFileSync(file);
      } catch {
        bytes = null;
      }
      this.#bytes.set(file, bytes);
      hash ??= bytes === null ? "-" : sha256(bytes);
      this.#hashes.set(file, hash);
    }
    return hash;
  }
  /** Everything that changes every result: the tool, the configuration, the options and the settings files' contents. */
  #globalKey() {
    const options = this.#options;
    const { config } = options;
    const content = (file) => file === void 0 ? null : this.hash(path.resolve(options.cwd, file));
    return sha256(
      JSON.stringify({
        format: CACHE_FORMAT,
        version: package_default.version,
        cwd: options.cwd,
        config,
        fixes: options.fixes === true,
        helmCharts: options.helmCharts ?? [],
        values: content(config.values),
        userinfo: content(config.userinfo),
        imageData: content(config.imageData)
      })
    );
  }
  /** Reads and decodes the header of the file; the other lines are read when needed. */
  #read(warnings) {
    let head;
    try {
      head = readHeader(this.file);
    } catch (error) {
      if (error.code !== "ENOENT") warnings.push(`cannot read the cache ${displayName(this.#options.cwd, this.file)}: ${error.message}; it is rewritten`);
      return null;
    }
    try {
      const header = JSON.parse(head.text);
      const lines = header !== null && typeof header === "object" && Array.isArray(header.lines) ? header.lines : [];
      let start = Buffer.byteLength(head.text) + 1;
      for (const length of lines) {
        this.#lines.push([start, length]);
        start += length + 1;
      }
      const pairs = Array.isArray(header.files) && header.files.every((entry) => Array.isArray(entry) && entry.length === 2 && entry.every((item) => typeof item === "string"));
      const lengths = lines.every((length) => Number.isSafeInteger(length) && length >= 0);
      const digests = Array.isArray(header.digests) && header.digests.length === lines.length && header.digests.every((digest2) => typeof digest2 === "string");
      if (header.format !== CACHE_FORMAT || !pairs || !lengths || !digests || lines.length < UNITS || start !== head.stats.size) throw new Error("not a cache file of this format");
      if (header.version !== package_default.version) return null;
      this.#identity = fileIdentity(head.stats);
      return header;
    } catch (error) {
      warnings.push(`the cache ${displayName(this.#options.cwd, this.file)} is not usable (${error.message}); it is rewritten`);
      return null;
    }
  }
  /** Line `line` after the header, read and decoded (the file must still be the one whose header was read). */
  #line(line) {
    if (!this.#parsed.has(line)) {
      const [start, length] = this.#lines[line];
      this.#parsed.set(line, JSON.parse(this.#checked(line, this.#bytesAt(start, length)).toString("utf8")));
    }
    return this.#parsed.get(line);
  }
  /** `length` bytes of the file from `start` (the file must still be the one whose header was read). */
  #bytesAt(start, length) {
    const fd = openSync(this.file, "r");
    try {
      if (fileIdentity(fstatSync(fd)) !== this.#identity) throw new Error("the cache file changed while it was read");
      const buffer = Buffer.allocUnsafe(length);
      if (readSync(fd, buffer, 0, length, start) !== length) throw new Error("the cache file is shorter than its header says");
      return buffer;
    } finally {
      closeSync(fd);
    }
  }
  /** `bytes`, line `line` after the header, when they are what was written (else an error). */
  #checked(line, bytes) {
    if (sha256(bytes) !== this.#header?.digests[line]) throw new Error("a line of it is damaged");
    return bytes;
  }
  /** The stored units (their lines read at once, each checked and decoded), with the line each was read from. */
  #units() {
    if (this.#storedUnits === null) {
      const lines = this.#lines.slice(UNITS);
      const units = [];
      if (lines.length > 0) {
        const first = lines[0][0];
        const [lastStart, lastLength] = lines[lines.length - 1];
        const bytes = this.#bytesAt(first, lastStart + lastLength - first);
        for (const [index, [start, length]] of lines.entries()) {
          const line = this.#checked(UNITS + index, bytes.subarray(start - first, start - first + length));
          const unit = JSON.parse(line.toString("utf8"));
          if (unit === null || typeof unit !== "object" || typeof unit.key !== "string" || !Array.isArray(unit.subjects)) throw new Error("a stored unit is malformed");
          this.#unitLines.set(unit, { line, digest: this.#header.digests[UNITS + index] });
          units.push(unit);
        }
      }
      this.#storedUnits = units;
    }
    return this.#storedUnits;
  }
  /** A stored line that cannot be decoded: the file is not used further (every unit is evaluated) and is rewritten. */
  #unusable(error) {
    this.#header = null;
    this.#parsed.clear();
    this.#storedUnits = null;
    this.#previousFindings = null;
    this.#warnings.push(`the cache ${displayName(this.#options.cwd, this.file)} is not usable (${error instanceof Error ? error.message : String(error)}); it is rewritten`);
  }
  /** `appendable`: decoded findings are remembered with their packed form, for `save` to append to the tables. */
  #unpacker(appendable) {
    return unpacker(this.#line(TABLES), appendable ? this.#packedFindings : void 0);
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
  checkedPolicies() {
    const header = this.#header;
    if (header === null || header.key !== this.#key || !Array.isArray(header.checked)) return /* @__PURE__ */ new Set();
    return new Set(header.checked.filter((digest2) => typeof digest2 === "string"));
  }
  storedManifests() {
    const out = /* @__PURE__ */ new Map();
    const header = this.#header;
    if (header === null || header.key !== this.#key) return out;
    try {
      for (const unit of this.#units()) {
        if (!Array.isArray(unit.source)) continue;
        const [file, manifests] = unit.source;
        if (typeof file !== "string" || typeof manifests !== "string" || unit.inputs !== this.#inputs([file])) continue;
        const bytes = this.#bytes.get(file);
        if (bytes !== void 0 && bytes !== null) out.set(file, { manifests, text: bytes.toString("utf8") });
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
  #packFindingList(packer, findings, previous) {
    const stored = /* @__PURE__ */ new Map();
    previous.findings.forEach((finding, index) => stored.set(finding, index));
    const parts = [[-4]];
    let run = null;
    const flush = () => {
      if (run !== null) parts.push(previous.flat.slice(run[0], run[1]));
      run = null;
    };
    for (const finding of findings) {
      const index = stored.get(finding);
      if (index !== void 0) {
        const start = previous.starts[index];
        const end = previous.starts[index + 1];
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
    let length = 0;
    for (const part of parts) length += part.length;
    const out = new Array(length);
    let at = 0;
    for (const part of parts) for (const item of part) out[at++] = item;
    return out;
  }
  /** The files whose content the header records (absolute paths). */
  #watched(read) {
    const files = /* @__PURE__ */ new Set([...read.files, ...read.discovered]);
    for (const inputs of read.builds.values()) for (const file of inputs) files.add(path.resolve(this.#options.cwd, file));
    return files;
  }
  /** The key of the contents of a unit's files. */
  #inputs(files) {
    return sha256(JSON.stringify(files.map((file) => [file, this.hash(file)])));
  }
  /**
   * The stored scan when nothing it read changed: the same global key, the same files discovered with the same roles,
   * and the same content of every file read. Null otherwise (or when the cache cannot be decoded).
   */
  fullHit(roles) {
    this.#roles = sha256(JSON.stringify(roles));
    const header = this.#header;
    if (header === null || header.key !== this.#key || header.roles !== this.#roles) return null;
    for (const [file, hash] of header.files) if (this.hash(file) !== hash) return null;
    try {
      const unpack = this.#unpacker(false);
      const stored = this.#line(REPORT);
      const state = this.#state(unpack(stored.state));
      if (this.#options.reportFiles !== void 0) return null;
      if (stored.reportFiles === null) {
        const report = { ...unpack(stored.report), findings: unpack(stored.findings), suppressedFindings: unpack(stored.suppressedFindings) };
        return { ...state, unitCount: stored.unitCount, assembled: { report, fixes: unpack(stored.fixes) }, units: null };
      }
      const units = this.#units().map((unit) => ({ result: unpack(unit.result), subjects: unit.subjects }));
      return { ...state, unitCount: units.length, assembled: null, units };
    } catch (error) {
      this.#unusable(error);
      return null;
    }
  }
  #state(raw) {
    const state = raw;
    return { ...state, builds: new Map(state.builds.map(([root, inputs]) => [root, new Set(inputs)])) };
  }
  /**
   * The read files as the report's assembly needs them: their text (for `--fix`), their documents only where they hold
   * inline directives (which name the documents they cover).
   */
  sourceTexts(files) {
    const out = /* @__PURE__ */ new Map();
    for (const file of files) {
      this.hash(file);
      const bytes = this.#bytes.get(file);
      if (bytes === void 0 || bytes === null) continue;
      const text = stripByteOrderMark(bytes.toString("utf8"));
      const documents = text.includes("kyverno-lint-") ? parseDocuments(file, text).documents : [];
      out.set(file, { path: file, display: displayName(this.#options.cwd, file), text, documents });
    }
    return out;
  }
  /**
   * Which units' stored results this run uses: those whose files are unchanged and whose recorded reads see no object
   * added, removed or changed; none when the global key or a policy file changed.
   */
  plan(input) {
    const { cwd } = this.#options;
    const policyKey = sha256(JSON.stringify([...input.policyFiles].sort().map((file) => [file, this.hash(file)])));
    const entries = /* @__PURE__ */ new Map();
    const reused = /* @__PURE__ */ new Set();
    let storedUnits = /* @__PURE__ */ new Map();
    let unpack = null;
    const inputsOf = (unit) => this.#inputs(unit.builds.length === 0 ? [input.subjects[unit.subjects[0]].file] : unit.inputs.map((file) => path.resolve(cwd, file)));
    const objectsOf = (unit) => objectsJson(unit.subjects.filter((index) => index < input.received.length).map((index) => input.received[index]));
    const problemFiles = new Set(input.workspace.problems.map((problem) => problem.location.file));
    const sourceOf = (unit) => {
      if (unit.builds.length !== 0) return null;
      const manifests = unit.subjects.map((index) => input.subjects[index]);
      const file = manifests[0].file;
      if (!input.workspace.plainFiles.has(file) || problemFiles.has(displayName(cwd, file))) return null;
      if (!manifests.every((manifest) => manifest.file === file && manifest.origin === void 0 && survivesJson(manifest.value))) return null;
      const stored = manifests.map((manifest) => [manifest.documentIndex, manifest.listItem ?? null, manifest.value]);
      return [file, JSON.stringify(stored)];
    };
    const current = new Map(input.units.map((unit) => [unit.key, { unit, inputs: inputsOf(unit), objects: null }]));
    const objectsAt = (known) => known.objects ??= objectsOf(known.unit);
    const sources = /* @__PURE__ */ new Map();
    const header = this.#header;
    if (header !== null && header.key === this.#key && header.policyKey === policyKey) {
      try {
        storedUnits = new Map(this.#units().map((unit) => [unit.key, unit]));
        const changed = [];
        const clean = [];
        for (const [key, known] of current) {
          const old = storedUnits.get(key);
          if (old !== void 0 && old.inputs === known.inputs && old.subjects.length === known.unit.subjects.length) {
            clean.push({ key, old });
            known.objects = old.objects;
          } else {
            changedObjects(old?.objects ?? "[]", objectsAt(known), changed);
          }
        }
        for (const [key, old] of storedUnits) if (!current.has(key)) changedObjects(old.objects, "[]", changed);
        unpack = this.#unpacker(true);
        const searched = /* @__PURE__ */ new Map();
        const searchedAgain = (search) => {
          const key = JSON.stringify(search.slice(0, 4));
          if (!searched.has(key)) searched.set(key, input.cluster === void 0 ? null : searchAgain(input.cluster, search));
          return searched.get(key);
        };
        for (const { key, old } of clean) {
          if (Array.isArray(old.source)) sources.set(key, old.source);
          if (changed.some((object) => readsSee(old.reads, object, searchedAgain))) continue;
          reused.add(key);
          const located = Array.isArray(old.located) && old.located.every((file) => typeof file === "string") ? old.located : null;
          const line = this.#unitLines.get(old);
          entries.set(key, { reads: old.reads, objects: old.objects, source: old.source, inputs: old.inputs, located, packed: old.result, ...line !== void 0 && located !== null ? { stored: { ...line, subjects: old.subjects } } : {} });
        }
      } catch (error) {
        this.#unusable(error);
        reused.clear();
        entries.clear();
        sources.clear();
        storedUnits = /* @__PURE__ */ new Map();
        unpack = null;
      }
    }
    const resultOf = (entry) => entry.result ??= unpack(entry.packed);
    const plan = {
      reused,
      policyKey,
      entries,
      resultOf,
      result: (key) => resultOf(entries.get(key)),
      evaluated: (unit, result2, reads) => {
        const known = current.get(unit.key);
        entries.set(unit.key, { reads, objects: objectsAt(known), source: sources.get(unit.key) ?? sourceOf(unit), inputs: known.inputs, located: locatedFiles(result2), result: result2 });
      },
      previous: (read) => {
        if (unpack === null || this.#options.reportFiles !== void 0 || header === null) return null;
        const files = this.#watched(read);
        try {
          const stored = this.#line(REPORT);
          if (stored.reportFiles !== null) return null;
          const list2 = unpackFindingList(this.#line(TABLES), stored.findings);
          const findings = list2?.findings ?? unpack(stored.findings);
          const report = { ...unpack(stored.report), findings, suppressedFindings: unpack(stored.suppressedFindings) };
          const state = unpack(stored.state);
          const replaced = /* @__PURE__ */ new Map();
          for (const [key, old] of storedUnits) if (!reused.has(key)) replaced.set(key, unpack(old.result));
          const located = new Map([...reused].map((key) => [key, entries.get(key).located]));
          const changed = /* @__PURE__ */ new Set();
          const before = new Map(header.files);
          for (const file of files) if (before.get(file) !== this.hash(file)) changed.add(file);
          const now = new Set(files);
          for (const file of before.keys()) if (!now.has(file)) changed.add(file);
          this.#previousFindings = list2;
          return { assembly: { report, fixes: unpack(stored.fixes) }, problems: state.problems, replaced, located, changed };
        } catch (error) {
          this.#unusable(error);
          return null;
        }
      }
    };
    return plan;
  }
  /**
   * Writes the cache (a temporary file renamed over it); a failure is a warning. The stored tables are appended to while
   * the units packed so stay under half of them; else (and when nothing was stored) everything is packed afresh.
   */
  save(plan, state, warnings) {
    const { entries, policyKey } = plan;
    const { units, unitKeys, assembled, discovered, checked: _checked, ...rest } = state;
    const packedNow = unitKeys.filter((key) => entries.get(key).packed === void 0).length;
    const appended = (this.#header?.appended ?? 0) + packedNow;
    let appending = this.#parsed.has(TABLES) && [...entries.values()].some((entry) => entry.packed !== void 0) && appended * 2 <= unitKeys.length;
    let packer;
    try {
      packer = appending ? new Packer(this.#line(TABLES), this.#packedFindings) : new Packer();
    } catch {
      appending = false;
      packer = new Packer();
    }
    const files = this.#watched({ files: state.files, discovered, builds: state.builds });
    const { resultOf } = plan;
    const unitLines = unitKeys.map((key, index) => {
      const entry = entries.get(key);
      const { subjects } = units[index];
      if (appending && entry.stored !== void 0 && sameNumbers(entry.stored.subjects, subjects)) return entry.stored;
      const result2 = appending && entry.packed !== void 0 ? entry.packed : packer.pack(resultOf(entry));
      const located = entry.located ?? locatedFiles(resultOf(entry));
      const unit = { key, subjects: [...subjects], located, inputs: entry.inputs, reads: entry.reads, objects: entry.objects, source: entry.source, result: result2 };
      return Buffer.from(JSON.stringify(unit));
    });
    const { findings, suppressedFindings, ...summary } = assembled.report;
    const report = {
      state: packer.pack(rest),
      unitCount: unitKeys.length,
      reportFiles: this.#options.reportFiles ?? null,
      findings: (appending && this.#previousFindings !== null ? this.#packFindingList(packer, findings, this.#previousFindings) : null) ?? packer.pack(findings),
      suppressedFindings: packer.pack(suppressedFindings ?? []),
      report: packer.pack(summary),
      fixes: packer.pack(assembled.fixes)
    };
    const lines = [...[packer.tables(), report].map((line) => Buffer.from(JSON.stringify(line))), ...unitLines].map(
      (line) => Buffer.isBuffer(line) ? { line, digest: sha256(line) } : line
    );
    const header = {
      format: CACHE_FORMAT,
      version: package_default.version,
      key: this.#key,
      roles: this.#roles,
      policyKey,
      files: [...files].map((file) => [file, this.hash(file)]),
      appended: appending ? appended : 0,
      lines: lines.map(({ line }) => line.length),
      digests: lines.map(({ digest: digest2 }) => digest2),
      checked: state.checked
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
      }
      warnings.push(`cannot write the cache ${displayName(this.#options.cwd, this.file)}: ${error.message}`);
    }
  }
};

// src/evaluate/userinfo.ts
var USER_INFO_FILE = struct({
  apiVersion: STRING,
  kind: STRING,
  metadata: ANY_MAP,
  roles: STRING_LIST,
  clusterRoles: STRING_LIST,
  userInfo: struct({ username: STRING, uid: STRING, groups: STRING_LIST, extra: map(list(STRING)) }),
  synchronize: BOOL,
  dryRun: BOOL
});
var strings = (value) => Array.isArray(value) ? value.filter((item) => typeof item === "string") : void 0;
function toUserInfo(value) {
  const info = {};
  const roles = strings(value.roles);
  if (roles) info.roles = roles;
  const clusterRoles = strings(value.clusterRoles);
  if (clusterRoles) info.clusterRoles = clusterRoles;
  const user = value.userInfo;
  if (user !== null && user !== void 0 && typeof user === "object" && !Array.isArray(user)) {
    const admission = {};
    if (typeof user.username === "string") admission.username = user.username;
    if (typeof user.uid === "string") admission.uid = user.uid;
    const groups = strings(user.groups);
    if (groups) admission.groups = groups;
    if (user.extra !== null && typeof user.extra === "object" && !Array.isArray(user.extra)) {
      const extra = {};
      for (const [key, items] of Object.entries(user.extra)) extra[key] = strings(items) ?? [];
      admission.extra = extra;
    }
    info.userInfo = admission;
  }
  return info;
}
function decodeUserInfo(document) {
  const { value, errors } = decodeStrict(document, USER_INFO_FILE);
  const untyped = typeof value.apiVersion !== "string" || value.apiVersion === "" || typeof value.kind !== "string" || value.kind === "";
  if (errors.length > 0) return { untyped, errors };
  return { userInfo: toUserInfo(value), untyped, errors };
}

// src/evaluate/values.ts
var API_RESOURCE = struct({
  name: STRING,
  singularName: STRING,
  namespaced: BOOL,
  group: STRING,
  version: STRING,
  kind: STRING,
  verbs: STRING_LIST,
  shortNames: STRING_LIST,
  categories: STRING_LIST,
  storageVersionHash: STRING
});
var VALUES_SPEC_FIELDS = {
  globalValues: ANY_MAP,
  policies: list(
    struct({
      name: STRING,
      rules: list(struct({ name: STRING, values: ANY_MAP, foreachValues: map(list(ANY)) })),
      resources: list(struct({ name: STRING, values: ANY_MAP }))
    })
  ),
  namespaceSelector: list(struct({ name: STRING, labels: STRING_MAP })),
  namespaces: list(struct({ apiVersion: STRING, kind: STRING, metadata: ANY_MAP, spec: ANY_MAP, status: ANY_MAP })),
  subresources: list(struct({ subresource: API_RESOURCE, parentResource: API_RESOURCE }))
};
var VALUES_FILE = struct({ apiVersion: STRING, kind: STRING, metadata: ANY_MAP, ...VALUES_SPEC_FIELDS });
var GLOBAL_OPERATIONS = /* @__PURE__ */ new Set(["", "CREATE", "UPDATE", "DELETE", "CONNECT"]);
var asObject = (value) => value !== null && value !== void 0 && typeof value === "object" && !Array.isArray(value) ? value : {};
var asArray = (value) => Array.isArray(value) ? value : [];
var asString = (value) => typeof value === "string" ? value : "";
var ValuesFile = class {
  globalValues;
  policies;
  /** Namespace name → labels (`namespaces` entries win over `namespaceSelector` ones). */
  namespaceLabels;
  subresources;
  /** Namespace name → Namespace object (`namespaces` entries first, then objects built from `namespaceSelector` entries). */
  namespaceObjects = /* @__PURE__ */ new Map();
  lookups = /* @__PURE__ */ new Map();
  constructor(spec) {
    this.globalValues = { ...asObject(spec.globalValues) };
    this.policies = asArray(spec.policies).map((raw) => {
      const policy = asObject(raw);
      return {
        name: asString(policy.name),
        rules: asArray(policy.rules).map((rawRule) => {
          const rule2 = asObject(rawRule);
          const foreach = {};
          for (const [key, value] of Object.entries(asObject(rule2.foreachValues))) foreach[key] = asArray(value);
          return { name: asString(rule2.name), values: { ...asObject(rule2.values) }, foreachValues: foreach };
        }),
        resources: asArray(policy.resources).map((rawResource) => {
          const resource = asObject(rawResource);
          return { name: asString(resource.name), values: { ...asObject(resource.values) } };
        })
      };
    });
    const labels = /* @__PURE__ */ new Map();
    for (const raw of asArray(spec.namespaceSelector)) {
      const entry = asObject(raw);
      labels.set(asString(entry.name), stringMap(entry.labels));
    }
    for (const raw of asArray(spec.namespaces)) {
      const metadata = asObject(asObject(raw).metadata);
      labels.set(asString(metadata.name), stringMap(metadata.labels));
    }
    this.namespaceLabels = labels;
    for (const raw of asArray(spec.namespaces)) {
      const namespace = asObject(raw);
      const name = asString(asObject(namespace.metadata).name);
      if (!this.namespaceObjects.has(name)) this.namespaceObjects.set(name, namespace);
    }
    for (const raw of asArray(spec.namespaceSelector)) {
      const entry = asObject(raw);
      const name = asString(entry.name);
      if (!this.namespaceObjects.has(name)) {
        this.namespaceObjects.set(name, { apiVersion: "v1", kind: "Namespace", metadata: { name, labels: stringMap(entry.labels) } });
      }
    }
    this.subresources = asArray(spec.subresources).map((raw) => {
      const entry = asObject(raw);
      const sub = asObject(entry.subresource);
      const parent = asObject(entry.parentResource);
      const name = asString(sub.name);
      return {
        group: asString(sub.group),
        version: asString(sub.version),
        kind: asString(sub.kind),
        parentGroup: asString(parent.group),
        parentVersion: asString(parent.version),
        parentKind: asString(parent.kind),
        subresource: name.split("/")[1] ?? ""
      };
    });
  }
  /** The Namespace object the values give for `name` (the CEL kinds' `namespaceObject`), if any. */
  namespaceObject(name) {
    return this.namespaceObjects.get(name);
  }
  /** The global `request.operation` value, or "" when unset (`Variables.GlobalOperation`). */
  globalOperation() {
    const operation = this.globalValues["request.operation"];
    return typeof operation === "string" ? operation : "";
  }
  /** An error message when the global `request.operation` is not an admission operation. */
  operationError() {
    const operation = this.globalOperation();
    return GLOBAL_OPERATIONS.has(operation) ? null : `invalid request.operation value "${operation}" (expected CREATE, UPDATE, DELETE or CONNECT)`;
  }
  /** Resource-level variables for (policy, resource): global, then matching resource entries, then `set`. */
  resourceValues(policyName, resourceName3, set2) {
    const out = { ...this.globalValues };
    for (const policy of this.policies) {
      if (policy.name !== policyName) continue;
      for (const resource of policy.resources) {
        if (resource.name === resourceName3) Object.assign(out, resource.values);
      }
    }
    if (set2) Object.assign(out, set2);
    return out;
  }
  /** The rule entry of the first policy entry named `policyName` (`Store.GetPolicyRule`). */
  ruleEntry(policyName, ruleName) {
    const policy = this.policies.find((entry) => entry.name === policyName);
    return policy?.rules.find(
      (rule2) => ruleName === rule2.name || ruleName === `autogen-${rule2.name}` || ruleName === `autogen-cronjob-${rule2.name}`
    );
  }
  /** The per-rule lookups handed to the engine for one policy (built once per policy name). */
  ruleLookups(policyName) {
    let lookups = this.lookups.get(policyName);
    if (lookups === void 0) {
      lookups = this.policies.some((entry) => entry.name === policyName) ? {
        rule: (ruleName) => this.ruleEntry(policyName, ruleName)?.values,
        foreach: (ruleName) => this.ruleEntry(policyName, ruleName)?.foreachValues
      } : {};
      this.lookups.set(policyName, lookups);
    }
    return lookups;
  }
};
function stringMap(value) {
  const out = {};
  for (const [key, item] of Object.entries(asObject(value))) if (typeof item === "string") out[key] = item;
  return out;
}
function decodeValuesFile(document, displayFile2) {
  const { value, errors } = decodeStrict(document, VALUES_FILE);
  if (asString(value.apiVersion) === "" || asString(value.kind) === "") {
    errors.push({ message: `values file ${displayFile2} uses a deprecated schema \u2014 please migrate to the latest format`, path: [] });
  }
  if (errors.length > 0) return { errors };
  return { values: new ValuesFile(value), errors };
}

// src/config/load.ts
var import_yaml3 = __toESM(require_dist(), 1);
import { existsSync, readFileSync as readFileSync2, statSync as statSync2 } from "node:fs";
import path2 from "node:path";

// src/config/types.ts
var DEFAULT_CONFIG = {
  policies: [],
  manifests: [],
  exclude: [],
  operation: "CREATE",
  severity: { audit: "warning", enforce: "error", policies: {}, rules: {} },
  ignore: []
};

// src/config/load.ts
var CONFIG_FILE_NAMES = [".kyverno-lint.yaml", ".kyverno-lint.yml"];
var OUTPUT_FORMATS = ["stylish", "json", "sarif", "github", "junit"];
var OPERATIONS = ["CREATE", "UPDATE", "DELETE", "CONNECT"];
var SEVERITY_SETTINGS = ["error", "warning", "info", "off"];
function findConfigFile(cwd) {
  for (let dir = path2.resolve(cwd); ; dir = path2.dirname(dir)) {
    for (const name of CONFIG_FILE_NAMES) {
      const file = path2.join(dir, name);
      if (existsSync(file) && statSync2(file).isFile()) return file;
    }
    if (path2.dirname(dir) === dir) return null;
  }
}
function globBase(config, cwd) {
  return config.file === void 0 ? path2.resolve(cwd) : path2.dirname(config.file);
}
function defaults() {
  return structuredClone(DEFAULT_CONFIG);
}
var Decoder = class {
  constructor(file, document, lines) {
    this.file = file;
    this.document = document;
    this.lines = lines;
  }
  file;
  document;
  lines;
  problems = [];
  /** Where the rule ids of `severity` and `ignore` are written. */
  positions = { severityPolicies: {}, severityRules: {}, ignore: [] };
  /** The 1-based position of the start of `node` (the document's start when there is no node). */
  position(node) {
    const { line, col } = this.lines.linePos(node?.range?.[0] ?? 0);
    return { line, column: col };
  }
  /** Reports `message` at the start of `node` (the document's start when there is no node). */
  report(node, message) {
    this.problems.push({ file: this.file, ...this.position(node), message });
  }
  /** The node itself, an alias replaced by the node it names. */
  resolve(node) {
    if ((0, import_yaml3.isAlias)(node)) return node.resolve(this.document) ?? null;
    return node ?? null;
  }
  /** The entries of a mapping as (key text, key node, value node, null for no value or `null`); non-string keys are problems. */
  entries(node, what) {
    if (!(0, import_yaml3.isMap)(node)) {
      this.report(node, `${what} must be a mapping, got ${describe(node)}`);
      return null;
    }
    const out = [];
    for (const pair of node.items) {
      const keyNode = this.resolve(pair.key);
      if (keyNode === null || !(0, import_yaml3.isScalar)(keyNode) || typeof keyNode.value !== "string") {
        this.report(keyNode, `${what}: keys must be strings`);
        continue;
      }
      const value = this.resolve(pair.value);
      out.push({ key: keyNode.value, keyNode, value: (0, import_yaml3.isScalar)(value) && value.value === null ? null : value });
    }
    return out;
  }
  string(node, what) {
    if ((0, import_yaml3.isScalar)(node) && typeof node.value === "string") {
      if (node.value.trim() !== "") return node.value;
      this.report(node, `${what} must not be empty`);
      return void 0;
    }
    this.report(node, `${what} must be a string, got ${describe(node)}`);
    return void 0;
  }
  oneOf(node, what, allowed) {
    const text = this.string(node, what);
    if (text === void 0) return void 0;
    if (allowed.includes(text)) return text;
    this.report(node, `${what} must be one of ${allowed.join(", ")}, got "${text}"`);
    return void 0;
  }
  stringList(node, what) {
    if (!(0, import_yaml3.isSeq)(node)) {
      this.report(node, `${what} must be a list of strings, got ${describe(node)}`);
      return void 0;
    }
    const out = [];
    node.items.forEach((raw, index) => {
      const item = this.resolve(raw);
      const text = item === null || (0, import_yaml3.isScalar)(item) && item.value === null ? this.missing(item ?? node, `${what}[${index}]`) : this.string(item, `${what}[${index}]`);
      if (text !== void 0) out.push(text);
    });
    return out;
  }
  /** A list of globs relative to the config file's folder. */
  globs(node, what) {
    const globs = this.stringList(node, what);
    if (globs === void 0 || !(0, import_yaml3.isSeq)(node)) return void 0;
    return globs.filter((glob, index) => {
      const normalized = glob.trim().replace(/^(\.\/)+/, "");
      if (normalized.startsWith("/") || normalized === ".." || normalized.startsWith("../")) {
        this.report(this.resolve(node.items[index]), `${what}: "${glob}" is outside the config file's folder (globs are relative to it)`);
        return false;
      }
      return true;
    });
  }
  boolean(node, what) {
    if ((0, import_yaml3.isScalar)(node) && typeof node.value === "boolean") return node.value;
    this.report(node, `${what} must be true or false, got ${describe(node)}`);
    return void 0;
  }
  nonNegativeInteger(node, what) {
    if ((0, import_yaml3.isScalar)(node) && typeof node.value === "number" && Number.isInteger(node.value) && node.value >= 0) return node.value;
    this.report(node, `${what} must be an integer of 0 or more, got ${describe(node)}`);
    return void 0;
  }
  /** A size in bytes: a positive integer, or a string such as `64Mi`, `64MiB` or `10MB`. */
  byteSize(node, what) {
    const value = (0, import_yaml3.isScalar)(node) && (typeof node.value === "number" || typeof node.value === "string") ? parseByteSize(String(node.value)) : null;
    if (value !== null) return value;
    this.report(node, `${what} must be a size in bytes of 1 or more (such as 67108864, 64Mi, 64MiB or 10MB), got ${describe(node)}`);
    return void 0;
  }
  /**
   * A mapping of names to severity settings; `keyProblem` tells what is wrong with a key, if anything;
   * `positions` receives where each key is written.
   */
  severityMap(node, what, positions, keyProblem = () => null) {
    const entries = this.entries(node, what);
    if (entries === null) return void 0;
    const out = {};
    for (const { key, keyNode, value } of entries) {
      const problem = keyProblem(key);
      if (problem !== null) {
        this.report(keyNode, `${what}: ${problem}`);
        continue;
      }
      const label = `${what}["${key}"]`;
      const setting = value === null ? this.missing(keyNode, label) : this.oneOf(value, label, SEVERITY_SETTINGS);
      if (setting !== void 0) {
        out[key] = setting;
        positions[key] = this.position(keyNode);
      }
    }
    return out;
  }
  /** A key or list item with no value (`key:` alone, `- ` alone, or `null`): reported at the key or item. */
  missing(keyNode, what) {
    this.report(keyNode, `${what} has no value`);
    return void 0;
  }
  /** An unknown key, with the nearest known one when it looks like a typo. */
  unknownKey(keyNode, key, what, known) {
    const suggestion = closest(key, known);
    const hint = suggestion === null ? `known keys: ${known.join(", ")}` : `did you mean "${suggestion}"?`;
    this.report(keyNode, `unknown key "${key}"${what === "" ? "" : ` in ${what}`} (${hint})`);
  }
};
function describe(node) {
  if (node === null) return "nothing";
  if ((0, import_yaml3.isMap)(node)) return "a mapping";
  if ((0, import_yaml3.isSeq)(node)) return "a list";
  if ((0, import_yaml3.isScalar)(node)) {
    const { value } = node;
    if (value === null) return "null";
    if (typeof value === "string") return `"${value}"`;
    return `${typeof value} ${String(value)}`;
  }
  return "an alias";
}
var TOP_LEVEL_KEYS = ["policies", "manifests", "exclude", "values", "userinfo", "userInfo", "imageData", "operation", "apiDefaults", "kubernetesVersion", "severity", "ignore", "format", "maxWarnings", "maxFileSize", "allowEmpty", "kustomize"];
var USER_INFO_KEYS = ["username", "uid", "groups", "extra", "roles", "clusterRoles"];
function decodeUserInfo2(decoder, node, config) {
  const entries = decoder.entries(node, "userInfo");
  if (entries === null) return;
  const info = {};
  for (const { key, keyNode, value } of entries) {
    if (!USER_INFO_KEYS.includes(key)) {
      decoder.unknownKey(keyNode, key, "userInfo", USER_INFO_KEYS);
      continue;
    }
    const what = `userInfo.${key}`;
    if (value === null) {
      decoder.missing(keyNode, what);
      continue;
    }
    if (key === "username" || key === "uid") {
      const text = decoder.string(value, what);
      if (text !== void 0) info[key] = text;
    } else if (key === "extra") {
      const extra = decoder.entries(value, what);
      if (extra === null) continue;
      const out = {};
      for (const item of extra) {
        const values = item.value === null ? decoder.missing(item.keyNode, `${what}["${item.key}"]`) : decoder.stringList(item.value, `${what}["${item.key}"]`);
        if (values !== void 0) out[item.key] = values;
      }
      info.extra = out;
    } else {
      const list2 = decoder.stringList(value, what);
      if (list2 !== void 0) info[key] = list2;
    }
  }
  config.userInfo = info;
}
var KUSTOMIZE_KEYS = ["build", "roots"];
function decodeKustomize(decoder, node, config) {
  const entries = decoder.entries(node, "kustomize");
  if (entries === null) return;
  const settings = { build: true, roots: [] };
  for (const { key, keyNode, value } of entries) {
    if (!KUSTOMIZE_KEYS.includes(key)) {
      decoder.unknownKey(keyNode, key, "kustomize", KUSTOMIZE_KEYS);
      continue;
    }
    if (value === null) {
      decoder.missing(keyNode, `kustomize.${key}`);
      continue;
    }
    if (key === "build") {
      const build = decoder.boolean(value, "kustomize.build");
      if (build !== void 0) settings.build = build;
    } else {
      const roots = decoder.globs(value, "kustomize.roots");
      if (roots !== void 0) settings.roots = roots;
    }
  }
  config.kustomize = settings;
}
var SEVERITY_KEYS = ["audit", "enforce", "policies", "rules"];
function ruleIdProblem(key) {
  return /^[^/]+(\/[^/]+)?\/[^/]+$/.test(key) ? null : `"${key}" is not a rule id (expected "policy/rule" or "namespace/policy/rule")`;
}
function decodeIgnore(decoder, node, config) {
  const ignore = decoder.stringList(node, "ignore");
  if (ignore === void 0 || !(0, import_yaml3.isSeq)(node)) return;
  config.ignore = [];
  decoder.positions.ignore = [];
  const nodes = node.items.map((item) => decoder.resolve(item)).filter((item) => (0, import_yaml3.isScalar)(item) && typeof item.value === "string" && item.value.trim() !== "");
  ignore.forEach((pattern, index) => {
    const item = nodes[index];
    if (!pattern.includes("/") && !/[*?]/.test(pattern)) {
      decoder.report(item, `ignore: "${pattern}" is not a rule id (expected "policy/rule", "namespace/policy/rule" or "kyverno-lint/<problem>", with * and ? as wildcards)`);
      return;
    }
    config.ignore.push(pattern);
    decoder.positions.ignore.push(decoder.position(item));
  });
}
function decodeSeverity(decoder, node, into) {
  const entries = decoder.entries(node, "severity");
  if (entries === null) return;
  for (const { key, keyNode, value } of entries) {
    if (!SEVERITY_KEYS.includes(key)) {
      decoder.unknownKey(keyNode, key, "severity", SEVERITY_KEYS);
      continue;
    }
    const what = `severity.${key}`;
    if (value === null) {
      decoder.missing(keyNode, what);
      continue;
    }
    if (key === "audit" || key === "enforce") {
      const setting = decoder.oneOf(value, what, SEVERITY_SETTINGS);
      if (setting !== void 0) into[key] = setting;
    } else if (key === "policies" || key === "rules") {
      const map2 = key === "rules" ? decoder.severityMap(value, what, decoder.positions.severityRules, ruleIdProblem) : decoder.severityMap(value, what, decoder.positions.severityPolicies);
      if (map2 !== void 0) into[key] = map2;
    }
  }
}
function decodeTopLevel(decoder, node, config) {
  const folder = path2.dirname(decoder.file);
  const entries = decoder.entries(node, "the configuration");
  if (entries === null) return;
  const userInfoKeys = entries.filter((entry) => entry.key === "userinfo" || entry.key === "userInfo");
  if (userInfoKeys.length > 1) decoder.report(userInfoKeys[1].keyNode, "userinfo (a UserInfo file) and userInfo (the user written here) cannot both be set: keep one");
  for (const { key, keyNode, value } of entries) {
    if (!TOP_LEVEL_KEYS.includes(key)) {
      decoder.unknownKey(keyNode, key, "", TOP_LEVEL_KEYS);
      continue;
    }
    if (value === null) {
      decoder.missing(keyNode, key);
      continue;
    }
    switch (key) {
      case "policies":
      case "manifests":
      case "exclude": {
        const globs = decoder.globs(value, key);
        if (globs !== void 0) config[key] = globs;
        break;
      }
      case "values":
      case "userinfo":
      case "imageData": {
        const file = decoder.string(value, key);
        if (file !== void 0) config[key] = path2.resolve(folder, file);
        break;
      }
      case "userInfo":
        decodeUserInfo2(decoder, value, config);
        break;
      case "operation": {
        const operation = decoder.oneOf(value, key, OPERATIONS);
        if (operation !== void 0) config.operation = operation;
        break;
      }
      case "apiDefaults": {
        const apiDefaults = decoder.boolean(value, key);
        if (apiDefaults !== void 0) config.apiDefaults = apiDefaults;
        break;
      }
      case "kubernetesVersion": {
        const text = (0, import_yaml3.isScalar)(value) && typeof value.value === "number" ? value.source ?? String(value.value) : decoder.string(value, key);
        if (text === void 0) break;
        const version = parseKubernetesVersion(text);
        if (typeof version === "string") config.kubernetesVersion = version;
        else decoder.report(value, `${key}: ${version.error}`);
        break;
      }
      case "severity":
        decodeSeverity(decoder, value, config.severity);
        break;
      case "ignore":
        decodeIgnore(decoder, value, config);
        break;
      case "format": {
        const format = decoder.oneOf(value, key, OUTPUT_FORMATS);
        if (format !== void 0) config.format = format;
        break;
      }
      case "maxWarnings": {
        const maxWarnings = decoder.nonNegativeInteger(value, key);
        if (maxWarnings !== void 0) config.maxWarnings = maxWarnings;
        break;
      }
      case "allowEmpty": {
        const allowEmpty = decoder.boolean(value, key);
        if (allowEmpty !== void 0) config.allowEmpty = allowEmpty;
        break;
      }
      case "kustomize":
        decodeKustomize(decoder, value, config);
        break;
      case "maxFileSize": {
        const maxFileSize = decoder.byteSize(value, key);
        if (maxFileSize !== void 0) config.maxFileSize = maxFileSize;
        break;
      }
    }
  }
}
function parseConfig(file, text) {
  const config = { ...defaults(), file };
  const lines = new import_yaml3.LineCounter();
  const documents = (0, import_yaml3.parseAllDocuments)(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const problems = [];
  if (!Array.isArray(documents) || documents.length === 0) return { config, problems };
  for (const document2 of documents) {
    for (const error of document2.errors) {
      const { line, col } = lines.linePos(error.pos[0]);
      problems.push({ file, line, column: col, message: `YAML syntax error: ${error.message}` });
    }
  }
  if (problems.length > 0) return { config, problems };
  if (documents.length > 1) {
    const { line, col } = lines.linePos(documents[1].range[0]);
    return { config, problems: [{ file, line, column: col, message: "the configuration file must hold a single YAML document" }] };
  }
  const [document] = documents;
  const decoder = new Decoder(file, document, lines);
  const root = decoder.resolve(document.contents);
  if (root !== null && !((0, import_yaml3.isScalar)(root) && root.value === null)) decodeTopLevel(decoder, root, config);
  const { positions } = decoder;
  if (Object.keys(positions.severityPolicies).length + Object.keys(positions.severityRules).length + positions.ignore.length > 0) config.positions = positions;
  return { config, problems: decoder.problems };
}
function loadConfig(file) {
  const absolute = path2.resolve(file);
  let text;
  try {
    text = readFileSync2(absolute, "utf8");
  } catch (error) {
    const code = error?.code;
    const reason = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a folder" : error instanceof Error ? error.message : String(error);
    return { config: { ...defaults(), file: absolute }, problems: [{ file: absolute, line: 1, column: 1, message: `cannot read the configuration file: ${reason}` }] };
  }
  return parseConfig(absolute, text);
}

// src/lint/api-defaults.ts
function defaultedManifest(manifest, version) {
  const value = applyApiDefaults(manifest.value, version);
  return value === manifest.value ? manifest : { ...manifest, value };
}
function withoutApiDefaults(original, defaulted, patched, version) {
  if (defaulted === original || version === null) return patched;
  const rebased = rebase(original, defaulted, patched);
  if (!isObject(rebased)) return patched;
  const again = applyApiDefaults(rebased, version);
  const stored = applyApiDefaults(patched, version);
  return jsonEqual(again, stored, "type") ? rebased : restore2(rebased, again, stored);
}
function restore2(written, again, patched) {
  if (again !== void 0 && jsonEqual(again, patched, "type")) return written;
  if (isObject(written) && isObject(again) && isObject(patched)) {
    const out = extensibleCopy(written);
    for (const [key, value] of Object.entries(patched)) {
      if (Object.hasOwn(written, key)) out[key] = restore2(written[key], again[key], value);
      else if (!jsonEqual(again[key], value, "type")) out[key] = value;
    }
    return out;
  }
  if (Array.isArray(written) && Array.isArray(again) && Array.isArray(patched) && written.length === patched.length && again.length === patched.length) {
    return written.map((item, index) => restore2(item, again[index], patched[index]));
  }
  return patched;
}
function rebase(original, defaulted, patched) {
  if (defaulted !== void 0 && jsonEqual(defaulted, patched, "type")) return original;
  if (isObject(defaulted) && isObject(patched)) return rebaseMap(isObject(original) ? original : void 0, defaulted, patched);
  if (Array.isArray(defaulted) && Array.isArray(patched) && Array.isArray(original)) return rebaseList(original, defaulted, patched);
  return patched;
}
function rebaseMap(original, defaulted, patched) {
  const out = {};
  if (original !== void 0) {
    for (const key of Object.keys(original)) {
      if (!Object.hasOwn(patched, key)) continue;
      const value = rebase(original[key], defaulted[key], patched[key]);
      if (value !== void 0) out[key] = value;
    }
  }
  for (const key of Object.keys(patched)) {
    if (original !== void 0 && Object.hasOwn(original, key)) continue;
    const value = Object.hasOwn(defaulted, key) ? rebase(void 0, defaulted[key], patched[key]) : patched[key];
    if (value !== void 0) out[key] = value;
  }
  return out;
}
var ITEM_KEYS = ["name", "mountPath", "containerPort", "devicePath", "ip", "topologyKey"];
function itemKey(item) {
  if (!isObject(item)) return void 0;
  for (const key of ITEM_KEYS) {
    const value = item[key];
    if (typeof value === "string" || typeof value === "number") return `${key}=${String(value)}`;
  }
  return void 0;
}
function rebaseList(original, defaulted, patched) {
  if (original.length !== defaulted.length) return patched;
  const used = /* @__PURE__ */ new Set();
  const aligned = patched.length === defaulted.length;
  const rebased = (at, item) => {
    used.add(at);
    return rebase(original[at], defaulted[at], item) ?? item;
  };
  return patched.map((item, index) => {
    const same = defaulted.findIndex((candidate, at) => !used.has(at) && jsonEqual(candidate, item, "type"));
    if (same !== -1) {
      used.add(same);
      return original[same];
    }
    const key = itemKey(item);
    const keyed = key === void 0 ? -1 : defaulted.findIndex((candidate, at) => !used.has(at) && itemKey(candidate) === key);
    if (keyed !== -1) return rebased(keyed, item);
    if (aligned && !used.has(index)) return rebased(index, item);
    return item;
  });
}

// src/lint/findings.ts
function ruleIdOf(policy, rule2) {
  return rule2 === "" ? policyReference(policy) : `${policyReference(policy)}/${rule2}`;
}
function resourceRef(resource) {
  return { apiVersion: resource.apiVersion, kind: resource.kind, namespace: resource.namespace, name: resource.name };
}
var documentIndexes = /* @__PURE__ */ new WeakMap();
function documentsOf(file) {
  let byIndex = documentIndexes.get(file);
  if (byIndex === void 0) {
    byIndex = new Map(file.documents.map((document) => [document.index, document]));
    documentIndexes.set(file, byIndex);
  }
  return byIndex;
}
function locateFailurePath(context, path6) {
  const { resource } = context;
  if (resource.origin !== void 0) {
    const segments = path6 ? path6.split("/").filter((segment) => segment !== "") : [];
    const place = resource.origin(segments);
    const file = context.fileOf?.(place.file);
    if (file !== void 0) return fullLocation(file, locateInDocument({ file: file.path, text: file.text }, place.document, place.path));
  }
  return locateResourcePath(context.file, resource.documentIndex, path6, resource.listItem);
}
function locateResourcePath(file, documentIndex, path6, listItem) {
  const segments = path6 ? path6.split("/").filter((segment) => segment !== "") : [];
  if (listItem !== void 0) segments.unshift("items", listItem);
  const document = documentsOf(file).get(documentIndex);
  const found = document === void 0 ? locate(file.path, file.text, documentIndex, segments) : locateInDocument({ file: file.path, text: file.text }, document, segments);
  return inTemplate(file, fullLocation(file, found), segments);
}
function inTemplate(file, location2, path6) {
  if (file.helm === void 0) return location2;
  return templateLocation(file, location2.line, path6) ?? location2;
}
var metadataCache = /* @__PURE__ */ new WeakMap();
function policyMetadata(policy) {
  let metadata = metadataCache.get(policy);
  if (metadata === void 0) {
    metadata = readPolicyMetadata(policy);
    metadataCache.set(policy, metadata);
  }
  return metadata;
}
function readPolicyMetadata(policy) {
  const annotations = policy.annotations;
  const out = {};
  if (annotations["policies.kyverno.io/category"]) out.category = annotations["policies.kyverno.io/category"];
  if (annotations["policies.kyverno.io/severity"]) out.policySeverity = annotations["policies.kyverno.io/severity"];
  if (annotations["policies.kyverno.io/title"]) out.policyTitle = annotations["policies.kyverno.io/title"];
  if (annotations["policies.kyverno.io/description"]) out.policyDescription = annotations["policies.kyverno.io/description"].trim();
  return out;
}
function responseFindings(responses, context) {
  const out = { findings: [], suppressed: 0 };
  for (const { kind, response } of responses) {
    const policy = response.policy;
    for (const responded of response.rules) {
      const rule2 = kind === "verifyImages" && policy.family === "cel" && responded.name === policy.name ? { ...responded, name: "" } : responded;
      if (kind === "delete" && rule2.status !== "error") {
        if (rule2.status !== "pass") continue;
        const finding2 = deletionFinding(policy, rule2, context);
        if (finding2 === null) out.suppressed++;
        else out.findings.push(finding2);
        continue;
      }
      if (rule2.status === "skip" && rule2.preExisting !== void 0) {
        const { message, path: path6 } = rule2.preExisting;
        const failure = { ...rule2, status: "fail", message: `${message} (pre-existing: the object before the change fails this rule too, so the admission controller allows the update)` };
        if (path6 === void 0) delete failure.path;
        else failure.path = path6;
        const finding2 = ruleFinding(policy, failure, context);
        if (finding2 === null) out.suppressed++;
        else out.findings.push(finding2.severity === "error" ? { ...finding2, severity: "warning" } : finding2);
        continue;
      }
      if (rule2.status !== "fail" && rule2.status !== "error") continue;
      if (rule2.needsRegistry && context.registryReported !== void 0) {
        const general = registryMessage(rule2.message);
        const key = registryKey(policy, rule2.name, general);
        if (context.registryReported.has(key)) continue;
        const message = `${general} (reported once for the rule, at the rule: every resource needing this registry data has this error)`;
        const finding2 = registryFinding(policy, { ...rule2, message }, context);
        context.registryReported.set(key, finding2);
        if (finding2 === null) out.suppressed++;
        else out.findings.push(finding2);
        continue;
      }
      const policyRule = kind === "delete" || kind === "generate" && policy.family === "cel";
      const finding = ruleFinding(policy, policyRule ? { ...rule2, name: "" } : rule2, context);
      if (finding === null) out.suppressed++;
      else out.findings.push(finding);
    }
  }
  return out;
}
var settingsCache = /* @__PURE__ */ new WeakMap();
function ruleSettings(config, policy, rule2) {
  let byPolicy = settingsCache.get(config);
  if (byPolicy === void 0) {
    byPolicy = /* @__PURE__ */ new WeakMap();
    settingsCache.set(config, byPolicy);
  }
  let byRule = byPolicy.get(policy);
  if (byRule === void 0) {
    byRule = /* @__PURE__ */ new Map();
    byPolicy.set(policy, byRule);
  }
  let settings = byRule.get(rule2);
  if (settings === void 0) {
    const ruleId = ruleIdOf(policy, rule2);
    const configured = configuredSeverity(config.severity, policyReference(policy), rule2);
    settings = { ruleId, reported: !isIgnored(config.ignore, ruleId) && configured !== "off", configured, metadata: policyMetadata(policy) };
    byRule.set(rule2, settings);
  }
  return settings;
}
function isReported(config, policy, rule2) {
  return ruleSettings(config, policy, rule2).reported;
}
function ruleFinding(policy, rule2, context) {
  const settings = ruleSettings(context.config, policy, rule2.name);
  if (!settings.reported) return null;
  const ruleId = settings.ruleId;
  let severity;
  if (rule2.status === "error") {
    severity = "warning";
  } else {
    const action = policy.failureAction(rule2.name, context.resource.kind, context.resource.namespace, context.namespaceLabels);
    severity = settings.configured ?? actionSeverity(context.config.severity, action);
    if (severity === "error" && !policy.scored && settings.configured === void 0) severity = "warning";
  }
  if (severity === "off") return null;
  const message = rule2.status === "error" ? `rule could not be evaluated: ${rule2.message}` : rule2.message || "validation failed";
  const inPolicy = rule2.status === "error" ? expressionLocation(policy, rule2, context) : null;
  return {
    ruleId,
    policy: policy.name,
    rule: rule2.name,
    severity,
    status: rule2.status,
    type: rule2.type,
    // An error located in the policy names the resource it was evaluated on.
    message: inPolicy === null ? message : `${message} (on ${context.resource.kind} ${resourceName(context.resource)})`,
    location: inPolicy ?? locateFailurePath(context, rule2.status === "fail" ? rule2.path : void 0),
    resource: resourceRef(context.resource),
    ...settings.metadata
  };
}
function registryMessage(message) {
  return message.replace(/image data for \S+ is read from its registry/g, "image data is read from the registry of each image").replace(/ of \S+ needs its registry/g, " of each image needs its registry").replace(/an entry "image: [^"]*"/g, 'an entry "image: <reference>" per image').replace(/ \(\d+ more lookups? of the rule failed too\)/g, "");
}
function registryKey(policy, rule2, message) {
  return `${policyReference(policy)}\0${rule2}\0${message}`;
}
function registryFinding(policy, rule2, context) {
  const settings = ruleSettings(context.config, policy, rule2.name);
  if (!settings.reported) return null;
  const location2 = rule2.status !== "error" ? null : expressionLocation(policy, rule2, context) ?? ruleLocation(policy, rule2.name, context);
  if (location2 === null) return ruleFinding(policy, rule2, context);
  return {
    ruleId: settings.ruleId,
    policy: policy.name,
    rule: rule2.name,
    severity: "warning",
    status: rule2.status,
    type: rule2.type,
    message: `rule could not be evaluated: ${rule2.message}`,
    location: location2,
    ...settings.metadata
  };
}
function ruleLocation(policy, name, context) {
  const source = context.policySource?.(policy);
  if (source === void 0) return null;
  const { file, document } = source;
  const value = document.value;
  const spec = value !== null && typeof value === "object" && !Array.isArray(value) ? value.spec : void 0;
  const rules = spec !== null && typeof spec === "object" && !Array.isArray(spec) ? spec.rules : void 0;
  const original = name.replace(/^autogen-(cronjob-)?/, "");
  const index = Array.isArray(rules) ? rules.findIndex((item) => item !== null && typeof item === "object" && !Array.isArray(item) && (item.name === name || item.name === original)) : -1;
  const inner = index === -1 ? ["metadata", "name"] : ["spec", "rules", index];
  const path6 = document.listItem === void 0 ? inner : ["items", document.listItem, ...inner];
  return inTemplate(file, fullLocation(file, locateInDocument({ file: file.path, text: file.text }, document, path6)), path6);
}
function deletionFinding(policy, rule2, context) {
  const settings = ruleSettings(context.config, policy, "");
  if (!settings.reported) return null;
  const severity = settings.configured ?? "info";
  if (severity === "off") return null;
  const schedule = rule2.properties?.schedule;
  const { resource } = context;
  return {
    ruleId: settings.ruleId,
    policy: policy.name,
    rule: "",
    severity,
    status: "pass",
    type: "Deletion",
    message: `${policyReference(policy)} would delete ${resource.kind} ${resourceName(resource)}${schedule === void 0 ? "" : ` on its schedule "${schedule}"`}`,
    location: locateFailurePath(context, void 0),
    resource: resourceRef(resource),
    ...settings.metadata
  };
}
function resourceName(resource) {
  return resource.namespace ? `${resource.namespace}/${resource.name}` : resource.name;
}
function expressionLocation(policy, rule2, context) {
  if (rule2.policyPath === void 0) return null;
  const source = context.policySource?.(policy);
  if (source === void 0) return null;
  const { file, document } = source;
  const path6 = document.listItem === void 0 ? rule2.policyPath : ["items", document.listItem, ...rule2.policyPath];
  const range2 = rule2.expressionRange;
  const inExpression = range2 === void 0 ? null : locateInScalar({ file: file.path, text: file.text }, document, rule2.policyPath, range2.start, range2.end);
  const found = inExpression ?? locateInDocument({ file: file.path, text: file.text }, document, path6);
  return inTemplate(file, fullLocation(file, found), path6);
}
function mutationFinding(context, rules, mutation, location2, unsettled = [], noFix) {
  const reported = rules.filter(({ policy, rule: rule2 }) => isReported(context.config, policy, rule2.name));
  if (reported.length === 0) return null;
  const names = reported.map(({ policy, rule: rule2 }) => ruleIdOf(policy, rule2.name));
  const resource = context.resource;
  const what = `${resource.kind}/${resource.name}`;
  const changes = names.length === 1 ? `${names[0]} mutates ${what}` : `${what} is mutated by ${names.join(", ")}`;
  let first = reported[0];
  let message;
  if (unsettled.length > 0) {
    first = unsettled.find(({ policy, rule: rule2 }) => isReported(context.config, policy, rule2.name)) ?? first;
    const again = [...new Set(unsettled.map(({ policy, rule: rule2 }) => ruleIdOf(policy, rule2.name)))];
    const who = again.length === 1 && names.length === 1 && again[0] === names[0] ? "it" : again.join(", ");
    message = `${changes} but is not idempotent: ${who} would change ${what} again once fixed, so no fix is offered`;
  } else {
    message = `${changes}${mutation.fixable ? " (fixable with --fix)" : noFix !== void 0 ? ` (no fix: ${noFix})` : ""}`;
  }
  const finding = {
    ruleId: ruleIdOf(first.policy, first.rule.name),
    policy: first.policy.name,
    rule: first.rule.name,
    severity: "info",
    status: "pass",
    type: "Mutation",
    message,
    location: location2,
    resource: resourceRef(resource),
    ...policyMetadata(first.policy)
  };
  if (unsettled.length > 0) return finding;
  if (mutation.fix && mutation.fix.length > 0) finding.fix = mutation.fix;
  if (mutation.fixable) finding.fixable = true;
  return finding;
}

// src/config/rule-ids.ts
var TOOL = "kyverno-lint";
var hasWildcard = (text) => /[*?]/.test(text);
var namesOf = (policy) => policy.alias === void 0 ? [policy.id] : [policy.id, policy.alias];
function policyList(policies) {
  const names = policies.slice(0, 3).map((policy) => policy.id);
  const more = policies.length > 3 ? `, \u2026 (${policies.length} policies)` : "";
  return `${policies.length === 1 ? "policy" : "policies"} ${names.join(", ")}${more}`;
}
function didYouMean(suggestion, id) {
  return suggestion === null || suggestion === id ? "" : ` (did you mean "${suggestion}"?)`;
}
function nearestId(id, policies, form) {
  if (hasWildcard(id)) return null;
  const slash = id.lastIndexOf("/");
  const name = id.slice(0, slash);
  const rule2 = id.slice(slash + 1);
  let owners = policies.filter((policy) => policy.id === name || form === "severity" && policy.alias === name);
  let prefix = name;
  if (owners.length === 0) {
    const near2 = closest(name, policies.flatMap(namesOf));
    if (near2 === null) return null;
    owners = policies.filter((policy) => namesOf(policy).includes(near2));
    prefix = form === "ignore" ? owners[0].id : near2;
  }
  const near = closest(rule2, new Set(owners.flatMap((policy) => policy.rules.flatMap(ruleNames))));
  return near === null ? null : `${prefix}/${near}`;
}
function checkRuleIds(config, policies, problemCodes) {
  const out = { errors: [], warnings: [] };
  const { positions, file } = config;
  if (positions === void 0 || file === void 0) return out;
  const report = (into, at, message) => {
    into.push({ file, line: at.line, column: at.column, message });
  };
  const codes = [...new Set(problemCodes)];
  const toolIds = codes.map((code) => `${TOOL}/${code}`);
  const named = (name) => policies.filter((policy) => namesOf(policy).includes(name));
  for (const [name, at] of Object.entries(positions.severityPolicies)) {
    if (named(name).length > 0) continue;
    report(out.warnings, at, `severity.policies: policy "${name}" is not loaded in this run${didYouMean(closest(name, policies.flatMap(namesOf)), name)}`);
  }
  for (const [id, at] of Object.entries(positions.severityRules)) {
    const slash = id.lastIndexOf("/");
    const policyName = id.slice(0, slash);
    const rule2 = id.slice(slash + 1);
    if (policyName === TOOL) {
      report(out.errors, at, `severity.rules: "${id}": the problems of ${TOOL} have fixed severities (leave them out with ignore)`);
      continue;
    }
    const owners = named(policyName);
    if (owners.length === 0) {
      report(out.warnings, at, `severity.rules: "${id}": policy ${policyName} is not loaded in this run${didYouMean(nearestId(id, policies, "severity"), id)}`);
    } else if (!owners.some((policy) => policy.rules.some((name) => ruleNames(name).includes(rule2)))) {
      report(out.errors, at, `severity.rules: "${id}" names no rule of ${policyList(owners)}${didYouMean(nearestId(id, policies, "severity"), id)}`);
    }
  }
  const ruleIds = [...policies.flatMap((policy) => policy.rules.map((rule2) => `${policy.id}/${rule2}`)), ...toolIds];
  config.ignore.forEach((pattern, index) => {
    const at = positions.ignore[index];
    if (at === void 0) return;
    if (ruleIds.some((id) => isIgnored([pattern], id))) return;
    const slash = pattern.lastIndexOf("/");
    const policyPattern = slash === -1 ? pattern : pattern.slice(0, slash);
    const owners = policies.filter((policy) => wildcardMatch(policyPattern, policy.id));
    if (policyPattern === TOOL || owners.length === 0 && wildcardMatch(policyPattern, TOOL)) {
      const code = hasWildcard(pattern) || slash === -1 ? null : closest(pattern.slice(slash + 1), codes);
      report(out.errors, at, `ignore: "${pattern}" matches none of the problems of ${TOOL}${didYouMean(code === null ? null : `${TOOL}/${code}`, pattern)}`);
    } else if (owners.length > 0) {
      report(out.errors, at, `ignore: "${pattern}" matches no rule of ${policyList(owners)}${didYouMean(nearestId(pattern, policies, "ignore"), pattern)}`);
    } else {
      report(out.warnings, at, `ignore: "${pattern}" matches no policy loaded in this run${didYouMean(slash === -1 ? null : nearestId(pattern, policies, "ignore"), pattern)}`);
    }
  });
  return out;
}

// src/lint/problem-codes.ts
var PROBLEM_CODES = ["yaml-syntax", "invalid-policy", "invalid-policy-exception", "invalid-manifest", "kustomize-build", "unsupported-policy-kind", "unreadable-file", "file-too-large", "unused-disable-directive", "invalid-disable-directive", "legacy-policy"];

// src/lint/kustomize.ts
import path4 from "node:path";

// src/build/kustomize/build.ts
import { existsSync as existsSync2, realpathSync, statSync as statSync3 } from "node:fs";
import path3 from "node:path";

// src/build/kustomize/origins.ts
var ELEMENT_KEYS = ["name", "mountPath", "devicePath", "containerPort", "ip", "topologyKey", "port"];
function counterpart(list2, element, index) {
  if (isObject(element)) {
    for (const key of ELEMENT_KEYS) {
      const value = element[key];
      if (value === void 0 || isObject(value) || Array.isArray(value)) continue;
      const found = list2.findIndex((candidate) => isObject(candidate) && candidate[key] === value);
      if (found !== -1) return found;
      if (list2.some((candidate) => isObject(candidate) && candidate[key] !== void 0)) return -1;
    }
  }
  return index < list2.length ? index : -1;
}
function follow(built, source, path6) {
  const out = [];
  let inBuilt = built;
  let inSource = source;
  let depth = 0;
  for (const segment of path6) {
    if (typeof segment === "number" || Array.isArray(inSource) && /^\d+$/.test(segment)) {
      const index = Number(segment);
      if (!Array.isArray(inSource)) break;
      const element = Array.isArray(inBuilt) ? inBuilt[index] : void 0;
      const found = counterpart(inSource, element, index);
      if (found === -1) break;
      out.push(found);
      inSource = inSource[found];
      inBuilt = element;
    } else {
      if (!isObject(inSource) || !Object.prototype.hasOwnProperty.call(inSource, segment)) break;
      out.push(segment);
      inSource = inSource[segment];
      inBuilt = isObject(inBuilt) ? inBuilt[segment] : void 0;
    }
    depth++;
  }
  return { path: out, depth };
}
function startsWith(path6, prefix) {
  if (prefix.length > path6.length) return false;
  return prefix.every((segment, index) => String(segment) === String(path6[index]));
}
var History = class _History {
  constructor(layers) {
    this.layers = layers;
  }
  layers;
  /** The history with `layer` added. */
  with(layer) {
    return new _History([...this.layers, layer]);
  }
  /** Where the field at `path` of `built` (the object as built) comes from. */
  locate(built, path6) {
    let partial = null;
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const layer = this.layers[i];
      switch (layer.kind) {
        case "field": {
          if (layer.paths.some((set2) => startsWith(path6, set2))) return { place: layer.place, exact: true, editable: false };
          break;
        }
        case "json-patch": {
          for (let j = layer.operations.length - 1; j >= 0; j--) {
            const operation = layer.operations[j];
            if (operation.op === "remove" || operation.op === "test") continue;
            if (startsWith(path6, operation.path)) {
              return { place: { ...operation.place, path: [...operation.place.path, ...path6.slice(operation.path.length)] }, exact: true, editable: false };
            }
          }
          break;
        }
        case "patch":
        case "resource": {
          const value = layer.kind === "patch" ? layer.patch : layer.value;
          const found = follow(built, value, path6);
          const place = { ...layer.place, path: [...layer.place.path, ...found.path] };
          const editable = layer.kind === "patch" ? layer.inline !== true : layer.generated !== true;
          if (found.depth === path6.length) return { place, exact: true, editable };
          if (partial === null || found.depth >= partial.depth) partial = { place, depth: found.depth };
          break;
        }
      }
    }
    if (partial !== null) return { place: partial.place, exact: false, editable: false };
    const first = this.layers[0];
    return { place: first.kind === "json-patch" ? first.operations[0].place : first.place, exact: false, editable: false };
  }
};

// src/build/kustomize/generators.ts
import { createHash } from "node:crypto";
function parseLiteral(literal) {
  const equals = literal.indexOf("=");
  if (equals <= 0) return null;
  let value = literal.slice(equals + 1);
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) value = value.slice(1, -1);
  return { key: literal.slice(0, equals), value };
}
function parseEnvFile(text) {
  const pairs = [];
  for (const raw of text.replace(/^\uFEFF/, "").split("\n")) {
    const line = raw.replace(/\r$/, "");
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const equals = line.indexOf("=");
    if (equals === -1) {
      pairs.push({ key: line.trim(), value: "" });
      continue;
    }
    pairs.push({ key: line.slice(0, equals).trimStart(), value: line.slice(equals + 1) });
  }
  return pairs;
}
function generatorData(entry, readText) {
  const data = {};
  for (const env of entry.envs) for (const { key, value } of parseEnvFile(readText(env))) data[key] = value;
  for (const file of entry.files) {
    const equals = file.indexOf("=");
    const key = equals === -1 ? file.slice(file.lastIndexOf("/") + 1) : file.slice(0, equals);
    data[key] = readText(equals === -1 ? file : file.slice(equals + 1));
  }
  for (const literal of entry.literals) {
    const pair = parseLiteral(literal);
    if (pair === null) throw new Error(`literal "${literal}" is not KEY=VALUE`);
    data[pair.key] = pair.value;
  }
  return data;
}
function encodeBase64(value) {
  const encoded = Buffer.from(value, "utf8").toString("base64");
  const lineLength = 70;
  if (Math.floor(encoded.length / lineLength) + 1 <= 1) return encoded;
  let out = "";
  for (let i = 0; i < encoded.length; i += lineLength) out += `${encoded.slice(i, i + lineLength)}
`;
  return out;
}
function generatedObject(kind, entry, data) {
  const metadata = { name: entry.name };
  if (entry.namespace) metadata.namespace = entry.namespace;
  if (entry.options.labels && Object.keys(entry.options.labels).length > 0) metadata.labels = { ...entry.options.labels };
  if (entry.options.annotations && Object.keys(entry.options.annotations).length > 0) metadata.annotations = { ...entry.options.annotations };
  const object = { apiVersion: "v1", kind, metadata };
  const empty = Object.keys(data).length === 0;
  if (kind === "Secret") {
    object.type = entry.type ?? "Opaque";
    if (!empty) object.data = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, encodeBase64(value)]));
  } else if (!empty) {
    object.data = { ...data };
  }
  if (entry.options.immutable === true) object.immutable = true;
  return object;
}
function encode(hex) {
  const swap = { "0": "g", "1": "h", "3": "k", a: "m", e: "t" };
  return [...hex.slice(0, 10)].map((digit) => swap[digit] ?? digit).join("");
}
function hashed(value) {
  if (value === void 0 || value === null) return "";
  return value;
}
function nameHash(object) {
  let encoded;
  if (object.kind === "Secret") {
    const map2 = { kind: "Secret", type: hashed(object.type), name: "", data: hashed(object.data) };
    if (isObject(object.stringData)) map2.stringData = object.stringData;
    encoded = goJsonStringify(map2);
  } else {
    const map2 = { kind: "ConfigMap", name: "", data: hashed(object.data) };
    if (isObject(object.binaryData)) map2.binaryData = object.binaryData;
    encoded = goJsonStringify(map2);
  }
  return encode(createHash("sha256").update(encoded).digest("hex"));
}

// src/build/kustomize/field-specs.ts
function groupVersion(apiVersion) {
  const slash = apiVersion.indexOf("/");
  return slash === -1 ? { group: "", version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}
function specSelects(spec, object) {
  if (spec.kind && spec.kind !== object.kind) return false;
  if (!spec.group && !spec.version) return true;
  const { group, version } = groupVersion(typeof object.apiVersion === "string" ? object.apiVersion : "");
  if (spec.group && spec.group !== group) return false;
  if (spec.version && spec.version !== version) return false;
  return true;
}
var parsedPaths = /* @__PURE__ */ new Map();
function segmentsOf(path6) {
  let segments = parsedPaths.get(path6);
  if (segments === void 0) {
    segments = path6.split("/").filter((part) => part !== "").map((part) => part.endsWith("[]") ? { name: part.slice(0, -2), list: true } : { name: part, list: false });
    parsedPaths.set(path6, segments);
  }
  return segments;
}
function visitFields(object, spec, visit) {
  if (!specSelects(spec, object)) return;
  walk(object, segmentsOf(spec.path), 0, [], spec.create === true, visit);
}
function walk(node, segments, at, path6, create, visit) {
  if (Array.isArray(node)) {
    node.forEach((element, index) => walk(element, segments, at, [...path6, index], create, visit));
    return;
  }
  if (!isObject(node)) return;
  const { name: key, list: list2 } = segments[at];
  const here = [...path6, key];
  if (at === segments.length - 1) {
    const current = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : void 0;
    if (current === void 0 && (!create || list2)) return;
    const next = visit(current, here);
    if (next !== void 0) node[key] = next;
    return;
  }
  let child = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : void 0;
  if (child === void 0 || child === null) {
    if (!create || list2) return;
    child = {};
    node[key] = child;
  }
  walk(child, segments, at + 1, here, create, visit);
}

// src/build/kustomize/transformers.ts
var TEMPLATE_KINDS = [
  { path: "spec/template/metadata/labels", create: true, version: "v1", kind: "ReplicationController" },
  { path: "spec/template/metadata/labels", create: true, kind: "Deployment" },
  { path: "spec/template/metadata/labels", create: true, kind: "ReplicaSet" },
  { path: "spec/template/metadata/labels", create: true, kind: "DaemonSet" },
  { path: "spec/template/metadata/labels", create: true, group: "apps", kind: "StatefulSet" },
  { path: "spec/template/metadata/labels", create: true, group: "batch", kind: "Job" },
  { path: "spec/jobTemplate/metadata/labels", create: true, group: "batch", kind: "CronJob" },
  { path: "spec/jobTemplate/spec/template/metadata/labels", create: true, group: "batch", kind: "CronJob" }
];
var METADATA_LABELS = [{ path: "metadata/labels", create: true }, ...TEMPLATE_KINDS];
var VOLUME_CLAIM_LABELS = [{ path: "spec/volumeClaimTemplates[]/metadata/labels", create: true, group: "apps", kind: "StatefulSet" }];
var AFFINITY = [
  "spec/template/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels",
  "spec/template/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels",
  "spec/template/spec/affinity/podAntiAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels",
  "spec/template/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels",
  "spec/template/spec/topologySpreadConstraints/labelSelector/matchLabels"
];
var COMMON_LABELS = [
  { path: "spec/selector", create: true, version: "v1", kind: "Service" },
  { path: "spec/selector", create: true, version: "v1", kind: "ReplicationController" },
  { path: "spec/selector/matchLabels", create: true, kind: "Deployment" },
  ...AFFINITY.map((path6) => ({ path: path6, group: "apps", kind: "Deployment" })),
  { path: "spec/selector/matchLabels", create: true, kind: "ReplicaSet" },
  { path: "spec/selector/matchLabels", create: true, kind: "DaemonSet" },
  { path: "spec/selector/matchLabels", create: true, group: "apps", kind: "StatefulSet" },
  ...AFFINITY.map((path6) => ({ path: path6, group: "apps", kind: "StatefulSet" })),
  { path: "spec/selector/matchLabels", group: "batch", kind: "Job" },
  { path: "spec/jobTemplate/spec/selector/matchLabels", group: "batch", kind: "CronJob" },
  { path: "spec/selector/matchLabels", group: "policy", kind: "PodDisruptionBudget" },
  { path: "spec/podSelector/matchLabels", group: "networking.k8s.io", kind: "NetworkPolicy" },
  { path: "spec/ingress/from/podSelector/matchLabels", group: "networking.k8s.io", kind: "NetworkPolicy" },
  { path: "spec/egress/to/podSelector/matchLabels", group: "networking.k8s.io", kind: "NetworkPolicy" },
  ...METADATA_LABELS,
  ...VOLUME_CLAIM_LABELS
];
function labelSpecs(entry) {
  const own = entry.fields ?? [];
  if (entry.includeSelectors) return [...own, ...COMMON_LABELS];
  const templates = entry.includeTemplates ? [...TEMPLATE_KINDS, ...VOLUME_CLAIM_LABELS] : entry.includeVolumeClaimTemplates ? VOLUME_CLAIM_LABELS : [];
  return [...own, ...templates, { path: "metadata/labels", create: true }];
}
var COMMON_ANNOTATIONS = [
  { path: "metadata/annotations", create: true },
  { path: "spec/template/metadata/annotations", create: true, version: "v1", kind: "ReplicationController" },
  { path: "spec/template/metadata/annotations", create: true, kind: "Deployment" },
  { path: "spec/template/metadata/annotations", create: true, kind: "ReplicaSet" },
  { path: "spec/template/metadata/annotations", create: true, kind: "DaemonSet" },
  { path: "spec/template/metadata/annotations", create: true, kind: "StatefulSet" },
  { path: "spec/template/metadata/annotations", create: true, group: "batch", kind: "Job" },
  { path: "spec/jobTemplate/metadata/annotations", create: true, group: "batch", kind: "CronJob" },
  { path: "spec/jobTemplate/spec/template/metadata/annotations", create: true, group: "batch", kind: "CronJob" }
];
function setPairs(object, specs, pairs) {
  const set2 = [];
  if (Object.keys(pairs).length === 0) return set2;
  for (const spec of specs) {
    visitFields(object, spec, (value, path6) => {
      const map2 = isObject(value) ? value : {};
      for (const [key, item] of Object.entries(pairs)) {
        map2[key] = item;
        set2.push([...path6, key]);
      }
      return map2;
    });
  }
  return set2;
}
function keepsItsName(object) {
  const apiVersion = typeof object.apiVersion === "string" ? object.apiVersion : "";
  return object.kind === "CustomResourceDefinition" || object.kind === "Namespace" || object.kind === "APIService" && apiVersion.startsWith("apiregistration.k8s.io/");
}
function splitImage(image) {
  let slash = image.indexOf("/");
  const search = slash > 0 ? image.slice(slash) : image;
  if (slash <= 0) slash = 0;
  let at = search.indexOf("@");
  let colon = search.indexOf(":");
  if (colon < 0 && at < 0) return { name: image, tag: "", digest: "" };
  if (at >= 0 && (at < colon || colon < 0)) {
    at += slash;
    return { name: image.slice(0, at), tag: "", digest: image.slice(at + 1) };
  }
  if (at >= 0 && colon >= 0) {
    at += slash;
    colon += slash;
    return { name: image.slice(0, colon), tag: image.slice(colon + 1, at), digest: image.slice(at + 1) };
  }
  colon += slash;
  return { name: image.slice(0, colon), tag: image.slice(colon + 1), digest: "" };
}
function imageMatches(image, name) {
  let pattern = imagePatterns.get(name);
  if (pattern === void 0) {
    pattern = compileRe2(`^${name}(:[a-zA-Z0-9_.{}-]*)?(@[a-zA-Z0-9]+([.+_-][a-zA-Z0-9]+)*:[a-zA-Z0-9_.{}-]*)?$`);
    imagePatterns.set(name, pattern);
  }
  return typeof pattern !== "string" && pattern.matcher(image).matches();
}
var imagePatterns = /* @__PURE__ */ new Map();
function updatedImage(image, entry) {
  if (!imageMatches(image, entry.name)) return null;
  let { name, tag, digest: digest2 } = splitImage(image);
  if (entry.newName) name = entry.newName;
  if (entry.newTag && entry.digest) {
    tag = entry.newTag;
    digest2 = entry.digest;
  } else if (entry.newTag) {
    tag = entry.newTag;
    digest2 = "";
  } else if (entry.digest) {
    digest2 = entry.digest;
    tag = "";
  } else if (entry.tagSuffix) {
    tag += entry.tagSuffix;
    digest2 = "";
  }
  return `${name}${tag ? `:${tag}` : ""}${digest2 ? `@${digest2}` : ""}`;
}
var IMAGE_FIELDS = [
  "spec/containers[]/image",
  "spec/initContainers[]/image",
  "spec/volumes[]/image/reference",
  "spec/template/spec/containers[]/image",
  "spec/template/spec/initContainers[]/image",
  "spec/template/spec/volumes[]/image/reference"
];
function setImages(object, entry) {
  const set2 = [];
  if (object.kind === "CustomResourceDefinition") return set2;
  const visit = (node, path6) => {
    if (Array.isArray(node)) {
      node.forEach((element, index) => visit(element, [...path6, index]));
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      visit(value, [...path6, key]);
      if ((key === "containers" || key === "initContainers") && Array.isArray(value)) {
        value.forEach((container, index) => {
          if (!isObject(container) || typeof container.image !== "string") return;
          const image = updatedImage(container.image, entry);
          if (image === null) return;
          container.image = image;
          set2.push([...path6, key, index, "image"]);
        });
      }
    }
  };
  visit(object, []);
  for (const path6 of IMAGE_FIELDS) {
    visitFields(object, { path: path6 }, (value, at) => {
      if (typeof value !== "string") return void 0;
      const image = updatedImage(value, entry);
      if (image === null) return void 0;
      if (!set2.some((done) => done.length === at.length && done.every((segment, index) => segment === at[index]))) set2.push(at);
      return image;
    });
  }
  return set2;
}
var REPLICAS = [
  { path: "spec/replicas", create: true, kind: "Deployment" },
  { path: "spec/replicas", create: true, kind: "ReplicationController" },
  { path: "spec/replicas", create: true, kind: "ReplicaSet" },
  { path: "spec/replicas", create: true, kind: "StatefulSet" }
];

// src/build/kustomize/name-reference.ts
var import_yaml4 = __toESM(require_dist(), 1);

// src/build/kustomize/name-reference-specs.ts
var NAME_REFERENCE_FIELD_SPECS = `
nameReference:
- kind: Deployment
  fieldSpecs:
  - path: spec/scaleTargetRef/name
    kind: HorizontalPodAutoscaler

- kind: ReplicationController
  fieldSpecs:
  - path: spec/scaleTargetRef/name
    kind: HorizontalPodAutoscaler

- kind: ReplicaSet
  fieldSpecs:
  - path: spec/scaleTargetRef/name
    kind: HorizontalPodAutoscaler

- kind: StatefulSet
  fieldSpecs:
  - path: spec/scaleTargetRef/name
    kind: HorizontalPodAutoscaler

- kind: ConfigMap
  version: v1
  fieldSpecs:
  - path: spec/volumes/configMap/name
    version: v1
    kind: Pod
  - path: spec/containers/env/valueFrom/configMapKeyRef/name
    version: v1
    kind: Pod
  - path: spec/initContainers/env/valueFrom/configMapKeyRef/name
    version: v1
    kind: Pod
  - path: spec/containers/envFrom/configMapRef/name
    version: v1
    kind: Pod
  - path: spec/initContainers/envFrom/configMapRef/name
    version: v1
    kind: Pod
  - path: spec/volumes/projected/sources/configMap/name
    version: v1
    kind: Pod
  - path: template/spec/volumes/configMap/name
    kind: PodTemplate
  - path: template/spec/containers/env/valueFrom/configMapKeyRef/name
    kind: PodTemplate
  - path: template/spec/initContainers/env/valueFrom/configMapKeyRef/name
    kind: PodTemplate
  - path: template/spec/containers/envFrom/configMapRef/name
    kind: PodTemplate
  - path: template/spec/initContainers/envFrom/configMapRef/name
    kind: PodTemplate
  - path: template/spec/volumes/projected/sources/configMap/name
    kind: PodTemplate
  - path: spec/template/spec/volumes/configMap/name
    kind: Deployment
  - path: spec/template/spec/containers/env/valueFrom/configMapKeyRef/name
    kind: Deployment
  - path: spec/template/spec/initContainers/env/valueFrom/configMapKeyRef/name
    kind: Deployment
  - path: spec/template/spec/containers/envFrom/configMapRef/name
    kind: Deployment
  - path: spec/template/spec/initContainers/envFrom/configMapRef/name
    kind: Deployment
  - path: spec/template/spec/volumes/projected/sources/configMap/name
    kind: Deployment
  - path: spec/template/spec/volumes/configMap/name
    kind: ReplicaSet
  - path: spec/template/spec/containers/env/valueFrom/configMapKeyRef/name
    kind: ReplicaSet
  - path: spec/template/spec/initContainers/env/valueFrom/configMapKeyRef/name
    kind: ReplicaSet
  - path: spec/template/spec/containers/envFrom/configMapRef/name
    kind: ReplicaSet
  - path: spec/template/spec/initContainers/envFrom/configMapRef/name
    kind: ReplicaSet
  - path: spec/template/spec/volumes/projected/sources/configMap/name
    kind: ReplicaSet
  - path: spec/template/spec/volumes/configMap/name
    kind: DaemonSet
  - path: spec/template/spec/containers/env/valueFrom/configMapKeyRef/name
    kind: DaemonSet
  - path: spec/template/spec/initContainers/env/valueFrom/configMapKeyRef/name
    kind: DaemonSet
  - path: spec/template/spec/containers/envFrom/configMapRef/name
    kind: DaemonSet
  - path: spec/template/spec/initContainers/envFrom/configMapRef/name
    kind: DaemonSet
  - path: spec/template/spec/volumes/projected/sources/configMap/name
    kind: DaemonSet
  - path: spec/template/spec/volumes/configMap/name
    kind: StatefulSet
  - path: spec/template/spec/containers/env/valueFrom/configMapKeyRef/name
    kind: StatefulSet
  - path: spec/template/spec/initContainers/env/valueFrom/configMapKeyRef/name
    kind: StatefulSet
  - path: spec/template/spec/containers/envFrom/configMapRef/name
    kind: StatefulSet
  - path: spec/template/spec/initContainers/envFrom/configMapRef/name
    kind: StatefulSet
  - path: spec/template/spec/volumes/projected/sources/configMap/name
    kind: StatefulSet
  - path: spec/template/spec/volumes/configMap/name
    kind: Job
  - path: spec/template/spec/containers/env/valueFrom/configMapKeyRef/name
    kind: Job
  - path: spec/template/spec/initContainers/env/valueFrom/configMapKeyRef/name
    kind: Job
  - path: spec/template/spec/containers/envFrom/configMapRef/name
    kind: Job
  - path: spec/template/spec/initContainers/envFrom/configMapRef/name
    kind: Job
  - path: spec/template/spec/volumes/projected/sources/configMap/name
    kind: Job
  - path: spec/jobTemplate/spec/template/spec/volumes/configMap/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/volumes/projected/sources/configMap/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/containers/env/valueFrom/configMapKeyRef/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/initContainers/env/valueFrom/configMapKeyRef/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/containers/envFrom/configMapRef/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/initContainers/envFrom/configMapRef/name
    kind: CronJob
  - path: spec/configSource/configMap
    kind: Node
  - path: rules/resourceNames
    kind: Role
  - path: rules/resourceNames
    kind: ClusterRole
  - path: metadata/annotations/nginx.ingress.kubernetes.io/fastcgi-params-configmap
    kind: Ingress

- kind: Secret
  version: v1
  fieldSpecs:
  - path: spec/volumes/secret/secretName
    version: v1
    kind: Pod
  - path: spec/containers/env/valueFrom/secretKeyRef/name
    version: v1
    kind: Pod
  - path: spec/initContainers/env/valueFrom/secretKeyRef/name
    version: v1
    kind: Pod
  - path: spec/containers/envFrom/secretRef/name
    version: v1
    kind: Pod
  - path: spec/initContainers/envFrom/secretRef/name
    version: v1
    kind: Pod
  - path: spec/imagePullSecrets/name
    version: v1
    kind: Pod
  - path: spec/volumes/projected/sources/secret/name
    version: v1
    kind: Pod
  - path: template/spec/volumes/secret/secretName
    kind: PodTemplate
  - path: template/spec/containers/env/valueFrom/secretKeyRef/name
    kind: PodTemplate
  - path: template/spec/initContainers/env/valueFrom/secretKeyRef/name
    kind: PodTemplate
  - path: template/spec/containers/envFrom/secretRef/name
    kind: PodTemplate
  - path: template/spec/initContainers/envFrom/secretRef/name
    kind: PodTemplate
  - path: template/spec/imagePullSecrets/name
    kind: PodTemplate
  - path: template/spec/volumes/projected/sources/secret/name
    kind: PodTemplate
  - path: spec/template/spec/volumes/secret/secretName
    kind: Deployment
  - path: spec/template/spec/containers/env/valueFrom/secretKeyRef/name
    kind: Deployment
  - path: spec/template/spec/initContainers/env/valueFrom/secretKeyRef/name
    kind: Deployment
  - path: spec/template/spec/containers/envFrom/secretRef/name
    kind: Deployment
  - path: spec/template/spec/initContainers/envFrom/secretRef/name
    kind: Deployment
  - path: spec/template/spec/imagePullSecrets/name
    kind: Deployment
  - path: spec/template/spec/volumes/projected/sources/secret/name
    kind: Deployment
  - path: spec/template/spec/volumes/secret/secretName
    kind: ReplicaSet
  - path: spec/template/spec/containers/env/valueFrom/secretKeyRef/name
    kind: ReplicaSet
  - path: spec/template/spec/initContainers/env/valueFrom/secretKeyRef/name
    kind: ReplicaSet
  - path: spec/template/spec/containers/envFrom/secretRef/name
    kind: ReplicaSet
  - path: spec/template/spec/initContainers/envFrom/secretRef/name
    kind: ReplicaSet
  - path: spec/template/spec/imagePullSecrets/name
    kind: ReplicaSet
  - path: spec/template/spec/volumes/projected/sources/secret/name
    kind: ReplicaSet
  - path: spec/template/spec/volumes/secret/secretName
    kind: DaemonSet
  - path: spec/template/spec/containers/env/valueFrom/secretKeyRef/name
    kind: DaemonSet
  - path: spec/template/spec/initContainers/env/valueFrom/secretKeyRef/name
    kind: DaemonSet
  - path: spec/template/spec/containers/envFrom/secretRef/name
    kind: DaemonSet
  - path: spec/template/spec/initContainers/envFrom/secretRef/name
    kind: DaemonSet
  - path: spec/template/spec/imagePullSecrets/name
    kind: DaemonSet
  - path: spec/template/spec/volumes/projected/sources/secret/name
    kind: DaemonSet
  - path: spec/template/spec/volumes/secret/secretName
    kind: StatefulSet
  - path: spec/template/spec/containers/env/valueFrom/secretKeyRef/name
    kind: StatefulSet
  - path: spec/template/spec/initContainers/env/valueFrom/secretKeyRef/name
    kind: StatefulSet
  - path: spec/template/spec/containers/envFrom/secretRef/name
    kind: StatefulSet
  - path: spec/template/spec/initContainers/envFrom/secretRef/name
    kind: StatefulSet
  - path: spec/template/spec/imagePullSecrets/name
    kind: StatefulSet
  - path: spec/template/spec/volumes/projected/sources/secret/name
    kind: StatefulSet
  - path: spec/template/spec/volumes/secret/secretName
    kind: Job
  - path: spec/template/spec/containers/env/valueFrom/secretKeyRef/name
    kind: Job
  - path: spec/template/spec/initContainers/env/valueFrom/secretKeyRef/name
    kind: Job
  - path: spec/template/spec/containers/envFrom/secretRef/name
    kind: Job
  - path: spec/template/spec/initContainers/envFrom/secretRef/name
    kind: Job
  - path: spec/template/spec/imagePullSecrets/name
    kind: Job
  - path: spec/template/spec/volumes/projected/sources/secret/name
    kind: Job
  - path: spec/jobTemplate/spec/template/spec/volumes/secret/secretName
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/volumes/projected/sources/secret/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/containers/env/valueFrom/secretKeyRef/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/initContainers/env/valueFrom/secretKeyRef/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/containers/envFrom/secretRef/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/initContainers/envFrom/secretRef/name
    kind: CronJob
  - path: spec/jobTemplate/spec/template/spec/imagePullSecrets/name
    kind: CronJob
  - path: spec/tls/secretName
    kind: Ingress
  - path: metadata/annotations/ingress.kubernetes.io/auth-secret
    kind: Ingress
  - path: metadata/annotations/nginx.ingress.kubernetes.io/auth-secret
    kind: Ingress
  - path: metadata/annotations/nginx.ingress.kubernetes.io/auth-tls-secret
    kind: Ingress
  - path: spec/tls/secretName
    kind: Ingress
  - path: imagePullSecrets/name
    kind: ServiceAccount
  - path: parameters/secretName
    kind: StorageClass
  - path: parameters/adminSecretName
    kind: StorageClass
  - path: parameters/userSecretName
    kind: StorageClass
  - path: parameters/secretRef
    kind: StorageClass
  - path: rules/resourceNames
    kind: Role
  - path: rules/resourceNames
    kind: ClusterRole
  - path: spec/template/spec/containers/env/valueFrom/secretKeyRef/name
    kind: Service
    group: serving.knative.dev
    version: v1
  - path: spec/azureFile/secretName
    kind: PersistentVolume

- kind: Service
  version: v1
  fieldSpecs:
  - path: spec/serviceName
    kind: StatefulSet
    group: apps
  - path: spec/rules/http/paths/backend/serviceName
    kind: Ingress
  - path: spec/backend/serviceName
    kind: Ingress
  - path: spec/rules/http/paths/backend/service/name
    kind: Ingress
  - path: spec/defaultBackend/service/name
    kind: Ingress
  - path: spec/service/name
    kind: APIService
    group: apiregistration.k8s.io
  - path: webhooks/clientConfig/service
    kind: ValidatingWebhookConfiguration
    group: admissionregistration.k8s.io
  - path: webhooks/clientConfig/service
    kind: MutatingWebhookConfiguration
    group: admissionregistration.k8s.io

- kind: Role
  group: rbac.authorization.k8s.io
  fieldSpecs:
  - path: roleRef/name
    kind: RoleBinding
    group: rbac.authorization.k8s.io

- kind: ClusterRole
  group: rbac.authorization.k8s.io
  fieldSpecs:
  - path: roleRef/name
    kind: RoleBinding
    group: rbac.authorization.k8s.io
  - path: roleRef/name
    kind: ClusterRoleBinding
    group: rbac.authorization.k8s.io

- kind: ServiceAccount
  version: v1
  fieldSpecs:
  - path: subjects
    kind: RoleBinding
    group: rbac.authorization.k8s.io
  - path: subjects
    kind: ClusterRoleBinding
    group: rbac.authorization.k8s.io
  - path: spec/serviceAccountName
    kind: Pod
  - path: spec/template/spec/serviceAccountName
    kind: StatefulSet
  - path: spec/template/spec/serviceAccountName
    kind: Deployment
  - path: spec/template/spec/serviceAccountName
    kind: ReplicationController
  - path: spec/jobTemplate/spec/template/spec/serviceAccountName
    kind: CronJob
  - path: spec/template/spec/serviceAccountName
    kind: Job
  - path: spec/template/spec/serviceAccountName
    kind: DaemonSet

- kind: PersistentVolumeClaim
  version: v1
  fieldSpecs:
  - path: spec/volumes/persistentVolumeClaim/claimName
    kind: Pod
  - path: spec/template/spec/volumes/persistentVolumeClaim/claimName
    kind: StatefulSet
  - path: spec/template/spec/volumes/persistentVolumeClaim/claimName
    kind: Deployment
  - path: spec/template/spec/volumes/persistentVolumeClaim/claimName
    kind: ReplicationController
  - path: spec/jobTemplate/spec/template/spec/volumes/persistentVolumeClaim/claimName
    kind: CronJob
  - path: spec/template/spec/volumes/persistentVolumeClaim/claimName
    kind: Job
  - path: spec/template/spec/volumes/persistentVolumeClaim/claimName
    kind: DaemonSet

- kind: PersistentVolume
  version: v1
  fieldSpecs:
  - path: spec/volumeName
    kind: PersistentVolumeClaim
  - path: rules/resourceNames
    kind: ClusterRole

- kind: StorageClass
  version: v1
  group: storage.k8s.io
  fieldSpecs:
  - path: spec/storageClassName
    kind: PersistentVolume
  - path: spec/storageClassName
    kind: PersistentVolumeClaim
  - path: spec/volumeClaimTemplates/spec/storageClassName
    kind: StatefulSet

- kind: PriorityClass
  version: v1
  group: scheduling.k8s.io
  fieldSpecs:
  - path: spec/priorityClassName
    kind: Pod
  - path: spec/template/spec/priorityClassName
    kind: StatefulSet
  - path: spec/template/spec/priorityClassName
    kind: Deployment
  - path: spec/template/spec/priorityClassName
    kind: ReplicationController
  - path: spec/jobTemplate/spec/template/spec/priorityClassName
    kind: CronJob
  - path: spec/template/spec/priorityClassName
    kind: Job
  - path: spec/template/spec/priorityClassName
    kind: DaemonSet

- kind: IngressClass
  version: v1
  group: networking.k8s.io/v1
  fieldSpecs:
  - path: spec/ingressClassName
    kind: Ingress

- kind: ValidatingAdmissionPolicy
  group: admissionregistration.k8s.io
  fieldSpecs:
  - path: spec/policyName
    kind: ValidatingAdmissionPolicyBinding
    group: admissionregistration.k8s.io
`;

// src/build/kustomize/ids.ts
var NOT_A_NAMESPACE = "_non_namespaceable_";
var scopes = new ResourceScopes();
function apiVersionOf(value) {
  return typeof value.apiVersion === "string" ? value.apiVersion : "";
}
function isClusterScoped(apiVersion, kind) {
  return apiVersion !== "" && scopes.has(`${apiVersion}/${kind}`);
}
function effectiveNamespace(apiVersion, kind, namespace) {
  if (isClusterScoped(apiVersion, kind)) return NOT_A_NAMESPACE;
  return namespace === "" || namespace === "default" ? "default" : namespace;
}
function currentId(value) {
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const kind = typeof value.kind === "string" ? value.kind : "";
  const name = typeof metadata.name === "string" ? metadata.name : "";
  const namespace = typeof metadata.namespace === "string" ? metadata.namespace : "";
  return { kind, name, namespace: effectiveNamespace(apiVersionOf(value), kind, namespace) };
}

// src/build/kustomize/name-reference.ts
var table = null;
function referenceTable() {
  if (table === null) {
    table = (0, import_yaml4.parse)(NAME_REFERENCE_FIELD_SPECS).nameReference;
  }
  return table;
}
var byKind = null;
function specsFor(kind) {
  if (byKind === null) {
    byKind = /* @__PURE__ */ new Map();
  }
  let found = byKind.get(kind);
  if (found === void 0) {
    found = [];
    for (const referred of referenceTable()) for (const spec of referred.fieldSpecs) if (!spec.kind || spec.kind === kind) found.push({ referred, spec });
    byKind.set(kind, found);
  }
  return found;
}
function candidateOf(object) {
  return { object, id: currentId(object.value), clusterScoped: isClusterScoped(apiVersionOf(object.value), String(object.value.kind)) };
}
function previousIdSelected(candidate, selector) {
  const { group, version } = groupVersion(apiVersionOf(candidate.object.value));
  return candidate.object.previousIds.some((id) => specSelects(selector, { apiVersion: group === "" ? version : `${group}/${version}`, kind: id.kind }));
}
function couldBeReferenced(referrer, all) {
  if (referrer.clusterScoped) return [...all];
  const roleBindingNamespaces = /* @__PURE__ */ new Set();
  if (referrer.object.value.kind === "RoleBinding" && Array.isArray(referrer.object.value.subjects)) {
    for (const subject of referrer.object.value.subjects) {
      if (isObject(subject) && subject.kind === "ServiceAccount" && typeof subject.namespace === "string") roleBindingNamespaces.add(subject.namespace);
    }
  }
  return all.filter((candidate) => {
    if (candidate.clusterScoped || candidate.id.namespace === referrer.id.namespace) return true;
    const metadata = isObject(candidate.object.value.metadata) ? candidate.object.value.metadata : {};
    return roleBindingNamespaces.has(typeof metadata.namespace === "string" ? metadata.namespace : "");
  });
}
function sameEnding(a, b) {
  const [shortest, longest] = a.length <= b.length ? [a, b] : [b, a];
  if (shortest.length === 0) return longest.length === 0;
  const diff2 = longest.length - shortest.length;
  return shortest.every((item, index) => longest[index + diff2] === item);
}
function affixesEqual(candidate, referrer, allowEmpty) {
  if (!allowEmpty) return sameEnding(candidate.prefixes, referrer.prefixes) && sameEnding(candidate.suffixes, referrer.suffixes);
  const prefixes = candidate.prefixes.length === 0 || referrer.prefixes.length === 0 || sameEnding(candidate.prefixes, referrer.prefixes);
  const suffixes = candidate.suffixes.length === 0 || referrer.suffixes.length === 0 || sameEnding(candidate.suffixes, referrer.suffixes);
  return prefixes && suffixes;
}
function selectReferral(reference, oldName, candidates, withNamespace) {
  let found = candidates.filter((candidate) => candidate.object.previousIds.some((id) => id.name === oldName));
  found = found.filter((candidate) => previousIdSelected(candidate, reference.target));
  if (reference.path.endsWith("roleRef/name")) {
    const roleRef = reference.value.roleRef;
    if (isObject(roleRef) && typeof roleRef.apiGroup === "string" && typeof roleRef.kind === "string") {
      const selector = { group: roleRef.apiGroup, kind: roleRef.kind };
      found = found.filter((candidate) => previousIdSelected(candidate, selector));
    }
  }
  if (!reference.referrer.clusterScoped) {
    found = found.filter((candidate) => candidate.clusterScoped || candidate.object.value.kind === "ServiceAccount" || candidate.id.namespace === reference.referrer.id.namespace);
  }
  if (found.length === 1) return found[0];
  found = found.filter((candidate) => affixesEqual(candidate.object, reference.referrer.object, true));
  if (found.length > 1) found = found.filter((candidate) => affixesEqual(candidate.object, reference.referrer.object, false));
  if (found.length === 1) return found[0];
  if (found.length === 0) return null;
  const first = found[0].object.value.metadata;
  const same = found.every((candidate) => {
    const metadata = candidate.object.value.metadata;
    return metadata.name === first.name && (!withNamespace || (metadata.namespace ?? "") === (first.namespace ?? ""));
  });
  return same ? found[0] : null;
}
function setScalar(reference, name) {
  const referral = selectReferral(reference, name, reference.candidates, false);
  if (referral === null) return void 0;
  const current = referral.object.value.metadata.name;
  return typeof current === "string" && current !== name ? current : void 0;
}
function setMapping(reference, map2) {
  if (typeof map2.name !== "string") return void 0;
  let candidates = reference.candidates;
  if (map2.namespace !== void 0 && map2.namespace !== null) {
    const namespace2 = String(map2.namespace);
    const original = candidates.filter((candidate) => {
      const orgId = candidate.object.previousIds[0] ?? candidate.id;
      return orgId.namespace !== NOT_A_NAMESPACE && orgId.namespace === namespace2;
    });
    candidates = original.length > 0 ? original : candidates.filter((candidate) => candidate.id.namespace !== NOT_A_NAMESPACE && candidate.id.namespace === namespace2);
  }
  const referral = selectReferral(reference, map2.name, candidates, true);
  if (referral === null) return void 0;
  const metadata = referral.object.value.metadata;
  const name = typeof metadata.name === "string" ? metadata.name : "";
  const namespace = typeof metadata.namespace === "string" ? metadata.namespace : "";
  if (name === map2.name && namespace === "") return void 0;
  const next = { ...map2, name };
  if (namespace !== "") next.namespace = namespace;
  return name === map2.name && namespace === map2.namespace ? void 0 : next;
}
function set(reference, current) {
  if (typeof current === "string") return setScalar(reference, current);
  if (isObject(current)) return setMapping(reference, current);
  if (Array.isArray(current)) {
    let changed = false;
    const next = current.map((element) => {
      const updated = typeof element === "string" ? setScalar(reference, element) : isObject(element) ? setMapping(reference, element) : void 0;
      if (updated === void 0) return element;
      changed = true;
      return updated;
    });
    return changed ? next : void 0;
  }
  return void 0;
}
function fixNameReferences(objects) {
  const all = objects.map(candidateOf);
  const withPrevious = all.filter((candidate) => candidate.object.previousIds.length > 0);
  if (withPrevious.length === 0) return [...objects];
  return all.map((referrer) => {
    const orgKind = referrer.object.previousIds[0]?.kind ?? referrer.id.kind;
    const orgValue = { apiVersion: apiVersionOf(referrer.object.value), kind: orgKind };
    let candidates = null;
    for (const { referred, spec } of specsFor(orgKind)) {
      if (!specSelects(spec, orgValue)) continue;
      candidates ??= couldBeReferenced(referrer, withPrevious);
      if (candidates.length === 0) continue;
      const target = referrer.object.value;
      const reference = { referrer, value: target, target: referred, path: spec.path, candidates };
      visitFields(target, { path: spec.path }, (current) => current === null ? void 0 : set(reference, current));
    }
    return referrer.object;
  });
}

// src/build/kustomize/yaml-v3.ts
var import_yaml5 = __toESM(require_dist(), 1);
var V3_BOOLEANS = /* @__PURE__ */ new Set(["true", "True", "TRUE", "false", "False", "FALSE"]);
var OLD_BOOLEAN = /(?:^|[\s:,[{-])(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)[ \t]*(?:$|[,\]}#\r\n])/m;
var mayHoldOldBooleans = /* @__PURE__ */ new Map();
function withV3Scalars(source, document) {
  let possible = mayHoldOldBooleans.get(source.text);
  if (possible === void 0) {
    possible = OLD_BOOLEAN.test(source.text);
    if (mayHoldOldBooleans.size > 1e3) mayHoldOldBooleans.clear();
    mayHoldOldBooleans.set(source.text, possible);
  }
  if (!possible || !hasBoolean(document.value)) return document.value;
  const convert = (value, path6) => {
    if (typeof value === "boolean") {
      const found = nodeAt(source.path, source.text, document.index, path6);
      const node = found?.node;
      if ((0, import_yaml5.isScalar)(node) && node.type === "PLAIN" && typeof node.value === "string" && !V3_BOOLEANS.has(node.value)) return node.value;
      return value;
    }
    if (Array.isArray(value)) return value.map((item, index) => convert(item, [...path6, index]));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, convert(item, [...path6, key])]));
    return value;
  };
  return convert(document.value, []);
}
function hasBoolean(value) {
  if (typeof value === "boolean") return true;
  if (Array.isArray(value)) return value.some(hasBoolean);
  if (isObject(value)) return Object.values(value).some(hasBoolean);
  return false;
}

// src/build/kustomize/build.ts
function realFolder(folder) {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}
function kustomizationFile(dir) {
  for (const name of KUSTOMIZATION_FILE_NAMES) {
    const file = path3.join(dir, name);
    if (existsSync2(file) && statSync3(file).isFile()) return file;
  }
  return null;
}
var REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|git@|github\.com\/|gitlab\.com\/|bitbucket\.org\/)/i;
var Builder = class {
  constructor(read) {
    this.read = read;
  }
  read;
  inputs = /* @__PURE__ */ new Set();
  problems = [];
  #scopes = new ResourceScopes();
  problem(file, document, at, message, severity = "error") {
    const found = { file, path: at, message, severity };
    if (document !== void 0) found.document = document;
    this.problems.push(found);
  }
  /** Reads a file the build needs; null (with a problem at `from`) when it cannot be read. */
  file(file, from) {
    this.inputs.add(file);
    const read = this.read(file);
    if (typeof read === "string") {
      this.problem(from.file, from.document, from.path, `cannot read ${file}: ${read}`);
      return null;
    }
    return read;
  }
  /**
   * The objects of kustomization folder `dir`, before the root's hash suffixes and name references; `from` is the
   * `resources:` or `components:` entry of the parent that includes it (problems of the inclusion are located there).
   */
  kustomization(folder, stack, start = [], component = false, from) {
    const dir = realFolder(folder);
    const file = kustomizationFile(dir);
    if (file === null) return start;
    if (stack.includes(file)) {
      if (from !== void 0) this.problem(from.file, from.document, from.path, `cycle through ${file}`);
      else this.problem(stack.at(-1), void 0, [], `cycle through ${file}`);
      return start;
    }
    this.inputs.add(file);
    const read = this.read(file);
    if (typeof read === "string") {
      this.problem(file, void 0, [], `cannot read ${file}: ${read}`);
      return start;
    }
    const document = read.documents[0];
    if (document === void 0) return start;
    let kustomization;
    try {
      kustomization = decodeKustomization(document.value);
    } catch (error) {
      if (!(error instanceof KustomizationError)) throw error;
      this.problem(file, document, error.path, error.message);
      return start;
    }
    const at = (entryPath) => ({ file, document, path: entryPath });
    const parent = stack.at(-1);
    if (parent !== void 0 && kustomization.kind === "Component" !== component) {
      const message = component ? `${file} is listed under components but is a Kustomization (kind: Component expected)` : `${file} is a Component: list it under components, not resources`;
      if (from !== void 0) this.problem(from.file, from.document, from.path, message);
      else this.problem(parent, void 0, [], message);
      return start;
    }
    for (const entry of kustomization.unsupported) {
      this.problem(file, document, entry.path, `${entry.value} is not built offline: the objects it makes or changes are not checked (render with kustomize build and pipe the output to kyverno-lint -)`, "warning");
    }
    const nextStack = [...stack, file];
    let objects = [...start];
    const known = new Set(objects.map((object) => idKey(object.value)));
    for (const entry of kustomization.resources) {
      const place = at(entry.path);
      for (const object of this.resource(dir, entry, place, nextStack)) this.add(objects, known, object, place);
    }
    objects = this.generate(dir, kustomization, objects, at);
    for (const entry of kustomization.components) {
      const target = path3.resolve(dir, entry.value);
      if (REMOTE.test(entry.value)) {
        this.problem(file, document, entry.path, `remote component ${entry.value} is not built offline`, "warning");
        continue;
      }
      if (kustomizationFile(target) === null) {
        this.problem(file, document, entry.path, `component ${entry.value}: no kustomization file in ${target}`);
        continue;
      }
      objects = this.kustomization(target, nextStack, objects, true, at(entry.path));
    }
    return this.transform(dir, kustomization, objects, at);
  }
  /**
   * Adds an object to those accumulated (whose ids are `known`), unless one with its id is there already (api/resmap/reswrangler.go
   * `Append`: `may not add resource with an already registered id`), which is a problem at `place`.
   */
  add(objects, known, object, place) {
    const key = idKey(object.value);
    if (known.has(key)) {
      const id = currentId(object.value);
      this.problem(place.file, place.document, place.path, `may not add resource with an already registered id: ${id.kind} ${id.namespace === NOT_A_NAMESPACE ? id.name : `${id.namespace}/${id.name}`}`);
      return;
    }
    known.add(key);
    objects.push(object);
  }
  /** The objects of one `resources:` entry. */
  resource(dir, entry, place, stack) {
    if (REMOTE.test(entry.value)) {
      this.problem(place.file, place.document, place.path, `remote resource ${entry.value} is not built offline: its objects are not checked (render with kustomize build and pipe the output to kyverno-lint -)`, "warning");
      return [];
    }
    const target = path3.resolve(dir, entry.value);
    if (!existsSync2(target)) {
      this.problem(place.file, place.document, place.path, `resource ${entry.value}: no such file or folder`);
      return [];
    }
    if (statSync3(target).isDirectory()) {
      if (kustomizationFile(target) === null) {
        this.problem(place.file, place.document, place.path, `resource ${entry.value}: the folder holds no kustomization file`);
        return [];
      }
      return this.kustomization(target, stack, [], false, place);
    }
    const read = this.file(target, place);
    if (read === null) return [];
    const out = [];
    for (const document of read.documents) {
      const value = withV3Scalars(read, document);
      if (value === null || isObject(value) && Object.keys(value).length === 0) continue;
      const place2 = { file: target, document, path: [] };
      if (!this.validObject(value, place2)) continue;
      if (value.kind.endsWith("List") && value.items !== void 0) {
        if (value.items === null) continue;
        if (!Array.isArray(value.items)) {
          this.problem(target, document, ["items"], `expected a list in ${value.kind}/items`);
          continue;
        }
        value.items.forEach((item, index) => {
          const itemPlace = { file: target, document, path: ["items", index] };
          if (this.validObject(item, itemPlace)) out.push(newObject(item, itemPlace));
        });
        continue;
      }
      out.push(newObject(value, place2));
    }
    return out;
  }
  /** kyaml/yaml/rnode.go `GetValidatedMetadata`: a kind, and a name unless the kind is a List. */
  validObject(value, place) {
    if (!isObject(value) || typeof value.kind !== "string" || value.kind === "") {
      this.problem(place.file, place.document, place.path, "not a Kubernetes object (kind is required)");
      return false;
    }
    const metadata = isObject(value.metadata) ? value.metadata : {};
    if (!value.kind.endsWith("List") && (typeof metadata.name !== "string" || metadata.name === "")) {
      this.problem(place.file, place.document, place.path, `${value.kind}: metadata.name is required`);
      return false;
    }
    return true;
  }
  generate(dir, kustomization, objects, at) {
    const out = [...objects];
    const run = (kind, entries) => {
      for (const entry of entries) {
        const place = at(entry.path);
        let data;
        try {
          data = generatorData(entry.value, (file) => {
            const target = path3.resolve(dir, file);
            this.inputs.add(target);
            const read = this.read(target);
            if (typeof read === "string") throw new Error(`cannot read ${file}: ${read}`);
            return read.text;
          });
        } catch (error) {
          this.problem(place.file, place.document, place.path, error.message);
          continue;
        }
        const made = generatedObject(kind, entry.value, data);
        const generated = { hash: entry.value.options.disableNameSuffixHash !== true };
        if (entry.value.behavior === "create") {
          this.add(out, new Set(out.map((object) => idKey(object.value))), { ...newObject(made, place, true), generated }, place);
          continue;
        }
        const wanted = currentId(made);
        const index = out.findIndex(
          (object) => object.value.apiVersion === "v1" && [...object.previousIds, currentId(object.value)].some((id) => id.kind === wanted.kind && id.name === wanted.name && id.namespace === wanted.namespace)
        );
        if (index === -1) {
          this.problem(place.file, place.document, place.path, `${kind} ${entry.value.name}: behavior ${entry.value.behavior} needs a ${kind} of that name in the resources`);
          continue;
        }
        const existing = out[index];
        const value = cloneJson(existing.value);
        const metadata = isObject(value.metadata) ? value.metadata : value.metadata = {};
        if (entry.value.behavior === "replace") {
          if (made.data === void 0) delete value.data;
          else value.data = made.data;
        } else value.data = { ...isObject(value.data) ? value.data : {}, ...isObject(made.data) ? made.data : {} };
        const madeMetadata = made.metadata;
        for (const key of ["labels", "annotations"]) {
          if (isObject(madeMetadata[key])) metadata[key] = { ...isObject(metadata[key]) ? metadata[key] : {}, ...madeMetadata[key] };
        }
        const paths = Object.keys(isObject(made.data) ? made.data : {}).map((key) => ["data", key]);
        const hash = (existing.generated?.hash ?? false) && generated.hash;
        out[index] = { ...existing, value, history: existing.history.with({ kind: "field", place, paths }), generated: { hash } };
      }
    };
    run("ConfigMap", kustomization.configMapGenerator);
    run("Secret", kustomization.secretGenerator);
    return out;
  }
  transform(dir, kustomization, input, at) {
    let objects = input;
    for (const entry of kustomization.patches) objects = this.patch(dir, entry, at(entry.path), objects);
    const { namespace, namePrefix, nameSuffix } = kustomization;
    if (namespace !== void 0) objects = objects.map((object) => this.setNamespace(object, namespace.value, at(namespace.path)));
    for (const [entry, prefix] of [
      [namePrefix, true],
      [nameSuffix, false]
    ]) {
      if (entry === void 0) continue;
      objects = objects.map((object) => {
        if (keepsItsName(object.value)) return object;
        const name = currentName(object);
        const renamed = prefix ? `${entry.value}${name}` : `${name}${entry.value}`;
        const previousIds = [...object.previousIds, currentId(object.value)];
        const value = object.value;
        if (!isObject(value.metadata)) value.metadata = {};
        value.metadata.name = renamed;
        const affixes = prefix ? { prefixes: [...object.prefixes, entry.value] } : { suffixes: [...object.suffixes, entry.value] };
        return {
          ...object,
          ...affixes,
          names: [...object.names, renamed],
          previousIds,
          history: object.history.with({ kind: "field", place: at(entry.path), paths: [["metadata", "name"]] })
        };
      });
    }
    const pairs = (specs, values, place) => {
      objects = objects.map((object) => this.edit(object, place, (value) => setPairs(value, specs, values)));
    };
    kustomization.labels.forEach((entry) => pairs(labelSpecs(entry.value), entry.value.pairs, at([...entry.path, "pairs"])));
    if (kustomization.commonLabels) pairs(COMMON_LABELS, kustomization.commonLabels.value, at(kustomization.commonLabels.path));
    if (kustomization.commonAnnotations) pairs(COMMON_ANNOTATIONS, kustomization.commonAnnotations.value, at(kustomization.commonAnnotations.path));
    for (const entry of kustomization.json6902) objects = this.patch(dir, entry, at(entry.path), objects);
    for (const entry of kustomization.replicas) {
      let found = false;
      for (const spec of REPLICAS) {
        objects = objects.map((object) => {
          if (!idsOf(object).some((id) => id.name === entry.value.name && specSelects(spec, { apiVersion: id.group === "" ? id.version : `${id.group}/${id.version}`, kind: id.kind }))) return object;
          found = true;
          return this.edit(object, at(entry.path), (value) => {
            const set2 = [];
            visitFields(value, spec, (_current, fieldPath) => (set2.push(fieldPath), entry.value.count));
            return set2;
          });
        });
      }
      if (!found) {
        const place = at(entry.path);
        this.problem(place.file, place.document, place.path, `replicas: no Deployment, ReplicationController, ReplicaSet or StatefulSet named ${entry.value.name}`);
      }
    }
    for (const entry of kustomization.images) objects = objects.map((object) => this.edit(object, at(entry.path), (value) => setImages(value, entry.value)));
    return objects;
  }
  /**
   * Applies `change` to the object's value, in place: each built object owns its value (resources are copied when
   * read, and the histories keep the documents and patches as written). Records the paths it set, if any.
   */
  edit(object, place, change) {
    const paths = change(object.value);
    if (paths.length === 0) return object;
    return { ...object, history: object.history.with({ kind: "field", place, paths }) };
  }
  /** api/filters/namespace/namespace.go `Filter.run`; builtins/NamespaceTransformer.go stores every object's id first. */
  setNamespace(input, namespace, place) {
    const object = { ...input, previousIds: [...input.previousIds, currentId(input.value)] };
    const value = object.value;
    const paths = [];
    const apiVersion = typeof value.apiVersion === "string" ? value.apiVersion : "";
    const kind = String(value.kind);
    const metadata = isObject(value.metadata) ? value.metadata : value.metadata = {};
    if (!this.#scopes.has(`${apiVersion}/${kind}`)) {
      metadata.namespace = namespace;
      paths.push(["metadata", "namespace"]);
    }
    if (kind === "Namespace" && apiVersion === "v1") {
      metadata.name = namespace;
      paths.push(["metadata", "name"]);
    }
    if ((kind === "RoleBinding" || kind === "ClusterRoleBinding") && Array.isArray(value.subjects)) {
      value.subjects.forEach((subject, index) => {
        if (isObject(subject) && subject.name === "default") {
          subject.namespace = namespace;
          paths.push(["subjects", index, "namespace"]);
        }
      });
    }
    visitFields(value, { path: "spec/service/namespace", group: "apiregistration.k8s.io", kind: "APIService", create: true }, (_current, at) => (paths.push(at), namespace));
    visitFields(value, { path: "spec/conversion/webhook/clientConfig/service/namespace", group: "apiextensions.k8s.io", kind: "CustomResourceDefinition" }, (_current, at) => (paths.push(at), namespace));
    if (paths.length === 0) return object;
    const renamed = kind === "Namespace" && apiVersion === "v1" ? [...object.names, namespace] : object.names;
    return { ...object, value, names: renamed, namespaces: [...object.namespaces, String(metadata.namespace ?? "")], history: object.history.with({ kind: "field", place, paths }) };
  }
  /** One patch entry applied to the objects it targets. */
  patch(dir, entry, place, objects) {
    const loaded = this.patchDocuments(dir, entry.value, place);
    if (loaded === null) return objects;
    let out = objects;
    for (const { value: patch, place: patchPlace } of loaded) {
      const json2 = entry.value.json6902 === true || Array.isArray(patch);
      if (json2) {
        if (!Array.isArray(patch)) {
          this.problem(place.file, place.document, place.path, "a JSON 6902 patch must be a list of operations");
          continue;
        }
        if (entry.value.target === void 0) {
          this.problem(place.file, place.document, place.path, "a JSON 6902 patch needs a target");
          continue;
        }
        const target2 = entry.value.target;
        out = out.map((object) => selects(target2, object) ? this.jsonPatch(object, patch, patchPlace) : object);
        continue;
      }
      if (!isObject(patch)) {
        this.problem(place.file, place.document, place.path, "a strategic-merge patch must be a map");
        continue;
      }
      const target = entry.value.target;
      const chosen = new Set(target !== void 0 ? out.filter((object) => selects(target, object)) : out.filter((object) => hadId(object, patch)));
      if (target === void 0 && chosen.size !== 1) {
        const name = String(patch.metadata?.name ?? "");
        const message = chosen.size === 0 ? `the patch matches no object: no ${String(patch.kind)} named ${name} in the resources` : `the patch matches ${chosen.size} objects: ${String(patch.kind)} ${name} is ambiguous`;
        this.problem(patchPlace.file, patchPlace.document, patchPlace.path, message);
        continue;
      }
      const next = [];
      for (const object of out) {
        if (!chosen.has(object)) {
          next.push(object);
          continue;
        }
        let merged;
        try {
          merged = mergePatch(object.value, cloneJson(patch));
        } catch (error) {
          if (!(error instanceof MergeError)) throw error;
          this.problem(patchPlace.file, patchPlace.document, patchPlace.path, `patch failed on ${String(object.value.kind)} ${currentName(object)}: ${error.message}`);
          next.push(object);
          continue;
        }
        if (merged === null) continue;
        const before = object.value;
        const metadata = isObject(merged.metadata) ? merged.metadata : merged.metadata = {};
        const beforeMetadata = isObject(before.metadata) ? before.metadata : {};
        if (before.apiVersion === void 0) delete merged.apiVersion;
        else merged.apiVersion = before.apiVersion;
        if (entry.value.allowKindChange !== true || typeof merged.kind !== "string") merged.kind = before.kind;
        if (entry.value.allowNameChange !== true || typeof metadata.name !== "string") metadata.name = beforeMetadata.name;
        if (beforeMetadata.namespace === void 0) delete metadata.namespace;
        else metadata.namespace = beforeMetadata.namespace;
        const previousIds = entry.value.allowNameChange === true || entry.value.allowKindChange === true ? [...object.previousIds, currentId(before)] : object.previousIds;
        const layer = { kind: "patch", place: patchPlace, patch };
        if (entry.value.path === void 0) layer.inline = true;
        const patched = { ...object, value: merged, previousIds, history: object.history.with(layer) };
        next.push(withCurrentId(patched));
      }
      out = next;
    }
    return out;
  }
  /** The patch values of an entry with their places: the documents of its file, or its inline text. */
  patchDocuments(dir, entry, place) {
    if (entry.path !== void 0) {
      const file = path3.resolve(dir, entry.path);
      const read = this.file(file, { ...place, path: [...place.path, "path"] });
      if (read === null) return null;
      return read.documents.filter((document) => document.value !== null).map((document) => ({ value: withV3Scalars(read, document), place: { file, document, path: [] } }));
    }
    const { parsed, error } = parseInline(entry.patch ?? "");
    if (error !== void 0) {
      this.problem(place.file, place.document, [...place.path, "patch"], `the inline patch cannot be read: ${error}`);
      return null;
    }
    return parsed.map((value) => ({ value, place: { ...place, path: [...place.path, "patch"] } }));
  }
  jsonPatch(object, operations, place) {
    const result2 = applyJsonPatch(object.value, operations);
    if ("error" in result2) {
      this.problem(place.file, place.document, place.path, `JSON patch failed on ${String(object.value.kind)} ${currentName(object)}: ${result2.error}`);
      return object;
    }
    const inline = place.path.at(-1) === "patch";
    const layer = {
      kind: "json-patch",
      operations: operations.filter(isObject).map((operation, index) => ({
        op: String(operation.op),
        path: pointerSegments(String(operation.path ?? ""), object.value),
        place: inline ? place : { ...place, path: [...place.path, index, "value"] }
      }))
    };
    return withCurrentId({ ...object, value: result2.resource, previousIds: [...object.previousIds, currentId(object.value)], history: object.history.with(layer) });
  }
};
function idKey(value) {
  const id = currentId(value);
  const apiVersion = apiVersionOf(value);
  const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
  return `${group}\0${id.kind}\0${id.namespace}\0${id.name}`;
}
function pointerSegments(pointer, value) {
  const segments = [];
  let node = value;
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node)) {
      const index = part === "-" ? node.length : Number(part);
      segments.push(index);
      node = node[index];
    } else {
      segments.push(part);
      node = isObject(node) ? node[part] : void 0;
    }
  }
  return segments;
}
function parseInline(text) {
  const source = { path: "<inline patch>", text };
  const parsed = parseDocuments(source.path, text);
  if (parsed.problems.length > 0) return { parsed: [], error: parsed.problems[0].message };
  return { parsed: parsed.documents.map((document) => withV3Scalars(source, document)).filter((value) => value !== null) };
}
function newObject(value, place, generated = false) {
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const name = typeof metadata.name === "string" ? metadata.name : "";
  const namespace = typeof metadata.namespace === "string" ? metadata.namespace : "";
  const layer = { kind: "resource", place, value };
  if (generated) layer.generated = true;
  const object = { value: cloneJson(value), history: new History([layer]), names: [name], namespaces: [namespace], previousIds: [], prefixes: [], suffixes: [] };
  if (generated) object.generated = { hash: true };
  return object;
}
function currentName(object) {
  return object.names.at(-1) ?? "";
}
function withCurrentId(object) {
  const metadata = isObject(object.value.metadata) ? object.value.metadata : {};
  const name = typeof metadata.name === "string" ? metadata.name : "";
  const namespace = typeof metadata.namespace === "string" ? metadata.namespace : "";
  const names = name === currentName(object) ? object.names : [...object.names, name];
  const namespaces = namespace === (object.namespaces.at(-1) ?? "") ? object.namespaces : [...object.namespaces, namespace];
  return names === object.names && namespaces === object.namespaces ? object : { ...object, names, namespaces };
}
function idsOf(object) {
  const { group, version } = groupVersion(typeof object.value.apiVersion === "string" ? object.value.apiVersion : "");
  return [...object.previousIds, currentId(object.value)].map((id) => ({ ...id, group, version }));
}
function hadId(object, patch) {
  const { group, version } = groupVersion(typeof patch.apiVersion === "string" ? patch.apiVersion : "");
  const wanted = currentId(patch);
  return idsOf(object).some((id) => id.group === group && id.version === version && id.kind === wanted.kind && id.name === wanted.name && id.namespace === wanted.namespace);
}
var selectorPatterns = /* @__PURE__ */ new Map();
function selects(target, object) {
  const value = object.value;
  const { group, version } = groupVersion(typeof value.apiVersion === "string" ? value.apiVersion : "");
  const current = currentId(value);
  const original = object.previousIds[0] ?? current;
  const matches = (pattern, candidates) => {
    if (pattern === void 0 || pattern === "") return true;
    let compiled = selectorPatterns.get(pattern);
    if (compiled === void 0) selectorPatterns.set(pattern, compiled = compileRe2(`^(?:${pattern})$`));
    return candidates.some((candidate) => typeof compiled === "string" ? candidate === pattern : compiled.matcher(candidate).matches());
  };
  if (!matches(target.namespace, [original.namespace, current.namespace])) return false;
  if (!matches(target.name, [original.name, current.name])) return false;
  if (!matches(target.group, [group])) return false;
  if (!matches(target.version, [version])) return false;
  if (!matches(target.kind, [current.kind])) return false;
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const mapOf = (found) => isObject(found) ? Object.fromEntries(Object.entries(found).filter((entry) => typeof entry[1] === "string")) : {};
  if (target.labelSelector && !parseLabelSelector(target.labelSelector)(mapOf(metadata.labels))) return false;
  if (target.annotationSelector && !parseLabelSelector(target.annotationSelector)(mapOf(metadata.annotations))) return false;
  return true;
}
function withoutBuildAnnotations(object) {
  const metadata = isObject(object.value.metadata) ? object.value.metadata : null;
  if (metadata === null || !Object.prototype.hasOwnProperty.call(metadata, "annotations")) return object;
  const annotations = metadata.annotations;
  const hadBuildAnnotations = object.previousIds.length > 0 || object.prefixes.length > 0 || object.suffixes.length > 0 || object.generated !== void 0;
  const entries = isObject(annotations) ? Object.entries(annotations) : [];
  if (entries.length === 0) {
    if (!hadBuildAnnotations || annotations !== null && !isObject(annotations)) return object;
    const value2 = cloneJson(object.value);
    delete value2.metadata.annotations;
    return { ...object, value: value2 };
  }
  if (entries.every(([, item]) => typeof item === "string")) return object;
  const value = cloneJson(object.value);
  value.metadata.annotations = Object.fromEntries(
    entries.map(([key, item]) => [key, typeof item === "number" || typeof item === "boolean" ? String(item) : item === null ? "" : item])
  );
  return { ...object, value };
}
function buildKustomization(root, read) {
  const builder = new Builder(read);
  let objects = builder.kustomization(path3.resolve(root), []);
  objects = objects.map((object) => {
    if (object.generated?.hash !== true) return object;
    const previousIds = [...object.previousIds, currentId(object.value)];
    const metadata = object.value.metadata;
    const name = `${String(metadata.name)}-${nameHash(object.value)}`;
    metadata.name = name;
    return { ...object, names: [...object.names, name], previousIds };
  });
  objects = fixNameReferences(objects).map(withoutBuildAnnotations);
  return { objects, inputs: builder.inputs, problems: builder.problems };
}

// src/lint/kustomize.ts
function isKustomizationFile(file) {
  return KUSTOMIZATION_FILE_NAMES.includes(path4.basename(file));
}
function scanKustomizations(files, source, display, isRoot) {
  const dirs = [...new Set(files.filter(isKustomizationFile).map((file) => path4.dirname(file)))].sort();
  const included = new Set(dirs.flatMap((dir) => includedFolders(dir, source)));
  const roots = dirs.filter((dir) => (isRoot !== void 0 ? isRoot(dir) : !included.has(dir)) && !isComponent(dir, source));
  const builds = new Map(roots.map((dir) => [dir, buildKustomization(dir, source)]));
  const inputs = /* @__PURE__ */ new Set();
  for (const build of builds.values()) for (const input of build.inputs) inputs.add(input);
  for (const dir of dirs) {
    const file = kustomizationFile(dir);
    if (builds.has(dir) || file !== null && inputs.has(file)) continue;
    const build = buildKustomization(dir, source);
    builds.set(dir, build);
    for (const input of build.inputs) inputs.add(input);
  }
  const manifests = [];
  const problems = [];
  const invalidManifests = [];
  const seen = /* @__PURE__ */ new Set();
  const once = (list2, found) => {
    const key = `${found.file}\0${found.document?.index ?? ""}\0${found.path.join("/")}\0${found.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    list2.push(found);
  };
  for (const build of builds.values()) for (const found of build.problems) once(problems, found);
  for (const root of roots) {
    for (const object of builds.get(root).objects) {
      const manifest = builtManifest(object, display(root));
      if ("problems" in manifest) for (const found of manifest.problems) once(invalidManifests, found);
      else if (manifest.resource !== null) manifests.push(manifest.resource);
    }
  }
  return { manifests, invalidManifests, inputs, builds: new Map(roots.map((root) => [root, builds.get(root).inputs])), problems };
}
function includedFolders(dir, source) {
  const file = kustomizationFile(dir);
  if (file === null) return [];
  const read = source(file);
  if (typeof read === "string") return [];
  let kustomization;
  try {
    kustomization = decodeKustomization(read.documents[0]?.value ?? null);
  } catch {
    return [];
  }
  return [...kustomization.resources, ...kustomization.components].map((entry) => path4.resolve(dir, entry.value));
}
function isComponent(dir, source) {
  for (const name of KUSTOMIZATION_FILE_NAMES) {
    const read = source(path4.join(dir, name));
    if (typeof read === "string") continue;
    const value = read.documents[0]?.value;
    return isObject(value) && value.kind === "Component";
  }
  return false;
}
function builtManifest(object, root) {
  const { value } = object;
  if (classifyWithKind(value).class !== "manifest") return { resource: null };
  const first = object.history.layers[0];
  const origin = (fieldPath) => {
    const { place: place2, exact, editable } = object.history.locate(value, fieldPath);
    return { ...place2, exact, editable };
  };
  const invalid = checkObjectMetadata(value);
  if (invalid.length > 0) {
    const subject = `${String(value.kind)} ${typeof value.metadata?.name === "string" ? String(value.metadata.name) : ""}`.trim();
    return {
      problems: invalid.map((found) => {
        const place2 = origin(found.path);
        return { file: place2.file, document: place2.document, path: place2.path, message: `${subject}: ${found.message} (in the build of ${root})`, severity: "error" };
      })
    };
  }
  const place = first.kind === "json-patch" ? first.operations[0].place : first.place;
  const resource = resourceDocument(value, place.file, place.document.index);
  resource.origin = origin;
  resource.builtBy = [root];
  return { resource };
}

// src/lint/shard.ts
function stableHash(text) {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}
function planShard(units, subjects, display, shard, part) {
  const assigned = assignShards(units, shard.count);
  let own = units.filter((unit, index) => assigned[index] === shard.index - 1);
  if (part !== void 0) {
    const parts = assignShards(own, part.count);
    own = own.filter((unit, index) => parts[index] === part.index - 1);
  }
  const owned = /* @__PURE__ */ new Set();
  for (const unit of own) for (const index of unit.subjects) owned.add(index);
  const ownUnits = new Set(own);
  const files = /* @__PURE__ */ new Map();
  for (const unit of units) {
    const mine = ownUnits.has(unit);
    for (const index of unit.subjects) files.set(display(subjects[index].file), mine);
    for (const input of unit.inputs) files.set(input, mine);
  }
  const ownsFile = (file) => {
    const known = files.get(file);
    if (known !== void 0) return known;
    const hash = stableHash(file);
    return hash % shard.count === shard.index - 1 && (part === void 0 || hash % part.count === part.index - 1);
  };
  return {
    outcome: { index: shard.index, count: shard.count, units: own.length, totalUnits: units.length, subjects: owned.size },
    owns: (index) => owned.has(index),
    ownsFile
  };
}
function byCodeUnits2(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareFindings(a, b) {
  const order = byCodeUnits2(a.location.file, b.location.file) || a.location.line - b.location.line || a.location.column - b.location.column || byCodeUnits2(a.ruleId, b.ruleId);
  if (order !== 0 || a === b) return order;
  return a.location.endLine - b.location.endLine || a.location.endColumn - b.location.endColumn || byCodeUnits2(a.message, b.message) || byCodeUnits2(a.resource?.kind ?? "", b.resource?.kind ?? "") || byCodeUnits2(a.resource?.namespace ?? "", b.resource?.namespace ?? "") || byCodeUnits2(a.resource?.name ?? "", b.resource?.name ?? "") || byCodeUnits2(JSON.stringify(a), JSON.stringify(b));
}

// src/lint/report-files.ts
var STDIN = "-";
function reportedUnits(units, subjects, display, files, removed) {
  const { reported, deleted, policyFiles, stdinPolicies } = files;
  if (stdinPolicies) return null;
  for (const file of reported) if (policyFiles.has(file)) return null;
  const wanted = (file) => reported.has(file) || deleted.has(file);
  const selected = (unit) => unit.inputs.some(wanted) || unit.subjects.some((index) => removed(index) || subjects[index].file === STDIN || wanted(display(subjects[index].file)));
  const evaluated = new Set(units.filter(selected));
  const filesOf = (unit) => /* @__PURE__ */ new Set([...unit.inputs, ...unit.subjects.map((index) => display(subjects[index].file))]);
  const findsElsewhere = (unit, result2) => {
    if (unit.builds.length === 0) return false;
    const own = filesOf(unit);
    const elsewhere = ({ location: { file } }) => !own.has(file) || policyFiles.has(file);
    return result2.findings.some((finding, index) => result2.builtBy[index] !== null && elsewhere(finding)) || result2.mutations.some((mutation) => mutation.builtBy !== null && mutation.finding !== null && elsewhere(mutation.finding));
  };
  return {
    evaluates: (unit) => evaluated.has(unit),
    more: (all, results) => {
      if (![...evaluated].some((unit) => {
        const result2 = results(unit);
        return result2 !== void 0 && findsElsewhere(unit, result2);
      })) return [];
      const extra = all.filter((unit) => unit.builds.length > 0 && !evaluated.has(unit));
      for (const unit of extra) evaluated.add(unit);
      return extra;
    },
    ownsFile: wanted
  };
}

// src/lint/lint.ts
function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}
var UNUSABLE_POLICY = /* @__PURE__ */ new Set(["kyverno-lint/invalid-policy", "kyverno-lint/unsupported-policy-kind"]);
var UNREAD_FILE = /* @__PURE__ */ new Set(["kyverno-lint/file-too-large", "kyverno-lint/unreadable-file", "kyverno-lint/yaml-syntax"]);
var INVALID_MANIFEST = /* @__PURE__ */ new Set(["kyverno-lint/invalid-manifest"]);
function emptyScan(options, workspace, policies) {
  const manifests = workspace.manifests;
  if (policies > 0 && manifests > 0) return null;
  const { config } = options;
  const reasons = [];
  let message;
  if (policies === 0 && manifests === 0) message = "no policy and no manifest found: nothing was checked";
  else if (policies === 0) message = `no policy found: the ${plural(manifests, "manifest was", "manifests were")} not checked`;
  else message = `no manifest found: the ${plural(policies, "policy", "policies")} checked nothing`;
  const found = (ruleIds) => workspace.problems.some((problem) => ruleIds.has(problem.ruleId));
  const unread = found(UNREAD_FILE);
  if (unread) reasons.push("some files could not be read or parsed (see the findings)");
  if (policies === 0 && found(UNUSABLE_POLICY)) reasons.push("the policies found are invalid or of an unsupported kind (see the findings)");
  else if (policies === 0 && !unread) {
    reasons.push(
      config.policies.length > 0 ? `the configuration's policies globs (${config.policies.join(", ")}) select no policy` : "the configuration sets no policies globs and no policy is below the scanned paths"
    );
  }
  if (manifests === 0 && found(INVALID_MANIFEST)) reasons.push("the manifests found are invalid (see the findings)");
  else if (manifests === 0 && config.manifests.length > 0) reasons.push(`the configuration's manifests globs (${config.manifests.join(", ")}) select no manifest below the scanned paths`);
  if (reasons.length > 0) message += `; ${reasons.join("; ")}`;
  return { noPolicy: policies === 0, noManifest: manifests === 0, message };
}
function emptyStatuses() {
  return { pass: 0, fail: 0, warn: 0, error: 0, skip: 0 };
}
function roleMatchers(options) {
  const base = globBase(options.config, options.cwd);
  const matcher = (globs) => {
    const set2 = globSet(base, globs);
    return set2.empty ? () => true : (file) => set2.matches(file);
  };
  return { policies: matcher(options.config.policies), manifests: matcher(options.config.manifests) };
}
function readSettingsDocument(file, errors, what, maxFileSize) {
  const read = readSourceFile(file, maxFileSize);
  if (read.file === null) {
    errors.push(`cannot read the ${what} ${file}: ${read.problems[0]?.message ?? "unreadable"}`);
    return null;
  }
  const parsed = parseDocuments(file, read.file.text);
  const first = parsed.documents[0]?.value;
  if (parsed.problems.length > 0 || first === void 0 || first === null || typeof first !== "object" || Array.isArray(first)) {
    errors.push(`the ${what} ${file} holds no valid document`);
    return null;
  }
  return first;
}
function loadSettings(options, errors) {
  const out = {};
  const { values, userinfo, imageData } = options.config;
  if (options.config.userInfo) out.userInfo = requestUserInfo(options.config.userInfo);
  if (imageData) {
    const display = displayName(options.cwd, imageData);
    const loaded = loadImageDataFile(imageData, display, options.config.maxFileSize);
    for (const problem of loaded.problems) errors.push(`${display}:${problem.line}:${problem.column}: ${problem.message}`);
    if (loaded.store) out.imageData = loaded.store;
  }
  if (values) {
    const document = readSettingsDocument(values, errors, "values file", options.config.maxFileSize);
    if (document) {
      const decoded = decodeValuesFile(document, displayName(options.cwd, values));
      for (const error of decoded.errors) errors.push(`${displayName(options.cwd, values)}: ${error.message}`);
      if (decoded.values) out.values = decoded.values;
    }
  }
  if (userinfo) {
    const document = readSettingsDocument(userinfo, errors, "user info file", options.config.maxFileSize);
    if (document) {
      const decoded = decodeUserInfo(document);
      for (const error of decoded.errors) errors.push(`${displayName(options.cwd, userinfo)}: ${error.message}`);
      if (decoded.userInfo) out.userInfo = decoded.userInfo;
    }
  }
  return out;
}
function requestUserInfo(setting) {
  const info = {};
  if (setting.roles) info.roles = setting.roles;
  if (setting.clusterRoles) info.clusterRoles = setting.clusterRoles;
  const { username, uid, groups, extra } = setting;
  if (username !== void 0 || uid !== void 0 || groups !== void 0 || extra !== void 0) {
    info.userInfo = { ...username !== void 0 ? { username } : {}, ...uid !== void 0 ? { uid } : {}, ...groups ? { groups } : {}, ...extra ? { extra } : {} };
  }
  return info;
}
async function configuredPolicyFiles(options, errors) {
  const { config } = options;
  if (config.policies.length === 0) return [];
  const base = globBase(config, options.cwd);
  const roots = globRoots(base, config.policies).filter((root) => existsSync3(root));
  if (roots.length === 0) return [];
  const found = await findFiles({ cwd: options.cwd, paths: roots, include: config.policies, exclude: config.exclude, gitignore: true, base });
  for (const problem of found.problems) errors.push(problem.message.replace(problem.path, displayName(options.cwd, problem.path)));
  return found.files;
}
async function discoverFiles(options, errors, warnings, manifestsOnly = false) {
  const { config } = options;
  const scanPaths = options.paths.filter((item) => item !== "-");
  const include = config.policies.length > 0 && config.manifests.length > 0 ? [...config.policies, ...config.manifests] : [];
  const scanned = /* @__PURE__ */ new Set();
  const ifKubernetes = /* @__PURE__ */ new Set();
  if (scanPaths.length > 0) {
    const found = await findFiles({ cwd: options.cwd, paths: scanPaths, include, exclude: config.exclude, gitignore: true, base: globBase(config, options.cwd) });
    for (const file of found.excluded) warnings.push(`${displayName(options.cwd, file)} is excluded by the configuration: not checked`);
    for (const missing of found.problems) errors.push(missing.message.replace(missing.path, displayName(options.cwd, missing.path)));
    for (const file of found.files) scanned.add(file);
    for (const file of found.ifKubernetes) ifKubernetes.add(file);
  }
  const extra = /* @__PURE__ */ new Set();
  if (options.policyPaths.length > 0 && !manifestsOnly) {
    const found = await findFiles({ cwd: options.cwd, paths: options.policyPaths, include: [], exclude: [], gitignore: false });
    for (const missing of found.problems) errors.push(missing.message.replace(missing.path, displayName(options.cwd, missing.path)));
    for (const file of found.files) extra.add(file);
    for (const file of found.ifKubernetes) ifKubernetes.add(file);
  }
  const files = [.../* @__PURE__ */ new Set([...scanned, ...manifestsOnly ? [] : await configuredPolicyFiles(options, errors)])].sort(byCodeUnits);
  return { files, scanned, extra, ifKubernetes, manifestsOnly };
}
function discoveredFiles(discovery) {
  return [...discovery.files, ...[...discovery.extra].filter((file) => !discovery.files.includes(file))];
}
function discoveredRoles(options, discovery) {
  const roles = roleMatchers(options);
  const role = (file) => [
    roles.policies(file) || discovery.extra.has(file) ? "p" : "",
    discovery.scanned.has(file) && roles.manifests(file) ? "m" : "",
    discovery.ifKubernetes.has(file) ? "k" : "",
    discovery.extra.has(file) ? "x" : "",
    isHelmTemplate(file) ? "h" : ""
  ].join("");
  return discoveredFiles(discovery).map((file) => [file, role(file)]);
}
function loadDiscovered(options, discovery, stored = null, checkedPolicies = null) {
  const { files, scanned, extra, ifKubernetes, manifestsOnly } = discovery;
  const loader = new WorkspaceLoader(options.cwd, options.config.maxFileSize, checkedPolicies);
  const roles = roleMatchers(options);
  const { config } = options;
  const settings = config.kustomize ?? { build: true, roots: [] };
  const rootGlobs = globSet(globBase(config, options.cwd), settings.roots);
  const kustomize = scanKustomizations(
    settings.build ? files.filter((file) => scanned.has(file) && roles.manifests(file)) : [],
    (file) => loader.source(file),
    (file) => displayName(options.cwd, file),
    rootGlobs.empty ? void 0 : (dir) => rootGlobs.matches(dir)
  );
  for (const file of files) {
    if (isHelmTemplate(file)) {
      loader.workspace.counts.other++;
      continue;
    }
    const manifests = scanned.has(file) && roles.manifests(file) && !kustomize.inputs.has(file) && !isKustomizationFile(file);
    if (manifestsOnly && !manifests) continue;
    const role = { policies: !manifestsOnly && (roles.policies(file) || extra.has(file)), manifests, ifKubernetes: ifKubernetes.has(file) };
    const held = stored?.get(file);
    if (held !== void 0 && manifests && !role.ifKubernetes && loader.addStoredFile(file, held)) continue;
    loader.addFile(file, role);
  }
  loader.addBuild(kustomize.manifests, kustomize.problems, kustomize.builds, kustomize.invalidManifests);
  if (options.paths.includes("-")) loader.addFile("-", { policies: true, manifests: true }, options.stdin ?? "");
  for (const file of extra) if (!loader.workspace.files.has(file)) loader.addFile(file, { policies: true, manifests: false, ifKubernetes: ifKubernetes.has(file) });
  return loader.complete();
}
async function loadWorkspace(options, errors, warnings, manifestsOnly = false) {
  return loadDiscovered(options, await discoverFiles(options, errors, warnings, manifestsOnly));
}
async function resolveHelmInput(options, workspace, errors, warnings) {
  const charts = (options.helmCharts ?? []).map((dir) => path5.resolve(options.cwd, dir));
  if (!options.paths.includes("-")) {
    if (charts.length > 0) warnings.push("--helm-chart is ignored: it applies to rendered Helm output read from standard input (-)");
    return;
  }
  const stdin = workspace.files.get("-");
  if (stdin === void 0) return;
  const display = (file) => displayName(options.cwd, file);
  const resolved = await resolveHelmSources(stdin, { cwd: options.cwd, charts, maxFileSize: options.config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, display });
  warnings.push(...resolved.warnings);
  errors.push(...resolved.errors);
}
function loadedPolicyIds(workspace) {
  return workspace.policies.map(({ compiled }) => {
    const ids = { id: policyReference(compiled), rules: compiled.rules.map((rule2) => rule2.name) };
    if (compiled.namespaced) ids.alias = compiled.name;
    return ids;
  });
}
function namespaceLabelsOf(manifests) {
  const labels = /* @__PURE__ */ new Map();
  for (const manifest of manifests) {
    if (manifest.kind !== "Namespace" || manifest.apiVersion !== "v1") continue;
    const metadata = manifest.value.metadata;
    const found = metadata !== null && typeof metadata === "object" && !Array.isArray(metadata) ? metadata.labels : void 0;
    const map2 = {};
    if (found !== null && typeof found === "object" && !Array.isArray(found)) {
      for (const [key, value] of Object.entries(found)) if (typeof value === "string") map2[key] = value;
    }
    labels.set(manifest.name, map2);
  }
  return labels;
}
var NO_LABELS = Object.freeze({});
var standInNamespaces = /* @__PURE__ */ new Map();
function standInNamespace(name) {
  let namespace = standInNamespaces.get(name);
  if (namespace === void 0) {
    namespace = { apiVersion: "v1", kind: "Namespace", metadata: { name, labels: { "kubernetes.io/metadata.name": name } } };
    standInNamespaces.set(name, namespace);
  }
  return namespace;
}
var subjectResource = ({ change, received }) => change?.resource ?? received;
var BATCH_SUBJECTS = 64;
function evaluateInBatches(inputs) {
  const out = [];
  for (let start = 0; start < inputs.length; ) {
    const { policies, evaluation } = inputs[start];
    let end = start + 1;
    while (end < inputs.length && end - start < BATCH_SUBJECTS && inputs[end].policies === policies && inputs[end].evaluation === evaluation) end++;
    out.push(...evaluateResources(policies, inputs.slice(start, end).map(subjectResource), evaluation));
    start = end;
  }
  return out;
}
function namespaceScopedPolicies(policies) {
  const scoped = (policy) => policy.family === "cel" && policy.namespaced;
  if (!policies.some(scoped)) return () => policies;
  const byNamespace = /* @__PURE__ */ new Map();
  return (namespace) => {
    let selected = byNamespace.get(namespace);
    if (selected === void 0) {
      selected = policies.filter((policy) => !scoped(policy) || policy.namespace === namespace);
      byNamespace.set(namespace, selected);
    }
    return selected;
  };
}
function apiDefaultsVersion(config) {
  if (config.apiDefaults === false) return null;
  return config.kubernetesVersion ?? DEFAULT_KUBERNETES_VERSION;
}
async function lint(options) {
  const started = performance.now();
  const warnings = [];
  const errors = [];
  const cache = options.cache === void 0 ? null : openScanCache(options, warnings);
  const discovery = await discoverFiles(options, errors, warnings);
  if (cache !== null) {
    const stored = cache.fullHit(discoveredRoles(options, discovery));
    if (stored !== null) {
      loadSettings(options, errors);
      warnings.push(...stored.configWarnings);
      const assembled2 = stored.assembled ?? await assemble(options, { problems: stored.problems, units: stored.units ?? [], files: cache.sourceTexts(stored.files), ruleIds: stored.ruleIds, builds: stored.builds, base: null });
      const report2 = reportOf(assembled2.report, stored.counts, stored.policies, stored.manifests, started);
      const empty = stored.configProblems.length > 0 ? null : emptyScan(options, { manifests: stored.manifests, problems: stored.problems }, stored.policies);
      return { report: report2, errors, fixes: assembled2.fixes, warnings, empty, configProblems: stored.configProblems, base: null, cache: { units: stored.unitCount, reused: stored.unitCount, evaluated: 0, evaluatedUnits: [], filesFromCache: stored.files.length, report: stored.assembled !== null ? "stored" : "assembled" }, shard: null };
    }
  }
  const workspace = loadDiscovered(options, discovery, cache?.storedManifests() ?? null, cache?.checkedPolicies() ?? null);
  await resolveHelmInput(options, workspace, errors, warnings);
  const settings = loadSettings(options, errors);
  const policies = workspace.policies.map((item) => item.compiled);
  const sources = new Map(workspace.policies.map(({ compiled, file, document }) => [compiled, { file, document }]));
  const policySource = (policy) => sources.get(policy);
  const policyIds = loadedPolicyIds(workspace);
  const configured = checkRuleIds(options.config, policyIds, PROBLEM_CODES);
  const configWarnings = configured.warnings.map((warning) => `${displayName(options.cwd, warning.file)}:${warning.line}:${warning.column}: ${warning.message}`);
  warnings.push(...configWarnings);
  const manifests = configured.errors.length > 0 ? [] : workspace.manifests;
  const version = apiDefaultsVersion(options.config);
  const evaluated = version === null ? manifests : manifests.map((manifest) => defaultedManifest(manifest, version));
  const namespaceLabels = namespaceLabelsOf(evaluated);
  const namespaceObjects = new Map(evaluated.filter((manifest) => manifest.kind === "Namespace" && manifest.apiVersion === "v1").map((manifest) => [manifest.name, manifest.value]));
  const objects = evaluated.map((manifest) => manifest.value);
  const plainEvaluation = {
    numberMode: "int64",
    operation: options.config.operation,
    // The manifests are the cluster the scan stands for: admission policy bindings find their parameters among them,
    // and MutatingPolicies the schemas of custom resources in their CRDs.
    // Image registries are not read: rules reading image data use the given file, or error saying how to give one.
    external: { cluster: mockedCluster(objects), params: objects, crds: objects.filter(isCustomResourceDefinition), imageDataRequired: true, ...settings.imageData ? { imageData: settings.imageData } : {} },
    namespaceLabels: (namespace) => namespaceLabels.get(namespace),
    namespaceObject: (namespace) => namespaceObjects.get(namespace) ?? standInNamespace(namespace),
    targets: objects,
    keepResourceOnMutateError: true,
    explainFailures: true
  };
  if (settings.values) plainEvaluation.values = settings.values;
  if (settings.userInfo) plainEvaluation.userInfo = settings.userInfo;
  if (workspace.exceptions.length > 0) plainEvaluation.exceptions = workspace.exceptions;
  if (workspace.bindings.length > 0) plainEvaluation.bindings = workspace.bindings;
  const reads = cache === null ? null : new ReadRecorder(plainEvaluation);
  const evaluation = reads?.evaluation ?? plainEvaluation;
  const policiesFor = namespaceScopedPolicies(policies);
  let base = null;
  let baseOutcome = null;
  if (options.base !== void 0 && configured.errors.length === 0) {
    const { compareWithBase } = await import("./action-base-revision-OKSOWNGP.js");
    const display2 = (manifest) => workspace.files.get(manifest.file)?.display ?? manifest.file;
    const load = (mapped) => loadWorkspace(mapped, [], [], true);
    const receive = (manifest) => version === null ? manifest : defaultedManifest(manifest, version);
    ({ comparison: base, outcome: baseOutcome } = await compareWithBase(options, manifests, { policies: policiesFor, evaluation, load, display: display2, receive }, warnings));
  }
  const fileOf = (file) => workspace.files.get(file) ?? base?.files.get(file);
  const rerun = policies.filter((policy) => policy.mutate !== void 0 && !policy.mutationsSettle);
  const subjects = base === null ? manifests : [...manifests, ...base.removed];
  const display = (file) => fileOf(file)?.display ?? displayName(options.cwd, file);
  const units = scanUnits(subjects, workspace.builds, display);
  const part = options.shard ?? options.part;
  const shard = part === void 0 ? null : planShard(units, subjects, display, options.shard ?? { index: 1, count: 1 }, options.part);
  const focus = options.reportFiles === void 0 ? null : reportedUnits(
    units,
    subjects,
    display,
    {
      reported: reportedFiles(options),
      deleted: base?.deletedFiles ?? /* @__PURE__ */ new Set(),
      policyFiles: new Set(workspace.policies.map((policy) => policy.file.display)),
      stdinPolicies: workspace.policies.some((policy) => policy.file.path === "-")
    },
    (index) => index >= manifests.length
  );
  const owned = shard === null ? units : units.filter((unit) => shard.owns(unit.subjects[0]));
  const first = focus === null || cache !== null ? owned : owned.filter((unit) => focus.evaluates(unit));
  const policyFiles = cache === null ? [] : policyFilesOf(workspace);
  const plan = cache?.plan({ workspace, units, subjects, received: evaluated, policyFiles, cluster: plainEvaluation.external?.cluster }) ?? null;
  const subjectsToEvaluate = (list2) => list2.reduce((sum, unit) => sum + (plan?.reused.has(unit.key) === true ? 0 : unit.subjects.length), 0);
  let total = subjectsToEvaluate(first);
  let done = 0;
  const unitInputs = (unit) => unit.subjects.map((index) => {
    const manifest = subjects[index];
    const received = index < manifests.length ? evaluated[index] : manifest;
    const change = base?.change(manifest, received);
    reads?.namespace(manifest.namespace);
    return { manifest, received, change, policies: policiesFor(manifest.namespace), evaluation: change?.evaluation ?? evaluation };
  });
  const evaluateUnit = (inputs, evaluatedResponses) => {
    const result2 = { statuses: emptyStatuses(), findings: [], builtBy: [], suppressed: 0, registry: [], mutations: [] };
    const mutations = [];
    const registryReported = /* @__PURE__ */ new Map();
    const registryRules = /* @__PURE__ */ new Set();
    for (const [position, { manifest, received, change }] of inputs.entries()) {
      const file = fileOf(manifest.file);
      const responses = evaluatedResponses[position];
      for (const { response } of responses) for (const rule2 of response.rules) result2.statuses[rule2.status]++;
      const context = { config: options.config, policySource, fileOf, file, resource: manifest, namespaceLabels: namespaceLabels.get(manifest.namespace) ?? NO_LABELS, registryReported };
      const converted = responseFindings(responses, context);
      if (change !== void 0) base.describe(change, converted.findings, responses);
      for (const [key, finding] of registryReported) {
        if (registryRules.has(key)) continue;
        registryRules.add(key);
        const at = finding === null ? -1 : converted.findings.indexOf(finding);
        result2.registry.push({ rule: key, subject: position, finding: at === -1 ? -1 : result2.findings.length + at });
      }
      for (const finding of converted.findings) {
        result2.findings.push(finding);
        result2.builtBy.push(finding.resource !== void 0 ? manifest.builtBy ?? null : null);
      }
      result2.suppressed += converted.suppressed;
      const patched = mutatedResource(responses, received.value);
      const after = patched === received.value || change?.operation === "DELETE" ? manifest.value : withoutApiDefaults(manifest.value, received.value, patched, version);
      if (after !== manifest.value && !jsonEqual(after, manifest.value, "type")) {
        const rules = responses.flatMap(
          ({ kind, response }) => kind === "mutate" ? response.rules.filter((rule2) => rule2.status === "pass" && rule2.unchanged !== true).map((rule2) => ({ policy: response.policy, rule: rule2 })) : []
        );
        if (rules.some(({ policy, rule: rule2 }) => isReported(options.config, policy, rule2.name))) {
          const changing = new Set(rules.map(({ policy }) => policy));
          const again = rerun.filter((policy) => changing.has(policy));
          const unsettled = again.length === 0 ? [] : unsettledRules(again, received, patched, change?.evaluation ?? evaluation);
          mutations.push({ context, rules, before: manifest.value, after, unsettled });
        } else {
          result2.suppressed++;
        }
      }
      done++;
      options.onProgress?.(done, total);
    }
    result2.mutations = unitMutations(options, workspace, mutations);
    return result2;
  };
  const results = /* @__PURE__ */ new Map();
  const evaluatedUnits = /* @__PURE__ */ new Map();
  const evaluateUnits = (list2) => {
    for (let next = 0; next < list2.length; ) {
      const unit = list2[next++];
      if (plan !== null && plan.reused.has(unit.key)) {
        const { key } = unit;
        const cached = plan;
        results.set(unit, {
          get result() {
            return cached.result(key);
          },
          subjects: unit.subjects
        });
        continue;
      }
      if (reads === null) {
        const window = [unit];
        let count = unit.subjects.length;
        while (next < list2.length && count + list2[next].subjects.length <= BATCH_SUBJECTS) {
          count += list2[next].subjects.length;
          window.push(list2[next++]);
        }
        const inputs2 = window.map(unitInputs);
        const responses = evaluateInBatches(inputs2.flat());
        let offset = 0;
        for (const [k, member] of window.entries()) {
          const result3 = evaluateUnit(inputs2[k], responses.slice(offset, offset += inputs2[k].length));
          results.set(member, { result: result3, subjects: member.subjects });
          evaluatedUnits.set(member.key, { result: result3, subjects: member.subjects });
        }
        continue;
      }
      reads.start();
      const inputs = unitInputs(unit);
      const result2 = evaluateUnit(inputs, evaluateInBatches(inputs));
      plan?.evaluated(unit, result2, reads.stop());
      results.set(unit, { result: result2, subjects: unit.subjects });
      evaluatedUnits.set(unit.key, { result: result2, subjects: unit.subjects });
    }
  };
  evaluateUnits(first);
  if (focus !== null) {
    const more = focus.more(owned, (unit) => results.get(unit)?.result);
    if (more.length > 0 && cache === null) {
      total += subjectsToEvaluate(more);
      evaluateUnits(more);
    }
  }
  const reportedUnitList = focus === null ? owned : owned.filter((unit) => focus.evaluates(unit));
  const unitResults = reportedUnitList.map((unit) => results.get(unit));
  const ruleIds = [...policyIds.flatMap((policy) => policy.rules.map((rule2) => `${policy.id}/${rule2}`)), ...PROBLEM_CODES.map((code) => `kyverno-lint/${code}`)];
  const problems = shard === null ? workspace.problems : workspace.problems.filter((problem) => shard.ownsFile(problem.location.file));
  const watched = { files: [...workspace.files.keys()], discovered: discoveredFiles(discovery), builds: workspace.builds };
  const previous = plan === null || shard !== null || options.exchange !== void 0 ? null : plan.previous(watched);
  const reassembled = previous === null ? null : await reassemble(options, previous, { evaluated: evaluatedUnits, units: units.length, problems, files: workspace.files, ruleIds, policyFiles });
  const assembled = reassembled ?? await assemble(options, {
    problems,
    units: unitResults,
    files: workspace.files,
    ruleIds,
    builds: workspace.builds,
    base,
    ...ownership(shard, focus)
  });
  const manifestCount = shard === null && focus === null ? manifests.length : reportedUnitList.reduce((sum, unit) => sum + unit.subjects.filter((index) => index < manifests.length).length, 0);
  const report = reportOf(assembled.report, workspace.counts, policies.length, manifestCount, started);
  if (cache !== null && plan !== null) {
    cache.save(plan, {
      problems: workspace.problems,
      checked: workspace.checkedPolicies,
      // Every unit (with the cache all are evaluated or reused), also those a report of some files leaves out.
      units: owned.map((unit) => results.get(unit)),
      unitKeys: units.map((unit) => unit.key),
      ruleIds,
      builds: workspace.builds,
      counts: workspace.counts,
      policies: policies.length,
      manifests: manifests.length,
      configWarnings,
      configProblems: configured.errors,
      files: watched.files,
      // Files discovered but not read (too large, `.json` data, Helm templates) decide the report too.
      discovered: watched.discovered,
      assembled
    }, warnings);
  }
  return {
    report,
    errors,
    fixes: assembled.fixes,
    warnings,
    empty: configured.errors.length > 0 ? null : emptyScan(options, { manifests: workspace.manifests.length, problems: workspace.problems }, policies.length),
    configProblems: configured.errors,
    base: baseOutcome,
    ...plan !== null ? {
      cache: {
        units: units.length,
        reused: plan.reused.size,
        evaluated: units.length - plan.reused.size,
        evaluatedUnits: units.filter((unit) => !plan.reused.has(unit.key)).map((unit) => unit.key),
        filesFromCache: [...workspace.files.values()].filter(isStoredSource).length,
        report: reassembled !== null ? "updated" : "assembled"
      }
    } : {},
    shard: shard === null ? null : shard.outcome
  };
}
function ownership(shard, focus) {
  if (shard === null && focus === null) return {};
  return { ownsFile: (file) => (shard === null || shard.ownsFile(file)) && (focus === null || focus.ownsFile(file)) };
}
function reportedFiles(options) {
  return new Set((options.reportFiles ?? []).map((file) => displayName(options.cwd, path5.resolve(options.cwd, file))));
}
function reportOf(assembled, files, policies, manifests, started) {
  const { findings, suppressedFindings, counts, statuses, cwd } = assembled;
  return { findings, suppressedFindings, counts, files, policies, manifests, statuses, cwd, durationMs: performance.now() - started };
}
function policyFilesOf(workspace) {
  const out = [];
  for (const source of workspace.files.values()) {
    if (isStoredSource(source)) continue;
    const holds = expandLists(source.documents).some(({ value }) => {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
      const classified = classifyWithKind(value);
      return classified.kind !== void 0 || classified.class === "manifest" && isCustomResourceDefinition(value);
    });
    if (holds) out.push(source.path);
  }
  return out;
}
function unitMutations(options, workspace, mutations) {
  const edited = (mutation) => isWritable(mutation) && (options.fixes === true || mutation.context.resource.origin !== void 0);
  const candidates = mutations.filter(edited);
  const mutated = mutatedResources(
    candidates.map(({ context, before, after }) => ({ resource: context.resource, before, after })),
    workspace.files,
    (file) => displayName(options.cwd, file)
  );
  const edits = new Map(candidates.map((mutation, index) => [mutation, mutated[index]]));
  return mutations.map((mutation) => {
    const { context, rules, unsettled } = mutation;
    const item = edits.get(mutation);
    if (item === void 0) {
      return { finding: mutationFinding(context, rules, { fixable: options.fixes !== true && isWritable(mutation) }, documentStart(context), unsettled), builtBy: null, edits: null };
    }
    const source = workspace.files.get(item.file) ?? context.file;
    const fix2 = item.edits.map((edit) => ({ file: source.display, startLine: edit.startLine, endLine: edit.endLine, replacement: edit.replacement }));
    const fixable = fix2.length > 0;
    const built = context.resource.origin !== void 0;
    const location2 = built && fixable ? documentLocation(source, item.documentIndex) : documentStart(context);
    const settings = fixable ? options.fixes === true ? { fixable: true, fix: fix2 } : { fixable: true } : { fixable: false };
    const finding = mutationFinding(context, rules, settings, location2, unsettled, built && !fixable ? item.editError : void 0);
    const applied = options.fixes === true && fixable ? { file: item.file, documentIndex: item.documentIndex, edits: item.edits.map(({ startLine, endLine, replacement }) => ({ startLine, endLine, replacement })) } : null;
    return { finding, builtBy: finding !== null && context.resource.builtBy !== void 0 ? context.resource.builtBy : null, edits: applied };
  });
}
async function assemble(options, input) {
  const { base } = input;
  const builtBy = /* @__PURE__ */ new WeakMap();
  const statuses = emptyStatuses();
  let suppressed = 0;
  let findings = input.problems.filter((problem) => !isIgnored(options.config.ignore, problem.ruleId));
  suppressed += input.problems.length - findings.length;
  const registry = input.units.flatMap(({ result: result2, subjects }, unit) => result2.registry.map((error) => ({ error, unit, at: subjects[error.subject] })));
  registry.sort((a, b) => a.at - b.at);
  const firstRegistry = /* @__PURE__ */ new Map();
  const dropped = input.units.map(() => /* @__PURE__ */ new Set());
  for (const { error, unit } of registry) {
    if (!firstRegistry.has(error.rule)) {
      firstRegistry.set(error.rule, error.finding === -1 ? null : input.units[unit].result.findings[error.finding]);
      continue;
    }
    if (error.finding === -1) suppressed--;
    else dropped[unit].add(error.finding);
  }
  for (const [unit, { result: result2 }] of input.units.entries()) {
    for (const status of Object.keys(statuses)) statuses[status] += result2.statuses[status];
    suppressed += result2.suppressed;
    for (const [index, finding] of result2.findings.entries()) {
      if (dropped[unit].has(index)) continue;
      const roots = result2.builtBy[index];
      if (roots !== null && roots !== void 0) builtBy.set(finding, roots);
      findings.push(finding);
    }
  }
  const suppressions = new Suppressions(input.files.values(), input.ruleIds);
  let suppressedFindings = [];
  const registryOriginal = /* @__PURE__ */ new Map();
  for (const finding of firstRegistry.values()) if (finding !== null) registryOriginal.set(finding, finding);
  const unsuppressed = (finding) => {
    const by = (base?.isRemoved(finding) === true ? base.suppressions(input.ruleIds) : suppressions).suppress(finding);
    if (by === null) return true;
    const copy = { ...finding, suppressions: by };
    if (registryOriginal.has(finding)) registryOriginal.set(copy, finding);
    suppressedFindings.push(copy);
    return false;
  };
  findings = findings.filter(unsuppressed);
  const push = (finding) => {
    if (finding === null) {
      suppressed++;
      return false;
    }
    if (!unsuppressed(finding)) return false;
    findings.push(finding);
    return true;
  };
  const applied = [];
  for (const { result: result2 } of input.units) {
    for (const mutation of result2.mutations) {
      if (mutation.finding !== null && mutation.builtBy !== null) builtBy.set(mutation.finding, mutation.builtBy);
      const reported2 = push(mutation.finding);
      const item = mutation.edits;
      if (reported2 && item !== null && !applied.some((other) => sameEdits(other, item))) applied.push(item);
    }
  }
  const fixes = options.fixes === true ? fileFixes(applied, input.files).fixes.sort(byFixFile) : [];
  if (options.exchange !== void 0) {
    const reply = await options.exchange({ directives: suppressions.usage(), registry: [...firstRegistry.keys()] });
    suppressions.addUsage(reply.directives);
    const gone = /* @__PURE__ */ new Set();
    for (const key of reply.dropRegistry) {
      const finding = firstRegistry.get(key);
      if (finding === null) suppressed--;
      else if (finding !== void 0) gone.add(finding);
    }
    const kept = (finding) => !gone.has(registryOriginal.get(finding) ?? finding);
    findings = findings.filter(kept);
    suppressedFindings = suppressedFindings.filter(kept);
  }
  findings = mergeBuiltFindings(findings, builtBy);
  for (const finding of suppressions.directiveFindings(input.ownsFile)) {
    if (isIgnored(options.config.ignore, finding.ruleId)) suppressed++;
    else findings.push(finding);
  }
  let reported = findings;
  let reportedSuppressed = suppressedFindings;
  if (options.reportFiles !== void 0) {
    const wanted = reportedFiles(options);
    const changedBuilds = new Set([...input.builds].filter(([, inputs]) => [...inputs].some((file) => wanted.has(file))).map(([root]) => root));
    const wantedFinding = (finding) => wanted.has(finding.location.file) || (builtBy.get(finding) ?? []).some((root) => changedBuilds.has(root)) || (base?.deletedFiles.has(finding.location.file) ?? false);
    reported = findings.filter(wantedFinding);
    reportedSuppressed = suppressedFindings.filter(wantedFinding);
    suppressed += findings.length - reported.length + suppressedFindings.length - reportedSuppressed.length;
  }
  reported.sort(compareFindings);
  reportedSuppressed.sort(compareFindings);
  const counts = { error: 0, warning: 0, info: 0, suppressed: suppressed + reportedSuppressed.length };
  for (const finding of reported) counts[finding.severity]++;
  const reportedEdits = new Set(reported.flatMap((finding) => (finding.fix ?? []).map((edit) => edit.file)));
  const reportedFix = (fix2) => options.reportFiles === void 0 || options.reportFiles.some((file) => path5.resolve(options.cwd, file) === fix2.file) || reportedEdits.has(displayName(options.cwd, fix2.file));
  return {
    report: { findings: reported, suppressedFindings: reportedSuppressed, counts, statuses, cwd: options.cwd },
    fixes: fixes.filter(reportedFix)
  };
}
var DIRECTIVE_FINDINGS = ["kyverno-lint/invalid-disable-directive", "kyverno-lint/unused-disable-directive"];
function unitSuppressed(result2) {
  return result2.suppressed - result2.registry.filter((error) => error.finding === -1).length + result2.mutations.filter((mutation) => mutation.finding === null).length;
}
function mergeSorted(a, b) {
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareFindings(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}
async function reassemble(options, previous, input) {
  const { config, cwd } = options;
  if (DIRECTIVE_FINDINGS.some((id) => isIgnored(config.ignore, id))) return null;
  const keys = [.../* @__PURE__ */ new Set([...previous.replaced.keys(), ...input.evaluated.keys()])];
  if (keys.length * 2 > input.units || !keys.every((key) => key.startsWith("file:"))) return null;
  const files = new Set(keys.map((key) => key.slice("file:".length)));
  const display = (file) => displayName(cwd, file);
  if (input.policyFiles.some((file) => files.has(display(file)))) return null;
  if ([...previous.changed].some((file) => !files.has(display(file)))) return null;
  for (const located of previous.located.values()) if (located === null || located.some((file) => files.has(file))) return null;
  const old = [...previous.replaced.values()];
  const now = [...input.evaluated.values()].map(({ result: result2 }) => result2);
  const inFiles = (result2) => result2.findings.every((finding, index) => files.has(finding.location.file) || result2.registry.some((error) => error.finding === index)) && result2.mutations.every(({ finding, edits }) => (finding === null || files.has(finding.location.file)) && (edits === null || files.has(display(edits.file))));
  if (!old.every(inFiles) || !now.every(inFiles)) return null;
  const registryRules = (results) => JSON.stringify([...new Set(results.flatMap((result2) => result2.registry.map((error) => error.rule)))].sort());
  if (registryRules(old) !== registryRules(now)) return null;
  const elsewhere = (problems2) => JSON.stringify(problems2.filter((problem) => !files.has(problem.location.file)));
  if (elsewhere(previous.problems) !== elsewhere(input.problems)) return null;
  const problems = input.problems.filter((problem) => files.has(problem.location.file));
  const sources = new Map([...input.files].filter(([, source]) => files.has(source.display)));
  const local = await assemble(options, { problems, units: [...input.evaluated.values()], files: sources, ruleIds: input.ruleIds, builds: /* @__PURE__ */ new Map(), base: null });
  const here = (finding) => files.has(finding.location.file);
  const elsewhereFinding = (finding) => !here(finding);
  const { report } = previous.assembly;
  const findings = mergeSorted(report.findings.filter(elsewhereFinding), local.report.findings.filter(here));
  const suppressedFindings = mergeSorted((report.suppressedFindings ?? []).filter(elsewhereFinding), (local.report.suppressedFindings ?? []).filter(here));
  const statuses = { ...report.statuses };
  for (const result2 of old) for (const status of Object.keys(statuses)) statuses[status] -= result2.statuses[status];
  for (const result2 of now) for (const status of Object.keys(statuses)) statuses[status] += result2.statuses[status];
  const ignored = (list2) => list2.filter((problem) => files.has(problem.location.file) && isIgnored(config.ignore, problem.ruleId)).length;
  const before = old.reduce((sum, result2) => sum + unitSuppressed(result2), ignored(previous.problems));
  const after = now.reduce((sum, result2) => sum + unitSuppressed(result2), ignored(input.problems));
  const suppressed = report.counts.suppressed - (report.suppressedFindings ?? []).length - before + after;
  const counts = { error: 0, warning: 0, info: 0, suppressed: suppressed + suppressedFindings.length };
  for (const finding of findings) counts[finding.severity]++;
  const fixes = [...previous.assembly.fixes.filter((fix2) => !files.has(display(fix2.file))), ...local.fixes.filter((fix2) => files.has(display(fix2.file)))].sort(byFixFile);
  return { report: { findings, suppressedFindings, counts, statuses, cwd }, fixes };
}
function isWritable(mutation) {
  return mutation.unsettled.length === 0 && mutation.context.file.path !== "-" && mutation.context.resource.listItem === void 0;
}
function documentStart(context) {
  return documentLocation(context.file, context.resource.documentIndex);
}
function documentLocation(file, index) {
  const line = file.documents.find((document) => document.index === index)?.line ?? 1;
  return inTemplate(file, fullLocation(file, { line, column: 1 }));
}
function sameEdits(a, b) {
  return a.file === b.file && a.documentIndex === b.documentIndex && a.edits.length === b.edits.length && a.edits.every((edit, i) => edit.startLine === b.edits[i].startLine && edit.endLine === b.edits[i].endLine && edit.replacement === b.edits[i].replacement);
}
function mergeBuiltFindings(findings, builtBy) {
  const merged = /* @__PURE__ */ new Map();
  const out = [];
  for (const finding of findings) {
    const roots = builtBy.get(finding);
    if (roots === void 0) {
      out.push(finding);
      continue;
    }
    const { location: location2 } = finding;
    const key = [finding.ruleId, location2.file, location2.line, location2.column, location2.endLine, location2.endColumn, finding.message].join("\0");
    const known = merged.get(key);
    if (known !== void 0) {
      for (const root of roots) if (!known.roots.includes(root)) known.roots.push(root);
      continue;
    }
    const entry = { finding, roots: [...roots] };
    merged.set(key, entry);
    out.push(entry);
  }
  return out.map((item) => {
    if (!("roots" in item)) return item;
    const { finding, roots } = item;
    const named = { ...finding, message: `${finding.message} (in the ${roots.length === 1 ? "build" : "builds"} of ${roots.join(", ")})` };
    builtBy.set(named, roots);
    return named;
  });
}

// src/report/groups.ts
import { createHash as createHash2 } from "node:crypto";
function reasonOf(finding) {
  if (finding.status !== "error") return void 0;
  return JSON.stringify([finding.ruleId, finding.severity, finding.message]);
}
function digest(reason) {
  return createHash2("sha256").update(reason).digest("hex").slice(0, 16);
}
function sameReasonGroups(findings) {
  const byReason = /* @__PURE__ */ new Map();
  for (const finding of findings) {
    const reason = reasonOf(finding);
    if (reason === void 0) continue;
    const members = byReason.get(reason);
    if (members) members.push(finding);
    else byReason.set(reason, [finding]);
  }
  const groups = /* @__PURE__ */ new Map();
  for (const [reason, members] of byReason) {
    if (members.length < 2) continue;
    const group = { key: digest(reason), findings: members };
    for (const member of members) groups.set(member, group);
  }
  return groups;
}
function collapseSameReason(findings) {
  const groups = sameReasonGroups(findings);
  const entries = [];
  for (const finding of findings) {
    const group = groups.get(finding);
    if (group === void 0) entries.push({ finding });
    else if (group.findings[0] === finding) entries.push({ finding, group });
  }
  return entries;
}
var GROUP_PLACES = 10;
function groupTitle(group) {
  return `${group.findings[0].ruleId} (${group.findings.length} resources)`;
}
function groupMessage(group) {
  const places = group.findings.slice(0, GROUP_PLACES).map(({ location: location2 }) => location2.line >= 1 ? `${location2.file}:${location2.line}` : location2.file || ".");
  const more = group.findings.length > GROUP_PLACES ? `, and ${group.findings.length - GROUP_PLACES} more` : "";
  return `${group.findings[0].message}
Resources: ${places.join(", ")}${more}`;
}

// src/reporters/github.ts
var COMMANDS = { error: "error", warning: "warning", info: "notice" };
function escapeData(text) {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(text) {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
function workflowCommand(command, properties, message) {
  const rendered = properties.filter(([, value]) => value !== "" && value !== 0).map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
  return `::${command}${rendered.length > 0 ? ` ${rendered.join(",")}` : ""}::${escapeData(message)}`;
}
function annotationRange(location2) {
  const { line, column, endLine, endColumn } = location2;
  if (line < 1) return void 0;
  const range2 = { line, endLine: Math.max(line, endLine) };
  if (range2.endLine === line && column >= 1) {
    range2.column = column;
    range2.endColumn = Math.max(column, endColumn);
  }
  return range2;
}
function annotation(finding) {
  const range2 = annotationRange(finding.location);
  return workflowCommand(
    COMMANDS[finding.severity],
    [
      ["file", finding.location.file],
      ["line", range2?.line ?? 0],
      ["col", range2?.column ?? 0],
      ["endLine", range2?.endLine ?? 0],
      ["endColumn", range2?.endColumn ?? 0],
      ["title", finding.ruleId]
    ],
    finding.message
  );
}
function groupAnnotation(group) {
  return workflowCommand(COMMANDS[group.findings[0].severity], [["title", groupTitle(group)]], groupMessage(group));
}
function github(report) {
  return collapseSameReason(report.findings).map((entry) => `${entry.group === void 0 ? annotation(entry.finding) : groupAnnotation(entry.group)}
`).join("");
}

// src/reporters/junit.ts
var SUITE_PACKAGE = "kyverno-lint";
var PASSING_SUITE = `<testsuite package="${SUITE_PACKAGE}" time="0" tests="1" errors="0" failures="0" name="${SUITE_PACKAGE}">
<testcase time="0" name="${SUITE_PACKAGE}" classname="${SUITE_PACKAGE}" />
</testsuite>
`;

// src/reporters/sarif.ts
import { pathToFileURL } from "node:url";
var SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
var KYVERNO_POLICIES_URI = "https://kyverno.io/policies/";
var SRCROOT = "%SRCROOT%";
var LEVELS = { error: "error", warning: "warning", info: "note" };
var LEVEL_RANK = { note: 0, warning: 1, error: 2 };
function isAbsolute(file) {
  return file.startsWith("/") || /^[A-Za-z]:\//.test(file);
}
function encodePath(file) {
  return file.split("/").map(encodeURIComponent).join("/");
}
function artifactLocation(file) {
  if (!isAbsolute(file)) return { uri: encodePath(file), uriBaseId: SRCROOT };
  return { uri: file.startsWith("/") ? `file://${encodePath(file)}` : `file:///${file.slice(0, 2)}${encodePath(file.slice(2))}` };
}
function directoryUri(cwd) {
  const href = pathToFileURL(cwd).href;
  return href.endsWith("/") ? href : `${href}/`;
}
function region(finding) {
  const { line, column, endLine, endColumn } = finding.location;
  if (line < 1) return void 0;
  const result2 = { startLine: line };
  if (column >= 1) result2.startColumn = column;
  if (endLine >= line) {
    result2.endLine = endLine;
    if (endColumn >= 1 && column >= 1) result2.endColumn = endColumn;
  }
  return result2;
}
function resourceName2(resource) {
  return [resource.apiVersion, resource.kind, resource.namespace, resource.name].filter((part) => part !== "").join("/");
}
function location(finding) {
  const result2 = {};
  if (finding.location.file !== "") {
    const where = region(finding);
    result2.physicalLocation = { artifactLocation: artifactLocation(finding.location.file), ...where ? { region: where } : {} };
  }
  if (finding.resource) result2.logicalLocations = [{ name: finding.resource.name, fullyQualifiedName: resourceName2(finding.resource), kind: "resource" }];
  return Object.keys(result2).length > 0 ? result2 : void 0;
}
function fix(edits) {
  const byFile = /* @__PURE__ */ new Map();
  for (const edit of edits) byFile.set(edit.file, [...byFile.get(edit.file) ?? [], edit]);
  return {
    artifactChanges: [...byFile].map(([file, fileEdits]) => ({
      artifactLocation: artifactLocation(file),
      replacements: fileEdits.map((edit) => ({
        deletedRegion: { startLine: edit.startLine, startColumn: 1, endLine: edit.endLine + 1, endColumn: 1 },
        insertedContent: { text: edit.replacement }
      }))
    }))
  };
}
function tags(category) {
  if (category === void 0) return [];
  return [...new Set(category.split(",").map((tag) => tag.trim()).filter((tag) => tag !== ""))];
}
function rule(finding) {
  const isPolicyRule = finding.policy !== "";
  const title = finding.policyTitle !== void 0 && finding.policyTitle !== "" ? finding.policyTitle : finding.policy;
  const description = finding.policyDescription?.trim() ?? "";
  const ruleTags = tags(finding.category);
  return {
    id: finding.ruleId,
    name: finding.ruleId,
    shortDescription: { text: isPolicyRule && finding.rule !== "" ? `${title}: ${finding.rule}` : finding.ruleId },
    ...description !== "" ? { fullDescription: { text: description } } : {},
    ...isPolicyRule ? { helpUri: KYVERNO_POLICIES_URI } : {},
    defaultConfiguration: { level: LEVELS[finding.severity] },
    ...ruleTags.length > 0 ? { properties: { tags: ruleTags } } : {}
  };
}
function sarifRules(findings) {
  const rules = [];
  const ruleIndex = /* @__PURE__ */ new Map();
  for (const list2 of findings) {
    for (const finding of list2) {
      let index = ruleIndex.get(finding.ruleId);
      if (index === void 0) {
        index = rules.push(rule(finding)) - 1;
        ruleIndex.set(finding.ruleId, index);
      }
      const level = LEVELS[finding.severity];
      const descriptor = rules[index];
      if (LEVEL_RANK[level] > LEVEL_RANK[descriptor.defaultConfiguration.level]) descriptor.defaultConfiguration.level = level;
    }
  }
  return { rules, ruleIndex };
}
function result(finding, ruleIndex, group) {
  const text = finding.message !== "" ? finding.message : finding.ruleId;
  const out = { ruleId: finding.ruleId, ruleIndex, level: LEVELS[finding.severity], message: { text } };
  const where = location(finding);
  if (where) out.locations = [where];
  if (finding.fix && finding.fix.length > 0) out.fixes = [fix(finding.fix)];
  if (finding.suppressions !== void 0) {
    out.suppressions = finding.suppressions.map((suppression) => ({
      kind: "inSource",
      status: "accepted",
      ...suppression.justification !== void 0 ? { justification: suppression.justification } : {}
    }));
  }
  if (group) out.properties = { group: group.key, groupSize: group.findings.length };
  return out;
}
function sarifLog(report, options, results) {
  const suppressed = options.sarifSuppressed === false ? [] : report.suppressedFindings ?? [];
  const { rules, ruleIndex } = sarifRules([report.findings, suppressed]);
  const groups = sameReasonGroups(report.findings);
  function* all() {
    for (const list2 of [report.findings, suppressed]) for (const finding of list2) yield result(finding, ruleIndex.get(finding.ruleId), groups.get(finding));
  }
  const driver = {
    name: "kyverno-lint",
    version: options.toolVersion,
    ...options.informationUri !== void 0 ? { informationUri: options.informationUri } : {},
    rules
  };
  return {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: { driver },
        ...options.automationId !== void 0 ? { automationDetails: { id: options.automationId } } : {},
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(report.cwd) } },
        results: results(all())
      }
    ]
  };
}
function* sarifChunks(report, options) {
  yield* stringifyJsonChunks(
    sarifLog(report, options, (all) => new StreamedList(all)),
    2
  );
  yield "\n";
}

// node_modules/ansi-styles/index.js
var ANSI_BACKGROUND_OFFSET = 10;
var wrapAnsi16 = (offset = 0) => (code) => `\x1B[${code + offset}m`;
var wrapAnsi256 = (offset = 0) => (code) => `\x1B[${38 + offset};5;${code}m`;
var wrapAnsi16m = (offset = 0) => (red, green, blue) => `\x1B[${38 + offset};2;${red};${green};${blue}m`;
var styles = {
  modifier: {
    reset: [0, 0],
    // 21 isn't widely supported and 22 does the same thing
    bold: [1, 22],
    dim: [2, 22],
    italic: [3, 23],
    underline: [4, 24],
    overline: [53, 55],
    inverse: [7, 27],
    hidden: [8, 28],
    strikethrough: [9, 29]
  },
  color: {
    black: [30, 39],
    red: [31, 39],
    green: [32, 39],
    yellow: [33, 39],
    blue: [34, 39],
    magenta: [35, 39],
    cyan: [36, 39],
    white: [37, 39],
    // Bright color
    blackBright: [90, 39],
    gray: [90, 39],
    // Alias of `blackBright`
    grey: [90, 39],
    // Alias of `blackBright`
    redBright: [91, 39],
    greenBright: [92, 39],
    yellowBright: [93, 39],
    blueBright: [94, 39],
    magentaBright: [95, 39],
    cyanBright: [96, 39],
    whiteBright: [97, 39]
  },
  bgColor: {
    bgBlack: [40, 49],
    bgRed: [41, 49],
    bgGreen: [42, 49],
    bgYellow: [43, 49],
    bgBlue: [44, 49],
    bgMagenta: [45, 49],
    bgCyan: [46, 49],
    bgWhite: [47, 49],
    // Bright color
    bgBlackBright: [100, 49],
    bgGray: [100, 49],
    // Alias of `bgBlackBright`
    bgGrey: [100, 49],
    // Alias of `bgBlackBright`
    bgRedBright: [101, 49],
    bgGreenBright: [102, 49],
    bgYellowBright: [103, 49],
    bgBlueBright: [104, 49],
    bgMagentaBright: [105, 49],
    bgCyanBright: [106, 49],
    bgWhiteBright: [107, 49]
  }
};
var modifierNames = Object.keys(styles.modifier);
var foregroundColorNames = Object.keys(styles.color);
var backgroundColorNames = Object.keys(styles.bgColor);
var colorNames = [...foregroundColorNames, ...backgroundColorNames];
function assembleStyles() {
  const codes = /* @__PURE__ */ new Map();
  for (const [groupName, group] of Object.entries(styles)) {
    for (const [styleName, style] of Object.entries(group)) {
      styles[styleName] = {
        open: `\x1B[${style[0]}m`,
        close: `\x1B[${style[1]}m`
      };
      group[styleName] = styles[styleName];
      codes.set(style[0], style[1]);
    }
    Object.defineProperty(styles, groupName, {
      value: group,
      enumerable: false
    });
  }
  Object.defineProperty(styles, "codes", {
    value: codes,
    enumerable: false
  });
  styles.color.close = "\x1B[39m";
  styles.bgColor.close = "\x1B[49m";
  styles.color.ansi = wrapAnsi16();
  styles.color.ansi256 = wrapAnsi256();
  styles.color.ansi16m = wrapAnsi16m();
  styles.bgColor.ansi = wrapAnsi16(ANSI_BACKGROUND_OFFSET);
  styles.bgColor.ansi256 = wrapAnsi256(ANSI_BACKGROUND_OFFSET);
  styles.bgColor.ansi16m = wrapAnsi16m(ANSI_BACKGROUND_OFFSET);
  Object.defineProperties(styles, {
    rgbToAnsi256: {
      value(red, green, blue) {
        if (red === green && green === blue) {
          if (red < 8) {
            return 16;
          }
          if (red > 248) {
            return 231;
          }
          return Math.round((red - 8) / 247 * 24) + 232;
        }
        return 16 + 36 * Math.round(red / 255 * 5) + 6 * Math.round(green / 255 * 5) + Math.round(blue / 255 * 5);
      },
      enumerable: false
    },
    hexToRgb: {
      value(hex) {
        const matches = /[a-f\d]{6}|[a-f\d]{3}/i.exec(hex.toString(16));
        if (!matches) {
          return [0, 0, 0];
        }
        let [colorString] = matches;
        if (colorString.length === 3) {
          colorString = [...colorString].map((character) => character + character).join("");
        }
        const integer = Number.parseInt(colorString, 16);
        return [
          /* eslint-disable no-bitwise */
          integer >> 16 & 255,
          integer >> 8 & 255,
          integer & 255
          /* eslint-enable no-bitwise */
        ];
      },
      enumerable: false
    },
    hexToAnsi256: {
      value: (hex) => styles.rgbToAnsi256(...styles.hexToRgb(hex)),
      enumerable: false
    },
    ansi256ToAnsi: {
      value(code) {
        if (code < 8) {
          return 30 + code;
        }
        if (code < 16) {
          return 90 + (code - 8);
        }
        let red;
        let green;
        let blue;
        if (code >= 232) {
          red = ((code - 232) * 10 + 8) / 255;
          green = red;
          blue = red;
        } else {
          code -= 16;
          const remainder = code % 36;
          red = Math.floor(code / 36) / 5;
          green = Math.floor(remainder / 6) / 5;
          blue = remainder % 6 / 5;
        }
        const value = Math.max(red, green, blue) * 2;
        if (value === 0) {
          return 30;
        }
        let result2 = 30 + (Math.round(blue) << 2 | Math.round(green) << 1 | Math.round(red));
        if (value === 2) {
          result2 += 60;
        }
        return result2;
      },
      enumerable: false
    },
    rgbToAnsi: {
      value: (red, green, blue) => styles.ansi256ToAnsi(styles.rgbToAnsi256(red, green, blue)),
      enumerable: false
    },
    hexToAnsi: {
      value: (hex) => styles.ansi256ToAnsi(styles.hexToAnsi256(hex)),
      enumerable: false
    }
  });
  return styles;
}
var ansiStyles = assembleStyles();
var ansi_styles_default = ansiStyles;

// node_modules/wrap-ansi/index.js
var ANSI_ESCAPE = "\x1B";
var ANSI_ESCAPE_BELL = "\x07";
var C1_CSI = "\x9B";
var ANSI_CSI = "[";
var ANSI_OSC = "]";
var ANSI_SGR_TERMINATOR = "m";
var ANSI_SGR_RESET = 0;
var ANSI_ESCAPE_LINK = `${ANSI_OSC}8;`;
var ESCAPES = /* @__PURE__ */ new Set([
  ANSI_ESCAPE,
  C1_CSI
]);
var ESCAPE_CHARACTERS = [...ESCAPES].join("");
var CSI_INTRODUCER = `(?:${ANSI_ESCAPE}\\${ANSI_CSI}|${C1_CSI})`;
var CSI_PARAMETERS = "[0-?]*[ -/]*[@-~]";
var SGR_PARAMETERS = `(?<sgr>[0-9;:]*)${ANSI_SGR_TERMINATOR}`;
var OSC_STRING_TERMINATOR = `(?:${ANSI_ESCAPE_BELL}|${ANSI_ESCAPE}\\\\)`;
var OSC_STRING_PAYLOAD = String.raw`[^\u0000-\u001F\u007F-\u009F]*`;
var LINK_PARAMETERS = String.raw`8;(?<parameters>[^;\u0000-\u001F\u007F-\u009F]*);(?<uri>${OSC_STRING_PAYLOAD})${OSC_STRING_TERMINATOR}`;
var OSC_STRING = `${OSC_STRING_PAYLOAD}${OSC_STRING_TERMINATOR}`;
var ANSI_ESCAPE_REGEX = new RegExp(
  `${CSI_INTRODUCER}(?:${SGR_PARAMETERS}|${CSI_PARAMETERS})|${ANSI_ESCAPE}\\${ANSI_OSC}(?:${LINK_PARAMETERS}|${OSC_STRING})`,
  "y"
);
var ANSI_SGR_MODIFIER_CLOSE_CODES = new Set(ansi_styles_default.codes.values());
ANSI_SGR_MODIFIER_CLOSE_CODES.delete(ANSI_SGR_RESET);
var segmenter = new Intl.Segmenter();
var ESCAPE_INTRODUCER_REGEX = new RegExp(`[${ESCAPE_CHARACTERS}]`, "g");
var ROW_BOUNDARY_REGEX = new RegExp(`[\\n${ESCAPE_CHARACTERS}]`, "g");

// src/reporters/stylish.ts
var sgr = (open, close) => (text) => `\x1B[${open}m${text}\x1B[${close}m`;
var COLORS = { red: sgr(31, 39), yellow: sgr(33, 39), cyan: sgr(36, 39), dim: sgr(2, 22), underline: sgr(4, 24), bold: sgr(1, 22) };

// src/reporters/index.ts
function* reportBlocks(pieces, size = 1 << 20) {
  let parts = [];
  let length = 0;
  for (const piece of pieces) {
    parts.push(piece);
    length += piece.length;
    if (length >= size) {
      yield parts.join("");
      parts = [];
      length = 0;
    }
  }
  if (length > 0) yield parts.join("");
}

// node_modules/diff/libesm/diff/base.js
var Diff = class {
  diff(oldStr, newStr, options = {}) {
    let callback;
    if (typeof options === "function") {
      callback = options;
      options = {};
    } else if ("callback" in options) {
      callback = options.callback;
    }
    const oldString = this.castInput(oldStr, options);
    const newString = this.castInput(newStr, options);
    const oldTokens = this.removeEmpty(this.tokenize(oldString, options));
    const newTokens = this.removeEmpty(this.tokenize(newString, options));
    return this.diffWithOptionsObj(oldTokens, newTokens, options, callback);
  }
  diffWithOptionsObj(oldTokens, newTokens, options, callback) {
    var _a;
    const done = (value) => {
      value = this.postProcess(value, options);
      if (callback) {
        setTimeout(function() {
          callback(value);
        }, 0);
        return void 0;
      } else {
        return value;
      }
    };
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let editLength = 1;
    let maxEditLength = newLen + oldLen;
    if (options.maxEditLength != null) {
      maxEditLength = Math.min(maxEditLength, options.maxEditLength);
    }
    const maxExecutionTime = (_a = options.timeout) !== null && _a !== void 0 ? _a : Infinity;
    const abortAfterTimestamp = Date.now() + maxExecutionTime;
    const bestPath = [{ oldPos: -1, lastComponent: void 0 }];
    let newPos = this.extractCommon(bestPath[0], newTokens, oldTokens, 0, options);
    if (bestPath[0].oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
      return done(this.buildValues(bestPath[0].lastComponent, newTokens, oldTokens));
    }
    let minDiagonalToConsider = -Infinity, maxDiagonalToConsider = Infinity;
    const execEditLength = () => {
      for (let diagonalPath = Math.max(minDiagonalToConsider, -editLength); diagonalPath <= Math.min(maxDiagonalToConsider, editLength); diagonalPath += 2) {
        let basePath;
        const removePath = bestPath[diagonalPath - 1], addPath = bestPath[diagonalPath + 1];
        if (removePath) {
          bestPath[diagonalPath - 1] = void 0;
        }
        let canAdd = false;
        if (addPath) {
          const addPathNewPos = addPath.oldPos - diagonalPath;
          canAdd = addPath && 0 <= addPathNewPos && addPathNewPos < newLen;
        }
        const canRemove = removePath && removePath.oldPos + 1 < oldLen;
        if (!canAdd && !canRemove) {
          bestPath[diagonalPath] = void 0;
          continue;
        }
        if (!canRemove || canAdd && removePath.oldPos < addPath.oldPos) {
          basePath = this.addToPath(addPath, true, false, 0, options);
        } else {
          basePath = this.addToPath(removePath, false, true, 1, options);
        }
        newPos = this.extractCommon(basePath, newTokens, oldTokens, diagonalPath, options);
        if (basePath.oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
          return done(this.buildValues(basePath.lastComponent, newTokens, oldTokens)) || true;
        } else {
          bestPath[diagonalPath] = basePath;
          if (basePath.oldPos + 1 >= oldLen) {
            maxDiagonalToConsider = Math.min(maxDiagonalToConsider, diagonalPath - 1);
          }
          if (newPos + 1 >= newLen) {
            minDiagonalToConsider = Math.max(minDiagonalToConsider, diagonalPath + 1);
          }
        }
      }
      editLength++;
    };
    if (callback) {
      (function exec() {
        setTimeout(function() {
          if (editLength > maxEditLength || Date.now() > abortAfterTimestamp) {
            return callback(void 0);
          }
          if (!execEditLength()) {
            exec();
          }
        }, 0);
      })();
    } else {
      while (editLength <= maxEditLength && Date.now() <= abortAfterTimestamp) {
        const ret = execEditLength();
        if (ret) {
          return ret;
        }
      }
    }
  }
  addToPath(path6, added, removed, oldPosInc, options) {
    const last = path6.lastComponent;
    if (last && !options.oneChangePerToken && last.added === added && last.removed === removed) {
      return {
        oldPos: path6.oldPos + oldPosInc,
        lastComponent: { count: last.count + 1, added, removed, previousComponent: last.previousComponent }
      };
    } else {
      return {
        oldPos: path6.oldPos + oldPosInc,
        lastComponent: { count: 1, added, removed, previousComponent: last }
      };
    }
  }
  extractCommon(basePath, newTokens, oldTokens, diagonalPath, options) {
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let oldPos = basePath.oldPos, newPos = oldPos - diagonalPath, commonCount = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && this.equals(oldTokens[oldPos + 1], newTokens[newPos + 1], options)) {
      newPos++;
      oldPos++;
      commonCount++;
      if (options.oneChangePerToken) {
        basePath.lastComponent = { count: 1, previousComponent: basePath.lastComponent, added: false, removed: false };
      }
    }
    if (commonCount && !options.oneChangePerToken) {
      basePath.lastComponent = { count: commonCount, previousComponent: basePath.lastComponent, added: false, removed: false };
    }
    basePath.oldPos = oldPos;
    return newPos;
  }
  equals(left, right, options) {
    if (options.comparator) {
      return options.comparator(left, right);
    } else {
      return left === right || !!options.ignoreCase && left.toLowerCase() === right.toLowerCase();
    }
  }
  removeEmpty(array) {
    const ret = [];
    for (let i = 0; i < array.length; i++) {
      if (array[i]) {
        ret.push(array[i]);
      }
    }
    return ret;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  castInput(value, options) {
    return value;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  tokenize(value, options) {
    return Array.from(value);
  }
  join(chars) {
    return chars.join("");
  }
  postProcess(changeObjects, options) {
    return changeObjects;
  }
  get useLongestToken() {
    return false;
  }
  buildValues(lastComponent, newTokens, oldTokens) {
    const components = [];
    let nextComponent;
    while (lastComponent) {
      components.push(lastComponent);
      nextComponent = lastComponent.previousComponent;
      delete lastComponent.previousComponent;
      lastComponent = nextComponent;
    }
    components.reverse();
    const componentLen = components.length;
    let componentPos = 0, newPos = 0, oldPos = 0;
    for (; componentPos < componentLen; componentPos++) {
      const component = components[componentPos];
      if (!component.removed) {
        if (!component.added && this.useLongestToken) {
          let value = newTokens.slice(newPos, newPos + component.count);
          value = value.map(function(value2, i) {
            const oldValue = oldTokens[oldPos + i];
            return oldValue.length > value2.length ? oldValue : value2;
          });
          component.value = this.join(value);
        } else {
          component.value = this.join(newTokens.slice(newPos, newPos + component.count));
        }
        newPos += component.count;
        if (!component.added) {
          oldPos += component.count;
        }
      } else {
        component.value = this.join(oldTokens.slice(oldPos, oldPos + component.count));
        oldPos += component.count;
      }
    }
    return components;
  }
};

// node_modules/diff/libesm/diff/line.js
var LineDiff = class extends Diff {
  constructor() {
    super(...arguments);
    this.tokenize = tokenize;
  }
  equals(left, right, options) {
    if (options.ignoreWhitespace) {
      if (!options.newlineIsToken || !left.includes("\n")) {
        left = left.trim();
      }
      if (!options.newlineIsToken || !right.includes("\n")) {
        right = right.trim();
      }
    } else if (options.ignoreNewlineAtEof && !options.newlineIsToken) {
      if (left.endsWith("\n")) {
        left = left.slice(0, -1);
      }
      if (right.endsWith("\n")) {
        right = right.slice(0, -1);
      }
    }
    return super.equals(left, right, options);
  }
};
var lineDiff = new LineDiff();
function diffLines(oldStr, newStr, options) {
  return lineDiff.diff(oldStr, newStr, options);
}
function tokenize(value, options) {
  if (options.stripTrailingCr) {
    value = value.replace(/\r\n/g, "\n");
  }
  const retLines = [], linesAndNewlines = value.split(/(\n|\r\n)/);
  if (!linesAndNewlines[linesAndNewlines.length - 1]) {
    linesAndNewlines.pop();
  }
  for (let i = 0; i < linesAndNewlines.length; i++) {
    const line = linesAndNewlines[i];
    if (i % 2 && !options.newlineIsToken) {
      retLines[retLines.length - 1] += line;
    } else {
      retLines.push(line);
    }
  }
  return retLines;
}

// node_modules/diff/libesm/patch/create.js
function structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options) {
  let optionsObj;
  if (!options) {
    optionsObj = {};
  } else if (typeof options === "function") {
    optionsObj = { callback: options };
  } else {
    optionsObj = options;
  }
  if (typeof optionsObj.context === "undefined") {
    optionsObj.context = 4;
  }
  const context = optionsObj.context;
  if (optionsObj.newlineIsToken) {
    throw new Error("newlineIsToken may not be used with patch-generation functions, only with diffing functions");
  }
  if (!optionsObj.callback) {
    return diffLinesResultToPatch(diffLines(oldStr, newStr, optionsObj));
  } else {
    const { callback } = optionsObj;
    diffLines(oldStr, newStr, Object.assign(Object.assign({}, optionsObj), { callback: (diff2) => {
      const patch = diffLinesResultToPatch(diff2);
      callback(patch);
    } }));
  }
  function diffLinesResultToPatch(diff2) {
    if (!diff2) {
      return;
    }
    diff2.push({ value: "", lines: [] });
    function contextLines(lines) {
      return lines.map(function(entry) {
        return " " + entry;
      });
    }
    const hunks = [];
    let oldRangeStart = 0, newRangeStart = 0, curRange = [], oldLine = 1, newLine = 1;
    for (let i = 0; i < diff2.length; i++) {
      const current = diff2[i], lines = current.lines || splitLines(current.value);
      current.lines = lines;
      if (current.added || current.removed) {
        if (!oldRangeStart) {
          const prev = diff2[i - 1];
          oldRangeStart = oldLine;
          newRangeStart = newLine;
          if (prev) {
            curRange = context > 0 ? contextLines(prev.lines.slice(-context)) : [];
            oldRangeStart -= curRange.length;
            newRangeStart -= curRange.length;
          }
        }
        for (const line of lines) {
          curRange.push((current.added ? "+" : "-") + line);
        }
        if (current.added) {
          newLine += lines.length;
        } else {
          oldLine += lines.length;
        }
      } else {
        if (oldRangeStart) {
          if (lines.length <= context * 2 && i < diff2.length - 2) {
            for (const line of contextLines(lines)) {
              curRange.push(line);
            }
          } else {
            const contextSize = Math.min(lines.length, context);
            for (const line of contextLines(lines.slice(0, contextSize))) {
              curRange.push(line);
            }
            const hunk = {
              oldStart: oldRangeStart,
              oldLines: oldLine - oldRangeStart + contextSize,
              newStart: newRangeStart,
              newLines: newLine - newRangeStart + contextSize,
              lines: curRange
            };
            hunks.push(hunk);
            oldRangeStart = 0;
            newRangeStart = 0;
            curRange = [];
          }
        }
        oldLine += lines.length;
        newLine += lines.length;
      }
    }
    for (const hunk of hunks) {
      for (let i = 0; i < hunk.lines.length; i++) {
        if (hunk.lines[i].endsWith("\n")) {
          hunk.lines[i] = hunk.lines[i].slice(0, -1);
        } else {
          hunk.lines.splice(i + 1, 0, "\\ No newline at end of file");
          i++;
        }
      }
    }
    return {
      oldFileName,
      newFileName,
      oldHeader,
      newHeader,
      hunks
    };
  }
}
function splitLines(text) {
  const hasTrailingNl = text.endsWith("\n");
  const result2 = text.split("\n").map((line) => line + "\n");
  if (hasTrailingNl) {
    result2.pop();
  } else {
    result2.push(result2.pop().slice(0, -1));
  }
  return result2;
}

// src/util/unified-diff.ts
var RED = "\x1B[31m";
var GREEN = "\x1B[32m";
var CYAN = "\x1B[36m";
var RESET = "\x1B[0m";
function unifiedDiff(before, after, options) {
  if (before === after) return "";
  const patch = structuredPatch(options.from, options.to, before, after, void 0, void 0, { context: options.context ?? 3 });
  const paint = (code, line) => options.color ? `${code}${line}${RESET}` : line;
  let out = `--- ${options.from}
+++ ${options.to}
`;
  for (const hunk of patch.hunks) {
    out += paint(CYAN, `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`) + "\n";
    for (const line of hunk.lines) {
      if (line.startsWith("\\")) out += `${line}
`;
      else if (line.startsWith("-")) out += paint(RED, line) + "\n";
      else if (line.startsWith("+")) out += paint(GREEN, line) + "\n";
      else out += `${line}
`;
    }
  }
  return out;
}
function range(start, count) {
  if (count === 1) return `${start}`;
  return `${count === 0 ? start - 1 : start},${count}`;
}

// src/action/github-api.ts
function httpStatus(error) {
  const status = error?.status;
  return typeof status === "number" ? status : void 0;
}
function describeError(error) {
  const status = httpStatus(error);
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return status === void 0 ? message : `HTTP ${status}: ${message}`;
}
function isPermissionError(error) {
  const status = httpStatus(error);
  return status === 403 || status === 401 || status === 404;
}
async function paginate(api, route, params, maxPages = 30) {
  const items = [];
  for (let page = 1; page <= maxPages; page++) {
    const { data } = await api.request(route, { ...params, per_page: 100, page });
    if (!Array.isArray(data)) break;
    items.push(...data);
    if (data.length < 100) break;
  }
  return items;
}

export {
  applyEdits,
  parseShard,
  DEFAULT_CONFIG,
  findConfigFile,
  loadConfig,
  lint,
  sameReasonGroups,
  collapseSameReason,
  groupTitle,
  groupMessage,
  workflowCommand,
  annotationRange,
  github,
  sarifChunks,
  reportBlocks,
  diffLines,
  unifiedDiff,
  httpStatus,
  describeError,
  isPermissionError,
  paginate
};
