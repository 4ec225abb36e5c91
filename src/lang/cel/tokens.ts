/**
 * @file The tokens of a CEL expression as the source scanners before parsing need them (optional entries,
 * message constructions): identifiers, numbers, string literals (every quote form and prefix, as cel-js's
 * `readString` reads them) and single punctuation characters, with `//` comments and whitespace skipped.
 */

export interface CelToken {
  readonly kind: 'identifier' | 'number' | 'string' | 'punctuation';
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The offset after the string literal whose opening quote is at `quote` (cel-js `readString`); in a raw string
 * (`r"…"`) a backslash escapes nothing.
 */
function skipString(source: string, quote: number, raw: boolean): number {
  const q = source[quote]!;
  const triple = source[quote + 1] === q && source[quote + 2] === q;
  let i = quote + (triple ? 3 : 1);
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\' && !raw) i += 2;
    else if (c === q && (!triple || (source[i + 1] === q && source[i + 2] === q))) return i + (triple ? 3 : 1);
    else i++;
  }
  return i;
}

const PREFIX = /[rRbB]/;

/** The tokens of `source`, in order. */
export function celTokens(source: string): CelToken[] {
  const tokens: CelToken[] = [];
  const n = source.length;
  let i = 0;
  const push = (kind: CelToken['kind'], start: number): void => {
    tokens.push({ kind, start, end: i, text: source.slice(start, i) });
  };
  while (i < n) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === '/' && source[i + 1] === '/') {
      while (i < n && source[i] !== '\n') i++;
      continue;
    }
    const start = i;
    let quote = c === '"' || c === "'" ? i : -1;
    if (quote < 0 && PREFIX.test(c)) {
      if (source[i + 1] === '"' || source[i + 1] === "'") quote = i + 1;
      else if (PREFIX.test(source[i + 1] ?? '') && (source[i + 2] === '"' || source[i + 2] === "'")) quote = i + 2;
    }
    if (quote >= 0) {
      i = skipString(source, quote, /[rR]/.test(source.slice(start, quote)));
      push('string', start);
    } else if (/[A-Za-z_]/.test(c)) {
      while (i < n && /[A-Za-z0-9_]/.test(source[i]!)) i++;
      push('identifier', start);
    } else if (/[0-9]/.test(c)) {
      while (i < n && /[0-9A-Za-z_.]/.test(source[i]!)) {
        if (source[i] === '.' && !/[0-9]/.test(source[i + 1] ?? '')) break;
        i++;
      }
      push('number', start);
    } else {
      i++;
      push('punctuation', start);
    }
  }
  return tokens;
}
