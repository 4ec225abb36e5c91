/**
 * @file Splitting of values-file keys into path segments, as Kyverno's `AddVariable` does with Go's
 * `encoding/csv` reader and `.` as the separator: `a.b.c` → `a`, `b`, `c`; `"a.b".c` → `a.b`, `c`
 * (`""` inside quotes is a quote). Only the first record counts. Errors carry Go's csv texts.
 */

const ERR_BARE_QUOTE = 'bare " in non-quoted-field';
const ERR_QUOTE = 'extraneous or missing " in quoted-field';

function parseError(line: string, index: number, message: string): Error {
  const column = Buffer.byteLength(line.slice(0, index), 'utf8') + 1;
  return new Error(`parse error on line 1, column ${column}: ${message}`);
}

/**
 * The fields of the first CSV record of `key`. Throws an `Error` with Go's text: `EOF` for an
 * empty key, `parse error on line 1, column N: bare " in non-quoted-field`, ...
 */
export function splitDottedKey(key: string): string[] {
  const line = key.replace(/^(?:\r?\n)+/, '');
  if (line === '') throw new Error('EOF');
  const fields: string[] = [];
  let pos = 0;
  for (;;) {
    if (line[pos] !== '"') {
      let end = pos;
      while (end < line.length && line[end] !== '.' && line[end] !== '\n') end++;
      let field = line.slice(pos, end);
      if (line[end] === '\n' && field.endsWith('\r')) field = field.slice(0, -1);
      const quote = field.indexOf('"');
      if (quote >= 0) throw parseError(line, pos + quote, ERR_BARE_QUOTE);
      fields.push(field);
      if (line[end] !== '.') return fields;
      pos = end + 1;
      continue;
    }
    let field = '';
    let from = pos + 1;
    for (;;) {
      const close = line.indexOf('"', from);
      if (close < 0) throw parseError(line, line.length, ERR_QUOTE);
      field += line.slice(from, close);
      const next = line[close + 1];
      if (next === '"') {
        field += '"';
        from = close + 2;
        continue;
      }
      if (next === '.') {
        fields.push(field);
        pos = close + 2;
        break;
      }
      if (next === undefined || next === '\n' || (next === '\r' && line[close + 2] === '\n')) {
        fields.push(field);
        return fields;
      }
      throw parseError(line, close, ERR_QUOTE);
    }
  }
}
