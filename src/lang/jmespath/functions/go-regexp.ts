/**
 * @file Go `regexp` for Kyverno's regex functions, on re2js (RE2 syntax, linear-time matching,
 * Go's error texts such as `` error parsing regexp: missing closing ]: `[` ``). Adds what re2js
 * does not do the Go way: `ReplaceAll`'s handling of empty matches and `Regexp.Expand`'s template
 * rules (`$1`, `${1}`, `$name`, `$$`; the longest name wins, unknown groups expand to nothing).
 */
import type { Matcher, RE2JS } from 're2js';
import { compileRe2 } from '../../../util/go-regexp.js';

/** Go `regexp.Compile` (cached by pattern); throws an `Error` with Go's message. */
export function compileGoRegexp(pattern: string): RE2JS {
  const re = compileRe2(pattern);
  if (typeof re === 'string') throw new Error(re);
  return re;
}

/** Width in UTF-16 code units of the code point at `index` (0 at the end of the text). */
function codePointWidth(s: string, index: number): number {
  if (index >= s.length) return 0;
  const c = s.charCodeAt(index);
  if (c >= 0xd800 && c <= 0xdbff && index + 1 < s.length) {
    const d = s.charCodeAt(index + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

const NAME_CHAR = /[\p{L}\p{Nd}_]/u;

interface TemplateReference {
  name: string;
  /** Group number, or -1 for a named reference. */
  num: number;
  /** Length of the reference text after the `$`. */
  length: number;
}

/** Go `extract`: the group reference at the start of `s` (after a `$`), or null when malformed. */
function extractReference(s: string): TemplateReference | null {
  const brace = s[0] === '{';
  let i = brace ? 1 : 0;
  for (const c of s.slice(i)) {
    if (!NAME_CHAR.test(c)) break;
    i += c.length;
  }
  const name = s.slice(brace ? 1 : 0, i);
  if (name === '') return null;
  if (brace) {
    if (s[i] !== '}') return null;
    i++;
  }
  let num = 0;
  for (const c of name) {
    if (c < '0' || c > '9' || num >= 1e8) {
      num = -1;
      break;
    }
    num = num * 10 + (c.charCodeAt(0) - 48);
  }
  if (name[0] === '0' && name.length > 1) num = -1;
  return { name, num, length: i };
}

/** Go `Regexp.Expand` of `template` for the current match of `matcher`. */
function expandTemplate(template: string, matcher: Matcher, names: Record<string, number>): string {
  let out = '';
  let rest = template;
  for (;;) {
    const dollar = rest.indexOf('$');
    if (dollar < 0) break;
    out += rest.slice(0, dollar);
    rest = rest.slice(dollar + 1);
    if (rest[0] === '$') {
      out += '$';
      rest = rest.slice(1);
      continue;
    }
    const ref = extractReference(rest);
    if (ref === null) {
      out += '$';
      continue;
    }
    rest = rest.slice(ref.length);
    const group = ref.num >= 0 ? ref.num : (names[ref.name] ?? -1);
    if (group >= 0 && group <= matcher.groupCount() && matcher.start(group) >= 0) {
      out += matcher.group(group) ?? '';
    }
  }
  return out + rest;
}

/**
 * Go `Regexp.ReplaceAll` (template expansion) or `ReplaceAllLiteral` (`literal`): every
 * leftmost-first match is replaced, except an empty match right after the previous match.
 */
export function goReplaceAll(re: RE2JS, src: string, replacement: string, literal: boolean): string {
  const matcher = re.matcher(src);
  const names = literal || !replacement.includes('$') ? {} : re.namedGroups();
  const end = src.length;
  let out = '';
  let lastMatchEnd = 0;
  let searchPos = 0;
  while (searchPos <= end && matcher.find(searchPos)) {
    const start = matcher.start(0);
    const stop = matcher.end(0);
    out += src.slice(lastMatchEnd, start);
    if (stop > lastMatchEnd || start === 0) {
      out += literal ? replacement : expandTemplate(replacement, matcher, names);
    }
    lastMatchEnd = stop;
    const width = codePointWidth(src, searchPos);
    if (searchPos + width > stop) searchPos += width;
    else if (searchPos + 1 > stop) searchPos++;
    else searchPos = stop;
  }
  return out + src.slice(lastMatchEnd);
}
