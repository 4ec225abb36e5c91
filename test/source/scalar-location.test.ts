import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Document, parseDocument, type Scalar } from 'yaml';
import { expandLists, parseDocuments } from '../../src/source/parse.js';
import { locateInScalar, scalarSourceMap } from '../../src/source/scalar-location.js';
import { mapScalar } from '../../src/source/scalar-map.js';
import type { JsonValue } from '../../src/types.js';

const EXPRESSION = ['spec', 'validations', 0, 'expression'];

/** A ValidatingPolicy whose first validation's expression is written `written` (after `expression:`). */
function policy(written: string, eol = '\n'): string {
  return [
    'apiVersion: policies.kyverno.io/v1',
    'kind: ValidatingPolicy',
    'metadata:',
    '  name: p',
    'spec:',
    '  validations:',
    `  - expression: ${written}`,
    '    message: m',
    '',
  ]
    .join('\n')
    .replace(/\n/g, eol);
}

function located(text: string, start: number, end: number, file = 'p.yaml', path: (string | number)[] = EXPRESSION) {
  const { documents } = parseDocuments(file, text);
  return locateInScalar({ file, text }, documents[0]!, path, start, end);
}

/** The text between two 1-based positions of `text` (lines split on `\n`). */
function between(text: string, from: { line: number; column: number }, to: { line: number; column: number }): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; column: number }) => lines.slice(0, p.line - 1).reduce((n, line) => n + line.length + 1, 0) + p.column - 1;
  return text.slice(offset(from), offset(to));
}

describe('locateInScalar', () => {
  // [style, the expression as written after `expression:` (line 7, column 17), the expression's value, a part of
  //  it, where that part is]
  const rows: [string, string, string, string, [number, number, number, number]][] = [
    ['plain', 'object.spec.image != "x"', 'object.spec.image != "x"', 'image', [7, 29, 7, 34]],
    ['plain, folded over lines', 'object.spec.containers.all(c,\n      c.image != "é😀")', 'object.spec.containers.all(c, c.image != "é😀")', 'c.image', [8, 7, 8, 14]],
    ['plain, an empty line is a newline', 'a &&\n\n      b', 'a &&\nb', 'b', [9, 7, 9, 8]],
    ['single-quoted', "'has(object.x) && object.x != ''y'''", "has(object.x) && object.x != 'y'", "'y'", [7, 47, 7, 52]],
    ['single-quoted, folded', "'object.x\n      == ''é'''", "object.x == 'é'", "'é'", [8, 10, 8, 15]],
    ['double-quoted with escapes', '"object.x == \\"a\\tb\\" && y"', 'object.x == "a\tb" && y', 'a\tb', [7, 32, 7, 36]],
    ['double-quoted, \\u and \\U escapes', '"x == \'\\u00e9\\U0001F600\' && z"', "x == 'é😀' && z", 'é😀', [7, 24, 7, 40]],
    ['double-quoted, escaped line break', '"object.spec.\\\n      containers.size() > 0"', 'object.spec.containers.size() > 0', 'containers', [8, 7, 8, 17]],
    ['double-quoted, folded', '"a ==\n      \'b\'"', "a == 'b'", "'b'", [8, 7, 8, 10]],
    ['literal block', '|\n      object.spec.containers.all(c,\n        c.image.endsWith(":latest") == false)', 'object.spec.containers.all(c,\n  c.image.endsWith(":latest") == false)\n', 'c.image', [9, 9, 9, 16]],
    ['literal block, strip, more-indented', '|-\n      a &&\n          b', 'a &&\n    b', 'b', [9, 11, 9, 12]],
    ['literal block, keep', '|+\n      a\n', 'a\n\n', 'a', [8, 7, 8, 8]],
    ['literal block, indentation indicator', '|2\n       a\n      b', ' a\nb\n', 'a', [8, 8, 8, 9]],
    ['folded block', '>\n      a &&\n      b\n\n      c', 'a && b\nc\n', 'b', [9, 7, 9, 8]],
    ['folded block, more-indented', '>-\n      a\n        b\n      c', 'a\n  b\nc', 'b', [9, 9, 9, 10]],
  ];

  it.each(rows)('%s', (_style, written, value, part, [line, column, endLine, endColumn]) => {
    const text = policy(written);
    const { documents } = parseDocuments('p.yaml', text);
    expect((documents[0]!.value as { spec: { validations: { expression: string }[] } }).spec.validations[0]!.expression).toBe(value);
    const start = value.indexOf(part);
    expect(start).toBeGreaterThanOrEqual(0);
    const location = located(text, start, start + part.length);
    expect(location).toEqual({ file: 'p.yaml', line, column, endLine, endColumn });
  });

  it.each(rows)('%s, with CRLF line breaks', (_style, written, value, part, [line, column, endLine, endColumn]) => {
    const text = policy(written, '\r\n');
    const start = value.indexOf(part);
    expect(located(text, start, start + part.length)).toEqual({ file: 'p.yaml', line, column, endLine, endColumn });
  });

  it('spans lines, leaving out a fold at either end of the range', () => {
    const text = policy('a &&\n      bb &&\n      c');
    // 'a && bb && c': ' bb && ' starts and ends with folded spaces, 'bb &&' is what is located.
    expect(located(text, 4, 11)).toEqual({ file: 'p.yaml', line: 8, column: 7, endLine: 8, endColumn: 12 });
    // 'a && bb': from line 7 to line 8.
    expect(located(text, 0, 7)).toEqual({ file: 'p.yaml', line: 7, column: 17, endLine: 8, endColumn: 9 });
    // The fold alone is located at the line break.
    expect(located(text, 4, 5)).toEqual({ file: 'p.yaml', line: 7, column: 21, endLine: 8, endColumn: 7 });
  });

  it('maps an escape as a whole, even for a part of what it stands for', () => {
    const text = policy('"\\U0001F600!"');
    // The emoji is two UTF-16 units, both read from the 10-character escape.
    expect(located(text, 1, 2)).toEqual({ file: 'p.yaml', line: 7, column: 18, endLine: 7, endColumn: 28 });
    expect(located(text, 2, 3)).toEqual({ file: 'p.yaml', line: 7, column: 28, endLine: 7, endColumn: 29 });
  });

  it('takes empty and out-of-range offsets as points and clamps them', () => {
    const text = policy('abc');
    expect(located(text, 1, 1)).toEqual({ file: 'p.yaml', line: 7, column: 18, endLine: 7, endColumn: 18 });
    expect(located(text, 3, 3)).toEqual({ file: 'p.yaml', line: 7, column: 20, endLine: 7, endColumn: 20 });
    expect(located(text, -4, 99)).toEqual({ file: 'p.yaml', line: 7, column: 17, endLine: 7, endColumn: 20 });
    expect(located(text, 2, 1)).toEqual({ file: 'p.yaml', line: 7, column: 19, endLine: 7, endColumn: 19 });
  });

  it.each([
    ['in a sequence', 'spec:\n  validations:\n  - |1\n     a\n', ['spec', 'validations', 0], '  a\n', 'a', [4, 6, 4, 7]],
    ['in a map in a sequence', 'spec:\n  validations:\n  - expression: >2-\n       b\n      c\n', EXPRESSION, ' b\nc', 'c', [5, 7, 5, 8]],
  ])('adds an indentation indicator to the indentation of the collection holding the scalar, %s', (_name, text, path, value, part, [line, column, endLine, endColumn]) => {
    const { documents } = parseDocuments('i.yaml', text);
    const found = scalarSourceMap({ file: 'i.yaml', text }, documents[0]!, path);
    expect(found?.map.value).toBe(value);
    const start = value.indexOf(part);
    expect(locateInScalar({ file: 'i.yaml', text }, documents[0]!, path, start, start + 1)).toEqual({ file: 'i.yaml', line, column, endLine, endColumn });
  });

  it('counts columns after a byte order mark as the other locations do', () => {
    expect(located(`\ufeff${policy('abc')}`, 0, 3)).toEqual({ file: 'p.yaml', line: 7, column: 17, endLine: 7, endColumn: 20 });
  });

  it('finds the scalar in any document of a stream and in an item of a kind: List', () => {
    const stream = `${policy('first')}---\n${policy('sec\n      ond')}`;
    const { documents } = parseDocuments('s.yaml', stream);
    expect(locateInScalar({ file: 's.yaml', text: stream }, documents[1]!, EXPRESSION, 3, 6)).toEqual({
      file: 's.yaml',
      line: 17,
      column: 7,
      endLine: 17,
      endColumn: 9,
    });
    const list = ['apiVersion: v1', 'kind: List', 'items:', '- kind: ValidatingPolicy', '  spec:', '    validations:', '    - expression: "a.b"', ''].join('\n');
    const items = expandLists(parseDocuments('l.yaml', list).documents);
    expect(locateInScalar({ file: 'l.yaml', text: list }, items[0]!, EXPRESSION, 2, 3)).toEqual({
      file: 'l.yaml',
      line: 7,
      column: 22,
      endLine: 7,
      endColumn: 23,
    });
  });

  it.each([
    ['a path to nothing', policy('abc'), ['spec', 'validations', 3, 'expression']],
    ['a path to a map', policy('abc'), ['spec', 'validations', 0]],
    ['a non-string value', policy('12'), EXPRESSION],
    ['an empty string', policy('""'), EXPRESSION],
    ['an alias', 'x: &a "abc"\nspec:\n  validations:\n  - expression: *a\n', EXPRESSION],
    ['a tagged scalar read differently', 'spec:\n  validations:\n  - expression: !!binary YWJj\n', EXPRESSION],
  ])('gives null for %s', (_name, text, path) => {
    expect(located(text, 0, 1, 'p.yaml', path)).toBeNull();
  });
});

describe('mapScalar', () => {
  it.each([
    ['a lone CR in a line break', 'x: "a\r  b"\n', 'QUOTE_DOUBLE', 3, 10],
    ['an unknown escape', 'x: "a\\qb"\n', 'QUOTE_DOUBLE', 3, 9],
    ['a truncated escape', 'x: "a\\u12"\n', 'QUOTE_DOUBLE', 3, 10],
    ['a lone quote', "x: 'a'b'\n", 'QUOTE_SINGLE', 3, 8],
    ['a bad block header', 'x: |x\n  a\n', 'BLOCK_LITERAL', 3, 10],
  ] as const)('gives null for %s', (_name, text, style, start, end) => {
    expect(mapScalar(text, { style, start, end, indent: 0 })).toBeNull();
  });
});

/** The strings of every `expression`-like field under `value`, with their paths. */
function expressionsOf(value: JsonValue, prefix: (string | number)[], out: (string | number)[][]): void {
  if (Array.isArray(value)) value.forEach((item, i) => expressionsOf(item, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && /^(expression|messageExpression|condition|.*Expression)$/.test(key)) out.push([...prefix, key]);
      else expressionsOf(item, [...prefix, key], out);
    }
  }
}

function policyFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...policyFiles(full));
    else if (/\.ya?ml$/.test(name)) out.push(full);
  }
  return out;
}

describe('locateInScalar over the corpus', () => {
  it('maps every CEL expression of the kyverno/policies policies character by character', () => {
    const root = path.resolve(__dirname, '../../../shared/corpus/kyverno-policies');
    let expressions = 0;
    const failures: string[] = [];
    for (const file of policyFiles(root)) {
      const text = readFileSync(file, 'utf8');
      if (!/policies\.kyverno\.io|\bcel:/.test(text)) continue;
      for (const document of expandLists(parseDocuments(file, text).documents)) {
        const paths: (string | number)[][] = [];
        expressionsOf(document.value, [], paths);
        for (const exprPath of paths) {
          expressions++;
          const found = scalarSourceMap({ file, text }, document, exprPath);
          if (found === null) failures.push(`${file}: ${exprPath.join('.')}`);
          else {
            // Every character copied from the source is where the map says.
            found.map.verbatim.forEach((verbatim, i) => {
              if (verbatim && found.text[found.map.starts[i]!] !== found.map.value[i]) failures.push(`${file}: ${exprPath.join('.')} @${i}`);
            });
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(expressions).toBeGreaterThan(400);
  });
});

describe('locateInScalar round trip', () => {
  const STYLES = ['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;
  const alphabet = fc.constantFrom('a', 'b', 'c', 'd', ' ', ' ', ' ', '\n', '\t', "'", '"', '\\', 'é', '😀', '#', ':', '-', '.', '(', '\u0085');

  it('puts every character copied from the source at the position it is mapped to', () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(
        fc.array(alphabet, { minLength: 1, maxLength: 60 }).map((chars) => chars.join('')),
        fc.constantFrom(...STYLES),
        fc.boolean(),
        fc.integer({ min: 8, max: 30 }),
        (value, style, crlf, lineWidth) => {
          const document = new Document({ apiVersion: 'policies.kyverno.io/v1', kind: 'ValidatingPolicy', spec: { validations: [{ expression: value, message: 'm' }] } });
          (document.getIn(EXPRESSION, true) as Scalar).type = style;
          let text = document.toString({ lineWidth, minContentWidth: 4 });
          if (crlf) text = text.replace(/\n/g, '\r\n');
          const written = (parseDocument(text).getIn(EXPRESSION, true) as Scalar).type!;
          const { documents } = parseDocuments('p.yaml', text);
          const parsed = documents[0]?.value as { spec?: { validations?: { expression?: unknown }[] } } | undefined;
          const expression = parsed?.spec?.validations?.[0]?.expression;
          // The `yaml` package may write what go-yaml reads differently (YAML 1.1 line breaks): not this test's concern.
          if (expression !== value) return;
          seen.set(written, (seen.get(written) ?? 0) + 1);
          const found = scalarSourceMap({ file: 'p.yaml', text }, documents[0]!, EXPRESSION);
          expect(found, JSON.stringify(text)).not.toBeNull();
          const { map } = found!;
          for (let i = 0; i < map.value.length; i++) {
            expect(map.starts[i]).toBeLessThanOrEqual(map.ends[i]!);
            if (i > 0) expect(map.starts[i]).toBeGreaterThanOrEqual(map.starts[i - 1]!);
            if (!map.verbatim[i]) continue;
            const location = locateInScalar({ file: 'p.yaml', text }, documents[0]!, EXPRESSION, i, i + 1)!;
            expect(between(text, location, { line: location.endLine!, column: location.endColumn! }), JSON.stringify(text)).toBe(map.value[i]);
          }
        },
      ),
      { numRuns: 500, seed: 42 },
    );
    // Every style was met.
    for (const style of STYLES) expect(seen.get(style) ?? 0, style).toBeGreaterThan(10);
  });
});
