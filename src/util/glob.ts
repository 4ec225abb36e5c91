/**
 * @file Glob patterns with the semantics of `github.com/gobwas/glob` compiled without separators, as Kyverno compiles
 * an ImageValidatingPolicy's `matchImageReferences[].glob` (kyverno/kyverno pkg/cel/compiler/compiler.go,
 * `CompileMatchImageReference`: `glob.Compile(pattern)`): `*` and `**` match any run of characters, `?` one character
 * (a code point), `[abc]`, `[a-z]` and `[!…]` one character of (or not of) a class, `{a,b}` one of the alternatives
 * (which may hold patterns themselves), `\` escapes the next character. Matching is anchored at both ends.
 */

/** A compiled glob. */
export interface Glob {
  readonly pattern: string;
  match(text: string): boolean;
}

export type GlobResult = { ok: true; glob: Glob } | { ok: false; error: string };

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/-]/;

function literal(char: string): string {
  return REGEX_SPECIAL.test(char) ? `\\${char}` : char;
}

class GlobSyntaxError extends Error {}

/** Compiles a glob (gobwas `glob.Compile` without separators); a syntax error is returned, never thrown. */
export function compileGlob(pattern: string): GlobResult {
  const chars = Array.from(pattern);
  let index = 0;
  /** Parses up to the end, or (inside braces) up to an unescaped `,` or `}`. */
  const sequence = (inBraces: boolean): string => {
    let out = '';
    while (index < chars.length) {
      const char = chars[index]!;
      if (inBraces && (char === ',' || char === '}')) return out;
      index++;
      if (char === '\\') {
        if (index >= chars.length) throw new GlobSyntaxError('unexpected end of input after escape character');
        out += literal(chars[index++]!);
      } else if (char === '*') {
        while (chars[index] === '*') index++;
        out += '.*';
      } else if (char === '?') {
        out += '.';
      } else if (char === '[') {
        out += characterClass();
      } else if (char === '{') {
        const alternatives: string[] = [];
        for (;;) {
          alternatives.push(sequence(true));
          if (index >= chars.length) throw new GlobSyntaxError('unexpected end of input: unclosed {');
          if (chars[index++] === '}') break;
        }
        out += `(?:${alternatives.join('|')})`;
      } else {
        out += literal(char);
      }
    }
    return out;
  };
  const characterClass = (): string => {
    let negated = false;
    if (chars[index] === '!') {
      negated = true;
      index++;
    }
    let out = '';
    let empty = true;
    while (index < chars.length && chars[index] !== ']') {
      let char = chars[index++]!;
      if (char === '\\' && index < chars.length) char = chars[index++]!;
      if (chars[index] === '-' && index + 1 < chars.length && chars[index + 1] !== ']') {
        const to = chars[index + 1]!;
        index += 2;
        if (to.codePointAt(0)! < char.codePointAt(0)!) throw new GlobSyntaxError(`invalid range ${char}-${to}`);
        out += `${literal(char)}-${literal(to)}`;
      } else {
        out += literal(char);
      }
      empty = false;
    }
    if (index >= chars.length) throw new GlobSyntaxError('unexpected end of input: unclosed [');
    index++;
    if (empty) throw new GlobSyntaxError('empty character class');
    return negated ? `[^${out}]` : `[${out}]`;
  };
  try {
    const source = sequence(false);
    if (index < chars.length) throw new GlobSyntaxError(`unexpected ${chars[index]}`);
    const regex = new RegExp(`^(?:${source})$`, 'su');
    return { ok: true, glob: { pattern, match: (text) => regex.test(text) } };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
