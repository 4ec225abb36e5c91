/**
 * @file The value of a YAML string scalar with, for each of its characters, the source range it was read from: the
 * map from a position inside a parsed string (a CEL expression, say) back to the file. Every scalar style is read as
 * YAML 1.2 and go-yaml (`scannerc.go`, `yaml_parser_scan_plain_scalar` / `_flow_scalar` / `_block_scalar`) read it:
 * plain and quoted scalars fold line breaks (one break is a space, n breaks are n-1 newlines, the white space around
 * them dropped), single-quoted `''` is a quote, double-quoted scalars have backslash escapes and escaped line breaks,
 * literal blocks keep their lines, folded blocks fold the lines that are not more indented, and both have an
 * indentation indicator and chomping. A line break is `\n` or `\r\n`; a lone `\r` is not read (null).
 *
 * Offsets are UTF-16 code units, as JavaScript strings count; a character outside the BMP is two units in the source
 * and in the value, each mapped to its own source unit (an escape such as `\U0001F600` maps both to the escape).
 */

/** Where each UTF-16 unit of a scalar's value comes from. */
export interface ScalarSourceMap {
  readonly value: string;
  /** `starts[i]`..`ends[i]` is the source range of `value[i]` (offsets in the text the scalar was read from). */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** Whether `value[i]` is the source character at `starts[i]` itself (not an escape, a fold or a CRLF break). */
  readonly verbatim: readonly boolean[];
}

/** The scalar styles, named as the `yaml` package names them (`Scalar.type`). */
export type ScalarStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';

/** A scalar in `text`. */
export interface ScalarToken {
  readonly style: ScalarStyle;
  /**
   * Where the scalar starts: its first character, its opening quote, or the `|`/`>` of a block scalar's header.
   */
  readonly start: number;
  /** Where it ends: after its last character or closing quote, or after the last line of a block scalar's body. */
  readonly end: number;
  /**
   * Block scalars: the indentation of the block collection holding the scalar (go-yaml `parser.indent`: the column,
   * from 0, of its keys or `-`; -1 at the root), to which an explicit indentation indicator is added. Unused by flow
   * scalars.
   */
  readonly indent?: number;
}

class Builder {
  value = '';
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly verbatim: boolean[] = [];

  constructor(private readonly text: string) {}

  /** `text[from..to)` copied as is. */
  copy(from: number, to: number): void {
    this.value += this.text.slice(from, to);
    for (let i = from; i < to; i++) {
      this.starts.push(i);
      this.ends.push(i + 1);
      this.verbatim.push(true);
    }
  }

  /** `value`, made of the source range `from..to` (an escape, a fold, a line break). */
  put(value: string, from: number, to: number): void {
    this.value += value;
    for (let i = 0; i < value.length; i++) {
      this.starts.push(from);
      this.ends.push(to);
      this.verbatim.push(to === from + 1 && this.text[from] === value[i]);
    }
  }

  done(): ScalarSourceMap {
    return { value: this.value, starts: this.starts, ends: this.ends, verbatim: this.verbatim };
  }
}

/** Thrown inside this module for input it does not read; the caller gets null. */
class Unreadable extends Error {}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** The length of the line break at `at` (`\n` 1, `\r\n` 2), 0 if there is none; a lone `\r` is unreadable. */
function breakAt(text: string, at: number): number {
  const c = text[at];
  if (c === '\n') return 1;
  if (c === '\r') {
    if (text[at + 1] === '\n') return 2;
    throw new Unreadable();
  }
  return 0;
}

/** The map of the scalar `token` of `text`, or null when the scalar cannot be read so (a lone `\r`, a bad header). */
export function mapScalar(text: string, token: ScalarToken): ScalarSourceMap | null {
  try {
    switch (token.style) {
      case 'PLAIN':
        return mapFlow(text, token.start, token.end, 'plain');
      case 'QUOTE_SINGLE':
      case 'QUOTE_DOUBLE': {
        const quote = token.style === 'QUOTE_SINGLE' ? "'" : '"';
        if (token.end - token.start < 2 || text[token.start] !== quote || text[token.end - 1] !== quote) return null;
        return mapFlow(text, token.start + 1, token.end - 1, token.style === 'QUOTE_SINGLE' ? 'single' : 'double');
      }
      case 'BLOCK_LITERAL':
      case 'BLOCK_FOLDED':
        return mapBlock(text, token);
    }
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * A plain scalar, or the inside of a quoted one (`from..to`, quotes excluded): characters, escapes (double), `''`
 * (single), and line folding. White space before a line break and at the start of a continuation line is dropped;
 * one break is a space, n breaks are n-1 newlines (each mapped to the whole run of breaks).
 */
function mapFlow(text: string, from: number, to: number, kind: 'plain' | 'single' | 'double'): ScalarSourceMap {
  const out = new Builder(text);
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (kind === 'double' && c === '\\') {
      i = mapEscape(text, i, to, out);
    } else if (kind === 'single' && c === "'") {
      if (text[i + 1] !== "'" || i + 1 >= to) throw new Unreadable();
      out.put("'", i, i + 2);
      i += 2;
    } else if (isBlank(c)) {
      let j = i;
      while (j < to && isBlank(text[j])) j++;
      // Blanks before a line break are dropped; elsewhere (the end of a quoted scalar included) they are content.
      if (j < to && breakAt(text, j) > 0) i = j;
      else {
        out.copy(i, j);
        i = j;
      }
    } else if (breakAt(text, i) > 0) {
      const foldStart = i;
      let breaks = 0;
      let j = i;
      for (;;) {
        const width = j < to ? breakAt(text, j) : 0;
        if (width === 0) break;
        breaks++;
        j += width;
        while (j < to && isBlank(text[j])) j++;
      }
      out.put(breaks === 1 ? ' ' : '\n'.repeat(breaks - 1), foldStart, j);
      i = j;
    } else {
      out.copy(i, i + 1);
      i++;
    }
  }
  return out.done();
}

/** One backslash escape of a double-quoted scalar at `at`; returns where the next character starts. */
function mapEscape(text: string, at: number, to: number, out: Builder): number {
  const next = text[at + 1];
  if (next === undefined || at + 1 >= to) throw new Unreadable();
  const width = breakAt(text, at + 1);
  if (width > 0) {
    // An escaped line break: no space, and the next line's leading blanks are dropped.
    let j = at + 1 + width;
    while (j < to && isBlank(text[j])) j++;
    return j;
  }
  const simple = SIMPLE_ESCAPES[next];
  if (simple !== undefined) {
    out.put(simple, at, at + 2);
    return at + 2;
  }
  const digits = HEX_DIGITS[next];
  if (digits === undefined) throw new Unreadable();
  const hex = text.slice(at + 2, at + 2 + digits);
  if (hex.length !== digits || !/^[0-9a-fA-F]+$/.test(hex) || at + 2 + digits > to) throw new Unreadable();
  const code = parseInt(hex, 16);
  if (code > 0x10ffff) throw new Unreadable();
  out.put(String.fromCodePoint(code), at, at + 2 + digits);
  return at + 2 + digits;
}

/** A line break of a folded block scalar not yet written: a space, one or two newlines. */
interface Separator {
  text: string;
  from: number;
  to: number;
}

/** One line of a block scalar's body. */
interface BodyLine {
  start: number;
  /** After the indentation (spaces only). */
  indentEnd: number;
  /** Before the line break. */
  contentEnd: number;
  /** After the line break (= contentEnd on a last line without one). */
  breakEnd: number;
}

/** The header of a block scalar: `|` or `>`, then an indentation indicator and a chomping indicator in any order. */
function readHeader(text: string, start: number): { folded: boolean; indent: number; chomp: '' | '-' | '+' } {
  const mode = text[start];
  if (mode !== '|' && mode !== '>') throw new Unreadable();
  let indent = 0;
  let chomp: '' | '-' | '+' = '';
  for (let i = start + 1; ; i++) {
    const c = text[i];
    if ((c === '-' || c === '+') && chomp === '') chomp = c;
    else if (c !== undefined && c >= '1' && c <= '9' && indent === 0) indent = Number(c);
    else if (c === undefined || isBlank(c) || c === '\n' || c === '\r' || c === '#') break;
    else throw new Unreadable();
  }
  return { folded: mode === '>', indent, chomp };
}

/** The lines of a block scalar's body: from the line after its header to `end`. */
function bodyLines(text: string, headerStart: number, end: number): BodyLine[] {
  let at = text.indexOf('\n', headerStart);
  if (at === -1 || at >= end) return [];
  at++;
  const lines: BodyLine[] = [];
  while (at < end) {
    let indentEnd = at;
    while (indentEnd < end && text[indentEnd] === ' ') indentEnd++;
    let contentEnd = indentEnd;
    while (contentEnd < end && text[contentEnd] !== '\n' && text[contentEnd] !== '\r') contentEnd++;
    const width = contentEnd < end ? breakAt(text, contentEnd) : 0;
    lines.push({ start: at, indentEnd, contentEnd, breakEnd: contentEnd + width });
    at = contentEnd + width;
  }
  return lines;
}

/**
 * A literal (`|`) or folded (`>`) block scalar, as the `yaml` package's `resolveBlockScalar` and go-yaml's
 * `yaml_parser_scan_block_scalar` read it: the content indentation is the explicit indicator added to the parent's,
 * or that of the first non-empty line (at least that of the leading empty lines); chomping strips, clips (one final
 * newline) or keeps the trailing line breaks.
 */
function mapBlock(text: string, token: ScalarToken): ScalarSourceMap {
  const header = readHeader(text, token.start);
  const lines = bodyLines(text, token.start, token.end);
  const out = new Builder(text);
  const indentOf = (line: BodyLine): number => line.indentEnd - line.start;
  const isEmpty = (line: BodyLine): boolean => line.indentEnd === line.contentEnd;
  /** The break of a line as a newline of the value (a line without one, at the end of the text, maps to its end). */
  const newline = (line: BodyLine): void => out.put('\n', line.contentEnd, line.breakEnd);

  let chompStart = lines.length;
  while (chompStart > 0 && isEmpty(lines[chompStart - 1]!)) chompStart--;
  if (chompStart === 0) {
    // Only line breaks: kept, they are the value (at least one newline).
    if (header.chomp === '+') {
      for (const line of lines) if (line.breakEnd > line.contentEnd) newline(line);
      if (out.value === '') out.put('\n', token.end, token.end);
    }
    return out.done();
  }

  // go-yaml `yaml_parser_scan_block_scalar`: `indent = parser.indent + increment`, or `increment` at the root.
  let trimIndent = header.indent === 0 ? 0 : Math.max(token.indent ?? -1, 0) + header.indent;
  let contentStart = 0;
  for (let i = 0; i < chompStart; i++) {
    const line = lines[i]!;
    if (isEmpty(line)) {
      if (header.indent === 0) trimIndent = Math.max(trimIndent, indentOf(line));
    } else {
      if (indentOf(line) < trimIndent) throw new Unreadable();
      if (header.indent === 0) trimIndent = indentOf(line);
      contentStart = i;
      break;
    }
  }
  // Trailing empty lines indented deeper than the content are content.
  for (let i = lines.length - 1; i >= chompStart; i--) {
    if (indentOf(lines[i]!) > trimIndent) {
      chompStart = i + 1;
      break;
    }
  }
  /** The spaces of a line beyond the content indentation (part of the value). */
  const extraIndent = (line: BodyLine): void => out.copy(Math.min(line.start + trimIndent, line.indentEnd), line.indentEnd);

  for (let i = 0; i < contentStart; i++) {
    extraIndent(lines[i]!);
    newline(lines[i]!);
  }
  /** The separator pending before the next content (yaml's `sep`): its text and source range. */
  let sep = null as Separator | null;
  const write = (pending: Separator | null): void => {
    if (pending !== null) out.put(pending.text, pending.from, pending.to);
  };
  let prevMoreIndented = false;
  for (let i = contentStart; i < chompStart; i++) {
    const line = lines[i]!;
    if (!isEmpty(line) && indentOf(line) < trimIndent) throw new Unreadable();
    const breakOf = { from: line.contentEnd, to: line.breakEnd };
    if (!header.folded) {
      write(sep);
      extraIndent(line);
      out.copy(line.indentEnd, line.contentEnd);
      sep = { text: '\n', ...breakOf };
    } else if (indentOf(line) > trimIndent || text[line.indentEnd] === '\t') {
      // A more-indented line: the line breaks around it are kept.
      if (sep?.text === ' ') sep = { ...sep, text: '\n' };
      else if (sep?.text === '\n' && !prevMoreIndented) sep = { ...sep, text: '\n\n' };
      write(sep);
      extraIndent(line);
      out.copy(line.indentEnd, line.contentEnd);
      sep = { text: '\n', ...breakOf };
      prevMoreIndented = true;
    } else if (isEmpty(line)) {
      // One more newline: a pending one is written, and this line's break is pending in its place.
      if (sep?.text === '\n') {
        write(sep);
        sep = { text: '\n', ...breakOf };
      } else sep = { text: '\n', from: sep?.from ?? breakOf.from, to: breakOf.to };
    } else {
      write(sep);
      out.copy(line.indentEnd, line.contentEnd);
      sep = { text: ' ', ...breakOf };
      prevMoreIndented = false;
    }
  }
  const last = lines[chompStart - 1]!;
  if (header.chomp === '') {
    newline(last);
  } else if (header.chomp === '+') {
    newline(last);
    for (let i = chompStart; i < lines.length; i++) {
      const line = lines[i]!;
      // The last line of the body may end the text without a line break: it adds nothing then.
      if (i === lines.length - 1 && line.breakEnd === line.contentEnd) break;
      extraIndent(line);
      newline(line);
    }
  }
  return out.done();
}
