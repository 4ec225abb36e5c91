/**
 * @file YAML as `go.yaml.in/yaml/v3` `Marshal` prints a decoded JSON object (`map[string]interface{}`),
 * which is how `kyverno apply` shows mutated and generated resources (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/policy_processor.go, `PolicyProcessor.printOutput`): keys sorted with
 * go-yaml's natural order (`sorter.go`), 4-space indentation with indented sequences (the indentation
 * rules of v3's `emitterc.go`), no line wrapping, empty collections as `{}`/`[]`, strings quoted only
 * when they would read back as something else (double quotes, or single quotes when the text starts
 * with an indicator), multi-line strings as literal blocks. Keys longer than 128 characters, which
 * go-yaml writes as `? key` complex keys, are written as simple keys.
 */
import { formatFloatG } from '../../util/go-format.js';
import type { JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';

const BEST_INDENT = 4;

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isLetter = (c: string): boolean => /\p{L}/u.test(c);

/** go-yaml's `keyList.Less` for two string keys: runs of digits compare as numbers, letters after other characters. */
export function goYamlKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  let digits = false;
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) {
      digits = isDigit(ar[i]);
      continue;
    }
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i] < br[i];
    if (al || bl) return digits ? al : bl;
    let an = 0n;
    let bn = 0n;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10n + BigInt(ar[ai].charCodeAt(0) - 48);
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10n + BigInt(br[bi].charCodeAt(0) - 48);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i] < br[i];
  }
  return ar.length < br.length;
}

const OLD_BOOLS = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'on', 'On', 'ON', 'off', 'Off', 'OFF']);
const RESOLVED_WORDS = new Set([
  '',
  '~',
  'null',
  'Null',
  'NULL',
  'true',
  'True',
  'TRUE',
  'false',
  'False',
  'FALSE',
  '.inf',
  '.Inf',
  '.INF',
  '+.inf',
  '+.Inf',
  '+.INF',
  '-.inf',
  '-.Inf',
  '-.INF',
  '.nan',
  '.NaN',
  '.NAN',
  '<<',
]);
const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TIMESTAMP = /^\d{4}-\d{1,2}-\d{1,2}(?:(?:[Tt]|[ \t]+)\d{1,2}:\d{1,2}:\d{1,2}(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d{1,2}(?::?\d{2})?))?)?$/;

/** Go `strconv.ParseInt(s, 0, 64)` / `ParseUint` acceptance (underscores already removed). */
function isGoInteger(text: string): boolean {
  return /^[-+]?(?:0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO]?[0-7]*|[1-9][0-9]*)$/.test(text);
}

/** Whether go-yaml v3 would read the plain scalar `text` as something other than this string. */
function resolvesToOther(text: string): boolean {
  if (RESOLVED_WORDS.has(text)) return true;
  const first = text[0];
  if (first === '.') return /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/.test(text);
  if (first !== '+' && first !== '-' && !isDigit(first)) return false;
  if (TIMESTAMP.test(text)) return true;
  const plain = text.replaceAll('_', '');
  if (isGoInteger(plain)) return true;
  if (YAML_FLOAT.test(plain)) return true;
  return /^-?0[bB][01]+$/.test(plain) || /^-?0[oO][0-7]+$/.test(plain);
}

/** `isBase60Float(s) || isOldBool(s)`: texts v3 quotes for YAML 1.1 readers. */
function isYaml11Special(text: string): boolean {
  return OLD_BOOLS.has(text) || (text.includes(':') && BASE60_FLOAT.test(text));
}

/** `is_printable` of go-yaml's emitter, per code point (4-byte UTF-8 characters are not printable). */
function isPrintable(code: number): boolean {
  return (
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd && code !== 0xfeff)
  );
}

const isBreak = (c: string): boolean => c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isBlank = (c: string | undefined): boolean => c === undefined || c === ' ' || c === '\t' || isBreak(c);

interface ScalarAnalysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** `yaml_emitter_analyze_scalar` (block context: flow-only flags are not needed). */
function analyze(text: string): ScalarAnalysis {
  if (text === '') return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  const chars = [...text];
  let blockIndicators = text.startsWith('---') || text.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let tabs = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const followedByWhitespace = isBlank(chars[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      else if ((c === '?' || c === ':' || c === '-') && followedByWhitespace) blockIndicators = true;
    } else if ((c === ':' && followedByWhitespace) || (c === '#' && precededByWhitespace)) {
      blockIndicators = true;
    }
    const code = c.codePointAt(0)!;
    if (c === '\t') tabs = true;
    else if (!isPrintable(code)) special = true;
    if (c === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlank(c);
  }
  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || tabs || special) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || special) blockAllowed = false;
  if (lineBreaks) blockPlainAllowed = false;
  if (blockIndicators) blockPlainAllowed = false;
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

const ESCAPES: Record<number, string> = {
  0x00: '0',
  0x07: 'a',
  0x08: 'b',
  0x09: 't',
  0x0a: 'n',
  0x0b: 'v',
  0x0c: 'f',
  0x0d: 'r',
  0x1b: 'e',
  0x22: '"',
  0x5c: '\\',
  0x85: 'N',
  0xa0: '_',
  0x2028: 'L',
  0x2029: 'P',
};

function doubleQuoted(text: string): string {
  let out = '"';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (!isPrintable(code) || code === 0xfeff || isBreak(c) || c === '"' || c === '\\') {
      const named = ESCAPES[code];
      if (named !== undefined) out += `\\${named}`;
      else if (code <= 0xff) out += `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
      else if (code <= 0xffff) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
      else out += `\\U${code.toString(16).toUpperCase().padStart(8, '0')}`;
    } else {
      out += c;
    }
  }
  return `${out}"`;
}

type Style = 'plain' | 'single' | 'double' | 'literal';

/** `encoder.stringv` then `yaml_emitter_select_scalar_style` for a string in block context. */
function stringStyle(text: string, simpleKey: boolean): Style {
  const canUsePlain = !resolvesToOther(text) && !isYaml11Special(text);
  let style: Style = text.includes('\n') ? 'literal' : canUsePlain ? 'plain' : 'double';
  const analysis = analyze(text);
  if (simpleKey && analysis.multiline) style = 'double';
  if (style === 'plain') {
    if (!analysis.blockPlainAllowed || (text === '' && simpleKey)) style = 'single';
  }
  if (style === 'single' && !analysis.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!analysis.blockAllowed || simpleKey)) style = 'double';
  return style;
}

/** A scalar on one line (keys and non-literal values). */
function inlineString(text: string, style: Style): string {
  if (style === 'plain') return text;
  if (style === 'single') return `'${text.replaceAll("'", "''")}'`;
  return doubleQuoted(text);
}

function scalarText(value: null | boolean | number | bigint): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 63) return BigInt(value).toString();
  const text = formatFloatG(value);
  if (text === '+Inf') return '.inf';
  if (text === '-Inf') return '-.inf';
  if (text === 'NaN') return '.nan';
  return text;
}

/** Where a node sits: under a mapping key, or as a sequence item (v3's indentation differs). */
type Parent = 'root' | 'key' | 'item';

/** v3 `yaml_emitter_increase_indent_compact` (block context, no compact sequences). */
function nestedIndent(indent: number, parent: Parent): number {
  if (parent === 'root') return 0;
  if (parent === 'item') return indent + 2;
  return BEST_INDENT * Math.floor((indent + BEST_INDENT) / BEST_INDENT);
}

class Emitter {
  out = '';
  column = 0;

  write(text: string): void {
    this.out += text;
    const newline = text.lastIndexOf('\n');
    this.column = newline === -1 ? this.column + text.length : text.length - newline - 1;
  }

  /** Starts a line at `indent`, unless the cursor already stands there after an indicator. */
  indent(indent: number, sameLine: boolean): void {
    if (!sameLine || this.column > indent) {
      if (this.out !== '') this.write('\n');
    }
    if (this.column < indent) this.write(' '.repeat(indent - this.column));
  }

  /** A string value after `key:` or `-` (`indent` is that of the enclosing collection). */
  string(text: string, indent: number, parent: Parent): void {
    const style = stringStyle(text, false);
    if (style !== 'literal') {
      this.write(` ${inlineString(text, style)}`);
      return;
    }
    let chomp = '';
    let body = text;
    if (!text.endsWith('\n')) chomp = '-';
    else if (text.length === 1 || text.endsWith('\n\n')) chomp = '+';
    if (text.endsWith('\n')) body = text.slice(0, -1);
    const hint = text.startsWith(' ') || isBreak(text[0]) ? String(BEST_INDENT) : '';
    const contentIndent = parent === 'root' ? BEST_INDENT : nestedIndent(indent, parent);
    this.write(` |${hint}${chomp}`);
    for (const line of body.split('\n')) this.write(line === '' ? '\n' : `\n${' '.repeat(contentIndent)}${line}`);
  }

  /** A value after `key:` / `-`, or the document root. */
  value(value: JsonValue, indent: number, parent: Parent): void {
    if (Array.isArray(value)) {
      if (value.length === 0) this.write(parent === 'root' ? '[]' : ' []');
      else this.sequence(value, nestedIndent(indent, parent), parent === 'item');
      return;
    }
    if (isObject(value)) {
      const keys = Object.keys(value);
      if (keys.length === 0) this.write(parent === 'root' ? '{}' : ' {}');
      else this.mapping(value, nestedIndent(indent, parent), parent === 'item');
      return;
    }
    if (typeof value === 'string') {
      if (parent === 'root') {
        const style = stringStyle(value, false);
        if (style === 'literal') {
          this.string(value, -1, 'root');
          this.out = this.out.replace(/^ /, '');
        } else {
          this.write(inlineString(value, style));
        }
        return;
      }
      this.string(value, indent, parent);
      return;
    }
    this.write(parent === 'root' ? scalarText(value) : ` ${scalarText(value)}`);
  }

  mapping(value: { [key: string]: JsonValue }, indent: number, firstOnSameLine: boolean): void {
    const keys = Object.keys(value).sort((a, b) => (goYamlKeyLess(a, b) ? -1 : goYamlKeyLess(b, a) ? 1 : 0));
    keys.forEach((key, i) => {
      this.indent(indent, i === 0 && firstOnSameLine);
      this.write(`${inlineString(key, stringStyle(key, true))}:`);
      this.value(value[key], indent, 'key');
    });
  }

  sequence(items: JsonValue[], indent: number, firstOnSameLine: boolean): void {
    items.forEach((item, i) => {
      this.indent(indent, i === 0 && firstOnSameLine);
      this.write('-');
      this.value(item, indent, 'item');
    });
  }
}

/** The text `yaml.Marshal(value)` of go.yaml.in/yaml/v3 returns, final line break included. */
export function marshalGoYaml(value: JsonValue): string {
  const emitter = new Emitter();
  emitter.value(value, 0, 'root');
  return `${emitter.out}\n`;
}
