/**
 * @file The YAML templates of GeneratingPolicy `generate[].template` entries (kyverno/kyverno
 * pkg/cel/policies/gpol/template/{template,scanner}.go): one or more YAML documents, each a mapping describing a
 * resource. With `interpolate: cel`, `(( expr ))` placeholders are CEL expressions compiled in the policy's
 * environment: a scalar that is exactly one placeholder is replaced by the value (map, list or scalar); a
 * placeholder inside a longer scalar must give a scalar, written into the string; `\((` writes a literal `((`.
 * Placeholders in mapping keys, and merge keys in a subtree holding placeholders, are compile errors. Without
 * interpolation the documents are plain YAML.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node as YamlNode } from 'yaml';
import type { CelEnvironment, CelProgram } from '../../../lang/cel/index.js';
import { celToStructValue } from '../../../lang/cel/kyverno/index.js';

/** A fragment of a scalar: literal text, or the CEL expression of a placeholder. */
interface Segment {
  readonly literal: string;
  readonly expression?: string;
}

type TemplateNode =
  | { readonly kind: 'literal'; readonly value: unknown }
  | { readonly kind: 'mapping'; readonly entries: readonly { readonly key: string; readonly value: TemplateNode }[] }
  | { readonly kind: 'sequence'; readonly items: readonly TemplateNode[] }
  | { readonly kind: 'splice'; readonly program: CelProgram; readonly expression: string }
  | { readonly kind: 'interpolated'; readonly segments: readonly Segment[]; readonly programs: ReadonlyMap<number, CelProgram> };

/** A compiled template: one node per YAML document. */
export interface CompiledTemplate {
  readonly documents: readonly TemplateNode[];
}

class TemplateError extends Error {}

/** `scan`: splits a scalar into literal text and placeholders (parentheses and CEL string literals nest). */
export function scanPlaceholders(text: string): Segment[] {
  const segments: Segment[] = [];
  let literal = '';
  const flush = (): void => {
    if (literal.length > 0) segments.push({ literal });
    literal = '';
  };
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('\\((', i)) {
      literal += '((';
      i += 3;
      continue;
    }
    if (text.startsWith('((', i)) {
      const { expression, next } = scanPlaceholder(text, i);
      flush();
      segments.push({ literal: '', expression });
      i = next;
      continue;
    }
    literal += text[i];
    i++;
  }
  flush();
  return segments;
}

/** `scanPlaceholder`: the trimmed expression of the placeholder opening at `start`, and the index after its `))`. */
function scanPlaceholder(text: string, start: number): { expression: string; next: number } {
  let depth = 0;
  let quote = '';
  let i = start + 2;
  while (i < text.length) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === quote) quote = '';
      i++;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (depth > 0) depth--;
      else if (text[i + 1] === ')') {
        const expression = goTrimSpace(text.slice(start + 2, i));
        if (expression === '') throw new TemplateError(`empty placeholder at offset ${start}`);
        return { expression, next: i + 2 };
      } else throw new TemplateError(`unbalanced parenthesis in placeholder starting at offset ${start}`);
    }
    i++;
  }
  if (quote !== '') throw new TemplateError(`unterminated string literal in placeholder starting at offset ${start}`);
  throw new TemplateError(`unterminated placeholder starting at offset ${start}: missing closing '))'`);
}

/** Go `strings.TrimSpace` (ASCII and Unicode white space). */
function goTrimSpace(text: string): string {
  return text.replace(/^[\s\u0085]+|[\s\u0085]+$/gu, '');
}

/** `containsPlaceholder`: an unescaped `((`. */
function containsPlaceholder(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('\\((', i)) {
      i += 2;
      continue;
    }
    if (text.startsWith('((', i)) return true;
  }
  return false;
}

/** The text of a scalar node (go-yaml's `Node.Value`). */
function scalarText(node: YamlNode): string {
  if (!isScalar(node)) return '';
  if (typeof node.source === 'string') return node.source;
  return node.value === null || node.value === undefined ? '' : String(node.value);
}

class Compiler {
  constructor(
    private readonly env: CelEnvironment,
    private readonly interpolate: boolean,
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
  ) {}

  line(node: YamlNode | null | undefined): number {
    return node?.range ? this.lines.linePos(node.range[0]).line : 0;
  }

  resolve(node: YamlNode): YamlNode {
    if (isAlias(node)) {
      const target = node.resolve(this.doc);
      if (target === undefined) throw new TemplateError(`line ${this.line(node)}: unknown anchor '${node.source}' referenced`);
      return target as YamlNode;
    }
    return node;
  }

  hasPlaceholder(node: YamlNode | null, seen = new Set<YamlNode>()): boolean {
    if (node === null) return false;
    const target = this.resolve(node);
    if (seen.has(target)) return false;
    seen.add(target);
    if (isScalar(target)) {
      const text = scalarText(target);
      return containsPlaceholder(text) || text.includes('\\((');
    }
    if (isMap(target)) return target.items.some((pair) => this.hasPlaceholder(pair.key as YamlNode | null, seen) || this.hasPlaceholder(pair.value as YamlNode | null, seen));
    if (isSeq(target)) return target.items.some((item) => this.hasPlaceholder(item as YamlNode | null, seen));
    return false;
  }

  compile(raw: YamlNode | null): TemplateNode {
    if (raw === null) return { kind: 'literal', value: null };
    const node = this.resolve(raw);
    if (!this.interpolate || !this.hasPlaceholder(node)) return { kind: 'literal', value: node.toJS(this.doc, { maxAliasCount: 100 }) };
    if (isMap(node)) {
      const entries: { key: string; value: TemplateNode }[] = [];
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null;
        if (key !== null && !isScalar(key)) throw new TemplateError(`line ${this.line(key)}: only scalar mapping keys are supported`);
        const keyText = key === null ? '' : scalarText(key);
        if (containsPlaceholder(keyText)) {
          throw new TemplateError(
            `line ${this.line(key)}: placeholders are not supported in mapping keys; use a whole-value placeholder on the parent field instead (e.g. \`labels: (( variables.labels ))\`)`,
          );
        }
        if (keyText === '<<') throw new TemplateError(`line ${this.line(key)}: YAML merge keys are not supported in subtrees containing placeholders`);
        entries.push({ key: keyText, value: this.compile(pair.value as YamlNode | null) });
      }
      return { kind: 'mapping', entries };
    }
    if (isSeq(node)) return { kind: 'sequence', items: node.items.map((item) => this.compile(item as YamlNode | null)) };
    if (isScalar(node)) return this.compileScalar(node);
    throw new TemplateError(`line ${this.line(node)}: unsupported YAML node kind`);
  }

  compileScalar(node: YamlNode): TemplateNode {
    let segments: Segment[];
    try {
      segments = scanPlaceholders(scalarText(node));
    } catch (error) {
      if (error instanceof TemplateError) throw new TemplateError(`line ${this.line(node)}: ${error.message}`);
      throw error;
    }
    const expressions = segments.filter((segment) => segment.expression !== undefined).length;
    if (expressions === 0) return { kind: 'literal', value: segments.map((segment) => segment.literal).join('') };
    if (expressions === 1 && segments.length === 1) {
      const expression = segments[0]!.expression!;
      return { kind: 'splice', program: this.program(node, expression), expression };
    }
    const programs = new Map<number, CelProgram>();
    segments.forEach((segment, index) => {
      if (segment.expression !== undefined) programs.set(index, this.program(node, segment.expression));
    });
    return { kind: 'interpolated', segments, programs };
  }

  program(node: YamlNode, expression: string): CelProgram {
    const compiled = this.env.compile(expression);
    if (!compiled.ok) throw new TemplateError(`line ${this.line(node)}: invalid placeholder expression ${JSON.stringify(expression)}: ${compiled.error.message}`);
    return compiled.program;
  }
}

/**
 * `Compile`: the template's documents, or the reason it is invalid (the text after
 * `spec.generate[i].template.value: Invalid value: "<value>": `).
 */
export function compileTemplate(env: CelEnvironment, value: string, interpolate: boolean): { ok: true; template: CompiledTemplate } | { ok: false; message: string } {
  const lines = new LineCounter();
  const documents: TemplateNode[] = [];
  const parsed = parseAllDocuments(value, { lineCounter: lines, merge: true, uniqueKeys: false, prettyErrors: false });
  const all = Array.isArray(parsed) ? parsed : [];
  if (!Array.isArray(parsed)) return { ok: false, message: 'failed to parse YAML: unexpected content' };
  for (const doc of all) {
    const error = doc.errors[0];
    if (error !== undefined) return { ok: false, message: `failed to parse YAML: line ${error.linePos?.[0]?.line ?? 0}: ${error.message}` };
    const root = doc.contents as YamlNode | null;
    if (root === null || (isScalar(root) && root.value === null && !containsPlaceholder(scalarText(root)))) continue;
    const compiler = new Compiler(env, interpolate, doc, lines);
    let node: TemplateNode;
    try {
      node = compiler.compile(root);
    } catch (error) {
      if (error instanceof TemplateError) return { ok: false, message: error.message };
      if (error instanceof Error) return { ok: false, message: `failed to parse YAML: ${error.message}` };
      throw error;
    }
    const mappingRoot = node.kind === 'mapping' || node.kind === 'splice' || (node.kind === 'literal' && isPlainObject(node.value));
    if (!mappingRoot) return { ok: false, message: `line ${compiler.line(root)}: document must be a mapping describing a resource` };
    documents.push(node);
  }
  if (documents.length === 0) return { ok: false, message: 'template must contain at least one YAML document' };
  return { ok: true, template: { documents } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Map);
}

/** An error rendering a template (the message Kyverno gives, after `failed to render generation template: `). */
export class RenderError extends Error {}

/** A placeholder value as an unstructured value (`celValueToNative`): scalars as they are, the rest through `structpb.Value`. */
function nativeValue(value: unknown, expression: string): unknown {
  if (typeof value === 'bigint') {
    if (value > 9223372036854775807n) throw new RenderError(`failed to convert placeholder ${JSON.stringify(expression)} result: uint value ${value} overflows the supported integer range`);
    return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  }
  try {
    return celToStructValue(value);
  } catch (error) {
    throw new RenderError(`failed to convert placeholder ${JSON.stringify(expression)} result: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function evaluatePlaceholder(program: CelProgram, expression: string, activation: Readonly<Record<string, unknown>>): unknown {
  const result = program.evaluate(activation);
  if (!result.ok) throw new RenderError(`failed to evaluate placeholder ${JSON.stringify(expression)}: ${result.error.message}`);
  return nativeValue(result.value, expression);
}

/** Go's `%v` of a scalar placeholder value in an interpolated string; undefined for a structured value. */
function placeholderText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return goFloatText(value);
  return undefined;
}

/** Go's `%v` of a float64: the shortest form, in exponent form below 1e-4 and from 1e21 (two-digit exponents). */
function goFloatText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  const magnitude = Math.abs(value);
  const text = magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e21) ? value.toExponential() : String(value);
  return text.replace(/e([+-])(\d)$/, 'e$10$2');
}

function goTypeName(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return '[]interface {}';
  if (typeof value === 'object') return 'map[string]interface {}';
  return typeof value;
}

function render(node: TemplateNode, activation: Readonly<Record<string, unknown>>): unknown {
  switch (node.kind) {
    case 'literal':
      return structuredClone(node.value);
    case 'mapping': {
      const out: Record<string, unknown> = {};
      for (const entry of node.entries) {
        let value: unknown;
        try {
          value = render(entry.value, activation);
        } catch (error) {
          if (error instanceof RenderError) throw new RenderError(`field ${JSON.stringify(entry.key)}: ${error.message}`);
          throw error;
        }
        Object.defineProperty(out, entry.key, { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'sequence':
      return node.items.map((item, index) => {
        try {
          return render(item, activation);
        } catch (error) {
          if (error instanceof RenderError) throw new RenderError(`item ${index}: ${error.message}`);
          throw error;
        }
      });
    case 'splice':
      return evaluatePlaceholder(node.program, node.expression, activation);
    case 'interpolated': {
      let text = '';
      node.segments.forEach((segment, index) => {
        if (segment.expression === undefined) {
          text += segment.literal;
          return;
        }
        const value = evaluatePlaceholder(node.programs.get(index)!, segment.expression, activation);
        const written = placeholderText(value);
        if (written === undefined) {
          throw new RenderError(
            `placeholder ${JSON.stringify(segment.expression)} embedded in a string must evaluate to a scalar, got ${goTypeName(value)}; use a whole-value placeholder for structured results`,
          );
        }
        text += written;
      });
      return text;
    }
  }
}

/** `Render`: one resource per document; a failure names its document (numbered from 1) and field. */
export function renderTemplate(template: CompiledTemplate, activation: Readonly<Record<string, unknown>>): Record<string, unknown>[] {
  return template.documents.map((document, index) => {
    let value: unknown;
    try {
      value = render(document, activation);
    } catch (error) {
      if (error instanceof RenderError) throw new RenderError(`document ${index + 1}: ${error.message}`);
      throw error;
    }
    if (!isPlainObject(value)) throw new RenderError(`document ${index + 1}: expected a mapping describing a resource, got ${goTypeName(value)}`);
    return value;
  });
}
