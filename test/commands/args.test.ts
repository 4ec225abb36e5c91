import { describe, expect, it } from 'vitest';
import { formatFlagHelp, parseArgs, UsageError, type FlagSpec } from '../../src/commands/args.js';

const SPECS: FlagSpec[] = [
  { name: 'resource', short: 'r', aliases: ['resources'], type: 'list', description: 'resources' },
  { name: 'values-file', short: 'f', type: 'string', description: 'values' },
  { name: 'table', short: 't', type: 'boolean', description: 'table' },
  { name: 'detailed-results', type: 'boolean', description: 'detailed' },
  { name: 'warn-exit-code', type: 'int', description: 'warn exit code' },
  { name: 'format', aliases: ['output-format'], type: 'string', description: 'format' },
];

describe('parseArgs', () => {
  it.each([
    { argv: ['p.yaml', '--resource', 'a.yaml'], list: ['a.yaml'], positionals: ['p.yaml'] },
    { argv: ['p.yaml', '--resource=a.yaml,b.yaml'], list: ['a.yaml', 'b.yaml'], positionals: ['p.yaml'] },
    { argv: ['-r', 'a.yaml', '-r', 'b.yaml', 'p.yaml'], list: ['a.yaml', 'b.yaml'], positionals: ['p.yaml'] },
    { argv: ['-ra.yaml', '--resources', 'b.yaml'], list: ['a.yaml', 'b.yaml'], positionals: [] },
    { argv: ['-r=a.yaml'], list: ['a.yaml'], positionals: [] },
    { argv: ['--resource', '"x,y",z'], list: ['x,y', 'z'], positionals: [] },
    { argv: ['--', '--resource', 'x'], list: [], positionals: ['--resource', 'x'] },
  ])('reads list flags: $argv', ({ argv, list, positionals }) => {
    const parsed = parseArgs(SPECS, argv);
    expect(parsed.list('resource')).toEqual(list);
    expect(parsed.positionals).toEqual(positionals);
  });

  it.each([
    { argv: ['--table'], value: true },
    { argv: ['-t'], value: true },
    { argv: ['--table=false'], value: false },
    { argv: ['--table=1'], value: true },
    { argv: ['-t=F'], value: false },
    { argv: [], value: false },
  ])('reads boolean flags: $argv', ({ argv, value }) => {
    expect(parseArgs(SPECS, argv).boolean('table')).toBe(value);
  });

  it('reads strings, aliases, integers and grouped shorthands', () => {
    const parsed = parseArgs(SPECS, ['--output-format', 'json', '--warn-exit-code=3', '-tf', 'values.yaml', 'policy.yaml']);
    expect(parsed.string('format')).toBe('json');
    expect(parsed.int('warn-exit-code')).toBe(3);
    expect(parsed.boolean('table')).toBe(true);
    expect(parsed.string('values-file')).toBe('values.yaml');
    expect(parsed.positionals).toEqual(['policy.yaml']);
    expect(parsed.has('detailed-results')).toBe(false);
  });

  it('takes the last value of a repeated string flag', () => {
    expect(parseArgs(SPECS, ['--format', 'text', '--format', 'json']).string('format')).toBe('json');
  });

  it('recognises help on every command', () => {
    expect(parseArgs(SPECS, ['-h']).help).toBe(true);
    expect(parseArgs(SPECS, ['x', '--help']).help).toBe(true);
    expect(parseArgs(SPECS, ['x']).help).toBe(false);
  });

  it.each([
    { argv: ['--nope'], message: 'unknown flag: --nope' },
    { argv: ['--nope=1'], message: 'unknown flag: --nope' },
    { argv: ['-x'], message: "unknown shorthand flag: 'x' in -x" },
    { argv: ['-tx'], message: "unknown shorthand flag: 'x' in -tx" },
    { argv: ['--values-file'], message: 'flag needs an argument: --values-file' },
    { argv: ['-f'], message: "flag needs an argument: 'f' in -f" },
    { argv: ['--warn-exit-code', 'abc'], message: 'invalid argument "abc" for "--warn-exit-code" flag: expected an integer' },
    { argv: ['--table=maybe'], message: 'invalid argument "maybe" for "--table" flag: expected true or false' },
  ])('rejects $argv', ({ argv, message }) => {
    expect(() => parseArgs(SPECS, argv)).toThrow(new UsageError(message));
  });
});

describe('formatFlagHelp', () => {
  it('lists every flag with its shorthand, value, aliases and the help flag', () => {
    const help = formatFlagHelp(SPECS);
    expect(help).toContain('-r, --resource strings');
    expect(help).toContain('(alias: --resources)');
    expect(help).toContain('    --warn-exit-code int');
    expect(help).toContain('-h, --help');
  });
});
