/**
 * @file Kyverno's `random` library (kyverno/sdk `extensions/cel/libs/random/{lib,impl}.go`): `random()` (pattern
 * `[0-9a-z]{8}`), `random(pattern)` and, since library version 1.18, `random.random(…)`: a string matching the
 * pattern, made by github.com/zach-klippenstein/goregen `Generate` (regen.go).
 *
 * goregen parses the pattern with Go's `regexp/syntax` and no flags (POSIX-like: no `\d`/`\w`/`\s`, no `(?…)`
 * groups, no `\p{…}`; `[[:alpha:]]` classes work; `.` and negated classes exclude newlines; `^`, `$` generate
 * nothing), simplifies repeats as Go does (`x{2,4}` is `xx(x(x)?)?`), then picks uniformly: an alternative, a count
 * for `x*` and `x+` up to 4096, whether to take `x?`, a character of a class (`.` any code point up to 2³¹−1,
 * invalid ones becoming U+FFFD). The language generated is goregen's; the distribution can differ (Go's parser also
 * factors alternatives, `foo|bar|baz` into `foo|ba[rz]`). Kyverno seeds it randomly;
 * here each library instance (one per compiled environment) draws from its own generator with a fixed seed, so
 * results are reproducible run to run.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, celNamespace } from './common.js';

/** goregen `MaxUpperBound`. */
const MAX_UPPER_BOUND = 4096;
/** Go `regexp/syntax` repeat limit. */
const MAX_REPEAT = 1000;
/** A bound on what one call generates (goregen has none; `((ab*)*c*)*` would not end in practice). */
const MAX_OUTPUT = 1 << 20;
const MAX_RUNE = 0x10ffff;
const DEFAULT_PATTERN = '[0-9a-z]{8}';

type Node =
  | { op: 'literal'; rune: number }
  | { op: 'class'; ranges: number[] }
  | { op: 'anyNotNL' }
  | { op: 'empty' }
  | { op: 'concat'; subs: Node[] }
  | { op: 'alternate'; subs: Node[] }
  | { op: 'repeat'; min: number; max: number; sub: Node };

class SyntaxError_ extends Error {}

function syntaxError(code: string, expr: string): SyntaxError_ {
  return new SyntaxError_(`error parsing regexp: ${code}: \`${expr}\``);
}

const R = (lo: string, hi: string = lo): [number, number] => [lo.codePointAt(0)!, hi.codePointAt(0)!];
/** Go `regexp/syntax` `posixGroup`. */
const POSIX_GROUPS: Readonly<Record<string, [number, number][]>> = {
  alnum: [R('0', '9'), R('A', 'Z'), R('a', 'z')],
  alpha: [R('A', 'Z'), R('a', 'z')],
  ascii: [[0, 0x7f]],
  blank: [R('\t'), R(' ')],
  cntrl: [[0, 0x1f], [0x7f, 0x7f]],
  digit: [R('0', '9')],
  graph: [R('!', '~')],
  lower: [R('a', 'z')],
  print: [R(' ', '~')],
  punct: [R('!', '/'), R(':', '@'), R('[', '`'), R('{', '~')],
  space: [R('\t', '\r'), R(' ')],
  upper: [R('A', 'Z')],
  word: [R('0', '9'), R('A', 'Z'), R('a', 'z'), R('_')],
  xdigit: [R('0', '9'), R('A', 'F'), R('a', 'f')],
};

/** Sorted, merged ranges (Go `cleanClass`). */
function cleanRanges(pairs: [number, number][]): [number, number][] {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function negateRanges(pairs: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of cleanRanges(pairs)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_RUNE) out.push([next, MAX_RUNE]);
  return out;
}

/** A parser of Go `regexp/syntax` with no flags set. */
class Parser {
  private pos = 0;
  private readonly runes: string[];

  constructor(private readonly source: string) {
    this.runes = Array.from(source);
  }

  private rest(): string {
    return this.runes.slice(this.pos).join('');
  }

  parse(): Node {
    if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(this.source)) {
      throw syntaxError('invalid UTF-8', this.source);
    }
    const node = this.alternation(0);
    if (this.pos < this.runes.length) throw syntaxError('unexpected )', this.source);
    return node;
  }

  private alternation(depth: number): Node {
    const subs = [this.concatenation(depth)];
    while (this.runes[this.pos] === '|') {
      this.pos++;
      subs.push(this.concatenation(depth));
    }
    return subs.length === 1 ? subs[0]! : { op: 'alternate', subs };
  }

  private concatenation(depth: number): Node {
    const items: Node[] = [];
    for (;;) {
      const c = this.runes[this.pos];
      if (c === undefined || c === '|') break;
      if (c === ')') {
        if (depth === 0) throw syntaxError('unexpected )', this.source);
        break;
      }
      switch (c) {
        case '(': {
          this.pos++;
          const sub = this.alternation(depth + 1);
          if (this.runes[this.pos] !== ')') throw syntaxError('missing closing )', this.source);
          this.pos++;
          items.push(sub);
          break;
        }
        case '*':
        case '+':
        case '?': {
          this.pos++;
          const [min, max] = c === '*' ? [0, -1] : c === '+' ? [1, -1] : [0, 1];
          this.repeat(items, min, max, c);
          break;
        }
        case '{': {
          const repeat = this.repeatBounds();
          if (repeat === null) {
            this.pos++;
            items.push({ op: 'literal', rune: 0x7b });
            break;
          }
          const [min, max, text] = repeat;
          if (items.length === 0) throw syntaxError('missing argument to repetition operator', text);
          if (min > MAX_REPEAT || max > MAX_REPEAT || (max >= 0 && min > max)) throw syntaxError('invalid repeat count', text);
          this.repeat(items, min, max, text);
          break;
        }
        case '[':
          items.push(this.charClass());
          break;
        case '.':
          this.pos++;
          items.push({ op: 'anyNotNL' });
          break;
        case '^':
        case '$':
          this.pos++;
          items.push({ op: 'empty' });
          break;
        case '\\':
          items.push({ op: 'literal', rune: this.escape() });
          break;
        default:
          this.pos++;
          items.push({ op: 'literal', rune: c.codePointAt(0)! });
      }
    }
    if (items.length === 0) return { op: 'empty' };
    return items.length === 1 ? items[0]! : { op: 'concat', subs: items };
  }

  private repeat(items: Node[], min: number, max: number, text: string): void {
    const sub = items.pop();
    if (sub === undefined) throw syntaxError('missing argument to repetition operator', text);
    items.push({ op: 'repeat', min, max, sub });
  }

  /** Go `parseRepeat`: `{n}`, `{n,}`, `{n,m}` at the position, or null (then `{` is a literal). */
  private repeatBounds(): [number, number, string] | null {
    // Go `parseInt`: no leading zeros.
    const match = /^\{(0|[1-9][0-9]*)(,(0|[1-9][0-9]*)?)?\}/.exec(this.rest());
    if (match === null) return null;
    this.pos += Array.from(match[0]).length;
    const parseNumber = (text: string): number => (text.length > 8 ? Infinity : Number(text));
    const min = parseNumber(match[1]!);
    const max = match[2] === undefined ? min : match[3] === undefined ? -1 : parseNumber(match[3]);
    return [min, max, match[0]];
  }

  /** Go `parseEscape`: the rune of an escape (octal, `\x`, C escapes, escaped punctuation). */
  private escape(): number {
    const start = this.pos;
    this.pos++;
    const c = this.runes[this.pos];
    if (c === undefined) throw syntaxError('trailing backslash at end of expression', '');
    this.pos++;
    const invalid = (): never => {
      throw syntaxError('invalid escape sequence', this.runes.slice(start, this.pos).join(''));
    };
    const code = c.codePointAt(0)!;
    if (code < 0x80 && !/[0-9A-Za-z]/.test(c)) return code;
    const isOctal = (d: string | undefined): boolean => d !== undefined && d >= '0' && d <= '7';
    if (c >= '1' && c <= '7' && !isOctal(this.runes[this.pos])) invalid();
    if (c >= '0' && c <= '7') {
      let r = code - 0x30;
      for (let i = 1; i < 3 && isOctal(this.runes[this.pos]); i++) r = r * 8 + this.runes[this.pos++]!.codePointAt(0)! - 0x30;
      return r;
    }
    switch (c) {
      case 'x': {
        const rest = this.rest();
        if (rest.startsWith('{')) {
          // Any number of hex digits in braces, at least one, at most U+10FFFF; the error covers what was read.
          this.pos++;
          let value = 0;
          let digits = 0;
          for (;;) {
            const d = this.runes[this.pos];
            if (d === undefined) return invalid();
            this.pos++;
            if (d === '}') break;
            if (!/^[0-9A-Fa-f]$/.test(d)) return invalid();
            value = value * 16 + parseInt(d, 16);
            if (value > MAX_RUNE) return invalid();
            digits++;
          }
          return digits === 0 ? invalid() : value;
        }
        const two = /^[0-9A-Fa-f]{2}/.exec(rest);
        if (two === null) {
          this.pos += Math.min(2, Array.from(rest).length);
          invalid();
        }
        this.pos += 2;
        return parseInt(two![0], 16);
      }
      case 'a':
        return 7;
      case 'f':
        return 12;
      case 'n':
        return 10;
      case 'r':
        return 13;
      case 't':
        return 9;
      case 'v':
        return 11;
      default:
        return invalid();
    }
  }

  /** Go `parseClass` (no flags: `-` only first or last, a negated class excludes `\n`). */
  private charClass(): Node {
    const whole = this.rest();
    this.pos++;
    const ranges: [number, number][] = [];
    let negate = false;
    if (this.runes[this.pos] === '^') {
      negate = true;
      this.pos++;
      ranges.push([10, 10]);
    }
    let first = true;
    const classChar = (): number => {
      const c = this.runes[this.pos];
      if (c === undefined) throw syntaxError('missing closing ]', whole);
      if (c === '\\') return this.escape();
      this.pos++;
      return c.codePointAt(0)!;
    };
    while (this.runes[this.pos] !== ']' || first) {
      const c = this.runes[this.pos];
      const next = this.runes[this.pos + 1];
      if (c === '-' && !first && next !== ']') throw syntaxError('invalid character class range', `-${next ?? ''}`);
      first = false;
      if (c === '[' && this.runes[this.pos + 1] === ':') {
        const rest = this.rest();
        const end = rest.indexOf(':]', 2);
        if (end >= 0) {
          const name = rest.slice(0, end + 2);
          const negated = name.startsWith('[:^');
          const group = POSIX_GROUPS[name.slice(negated ? 3 : 2, -2)];
          if (group === undefined) throw syntaxError('invalid character class range', name);
          ranges.push(...(negated ? negateRanges(group) : group));
          this.pos += Array.from(name).length;
          continue;
        }
      }
      const start = this.pos;
      const lo = classChar();
      let hi = lo;
      if (this.runes[this.pos] === '-' && this.runes[this.pos + 1] !== undefined && this.runes[this.pos + 1] !== ']') {
        this.pos++;
        hi = classChar();
        if (hi < lo) throw syntaxError('invalid character class range', this.runes.slice(start, this.pos).join(''));
      }
      ranges.push([lo, hi]);
    }
    this.pos++;
    const clean = negate ? negateRanges(ranges) : cleanRanges(ranges);
    return { op: 'class', ranges: clean.flat() };
  }
}

/** A seeded pseudo-random source (mulberry32). */
export class RandomSource {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform integer in `[0, n)`. */
  intn(n: number): number {
    if (n <= 0) throw new Error('invalid argument to Intn');
    return Math.floor(this.next() * n);
  }

  private next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/**
 * Go `Regexp.Simplify` for repeats, which goregen applies to every node before generating: `x**` is `x*`, a repeat
 * of the empty string is empty, `x{n,}` is n−1 copies and `x+`, `x{n,m}` is n copies and m−n nested `x?`
 * (`xx(x(x)?)?`), `x{0}` is empty.
 */
function simplify(node: Node): Node {
  switch (node.op) {
    case 'concat':
      return { op: 'concat', subs: node.subs.map(simplify) };
    case 'alternate':
      return { op: 'alternate', subs: node.subs.map(simplify) };
    case 'repeat':
      return simplifyRepeat(node.min, node.max, simplify(node.sub));
    default:
      return node;
  }
}

/** Go `simplify1` for `x*`, `x+`, `x?`. */
function simplify1(min: number, max: number, sub: Node): Node {
  if (sub.op === 'empty') return sub;
  if (sub.op === 'repeat' && sub.min === min && sub.max === max) return sub;
  return { op: 'repeat', min, max, sub };
}

function simplifyRepeat(min: number, max: number, sub: Node): Node {
  const isSimple = (max === -1 && (min === 0 || min === 1)) || (min === 0 && max === 1);
  if (isSimple) return simplify1(min, max, sub);
  if (min === 0 && max === 0) return { op: 'empty' };
  if (max === -1) return { op: 'concat', subs: [...Array<Node>(min - 1).fill(sub), simplify1(1, -1, sub)] };
  if (min === 1 && max === 1) return sub;
  const subs: Node[] = Array<Node>(min).fill(sub);
  if (max > min) {
    let suffix = simplify1(0, 1, sub);
    for (let i = min + 1; i < max; i++) suffix = simplify1(0, 1, { op: 'concat', subs: [sub, suffix] });
    subs.push(suffix);
  }
  return subs.length === 1 ? subs[0]! : { op: 'concat', subs };
}

/** goregen `RunesToString`: invalid code points become U+FFFD. */
function runeString(rune: number): string {
  return rune > MAX_RUNE || (rune >= 0xd800 && rune <= 0xdfff) ? '\ufffd' : String.fromCodePoint(rune);
}

function pickFromRanges(ranges: readonly number[], rng: RandomSource): number {
  let total = 0;
  for (let i = 0; i < ranges.length; i += 2) total += ranges[i + 1]! - ranges[i]! + 1;
  let index = rng.intn(total);
  for (let i = 0; i < ranges.length; i += 2) {
    const size = ranges[i + 1]! - ranges[i]! + 1;
    if (index < size) return ranges[i]! + index;
    index -= size;
  }
  return ranges[ranges.length - 1]!;
}

class Output {
  text = '';
  add(part: string): void {
    this.text += part;
    if (this.text.length > MAX_OUTPUT) throw new Error(`random: the generated string exceeds ${MAX_OUTPUT} characters`);
  }
}

function generate(node: Node, rng: RandomSource, out: Output): void {
  switch (node.op) {
    case 'literal':
      out.add(runeString(node.rune));
      return;
    case 'class':
      out.add(runeString(pickFromRanges(node.ranges, rng)));
      return;
    case 'anyNotNL':
      // goregen: a class of 1 … MaxInt32.
      out.add(runeString(1 + rng.intn(0x7fffffff)));
      return;
    case 'empty':
      return;
    case 'concat':
      for (const sub of node.subs) generate(sub, rng, out);
      return;
    case 'alternate':
      generate(node.subs[rng.intn(node.subs.length)]!, rng, out);
      return;
    case 'repeat': {
      const max = node.max < 0 ? MAX_UPPER_BOUND : node.max;
      for (let n = node.min + rng.intn(max - node.min + 1); n > 0; n--) generate(node.sub, rng, out);
    }
  }
}

/** goregen `Generate(pattern)` with the given source. */
export function generateFromPattern(pattern: string, rng: RandomSource): string {
  let node: Node;
  try {
    node = new Parser(pattern).parse();
  } catch (err) {
    throw celError((err as Error).message);
  }
  const out = new Output();
  try {
    generate(simplify(node), rng, out);
  } catch (err) {
    throw celError((err as Error).message);
  }
  return out.text;
}

/** The seed of each library instance's generator. */
export const RANDOM_SEED = 0x6b797665;

/** The `random` library; each instance has its own generator (seeded with `seed`). */
export function randomLibrary(seed: number = RANDOM_SEED): CelLibrary {
  return (env: Environment) => {
    const rng = new RandomSource(seed);
    env.registerFunction('random(): string', () => generateFromPattern(DEFAULT_PATTERN, rng));
    env.registerFunction('random(string): string', (pattern: string) => generateFromPattern(pattern, rng));
    const random = celNamespace(env, 'random');
    env.registerFunction(`${random}.random(): string`, () => generateFromPattern(DEFAULT_PATTERN, rng));
    env.registerFunction(`${random}.random(string): string`, (_: unknown, pattern: string) => generateFromPattern(pattern, rng));
  };
}
