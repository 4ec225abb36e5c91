/**
 * @file JSON-encoded string lists in condition values (`"[\"a\", \"b\"]"`, typically a ConfigMap
 * entry), decoded as Go's `json.Unmarshal` into a `[]string` does: `null` is an empty list, `null`
 * elements become `""`, anything else that is not an array of strings is an error.
 */

/** The result of trying to decode a string as a JSON string list. */
export type StringListDecoding =
  | { kind: 'list'; list: string[] }
  | { kind: 'invalid-json' }
  | { kind: 'not-a-string-list' };

/** Decodes `text` as `json.Unmarshal(text, &[]string{})` would. */
export function decodeStringList(text: string): StringListDecoding {
  // Most texts cannot be JSON at all: tell so without the cost of a thrown SyntaxError.
  if (!mayBeJson(text)) return INVALID_JSON;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
  if (parsed === null) return { kind: 'list', list: [] };
  if (!Array.isArray(parsed)) return { kind: 'not-a-string-list' };
  const list: string[] = [];
  for (const element of parsed) {
    if (typeof element === 'string') list.push(element);
    else if (element === null) list.push('');
    else return { kind: 'not-a-string-list' };
  }
  return { kind: 'list', list };
}

const INVALID_JSON: StringListDecoding = Object.freeze({ kind: 'invalid-json' });

/** Whether `JSON.parse` can accept `text`: its first non-whitespace character can start a JSON value. */
function mayBeJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // JSON white space: tab, line feed, carriage return, space.
    if (code === 0x09 || code === 0x0a || code === 0x0d || code === 0x20) continue;
    // `{`, `[`, `"`, `t`, `f`, `n`, `-`, digits.
    return code === 0x7b || code === 0x5b || code === 0x22 || code === 0x74 || code === 0x66 || code === 0x6e || code === 0x2d || (code >= 0x30 && code <= 0x39);
  }
  return false;
}
