/**
 * @file Kyverno's `regex_replace_all(regex, src, replacement)` and `regex_replace_all_literal` (kyverno/kyverno
 * pkg/engine/jmespath/functions.go `jpRegexReplaceAll`, `jpRegexReplaceAllLiteral`: Go `regexp.ReplaceAll` /
 * `ReplaceAllLiteral` of `src`) as cel-go's `regex.replace(target, pattern, replacement)` (ext/regex.go: RE2 as
 * well, every match replaced, the replacement's `\N` inserting group N and `\\` a backslash).
 *
 * The regex and the replacement must be literals: Go's template (`$1`, `${1}`, `$name`, `$$`, the longest name
 * wins, an unknown group expands to nothing, a malformed reference is a literal `$`; regexp.Regexp.Expand) is
 * rewritten for cel-go at translation time, where the regex's groups are known. `src` is a string (Kyverno also
 * formats numbers, with float32 precision: the translation fails on them).
 */
import type { AstNode } from '../lang/jmespath/ast.js';
import { compileGoRegexp } from '../lang/jmespath/functions/go-regexp.js';
import { celString } from './pattern/cel-text.js';

export interface RegexReplaceOperand {
  readonly expression: string;
}

const NAME_CHAR = /[\p{L}\p{Nd}_]/u;

/** Go's expansion template as a cel-go replacement; null when a group number has two digits (cel-go has `\0`–`\9`). */
export function celReplacement(template: string, groupCount: number, names: Readonly<Record<string, number>>): string | null {
  let out = '';
  let rest = template;
  const literal = (text: string): string => text.replaceAll('\\', '\\\\');
  for (;;) {
    const dollar = rest.indexOf('$');
    if (dollar < 0) break;
    out += literal(rest.slice(0, dollar));
    rest = rest.slice(dollar + 1);
    if (rest[0] === '$') {
      out += '$';
      rest = rest.slice(1);
      continue;
    }
    // Go `extract`.
    const brace = rest[0] === '{';
    let i = brace ? 1 : 0;
    for (const c of rest.slice(i)) {
      if (!NAME_CHAR.test(c)) break;
      i += c.length;
    }
    const name = rest.slice(brace ? 1 : 0, i);
    if (name === '' || (brace && rest[i] !== '}')) {
      out += '$';
      continue;
    }
    if (brace) i++;
    rest = rest.slice(i);
    let num = /^[0-9]+$/.test(name) && !(name[0] === '0' && name.length > 1) && name.length <= 8 ? Number(name) : -1;
    if (num < 0) num = names[name] ?? -1;
    if (num < 0 || num > groupCount) continue;
    if (num > 9) return null;
    out += `\\${num}`;
  }
  return out + literal(rest);
}

/**
 * The CEL of the call, or the reason there is none. `args` are the translated arguments (the source is the second),
 * `nodes` their JMESPath nodes; `bind` binds the source to a fresh name.
 */
export function translateRegexReplace(literal: boolean, nodes: readonly AstNode[], args: readonly RegexReplaceOperand[], bind: (value: string, body: (name: string) => string) => string): string | { reason: string } {
  const [pattern, , replacement] = nodes;
  if (pattern?.type !== 'Literal' || typeof pattern.value !== 'string') return { reason: 'a regex that is not a string literal' };
  if (replacement?.type !== 'Literal' || typeof replacement.value !== 'string') return { reason: 'a replacement that is not a string literal' };
  let re;
  try {
    re = compileGoRegexp(pattern.value);
  } catch (error) {
    return { reason: `the regex does not compile: ${(error as Error).message}` };
  }
  const cel = literal ? replacement.value.replaceAll('\\', '\\\\') : celReplacement(replacement.value, re.groupCount(), re.namedGroups());
  if (cel === null) return { reason: 'a replacement referring to a group beyond 9' };
  const call = (s: string): string =>
    `type(${s}) == string ? regex.replace(${s}, ${celString(pattern.value as string)}, ${celString(cel)}) : dyn({})["regex_replace_all of a value that is not a string"]`;
  return bind(args[1]!.expression, call);
}
