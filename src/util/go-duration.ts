/**
 * @file Go `time.Duration` parsing and formatting (`time.ParseDuration`, `Duration.String`), in
 * nanoseconds held as `bigint`. Used by pattern comparison, condition operators and the duration
 * arithmetic of the JMESPath functions.
 */

const NS_PER_UNIT: ReadonlyMap<string, bigint> = new Map([
  ['ns', 1n],
  ['us', 1_000n],
  ['\u00b5s', 1_000n], // µs, MICRO SIGN
  ['\u03bcs', 1_000n], // μs, GREEK SMALL LETTER MU
  ['ms', 1_000_000n],
  ['s', 1_000_000_000n],
  ['m', 60_000_000_000n],
  ['h', 3_600_000_000_000n],
]);

const TWO_63 = 1n << 63n;
const MAX_INT64 = TWO_63 - 1n;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * Parses a Go duration string (`300ms`, `-1.5h`, `2h45m`, `0`) into nanoseconds, exactly as Go's
 * `time.ParseDuration`: an optional sign, then one or more `<number><unit>` pairs; fractions are
 * converted through float64 like Go does; out-of-range values are rejected. Returns `null` where
 * Go returns an error.
 */
export function parseGoDuration(input: string): bigint | null {
  let s = input;
  let neg = false;
  if (s.length > 0 && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s.length === 0) return null;

  let i = 0;
  const n = s.length;
  let total = 0n;
  while (i < n) {
    const first = s.charCodeAt(i);
    if (!(first === 0x2e || isDigit(first))) return null;

    // Integer part: Go's leadingInt rejects values above 2^63.
    const intStart = i;
    let v = 0n;
    while (i < n && isDigit(s.charCodeAt(i))) {
      if (v > TWO_63 / 10n) return null;
      v = v * 10n + BigInt(s.charCodeAt(i) - 0x30);
      if (v > TWO_63) return null;
      i++;
    }
    const pre = i !== intStart;

    // Fraction: Go's leadingFraction stops accumulating precision on overflow.
    let f = 0n;
    let scale = 1;
    let post = false;
    if (i < n && s.charCodeAt(i) === 0x2e) {
      i++;
      const fracStart = i;
      let overflow = false;
      while (i < n && isDigit(s.charCodeAt(i))) {
        if (!overflow) {
          if (f > MAX_INT64 / 10n) {
            overflow = true;
          } else {
            const y = f * 10n + BigInt(s.charCodeAt(i) - 0x30);
            if (y > TWO_63) {
              overflow = true;
            } else {
              f = y;
              scale *= 10;
            }
          }
        }
        i++;
      }
      post = i !== fracStart;
    }
    if (!pre && !post) return null;

    const unitStart = i;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 0x2e || isDigit(c)) break;
      i++;
    }
    if (i === unitStart) return null;
    const unit = NS_PER_UNIT.get(s.slice(unitStart, i));
    if (unit === undefined) return null;

    if (v > TWO_63 / unit) return null;
    v *= unit;
    if (f > 0n) {
      // float64 is what Go uses here: uint64(float64(f) * (float64(unit) / scale)).
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > TWO_63) return null;
    }
    total += v;
    if (total > TWO_63) return null;
  }
  if (neg) return -total;
  if (total > MAX_INT64) return null;
  return total;
}

/** Renders `v / 10^prec` fraction digits as Go's `fmtFrac` does: trailing zeros and a bare `.` dropped. */
function fraction(v: bigint, prec: number): { digits: string; rest: bigint } {
  let digits = '';
  let printed = false;
  let u = v;
  for (let k = 0; k < prec; k++) {
    const digit = u % 10n;
    printed = printed || digit !== 0n;
    if (printed) digits = digit.toString() + digits;
    u /= 10n;
  }
  return { digits: printed ? '.' + digits : '', rest: u };
}

/**
 * Formats nanoseconds as Go's `Duration.String`: `0s`, `500ms`, `1.5µs`, `100ns`, `1m30s`, `1h0m5s`,
 * `-2m0s`. Values are interpreted as int64 (wrapping like Go for out-of-range inputs).
 */
export function formatGoDuration(ns: bigint): string {
  const d = BigInt.asIntN(64, ns);
  const neg = d < 0n;
  // -2^63 has no positive int64 counterpart; Go works on the uint64 magnitude, as done here.
  const u = neg ? -d : d;
  let out: string;
  if (u < 1_000_000_000n) {
    if (u === 0n) return '0s';
    if (u < 1_000n) {
      out = `${u}ns`;
    } else if (u < 1_000_000n) {
      const { digits, rest } = fraction(u, 3);
      out = `${rest}${digits}\u00b5s`;
    } else {
      const { digits, rest } = fraction(u, 6);
      out = `${rest}${digits}ms`;
    }
  } else {
    const { digits, rest } = fraction(u, 9);
    const seconds = rest % 60n;
    const minutesTotal = rest / 60n;
    out = `${seconds}${digits}s`;
    if (minutesTotal > 0n) {
      out = `${minutesTotal % 60n}m${out}`;
      const hours = minutesTotal / 60n;
      if (hours > 0n) out = `${hours}h${out}`;
    }
  }
  return neg ? '-' + out : out;
}
