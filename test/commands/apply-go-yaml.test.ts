import { describe, expect, it } from 'vitest';
import { goYamlKeyLess, marshalGoYaml } from '../../src/commands/apply/go-yaml.js';
import { parseDocuments } from '../../src/source/parse.js';
import type { JsonValue } from '../../src/types.js';

describe('marshalGoYaml (go.yaml.in/yaml/v3 Marshal of a decoded object)', () => {
  it('sorts keys, indents by 4 and indents sequences (YAML 1.1 booleans such as the key n are quoted)', () => {
    const value = { b: 1, a: { c: ['x', { k: 'v', j: 'w' }] }, s: '', t: 'true', n: null, e: {}, l: [] };
    expect(marshalGoYaml(value)).toBe(
      ['a:', '    c:', '        - x', '        - j: w', '          k: v', 'b: 1', 'e: {}', 'l: []', '"n": null', 's: ""', 't: "true"', ''].join('\n'),
    );
  });

  it('aligns mappings inside sequence items on the next multiple of 4', () => {
    const pod = { spec: { containers: [{ name: 'app', resources: { limits: { cpu: '1' } }, ports: [{ containerPort: 80 }] }] } };
    expect(marshalGoYaml(pod)).toBe(
      [
        'spec:',
        '    containers:',
        '        - name: app',
        '          ports:',
        '            - containerPort: 80',
        '          resources:',
        '            limits:',
        '                cpu: "1"',
        '',
      ].join('\n'),
    );
  });

  it('puts nested sequences on the dash line', () => {
    expect(marshalGoYaml({ a: [[1, 2], []] })).toBe('a:\n    - - 1\n      - 2\n    - []\n');
    expect(marshalGoYaml([{ a: 1, b: 2 }])).toBe('- a: 1\n  b: 2\n');
  });

  it.each<[string, string]>([
    ['*', "'*'"],
    ['nginx:latest', 'nginx:latest'],
    ['a: b', "'a: b'"],
    ['a #b', "'a #b'"],
    ['#c', "'#c'"],
    ['-x', '-x'],
    ['- x', "'- x'"],
    [' lead', "' lead'"],
    ['trail ', "'trail '"],
    ["it's", "it's"],
    ['{{ x }}', "'{{ x }}'"],
    ['123', '"123"'],
    ['1.5', '"1.5"'],
    ['1e3', '"1e3"'],
    ['0x1F', '"0x1F"'],
    ['1_000', '"1_000"'],
    ['yes', '"yes"'],
    ['Off', '"Off"'],
    ['null', '"null"'],
    ['~', '"~"'],
    ['', '""'],
    ['2023-01-01', '"2023-01-01"'],
    ['12:30', '"12:30"'],
    ['.5', '".5"'],
    ['tab\there', '"tab\\there"'],
    ['smile 😀', '"smile \\U0001F600"'],
    ['café', 'café'],
  ])('quotes %j as %s', (text, shown) => {
    expect(marshalGoYaml({ k: text })).toBe(`k: ${shown}\n`);
  });

  it('writes multi-line strings as literal blocks with the chomping indicator', () => {
    expect(marshalGoYaml({ s: 'a\nb' })).toBe('s: |-\n    a\n    b\n');
    expect(marshalGoYaml({ s: 'a\n\nb\n' })).toBe('s: |\n    a\n\n    b\n');
    expect(marshalGoYaml({ s: ' lead\nx' })).toBe('s: |4-\n     lead\n    x\n');
    // A space before a line break rules the block out.
    expect(marshalGoYaml({ s: 'a \nb' })).toBe('s: "a \\nb"\n');
    expect(marshalGoYaml({ l: [{ s: 'x\ny' }] })).toBe('l:\n    - s: |-\n        x\n        y\n');
  });

  it('quotes keys like values and keeps multi-line keys on one line', () => {
    expect(marshalGoYaml({ 'app.kubernetes.io/name': 'x', '80': 'http', 'a\nb': 1 })).toBe('"80": http\n"a\\nb": 1\napp.kubernetes.io/name: x\n');
  });

  it('prints numbers as Go does', () => {
    expect(marshalGoYaml({ a: 1.5, b: 1e21, c: 100, d: 0.0001, e: 0.00001, f: -3 })).toBe('a: 1.5\nb: 1e+21\nc: 100\nd: 0.0001\ne: 1e-05\nf: -3\n');
  });

  it('prints empty and scalar documents', () => {
    expect(marshalGoYaml({})).toBe('{}\n');
    expect(marshalGoYaml([])).toBe('[]\n');
    expect(marshalGoYaml('x')).toBe('x\n');
  });

  it('reads back as the same value', () => {
    const value: JsonValue = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c', annotations: { 'a/b': 'on', note: 'x: y' } },
      data: { script: '#!/bin/sh\necho "hi"\n', port: '8080', empty: '', list: '[1,2]' },
      items: [[{ a: [1, 'two', null, true] }]],
    };
    expect(parseDocuments('x.yaml', marshalGoYaml(value)).documents[0].value).toEqual(value);
  });
});

describe('goYamlKeyLess', () => {
  it('orders runs of digits by value and letters after other characters', () => {
    const keys = ['a10', 'a2', 'a1', 'B', '_x', 'a', 'a-b', 'ab'];
    const sorted = [...keys].sort((x, y) => (goYamlKeyLess(x, y) ? -1 : goYamlKeyLess(y, x) ? 1 : 0));
    expect(sorted).toEqual(['_x', 'B', 'a', 'a-b', 'a1', 'a2', 'a10', 'ab']);
  });
});
