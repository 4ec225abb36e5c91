/**
 * @file Go `encoding/json` for decoded JSON values: `goJsonStringify` (Marshal: sorted keys, HTML
 * escaping, Go float formatting) and `goJsonParse` (Unmarshal into `interface{}` with Go's exact
 * error texts, e.g. `invalid character 'o' in literal false (expecting 'a')`).
 *
 * Go integer values (JS `bigint`, see engine/jmespath) are encoded as plain integers; objects that are
 * not arrays are encoded from their own enumerable keys.
 */
import type { JsonValue } from '../types.js';

/** An error raised by Go's JSON encoder or decoder; `message` is Go's error text. */
export class GoJsonError extends Error {
  override readonly name = 'GoJsonError';
}

/**
 * Compares two strings in UTF-8 byte order (= code point order), as Go's `<` on strings does.
 * JavaScript's `<` compares UTF-16 code units, which orders U+E000–U+FFFF after astral characters.
 */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
    if (y >= 0xd800) y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * `list.sort(compareGoStrings)`, in place. Short lists (most maps' keys) are sorted by insertion, which allocates
 * nothing: V8's sort copies the list into a work array first.
 */
export function sortGoStrings(list: string[]): string[] {
  if (list.length > 16) return list.sort(compareGoStrings);
  for (let i = 1; i < list.length; i++) {
    const item = list[i]!;
    let j = i - 1;
    while (j >= 0 && compareGoStrings(list[j]!, item) > 0) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = item;
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Marshal

const NEEDS_ESCAPE = /["\\\u0000-\u001f<>&\u2028\u2029\ud800-\udfff]/;
const HEX = '0123456789abcdef';
/** Go 1.22+ writes these control characters as short escapes. */
const SHORT_ESCAPES: Readonly<Record<number, string>> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' };

function escapeCodeUnit(code: number): string {
  return '\\u' + HEX[(code >> 12) & 15] + HEX[(code >> 8) & 15] + HEX[(code >> 4) & 15] + HEX[code & 15];
}

/**
 * Go's `encodeState.string` with HTML escaping (Go 1.22+: `\b` and `\f` short escapes); invalid
 * UTF-16 (lone surrogates) becomes `\ufffd`.
 */
function quoteGoString(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return '"' + s + '"';
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c === 0x22) rep = '\\"';
    else if (c === 0x5c) rep = '\\\\';
    else if (c < 0x20) rep = SHORT_ESCAPES[c] ?? escapeCodeUnit(c);
    else if (c === 0x3c || c === 0x3e || c === 0x26 || c === 0x2028 || c === 0x2029) rep = escapeCodeUnit(c);
    else if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      rep = '\\ufffd';
    }
    if (rep !== undefined) {
      out += s.slice(start, i) + rep;
      start = i + 1;
    }
  }
  return out + s.slice(start) + '"';
}

/** Go's float64 JSON form: shortest round-trip digits, exponent outside [1e-6, 1e21), `-0` kept. */
function formatGoJsonNumber(n: number): string {
  if (!Number.isFinite(n)) {
    throw new GoJsonError(`json: unsupported value: ${Number.isNaN(n) ? 'NaN' : n > 0 ? '+Inf' : '-Inf'}`);
  }
  if (n === 0 && 1 / n < 0) return '-0';
  return String(n);
}

function encode(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoteGoString(value);
    case 'number':
      return formatGoJsonNumber(value);
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + encode(value[i]);
        return out + ']';
      }
      const obj = value as Record<string, unknown>;
      const keys = sortGoStrings(Object.keys(obj));
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        out += (i > 0 ? ',' : '') + quoteGoString(key) + ':' + encode(obj[key]);
      }
      return out + '}';
    }
    default:
      throw new GoJsonError(`json: unsupported type: ${typeof value}`);
  }
}

/**
 * Go `json.Marshal` of a decoded JSON value (compact, keys sorted by bytes, `<`, `>`, `&`,
 * U+2028, U+2029 escaped as `\u003c`...). Throws `GoJsonError` (`json: unsupported value: NaN`)
 * for non-finite numbers.
 */
export function goJsonStringify(value: unknown): string {
  return encode(value);
}

function encodeIndented(value: unknown, indent: string, prefix: string): string {
  if (typeof value !== 'object' || value === null) return encode(value);
  const inner = prefix + indent;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    let out = '[\n';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',\n' : '') + inner + encodeIndented(value[i], indent, inner);
    return out + '\n' + prefix + ']';
  }
  const obj = value as Record<string, unknown>;
  const keys = sortGoStrings(Object.keys(obj));
  if (keys.length === 0) return '{}';
  let out = '{\n';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    out += (i > 0 ? ',\n' : '') + inner + quoteGoString(key) + ': ' + encodeIndented(obj[key], indent, inner);
  }
  return out + '\n' + prefix + '}';
}

/**
 * Go `json.MarshalIndent(value, "", indent)`: the {@link goJsonStringify} text laid out one element
 * per line, `"key": value`, empty arrays and objects kept as `[]` and `{}`.
 */
export function goJsonStringifyIndent(value: unknown, indent: string): string {
  return encodeIndented(value, indent, '');
}

// ---------------------------------------------------------------------------------------------
// Unmarshal

/** Go `quoteChar`: how the scanner names an offending byte in its error messages. */
function quoteByte(b: number): string {
  if (b === 0x27) return "'\\''";
  if (b === 0x22) return "'\"'";
  if (b === 0x5c) return "'\\\\'";
  if (b < 0x20 || b === 0x7f) {
    const short: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r' };
    const s = short[b];
    return s !== undefined ? `'\\${s}'` : `'\\x${HEX[b >> 4]}${HEX[b & 15]}'`;
  }
  if ((b >= 0x80 && b <= 0xa0) || b === 0xad) return `'\\u00${HEX[b >> 4]}${HEX[b & 15]}'`;
  return `'${String.fromCharCode(b)}'`;
}

/** First UTF-8 byte of the character at `i` (Go's scanner reports bytes, not characters). */
function byteAt(text: string, i: number): number {
  const cp = text.codePointAt(i)!;
  if (cp < 0x80) return cp;
  if (cp < 0x800) return 0xc0 | (cp >> 6);
  if (cp < 0x10000) return 0xe0 | (cp >> 12);
  return 0xf0 | (cp >> 18);
}

const WS = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const DIGIT = (c: number): boolean => c >= 0x30 && c <= 0x39;
const HEXDIGIT = (c: number): boolean =>
  DIGIT(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** Defines an own data property, also for the key `__proto__`. */
export function setOwnProperty(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

/**
 * Recursive-descent decoder reproducing Go's scanner messages. Syntax errors are reported at the
 * first offending byte; number range errors are reported only if the whole text is well-formed,
 * as Go's `checkValid` runs before decoding.
 */
class GoJsonDecoder {
  private pos = 0;
  private rangeError: string | undefined;

  constructor(private readonly text: string) {}

  decode(): JsonValue {
    const value = this.value();
    this.skipWs();
    if (this.pos < this.text.length) this.fail('after top-level value');
    if (this.rangeError !== undefined) throw new GoJsonError(this.rangeError);
    return value;
  }

  private fail(context: string): never {
    if (this.pos >= this.text.length) throw new GoJsonError('unexpected end of JSON input');
    throw new GoJsonError(`invalid character ${quoteByte(byteAt(this.text, this.pos))} ${context}`);
  }

  private skipWs(): void {
    while (this.pos < this.text.length && WS(this.text.charCodeAt(this.pos))) this.pos++;
  }

  private value(): JsonValue {
    this.skipWs();
    const c = this.text.charCodeAt(this.pos);
    switch (c) {
      case 0x7b:
        return this.object();
      case 0x5b:
        return this.array();
      case 0x22:
        return this.string();
      case 0x74:
        return this.literal('true', true);
      case 0x66:
        return this.literal('false', false);
      case 0x6e:
        return this.literal('null', null);
      default:
        if (c === 0x2d || DIGIT(c)) return this.number();
        return this.fail('looking for beginning of value');
    }
  }

  private literal<T extends JsonValue>(word: string, value: T): T {
    this.pos++;
    for (let k = 1; k < word.length; k++, this.pos++) {
      if (this.text.charCodeAt(this.pos) !== word.charCodeAt(k)) {
        this.fail(`in literal ${word} (expecting '${word[k]}')`);
      }
    }
    return value;
  }

  private number(): number {
    const start = this.pos;
    const t = this.text;
    if (t.charCodeAt(this.pos) === 0x2d) {
      this.pos++;
      if (!DIGIT(t.charCodeAt(this.pos))) this.fail('in numeric literal');
    }
    if (t.charCodeAt(this.pos) === 0x30) this.pos++;
    else while (DIGIT(t.charCodeAt(this.pos))) this.pos++;
    if (t.charCodeAt(this.pos) === 0x2e) {
      this.pos++;
      if (!DIGIT(t.charCodeAt(this.pos))) this.fail('after decimal point in numeric literal');
      while (DIGIT(t.charCodeAt(this.pos))) this.pos++;
    }
    const e = t.charCodeAt(this.pos);
    if (e === 0x65 || e === 0x45) {
      this.pos++;
      const s = t.charCodeAt(this.pos);
      if (s === 0x2b || s === 0x2d) this.pos++;
      if (!DIGIT(t.charCodeAt(this.pos))) this.fail('in exponent of numeric literal');
      while (DIGIT(t.charCodeAt(this.pos))) this.pos++;
    }
    const literal = t.slice(start, this.pos);
    const n = Number(literal);
    if (!Number.isFinite(n) && this.rangeError === undefined) {
      this.rangeError = `json: cannot unmarshal number ${literal} into Go value of type float64`;
    }
    return n;
  }

  private string(): string {
    const t = this.text;
    this.pos++;
    let out = '';
    let start = this.pos;
    for (;;) {
      if (this.pos >= t.length) this.fail('');
      const c = t.charCodeAt(this.pos);
      if (c === 0x22) {
        out += t.slice(start, this.pos);
        this.pos++;
        return out;
      }
      if (c < 0x20) this.fail('in string literal');
      if (c !== 0x5c) {
        this.pos++;
        continue;
      }
      out += t.slice(start, this.pos);
      this.pos++;
      const e = t.charCodeAt(this.pos);
      const simple: Record<number, string> = {
        0x22: '"', 0x5c: '\\', 0x2f: '/', 0x62: '\b', 0x66: '\f', 0x6e: '\n', 0x72: '\r', 0x74: '\t',
      };
      if (simple[e] !== undefined) {
        out += simple[e];
        this.pos++;
      } else if (e === 0x75) {
        this.pos++;
        out += this.unicodeEscape();
      } else {
        this.fail('in string escape code');
      }
      start = this.pos;
    }
  }

  private hex4(): number {
    for (let k = 0; k < 4; k++) {
      if (!HEXDIGIT(this.text.charCodeAt(this.pos + k))) {
        this.pos += k;
        this.fail('in \\u hexadecimal character escape');
      }
    }
    const v = parseInt(this.text.slice(this.pos, this.pos + 4), 16);
    this.pos += 4;
    return v;
  }

  /** `\uXXXX` after the `u`; invalid surrogates decode to U+FFFD as in Go. */
  private unicodeEscape(): string {
    const u = this.hex4();
    if (u < 0xd800 || u > 0xdfff) return String.fromCharCode(u);
    if (u <= 0xdbff && this.text.startsWith('\\u', this.pos)) {
      const save = this.pos;
      this.pos += 2;
      const low = this.hex4();
      if (low >= 0xdc00 && low <= 0xdfff) return String.fromCharCode(u, low);
      this.pos = save;
    }
    return '\ufffd';
  }

  private array(): JsonValue[] {
    this.pos++;
    const out: JsonValue[] = [];
    this.skipWs();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.skipWs();
      const c = this.text.charCodeAt(this.pos);
      this.pos++;
      if (c === 0x5d) return out;
      if (c !== 0x2c) {
        this.pos--;
        this.fail('after array element');
      }
    }
  }

  private object(): Record<string, JsonValue> {
    this.pos++;
    const out: Record<string, JsonValue> = {};
    this.skipWs();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipWs();
      if (this.text.charCodeAt(this.pos) !== 0x22) this.fail('looking for beginning of object key string');
      const key = this.string();
      this.skipWs();
      if (this.text.charCodeAt(this.pos) !== 0x3a) this.fail('after object key');
      this.pos++;
      setOwnProperty(out, key, this.value());
      this.skipWs();
      const c = this.text.charCodeAt(this.pos);
      this.pos++;
      if (c === 0x7d) return out;
      if (c !== 0x2c) {
        this.pos--;
        this.fail('after object key:value pair');
      }
    }
  }
}

/** Text for which `JSON.parse` and Go could disagree: overflowing numbers, lone surrogate escapes. */
const NEEDS_GO_DECODER = /\d{300}|[eE][+]?\d{3}|\\u[dD][89a-fA-F]/;

/**
 * Go `json.Unmarshal` into `interface{}`: numbers are float64, duplicate keys keep the last value,
 * trailing data is an error. Throws `GoJsonError` with Go's message
 * (`unexpected end of JSON input`, `invalid character '}' looking for beginning of value`...).
 */
export function goJsonParse(text: string): JsonValue {
  if (!NEEDS_GO_DECODER.test(text)) {
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      // fall through: the Go decoder produces Go's error message
    }
  }
  return new GoJsonDecoder(text).decode();
}
