import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/report/types.js';
import { stylish } from '../../src/reporters/stylish.js';
import { addRequests, COLOR, emptyReport, latestTag, liveness, missingLabel, PLAIN, report, sampleReport, yamlSyntax } from './reports.js';

const ESC = '\u001b[';

describe('stylish reporter', () => {
  it('prints nothing for a report without findings, as ESLint does', () => {
    expect(stylish(emptyReport(), PLAIN)).toBe('');
    expect(stylish(emptyReport(), COLOR)).toBe('');
  });

  it('groups by file in order of appearance, sorts by position, aligns positions and severities and never pads a message', () => {
    expect(stylish(sampleReport(), PLAIN)).toBe(
      [
        '',
        'k8s/deploy.yaml',
        '   3:1  warning  image "nginx:latest" uses <latest> & is 100% mutable, see: a,b second line third \'line\'  disallow-latest-tag/validate-image-tag',
        '  12:7  error    validation error: The label `app.kubernetes.io/name` is required. rule check-for-labels failed at path /metadata/labels/app.kubernetes.io/name/  require-labels/check-for-labels',
        '  20:9  info     mutated Deployment/default/web  add-default-resources/add-requests',
        '',
        'policies/broken.yaml',
        '  4:3  error  bad indentation of a mapping entry (4:3)  kyverno-lint/yaml-syntax',
        '',
        'apps/team a/pod.yaml',
        '  108:11  warning  validation error: Liveness probes are required  team-a/require-probes/check-liveness',
        '',
        '✖ 5 problems (2 errors, 2 warnings, 1 info)',
        '  1 problem potentially fixable with the `--fix` option.',
        '',
      ].join('\n'),
    );
  });

  it('right-aligns lines and left-aligns columns and severities, as text-table does for ESLint', () => {
    const short: Finding = { ...liveness, message: 'short.', location: { ...liveness.location, line: 9, column: 3 } };
    const long: Finding = { ...liveness, severity: 'error', message: 'a longer message', location: { ...liveness.location, line: 108, column: 11 } };
    expect(stylish(report([long, short]), PLAIN)).toBe(
      [
        '',
        'apps/team a/pod.yaml',
        '    9:3   warning  short  team-a/require-probes/check-liveness',
        '  108:11  error    a longer message  team-a/require-probes/check-liveness',
        '',
        '✖ 2 problems (1 error, 1 warning)',
        '',
      ].join('\n'),
    );
  });

  it('matches the golden output, plain and coloured', async () => {
    await expect(stylish(sampleReport(), PLAIN)).toMatchFileSnapshot('./__golden__/stylish.txt');
    await expect(stylish(sampleReport(), COLOR)).toMatchFileSnapshot('./__golden__/stylish-color.txt');
  });

  it('colours only when asked: underlined files, red errors, yellow warnings, cyan info, dim positions and rules', () => {
    expect(stylish(sampleReport(), PLAIN)).not.toContain(ESC);
    const output = stylish(report([yamlSyntax]), COLOR);
    expect(output).toBe(
      [
        '',
        `${ESC}4mpolicies/broken.yaml${ESC}24m`,
        `  ${ESC}2m4:3${ESC}22m  ${ESC}31merror${ESC}39m  bad indentation of a mapping entry (4:3)  ${ESC}2mkyverno-lint/yaml-syntax${ESC}22m`,
        '',
        `${ESC}31m${ESC}1m✖ 1 problem (1 error, 0 warnings)${ESC}22m${ESC}39m`,
        '',
      ].join('\n'),
    );
    const colored = stylish(report([latestTag, addRequests]), COLOR);
    expect(colored).toContain(`${ESC}33mwarning${ESC}39m`);
    expect(colored).toContain(`${ESC}36minfo${ESC}39m   `);
    expect(colored).toContain(`${ESC}33m${ESC}1m✖ 2 problems (0 errors, 1 warning, 1 info)${ESC}22m${ESC}39m\n`);
  });

  it('measures columns without colour codes', () => {
    const plain = stylish(report([missingLabel, liveness]), PLAIN);
    const colored = stylish(report([missingLabel, liveness]), COLOR);
    const strip = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');
    expect(strip(colored)).toBe(plain);
  });

  it('writes singular and plural counts, and the info part only when there are info findings', () => {
    const warning: Finding = { ...liveness };
    expect(stylish(report([warning]), PLAIN).split('\n').slice(-2)).toEqual(['✖ 1 problem (0 errors, 1 warning)', '']);
    expect(stylish(report([missingLabel, missingLabel, warning, warning]), PLAIN)).toContain('\n✖ 4 problems (2 errors, 2 warnings)\n');
    expect(stylish(report([addRequests, addRequests]), PLAIN)).toContain(
      '\n✖ 2 problems (0 errors, 0 warnings, 2 info)\n  2 problems potentially fixable with the `--fix` option.\n',
    );
  });

  it('drops a final period only after a non-space, as ESLint does, and folds line breaks', () => {
    const line = (message: string): string => stylish(report([{ ...yamlSyntax, message }]), PLAIN).split('\n')[2];
    expect(line('ends with a period.')).toBe('  4:3  error  ends with a period  kyverno-lint/yaml-syntax');
    expect(line('keeps a lone .')).toBe('  4:3  error  keeps a lone .  kyverno-lint/yaml-syntax');
    expect(line('one\n  two\r\nthree')).toBe('  4:3  error  one two three  kyverno-lint/yaml-syntax');
  });

  it('aligns a file with more findings than a function call takes arguments', () => {
    const many = Array.from({ length: 200_000 }, (_, index): Finding => ({ ...liveness, location: { ...liveness.location, line: index + 1 } }));
    const lines = stylish(report(many), PLAIN).split('\n');
    expect(lines[2]).toBe('       1:11  warning  validation error: Liveness probes are required  team-a/require-probes/check-liveness');
    expect(lines[200_001]).toBe('  200000:11  warning  validation error: Liveness probes are required  team-a/require-probes/check-liveness');
  });

  it('names findings of no file after the working directory', () => {
    const noFile: Finding = { ...yamlSyntax, ruleId: 'kyverno-lint/no-policies', message: 'no policies found', location: { file: '', line: 0, column: 0, endLine: 0, endColumn: 0 } };
    expect(stylish(report([noFile]), PLAIN)).toBe('\n.\n  0:0  error  no policies found  kyverno-lint/no-policies\n\n✖ 1 problem (1 error, 0 warnings)\n');
  });
});
