/**
 * @file Go's per-code-point simple case mapping and folding (`strings.ToUpper`, `strings.ToLower`,
 * `strings.EqualFold`). JavaScript's `toUpperCase`/`toLowerCase` apply the full, context-dependent
 * mappings (`ß` → `SS`, `İ` → `i̇`, a final `Σ` → `ς`); Go maps each code point on its own with the
 * simple mapping of UnicodeData.txt, which is what this module reproduces.
 */
import { RE2JS } from 're2js';

/**
 * Simple uppercase mappings of the code points whose full uppercase is several characters but
 * whose simple uppercase is another single code point (the Greek letters with ypogegrammeni).
 */
const SIMPLE_UPPER_EXCEPTIONS: ReadonlyMap<number, number> = new Map([
  ...Array.from({ length: 8 }, (_, i) => [0x1f80 + i, 0x1f88 + i] as const),
  ...Array.from({ length: 8 }, (_, i) => [0x1f90 + i, 0x1f98 + i] as const),
  ...Array.from({ length: 8 }, (_, i) => [0x1fa0 + i, 0x1fa8 + i] as const),
  [0x1fb3, 0x1fbc],
  [0x1fc3, 0x1fcc],
  [0x1ff3, 0x1ffc],
]);

/** U+0130 (İ) is the only code point whose full lowercase differs from its simple one (`i`). */
const SIMPLE_LOWER_EXCEPTIONS: ReadonlyMap<number, number> = new Map([[0x130, 0x69]]);

function mapCodePoints(s: string, full: (c: string) => string, exceptions: ReadonlyMap<number, number>): string {
  let out = '';
  for (const c of s) {
    const mapped = full(c);
    if (Array.from(mapped).length === 1) {
      out += mapped;
      continue;
    }
    const exception = exceptions.get(c.codePointAt(0)!);
    out += exception === undefined ? c : String.fromCodePoint(exception);
  }
  return out;
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Go `strings.ToUpper`. */
export function goToUpper(s: string): string {
  if (ASCII_ONLY.test(s)) return s.toUpperCase();
  return mapCodePoints(s, (c) => c.toUpperCase(), SIMPLE_UPPER_EXCEPTIONS);
}

/** Go `strings.ToLower`. */
export function goToLower(s: string): string {
  if (ASCII_ONLY.test(s)) return s.toLowerCase();
  return mapCodePoints(s, (c) => c.toLowerCase(), SIMPLE_LOWER_EXCEPTIONS);
}

const foldMatchers = new Map<number, RE2JS>();

/**
 * Whether two code points are in the same simple case-folding orbit (Go `unicode.SimpleFold`),
 * using RE2's case-insensitive matching, which is built on the same orbit tables.
 */
function sameFold(a: number, b: number): boolean {
  let matcher = foldMatchers.get(a);
  if (matcher === undefined) {
    matcher = RE2JS.compile(`\\x{${a.toString(16)}}`, RE2JS.CASE_INSENSITIVE);
    foldMatchers.set(a, matcher);
  }
  return matcher.testExact(String.fromCodePoint(b));
}

/** Go `strings.EqualFold`: equal under simple Unicode case folding, code point by code point. */
export function goEqualFold(a: string, b: string): boolean {
  if (a === b) return true;
  const x = Array.from(a);
  const y = Array.from(b);
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    const cx = x[i]!.codePointAt(0)!;
    const cy = y[i]!.codePointAt(0)!;
    if (cx === cy) continue;
    if (cx < 0x80 && cy < 0x80) {
      if ((cx | 0x20) !== (cy | 0x20) || (cx | 0x20) < 0x61 || (cx | 0x20) > 0x7a) return false;
      continue;
    }
    if (!sameFold(cx, cy)) return false;
  }
  return true;
}
