/**
 * @file CEL source text for the pattern translation: literals (strings, ints, doubles) and Kyverno's
 * wildcards (`IGLOU-EU/go-wildcard`, used by kyverno/kyverno ext/wildcard/match.go `Match`) as RE2
 * regular expressions for CEL's `matches`.
 */
import { OPERATORS, topLevel } from './layout.js';

/** A CEL string literal (double-quoted; JSON escapes are valid CEL escapes). */
export function celString(s: string): string {
  return JSON.stringify(s);
}

/** A CEL double literal for a finite number: always with a `.` or an exponent. */
export function celDouble(n: number): string {
  if (Object.is(n, -0)) return '-0.0';
  const text = String(n);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

const RE2_SPECIAL = /[\\.+*?()|[\]{}^$]/g;

/**
 * The RE2 regular expression of a wildcard: `*` any run of characters, `?` exactly one code point,
 * everything else literal, anchored at both ends; `(?s)` lets both match a newline as go-wildcard does.
 */
export function wildcardRegex(pattern: string): string {
  let body = '';
  for (const ch of pattern) {
    if (ch === '*') body += '.*';
    else if (ch === '?') body += '.';
    else body += ch.replace(RE2_SPECIAL, (c) => `\\${c}`);
  }
  return `(?s)^${body}$`;
}

/**
 * A CEL boolean that holds when the string expression `text` matches the wildcard `pattern`
 * (go-wildcard `Match`: `*` alone matches everything, a pattern without `*`/`?` is plain equality).
 */
export function wildcardTest(text: string, pattern: string): string {
  if (pattern === '*') return 'true';
  if (!/[*?]/.test(pattern)) return `${text} == ${celString(pattern)}`;
  return `${text}.matches(${celString(wildcardRegex(pattern))})`;
}

/**
 * Whether the wildcard can match some string over `alphabet` (a regular expression character class): it cannot
 * when one of its literal characters is outside the alphabet. Only a sufficient test for "no match", used to
 * drop comparisons that cannot hold.
 */
export function wildcardMayMatchOver(pattern: string, alphabet: RegExp): boolean {
  for (const ch of pattern) {
    if (ch !== '*' && ch !== '?' && !alphabet.test(ch)) return false;
  }
  return true;
}

/** The operands of a chain of `op` (`a && b && c`), or the term itself. */
function operands(term: string, op: ' && ' | ' || '): string[] {
  const body = isWrapped(term) ? term.slice(1, -1) : term;
  const splits = topLevel(body, OPERATORS);
  if (splits.length === 0 || splits.some((s) => s.sep !== op)) return [term];
  const parts: string[] = [];
  let start = 0;
  for (const { at, sep } of splits) {
    parts.push(body.slice(start, at));
    start = at + sep.length;
  }
  parts.push(body.slice(start));
  return parts;
}

/** `a && b` with constant folding; nested conjunctions are flattened. */
export function and(...terms: string[]): string {
  if (terms.includes('false')) return 'false';
  const kept = terms.filter((t) => t !== 'true');
  if (kept.length === 0) return 'true';
  return kept.length === 1 ? kept[0]! : kept.flatMap((t) => operands(t, ' && ')).map(paren).join(' && ');
}

/** `a || b` with constant folding; nested disjunctions are flattened. */
export function or(...terms: string[]): string {
  if (terms.includes('true')) return 'true';
  const kept = terms.filter((t) => t !== 'false');
  if (kept.length === 0) return 'false';
  return kept.length === 1 ? kept[0]! : kept.flatMap((t) => operands(t, ' || ')).map(paren).join(' || ');
}

/** `!a` with constant folding. */
export function not(term: string): string {
  if (term === 'true') return 'false';
  if (term === 'false') return 'true';
  if (term.startsWith('!(') && isWrapped(term.slice(1))) return term.slice(2, -1);
  return `!${paren(term)}`;
}

/** `c ? a : b` with constant folding. */
export function ifThen(c: string, a: string, b: string): string {
  if (c === 'true') return a;
  if (c === 'false') return b;
  if (a === b) return a;
  if (a === 'true' && b === 'false') return c;
  if (a === 'false' && b === 'true') return not(c);
  if (b === 'false') return and(c, a);
  if (a === 'true') return or(c, b);
  if (a === 'false') return and(not(c), b);
  if (b === 'true') return or(not(c), a);
  return `(${paren(c)} ? ${paren(a)} : ${paren(b)})`;
}

/** Parenthesises a term unless it is atomic. */
export function paren(term: string): string {
  if (/^[\w.]+$/.test(term) || /^"(?:[^"\\]|\\.)*"$/.test(term)) return term;
  if (isWrapped(term)) return term;
  // A call or a selection chain ending in a call: `has(a.b)`, `a.b.all(e, …)`.
  const call = /^[\w.]+(?=\()/.exec(term);
  if (call !== null && isWrapped(term.slice(call[0].length))) return term;
  return `(${term})`;
}

function isWrapped(term: string): boolean {
  if (!term.startsWith('(') || !term.endsWith(')')) return false;
  let depth = 0;
  let quote = false;
  for (let i = 0; i < term.length; i++) {
    const c = term[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === '"') quote = false;
      continue;
    }
    if (c === '"') quote = true;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0 && i < term.length - 1) return false;
    }
  }
  return true;
}
