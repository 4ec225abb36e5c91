/**
 * @file The go-jmespath lexer (original JMESPath grammar, as forked by Kyverno), ported rune for
 * rune so that exactly the same expressions tokenize and fail with the same messages:
 * raw strings `'...'` where only `\'` is an escape (`'\\'` is unclosed), backtick literals kept
 * as JSON text, `=` alone as `tUnknown`, `Unknown char: '$'` for anything else.
 */
import { goJsonParse } from '../../util/go-json.js';
import { JmesPathError, syntaxError } from './errors.js';

/** Token type names, as Go's stringer prints them in syntax errors. */
export type TokType =
  | 'tUnknown'
  | 'tStar'
  | 'tDot'
  | 'tFilter'
  | 'tFlatten'
  | 'tLparen'
  | 'tRparen'
  | 'tLbracket'
  | 'tRbracket'
  | 'tLbrace'
  | 'tRbrace'
  | 'tOr'
  | 'tPipe'
  | 'tNumber'
  | 'tUnquotedIdentifier'
  | 'tQuotedIdentifier'
  | 'tComma'
  | 'tColon'
  | 'tLT'
  | 'tLTE'
  | 'tGT'
  | 'tGTE'
  | 'tEQ'
  | 'tNE'
  | 'tJSONLiteral'
  | 'tStringLiteral'
  | 'tCurrent'
  | 'tExpref'
  | 'tAnd'
  | 'tNot'
  | 'tEOF';

export interface Token {
  type: TokType;
  /** Raw text for most tokens; the decoded name for quoted identifiers; JSON text for literals. */
  value: string;
}

const EOF = -1;

const BASIC_TOKENS: ReadonlyMap<number, TokType> = new Map([
  [0x2e, 'tDot'],
  [0x2a, 'tStar'],
  [0x2c, 'tComma'],
  [0x3a, 'tColon'],
  [0x7b, 'tLbrace'],
  [0x7d, 'tRbrace'],
  [0x5d, 'tRbracket'],
  [0x28, 'tLparen'],
  [0x29, 'tRparen'],
  [0x40, 'tCurrent'],
]);

const isIdentStart = (r: number): boolean =>
  (r >= 0x41 && r <= 0x5a) || (r >= 0x61 && r <= 0x7a) || r === 0x5f;
const isIdentTrailing = (r: number): boolean => isIdentStart(r) || (r >= 0x30 && r <= 0x39);
const isDigit = (r: number): boolean => r >= 0x30 && r <= 0x39;
const isWhitespace = (r: number): boolean => r === 0x20 || r === 0x09 || r === 0x0a || r === 0x0d;

/** Go `strconv.QuoteRuneToASCII`. */
function quoteRuneToAscii(r: number): string {
  if (r === 0x27) return "'\\''";
  if (r === 0x5c) return "'\\\\'";
  if (r >= 0x20 && r < 0x7f) return `'${String.fromCharCode(r)}'`;
  const short: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r' };
  if (short[r] !== undefined) return `'\\${short[r]}'`;
  if (r < 0x20 || r === 0x7f) return `'\\x${r.toString(16).padStart(2, '0')}'`;
  if (r < 0x10000) return `'\\u${r.toString(16).padStart(4, '0')}'`;
  return `'\\U${r.toString(16).padStart(8, '0')}'`;
}

class Lexer {
  private pos = 0;
  /** Width (in UTF-16 units) of the last rune read; 0 after reading past the end, as in Go. */
  private lastWidth = 0;

  constructor(private readonly expression: string) {}

  private next(): number {
    if (this.pos >= this.expression.length) {
      this.lastWidth = 0;
      return EOF;
    }
    let r = this.expression.codePointAt(this.pos)!;
    const width = r > 0xffff ? 2 : 1;
    if (r >= 0xd800 && r <= 0xdfff) r = 0xfffd;
    this.lastWidth = width;
    this.pos += width;
    return r;
  }

  private back(): void {
    this.pos -= this.lastWidth;
  }

  private peek(): number {
    const r = this.next();
    this.back();
    return r;
  }

  tokenize(): Token[] {
    const tokens: Token[] = [];
    for (;;) {
      const r = this.next();
      if (r === EOF) break;
      if (isIdentStart(r)) {
        tokens.push(this.consumeUnquotedIdentifier());
        continue;
      }
      const basic = BASIC_TOKENS.get(r);
      if (basic !== undefined) {
        tokens.push({ type: basic, value: String.fromCharCode(r) });
      } else if (r === 0x2d || isDigit(r)) {
        tokens.push(this.consumeNumber());
      } else if (r === 0x5b) {
        tokens.push(this.consumeLBracket());
      } else if (r === 0x22) {
        tokens.push(this.consumeQuotedIdentifier());
      } else if (r === 0x27) {
        tokens.push(this.consumeRawStringLiteral());
      } else if (r === 0x60) {
        tokens.push(this.consumeLiteral());
      } else if (r === 0x7c) {
        tokens.push(this.matchOrElse('|', 0x7c, 'tOr', 'tPipe'));
      } else if (r === 0x3c) {
        tokens.push(this.matchOrElse('<', 0x3d, 'tLTE', 'tLT'));
      } else if (r === 0x3e) {
        tokens.push(this.matchOrElse('>', 0x3d, 'tGTE', 'tGT'));
      } else if (r === 0x21) {
        tokens.push(this.matchOrElse('!', 0x3d, 'tNE', 'tNot'));
      } else if (r === 0x3d) {
        tokens.push(this.matchOrElse('=', 0x3d, 'tEQ', 'tUnknown'));
      } else if (r === 0x26) {
        tokens.push(this.matchOrElse('&', 0x26, 'tAnd', 'tExpref'));
      } else if (!isWhitespace(r)) {
        throw syntaxError(`Unknown char: ${quoteRuneToAscii(r)}`);
      }
    }
    tokens.push({ type: 'tEOF', value: '' });
    return tokens;
  }

  private matchOrElse(first: string, second: number, matched: TokType, single: TokType): Token {
    const r = this.next();
    if (r === second) return { type: matched, value: first + String.fromCharCode(second) };
    this.back();
    return { type: single, value: first };
  }

  private consumeLBracket(): Token {
    const r = this.next();
    if (r === 0x3f) return { type: 'tFilter', value: '[?' };
    if (r === 0x5d) return { type: 'tFlatten', value: '[]' };
    this.back();
    return { type: 'tLbracket', value: '[' };
  }

  private consumeUnquotedIdentifier(): Token {
    const start = this.pos - this.lastWidth;
    for (;;) {
      const r = this.next();
      if (!isIdentTrailing(r)) {
        this.back();
        break;
      }
    }
    return { type: 'tUnquotedIdentifier', value: this.expression.slice(start, this.pos) };
  }

  private consumeNumber(): Token {
    const start = this.pos - this.lastWidth;
    for (;;) {
      const r = this.next();
      if (!isDigit(r)) {
        this.back();
        break;
      }
    }
    return { type: 'tNumber', value: this.expression.slice(start, this.pos) };
  }

  /** Text up to the closing `end` rune; a backslash skips the following rune. */
  private consumeUntil(end: number): string {
    const start = this.pos;
    let current = this.next();
    while (current !== end && current !== EOF) {
      if (current === 0x5c && this.peek() !== EOF) this.next();
      current = this.next();
    }
    if (this.lastWidth === 0) throw syntaxError(`Unclosed delimiter: ${String.fromCharCode(end)}`);
    return this.expression.slice(start, this.pos - this.lastWidth);
  }

  private consumeLiteral(): Token {
    const value = this.consumeUntil(0x60).replaceAll('\\`', '`');
    return { type: 'tJSONLiteral', value };
  }

  /** A quoted name is decoded as a JSON string; a decoding failure is Go's JSON error text. */
  private consumeQuotedIdentifier(): Token {
    const raw = this.consumeUntil(0x22);
    let decoded: unknown;
    try {
      decoded = goJsonParse('"' + raw + '"');
    } catch (err) {
      throw new JmesPathError('syntax', (err as Error).message);
    }
    return { type: 'tQuotedIdentifier', value: decoded as string };
  }

  private consumeRawStringLiteral(): Token {
    let buf = '';
    let currentIndex = this.pos;
    let current = this.next();
    while (current !== 0x27 && this.peek() !== EOF) {
      if (current === 0x5c && this.peek() === 0x27) {
        buf += this.expression.slice(currentIndex, this.pos - 1) + "'";
        this.next();
        currentIndex = this.pos;
      }
      current = this.next();
    }
    if (this.lastWidth === 0) throw syntaxError("Unclosed delimiter: '");
    if (currentIndex < this.pos) buf += this.expression.slice(currentIndex, this.pos - 1);
    return { type: 'tStringLiteral', value: buf };
  }
}

/** Tokenizes an expression; the last token is always `tEOF`. Throws `JmesPathError` (`syntax`). */
export function tokenize(expression: string): Token[] {
  return new Lexer(expression).tokenize();
}
