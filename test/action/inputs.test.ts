import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { failsOn, InputError, readInputs } from '../../src/action/inputs.js';

const from = (values: Record<string, string>) => (name: string) => values[name] ?? '';

describe('readInputs', () => {
  it('applies the defaults of action.yml when inputs are empty', () => {
    expect(readInputs(from({}))).toEqual({
      paths: ['.'],
      policies: [],
      config: undefined,
      valuesFile: undefined,
      failOn: 'error',
      annotations: true,
      review: 'suggestions',
      summary: true,
      sarifFile: undefined,
      token: '',
      onlyChanged: false,
      // Empty is how a workflow turns it off; action.yml's default is auto.
      base: { mode: 'off' },
      shard: undefined,
    });
  });

  it('splits lists on new lines and commas, and reads booleans and enumerations in any case', () => {
    const inputs = readInputs(
      from({ paths: 'deploy/\napps , charts\n\n', policies: 'policies/a.yaml,policies/b', 'fail-on': 'Warning', annotations: 'FALSE', review: 'comments', summary: 'False', 'only-changed': 'TRUE', 'sarif-file': 'out/k.sarif', token: ' t ' }),
    );
    expect(inputs).toMatchObject({ paths: ['deploy/', 'apps', 'charts'], policies: ['policies/a.yaml', 'policies/b'], failOn: 'warning', annotations: false, review: 'comments', summary: false, onlyChanged: true, sarifFile: 'out/k.sarif', token: 't' });
  });

  it.each<[string, { mode: string; ref?: string }]>([
    ['auto', { mode: 'auto' }],
    ['True', { mode: 'auto' }],
    ['FALSE', { mode: 'off' }],
    ['', { mode: 'off' }],
    [' main ', { mode: 'ref', ref: 'main' }],
    ['release/1.2', { mode: 'ref', ref: 'release/1.2' }],
    ['0123456789abcdef0123456789abcdef01234567', { mode: 'ref', ref: '0123456789abcdef0123456789abcdef01234567' }],
  ])('base %j', (value, base) => {
    expect(readInputs(from({ base: value })).base).toEqual(base);
  });

  it.each([
    ['base', '--all', 'input base: "--all" is not auto, false or a branch, tag or commit sha'],
    ['base', 'main dev', 'input base: "main dev" is not auto, false or a branch, tag or commit sha'],
    ['fail-on', 'sometimes', 'input fail-on: "sometimes" is not one of error, warning, never'],
    ['review', 'yes', 'input review: "yes" is not one of off, suggestions, comments'],
    ['annotations', 'yes', 'input annotations: "yes" is not a boolean (true or false)'],
    ['only-changed', '1', 'input only-changed: "1" is not a boolean (true or false)'],
    ['shard', '3', 'input shard: expected k/n (for example 1/3), got "3"'],
    ['shard', '0/3', 'input shard: the shard index must be between 1 and 3, got 0'],
    ['shard', '4/3', 'input shard: the shard index must be between 1 and 3, got 4'],
    ['shard', '1/0', 'input shard: the shard count must be between 1 and 1000, got 0'],
  ])('rejects %s=%s', (name, value, message) => {
    expect(() => readInputs(from({ [name]: value }))).toThrow(new InputError(message));
  });
});

describe('shard input', () => {
  it.each([
    ['', undefined],
    ['1/3', { index: 1, count: 3 }],
    [' 2 / 2 ', { index: 2, count: 2 }],
  ])('%j', (value, shard) => {
    expect(readInputs(from({ shard: value })).shard).toEqual(shard);
  });
});

describe('failsOn', () => {
  it.each([
    ['error', { error: 1, warning: 0 }, true],
    ['error', { error: 0, warning: 5 }, false],
    ['warning', { error: 0, warning: 1 }, true],
    ['warning', { error: 0, warning: 0 }, false],
    ['never', { error: 3, warning: 3 }, false],
  ] as const)('fail-on %s with %o → %s', (failOn, counts, expected) => {
    expect(failsOn(failOn, counts)).toBe(expected);
  });
});

describe('action.yml', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const action = parse(readFileSync(path.join(root, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>;
    outputs: Record<string, unknown>;
    runs: { using: string; main: string };
  };
  const NAMES = ['paths', 'policies', 'config', 'values-file', 'fail-on', 'annotations', 'review', 'summary', 'sarif-file', 'token', 'only-changed', 'allow-empty', 'base', 'shard'];

  it('runs the bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/action.js' });
  });

  it('declares exactly the inputs the action reads, with the same defaults', () => {
    expect(Object.keys(action.inputs)).toEqual(NAMES);
    const read: string[] = [];
    readInputs((name) => (read.push(name), ''));
    expect([...read].sort()).toEqual([...NAMES].sort());
    expect(action.inputs.token!.default).toBe('${{ github.token }}');
    const defaults = Object.fromEntries(Object.entries(action.inputs).map(([name, spec]) => [name, name === 'token' ? '' : (spec.default ?? '')]));
    // But base: an empty value turns it off (`base: ''` in a workflow), so its default is auto only on the runner.
    expect(readInputs(from(defaults))).toEqual({ ...readInputs(from({})), base: { mode: 'auto' } });
    expect(action.inputs.base!.default).toBe('auto');
  });

  it('declares the outputs the action sets', () => {
    expect(Object.keys(action.outputs)).toEqual(['errors', 'warnings', 'info', 'sarif-file', 'exit-code']);
  });

  it('every input and output is documented in the README', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## GitHub Action'), readme.indexOf('## What is evaluated'));
    for (const name of NAMES) expect(section).toMatch(new RegExp(`^\\| \`${name}\` \\| `, 'm'));
    for (const name of Object.keys(action.outputs)) expect(section).toContain(`\`${name}\``);
  });
});
