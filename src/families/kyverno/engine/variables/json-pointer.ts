/**
 * @file The rewrite of `{{@}}` into the JMESPath of the same field in the resource
 * (Kyverno `pkg/utils/jsonpointer/pointer.go`: `ParsePath`, `SkipPast`, `SkipN`, `JMESPath`).
 */

/** Kyverno `ParsePath`: splits a traversal path on `/`; `\x` keeps `x`, `"` toggles quoting. */
function parsePath(rawPath: string): string[] {
  const pointer: string[] = [];
  let current = '';
  let escaped = false;
  let quoted = false;
  const flush = (): void => {
    if (current !== '') pointer.push(current);
    current = '';
  };
  for (const ch of rawPath) {
    if (escaped) {
      current += ch;
      escaped = false;
    } else if (ch === '\\') {
      escaped = true;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === '/' && !quoted) {
      flush();
    } else {
      current += ch;
    }
  }
  if (escaped) current += '\ufffd';
  flush();
  return pointer;
}

const MAX_UINT64 = 18446744073709551615n;
const isIndex = (s: string): boolean => /^\d+$/.test(s) && BigInt(s) <= MAX_UINT64;
const isUnquotedFirst = (c: string): boolean => /[(A-Za-z_]/.test(c);
const UNQUOTED_REST = /^[)0-9A-Za-z_]*$/;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** Kyverno `Pointer.JMESPath`: indices as `[n]`, plain names unquoted, anything else quoted. */
function pointerToJmesPath(pointer: readonly string[]): string {
  let out = '';
  for (const component of pointer) {
    if (isIndex(component)) {
      out += `[${component}]`;
      continue;
    }
    if (out.length > 0) out += '.';
    if (isUnquotedFirst(component[0] ?? '') && UNQUOTED_REST.test(component)) {
      out += component;
      continue;
    }
    out += '"';
    for (const ch of component) {
      const code = ch.codePointAt(0)!;
      if (code >= 0x20 && code !== 0x22 && code !== 0x5c) out += ch;
      else out += ESCAPES[ch] ?? `\\u${code.toString(16).padStart(4, '0')}`;
    }
    out += '"';
  }
  return out;
}

/**
 * The JMESPath `{{@}}` stands for at `path`: past a `foreach` segment, the first two segments
 * dropped (all when two or fewer remain), prefixed with `prefix` (`request.object` or `target`).
 */
export function atVariablePath(path: string, prefix: string): string {
  let pointer = parsePath(path);
  pointer = pointer.slice(pointer.indexOf('foreach') + 1);
  pointer = 2 > pointer.length - 1 ? [] : pointer.slice(2);
  return pointerToJmesPath([...prefix.split('.'), ...pointer]);
}
