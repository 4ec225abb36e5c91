/**
 * @file The fixed patterns that find `{{ }}` variables (Kyverno `RegexVariables`,
 * `regexVariableInit`) and the Go byte-slicing quirk shared with `$( )` references.
 */

/** Kyverno `RegexVariables`: an optional non-backslash prefix character, then `{{...}}`. */
export const VARIABLES = /(^|[^\\])(\{\{(?:\{[^{}]*\}|[^{}])*\}\})/g;

/** Kyverno `regexVariableInit`: a variable at the start of the text. */
export const VARIABLE_AT_START = /^\{\{(\{[^{}]*\}|[^{}])*\}\}/;

/** One match of a global pattern, with its position in the searched text. */
interface Match {
  text: string;
  index: number;
}

/** Go `FindAllString` for a global pattern. */
export function findAll(pattern: RegExp, text: string): Match[] {
  const matches: Match[] = [];
  for (const m of text.matchAll(pattern)) matches.push({ text: m[0], index: m.index });
  return matches;
}

/**
 * Go's `v[1:]` on a match that starts with a prefix character: it drops one byte, so a non-ASCII
 * prefix leaves its continuation bytes in front, which Go decodes as U+FFFD each. Kyverno then
 * fails to resolve such a variable or reference, and so does this port.
 */
export function dropPrefix(match: Match, source: string): string {
  const code = match.text.charCodeAt(0);
  const rest = match.text.slice(1);
  if (code < 0x80) return rest;
  let utf8Length: number;
  if (code >= 0xdc00 && code <= 0xdfff && match.index > 0) {
    const high = source.charCodeAt(match.index - 1);
    utf8Length = high >= 0xd800 && high <= 0xdbff ? 4 : 3;
  } else {
    utf8Length = code < 0x800 ? 2 : 3;
  }
  return '\ufffd'.repeat(utf8Length - 1) + rest;
}
