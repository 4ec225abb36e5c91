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
    });
  });

  it('splits lists on new lines and commas, and reads booleans and enumerations in any case', () => {
    const inputs = readInputs(
      from({ paths: 'deploy/\napps , charts\n\n', policies: 'policies/a.yaml,policies/b', 'fail-on': 'Warning', annotations: 'FALSE', review: 'comments', summary: 'False', 'only-changed': 'TRUE', 'sarif-file': 'out/k.sarif', token: ' t ' }),
    );
    expect(inputs).toMatchObject({ paths: ['deploy/', 'apps', 'charts'], policies: ['policies/a.yaml', 'policies/b'], failOn: 'warning', annotations: false, review: 'comments', summary: false, onlyChanged: true, sarifFile: 'out/k.sarif', token: 't' });
  });

  it.each([
    ['fail-on', 'sometimes', 'input fail-on: "sometimes" is not one of error, warning, never'],
    ['review', 'yes', 'input review: "yes" is not one of off, suggestions, comments'],
    ['annotations', 'yes', 'input annotations: "yes" is not a boolean (true or false)'],
    ['only-changed', '1', 'input only-changed: "1" is not a boolean (true or false)'],
  ])('rejects %s=%s', (name, value, message) => {
    expect(() => readInputs(from({ [name]: value }))).toThrow(new InputError(message));
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
  const NAMES = ['paths', 'policies', 'config', 'values-file', 'fail-on', 'annotations', 'review', 'summary', 'sarif-file', 'token', 'only-changed', 'allow-empty'];

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
    expect(readInputs(from(defaults))).toEqual(readInputs(from({})));
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
