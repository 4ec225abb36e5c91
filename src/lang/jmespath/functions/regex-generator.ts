/**
 * @file Kyverno's `random(pattern)` generator: `zach-klippenstein/goregen` parses the pattern
 * with Go's `regexp/syntax` and *no flags* (POSIX syntax: no `\d`, no `(?i)`, no `\pL`, no lazy
 * quantifiers; `^`/`$` generate nothing) and produces a random matching string, unbounded
 * repetitions up to 4096 times. This module parses that syntax with Go's error texts
 * (`` error parsing regexp: missing closing ]: `[` ``) and generates from it.
 */

/** The largest code point, and the repetition cap for `*`, `+` and `{n,}`. */
const MAX_RUNE = 0x10ffff;
const MAX_UNBOUNDED = 4096;

type Node =
  | { op: 'literal'; rune: number }
  | { op: 'class'; ranges: number[] }
  | { op: 'empty' }
  | { op: 'repeat'; min: number; max: number; sub: Node }
  | { op: 'concat'; subs: Node[] }
  | { op: 'alternate'; subs: Node[] }
  | { op: 'group'; sub: Node };

/** Parser stack entries: nodes, `(` markers and `|` markers. */
type Item = Node | { op: 'leftParen' } | { op: 'verticalBar' };

function syntaxError(code: string, expr: string): Error {
  return new Error(`error parsing regexp: ${code}: \`${expr}\``);
}

const POSIX_CLASSES: Readonly<Record<string, number[]>> = {
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  ascii: [0x00, 0x7f],
  blank: [0x09, 0x09, 0x20, 0x20],
  cntrl: [0x00, 0x1f, 0x7f, 0x7f],
  digit: [0x30, 0x39],
  graph: [0x21, 0x7e],
  lower: [0x61, 0x7a],
  print: [0x20, 0x7e],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  space: [0x09, 0x0d, 0x20, 0x20],
  upper: [0x41, 0x5a],
  word: [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
};

/** Sorted, merged ranges (Go `cleanClass`). */
function cleanClass(ranges: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    if (out.length > 0 && lo <= out[out.length - 1]! + 1) out[out.length - 1] = Math.max(out[out.length - 1]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

function negateClass(ranges: number[]): number[] {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > next) out.push(next, ranges[i]! - 1);
    next = ranges[i + 1]! + 1;
  }
  if (next <= MAX_RUNE) out.push(next, MAX_RUNE);
  return out;
}

const isOctal = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '7';
const unhex = (c: string | undefined): number => (c !== undefined && /^[0-9a-fA-F]$/.test(c) ? parseInt(c, 16) : -1);

class PosixParser {
  private readonly stack: Item[] = [];
  private t: string;

  constructor(private readonly whole: string) {
    this.t = whole;
  }

  /** Go `parseEscape` at the start of `s`: the rune and the rest. */
  private escape(s: string): [number, string] {
    let t = s.slice(1);
    if (t === '') throw new Error('error parsing regexp: trailing backslash at end of expression: ``');
    const c = String.fromCodePoint(t.codePointAt(0)!);
    t = t.slice(c.length);
    const invalid = (): Error => syntaxError('invalid escape sequence', s.slice(0, s.length - t.length));
    const cp = c.codePointAt(0)!;
    if (cp < 0x80 && !/[A-Za-z0-9]/.test(c)) return [cp, t];
    if ((c >= '1' && c <= '7' && isOctal(t[0])) || c === '0') {
      let r = cp - 48;
      for (let i = 1; i < 3 && isOctal(t[0]); i++) {
        r = r * 8 + (t.charCodeAt(0) - 48);
        t = t.slice(1);
      }
      return [r, t];
    }
    if (c === 'x') {
      if (t === '') throw invalid();
      if (t[0] === '{') {
        t = t.slice(1);
        let r = 0;
        let digits = 0;
        for (;;) {
          if (t === '') throw invalid();
          const d = t[0]!;
          t = t.slice(1);
          if (d === '}') break;
          const v = unhex(d);
          if (v < 0) throw invalid();
          r = r * 16 + v;
          if (r > MAX_RUNE) throw invalid();
          digits++;
        }
        if (digits === 0) throw invalid();
        return [r, t];
      }
      const x = unhex(t[0]);
      const y = unhex(t[1]);
      t = t.slice(Math.min(2, t.length));
      if (x < 0 || y < 0) throw invalid();
      return [x * 16 + y, t];
    }
    const simple: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
    if (simple[c] !== undefined) return [simple[c]!, t];
    throw invalid();
  }

  private push(node: Item): void {
    this.stack.push(node);
  }

  /** Go `concat`: collapses the nodes above the topmost marker. */
  private concat(): void {
    let i = this.stack.length;
    while (i > 0 && this.stack[i - 1]!.op !== 'leftParen' && this.stack[i - 1]!.op !== 'verticalBar') i--;
    const subs = this.stack.splice(i) as Node[];
    this.stack.push(subs.length === 0 ? { op: 'empty' } : subs.length === 1 ? subs[0]! : { op: 'concat', subs });
  }

  /** Collapses the alternatives above the topmost `(` into one node. */
  private alternate(): void {
    this.concat();
    const subs: Node[] = [this.stack.pop() as Node];
    while (this.stack.length >= 2 && this.stack[this.stack.length - 1]!.op === 'verticalBar') {
      this.stack.pop();
      subs.unshift(this.stack.pop() as Node);
    }
    this.stack.push(subs.length === 1 ? subs[0]! : { op: 'alternate', subs });
  }

  private repeat(min: number, max: number, before: string, after: string): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined || top.op === 'leftParen' || top.op === 'verticalBar') {
      throw syntaxError('missing argument to repetition operator', before.slice(0, before.length - after.length));
    }
    this.stack[this.stack.length - 1] = { op: 'repeat', min, max, sub: top };
  }

  /** Go `parseInt` for repetition counts: no leading zeros; -1 beyond 10^8. */
  private static count(s: string): [number, string] | null {
    const m = /^[0-9]+/.exec(s);
    if (m === null || (m[0].length >= 2 && m[0][0] === '0')) return null;
    const n = m[0].length > 8 ? -1 : Number(m[0]);
    return [n, s.slice(m[0].length)];
  }

  /** Go `parseRepeat`: `{n}`, `{n,}`, `{n,m}`, or null when `{` is a literal. */
  private static repeatBounds(s: string): { min: number; max: number; rest: string } | null {
    const first = PosixParser.count(s.slice(1));
    if (first === null) return null;
    let [min, t] = first;
    let max = min;
    if (t === '') return null;
    if (t[0] === ',') {
      t = t.slice(1);
      if (t === '') return null;
      if (t[0] === '}') {
        max = -1;
      } else {
        const second = PosixParser.count(t);
        if (second === null) return null;
        [max, t] = second;
        if (max < 0) min = -1;
      }
    }
    if (t[0] !== '}') return null;
    return { min, max, rest: t.slice(1) };
  }

  private classChar(s: string, wholeClass: string): [number, string] {
    if (s === '') throw syntaxError('missing closing ]', wholeClass);
    if (s[0] === '\\') return this.escape(s);
    const c = String.fromCodePoint(s.codePointAt(0)!);
    return [c.codePointAt(0)!, s.slice(c.length)];
  }

  /** Go `parseClass` without Perl extensions; returns the rest of the pattern. */
  private charClass(s: string): string {
    let t = s.slice(1);
    let negated = false;
    let ranges: number[] = [];
    if (t[0] === '^') {
      negated = true;
      t = t.slice(1);
      ranges.push(10, 10);
    }
    let first = true;
    while (t === '' || t[0] !== ']' || first) {
      if (t !== '' && t[0] === '-' && !first && (t.length === 1 || t[1] !== ']')) {
        throw syntaxError('invalid character class range', t.slice(0, 1 + (t.length > 1 ? String.fromCodePoint(t.codePointAt(1)!).length : 0)));
      }
      first = false;
      if (t.length > 2 && t.startsWith('[:')) {
        const end = t.indexOf(':]', 2);
        if (end >= 0) {
          const name = t.slice(2, end);
          const negatedName = name.startsWith('^');
          const table = POSIX_CLASSES[negatedName ? name.slice(1) : name];
          if (table === undefined) throw syntaxError('invalid character class range', t.slice(0, end + 2));
          ranges.push(...(negatedName ? negateClass(cleanClass(table)) : table));
          t = t.slice(end + 2);
          continue;
        }
      }
      const rangeStart = t;
      let lo: number;
      [lo, t] = this.classChar(t, s);
      let hi = lo;
      if (t.length >= 2 && t[0] === '-' && t[1] !== ']') {
        [hi, t] = this.classChar(t.slice(1), s);
        if (hi < lo) throw syntaxError('invalid character class range', rangeStart.slice(0, rangeStart.length - t.length));
      }
      ranges.push(lo, hi);
    }
    ranges = cleanClass(ranges);
    this.push({ op: 'class', ranges: negated ? negateClass(ranges) : ranges });
    return t.slice(1);
  }

  parse(): Node {
    while (this.t !== '') {
      const t = this.t;
      const c = t[0]!;
      switch (c) {
        case '(':
          this.push({ op: 'leftParen' });
          this.t = t.slice(1);
          break;
        case '|':
          this.concat();
          this.push({ op: 'verticalBar' });
          this.t = t.slice(1);
          break;
        case ')': {
          this.alternate();
          const n = this.stack.length;
          if (n < 2 || this.stack[n - 2]!.op !== 'leftParen') throw syntaxError('unexpected )', this.whole);
          const sub = this.stack.pop() as Node;
          this.stack.pop();
          this.push({ op: 'group', sub });
          this.t = t.slice(1);
          break;
        }
        case '^':
        case '$':
          this.push({ op: 'empty' });
          this.t = t.slice(1);
          break;
        case '.':
          this.push({ op: 'class', ranges: [0, 9, 11, MAX_RUNE] });
          this.t = t.slice(1);
          break;
        case '[':
          this.t = this.charClass(t);
          break;
        case '*':
        case '+':
        case '?':
          this.repeat(c === '+' ? 1 : 0, c === '?' ? 1 : -1, t, t.slice(1));
          this.t = t.slice(1);
          break;
        case '{': {
          const bounds = PosixParser.repeatBounds(t);
          if (bounds === null) {
            this.push({ op: 'literal', rune: 0x7b });
            this.t = t.slice(1);
            break;
          }
          const { min, max, rest } = bounds;
          if (min < 0 || min > 1000 || max > 1000 || (max >= 0 && min > max)) {
            throw syntaxError('invalid repeat count', t.slice(0, t.length - rest.length));
          }
          this.repeat(min, max, t, rest);
          this.t = rest;
          break;
        }
        case '\\': {
          const [rune, rest] = this.escape(t);
          this.push({ op: 'literal', rune });
          this.t = rest;
          break;
        }
        default: {
          const ch = String.fromCodePoint(t.codePointAt(0)!);
          this.push({ op: 'literal', rune: ch.codePointAt(0)! });
          this.t = t.slice(ch.length);
        }
      }
    }
    this.alternate();
    if (this.stack.length !== 1) throw syntaxError('missing closing )', this.whole);
    return this.stack[0] as Node;
  }
}

function randomInt(n: number): number {
  return Math.floor(Math.random() * n);
}

/** A code point as Go's `string(rune)` gives it (surrogates become U+FFFD). */
function runeText(r: number): string {
  return r >= 0xd800 && r <= 0xdfff ? '\ufffd' : String.fromCodePoint(r);
}

function generate(node: Node): string {
  switch (node.op) {
    case 'literal':
      return runeText(node.rune);
    case 'empty':
      return '';
    case 'class': {
      let total = 0;
      for (let i = 0; i < node.ranges.length; i += 2) total += node.ranges[i + 1]! - node.ranges[i]! + 1;
      let k = randomInt(total);
      for (let i = 0; i < node.ranges.length; i += 2) {
        const size = node.ranges[i + 1]! - node.ranges[i]! + 1;
        if (k < size) return runeText(node.ranges[i]! + k);
        k -= size;
      }
      return '';
    }
    case 'repeat': {
      const max = node.max < 0 ? node.min + MAX_UNBOUNDED : node.max;
      const n = node.min + randomInt(max - node.min + 1);
      let out = '';
      for (let i = 0; i < n; i++) out += generate(node.sub);
      return out;
    }
    case 'concat':
      return node.subs.map(generate).join('');
    case 'alternate':
      return generate(node.subs[randomInt(node.subs.length)]!);
    case 'group':
      return generate(node.sub);
  }
}

/** goregen `Generate(pattern)`: a random string matching the POSIX-syntax pattern. */
export function generateFromPattern(pattern: string): string {
  return generate(new PosixParser(pattern).parse());
}
