/**
 * @file Multi-line layout of a generated CEL expression: only white space is inserted between tokens (never inside
 * a string literal), so the laid-out text is the same expression.
 */

const WIDTH = 100;
/** The binary and ternary operators generated expressions are split at. */
export const OPERATORS = [' && ', ' || ', ' ? ', ' : '];

/** Depth-0 positions of `seps` in `s` (outside brackets and string literals). */
export function topLevel(s: string, seps: readonly string[]): { at: number; sep: string }[] {
  const found: { at: number; sep: string }[] = [];
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"') {
      for (i++; i < s.length && s[i] !== '"'; i++) if (s[i] === '\\') i++;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0) {
      const sep = seps.find((x) => s.startsWith(x, i));
      if (sep !== undefined) {
        found.push({ at: i, sep });
        i += sep.length - 1;
      }
    }
  }
  return found;
}

/** The index of the bracket closing the one at `open`. */
function closing(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"') {
      for (i++; i < s.length && s[i] !== '"'; i++) if (s[i] === '\\') i++;
      continue;
    }
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function format(s: string, indent: string): string {
  if (indent.length + s.length <= WIDTH) return s;
  const inner = indent + '  ';
  const splits = topLevel(s, OPERATORS);
  if (splits.length > 0) {
    const lines: string[] = [];
    let start = 0;
    for (const { at, sep } of splits) {
      lines.push(format(s.slice(start, at), indent) + sep.trimEnd());
      start = at + sep.length;
    }
    lines.push(format(s.slice(start), indent));
    return lines.join('\n' + indent);
  }
  // A parenthesised expression or a call whose argument list ends the text: one argument per line.
  const open = s.search(/[([]/);
  if (open >= 0 && closing(s, open) === s.length - 1) {
    const body = s.slice(open + 1, -1);
    const args = topLevel(body, [', ']);
    const parts: string[] = [];
    let start = 0;
    for (const { at } of args) {
      parts.push(body.slice(start, at));
      start = at + 2;
    }
    parts.push(body.slice(start));
    const laid = parts.map((p) => inner + format(p, inner)).join(',\n');
    return `${s.slice(0, open + 1)}\n${laid}\n${indent}${s[s.length - 1]}`;
  }
  return s;
}

/** The expression laid out on lines of about 100 characters, nested parts indented. */
export function layout(expression: string): string {
  return format(expression, '');
}
