import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/report/types.js';
import { stylish } from '../../src/reporters/stylish.js';
import stringWidth from 'string-width';
import { addRequests, COLOR, emptyReport, latestTag, liveness, longMessagesReport, missingLabel, PLAIN, report, sampleReport, yamlSyntax } from './reports.js';

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

describe('stylish reporter on a terminal', () => {
  const strip = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');
  const ruleIds = [...new Set(longMessagesReport().findings.map((finding) => finding.ruleId))];

  it.each([
    { layout: 'piped (no width)', width: undefined, file: 'stylish-long-piped.txt' },
    { layout: '80 columns', width: 80, file: 'stylish-long-80.txt' },
    { layout: '200 columns', width: 200, file: 'stylish-long-200.txt' },
  ])('long messages, $layout: matches the golden output', async ({ width, file }) => {
    await expect(stylish(longMessagesReport(), { ...PLAIN, ...(width !== undefined ? { width } : {}) })).toMatchFileSnapshot(`./__golden__/${file}`);
  });

  it.each([80, 100, 120, 160, 200])('at %i columns no line is wider than the terminal, and every rule id is on its finding\'s first line', (width) => {
    const output = stylish(longMessagesReport(), { ...PLAIN, width });
    for (const line of output.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(width);
    const lines = output.split('\n');
    for (const ruleId of ruleIds) {
      const at = lines.findIndex((line) => line.includes(ruleId));
      expect(at, ruleId).toBeGreaterThan(0);
      // The line that names the rule starts the row: its position (or count of resources) and severity.
      expect(lines[at]).toMatch(/^ {2} *(\d+:\d+|\d+ resources) +(error|warning|info) /);
    }
  });

  it('keeps the rule ids beside the messages when they leave a message column of 40, else puts them above', () => {
    const short = report([{ ...missingLabel, ruleId: 'short/rule' }]);
    // 2 + 4 (12:7) + 2 + 5 (error) + 2 = 15 columns before the message, 2 + 10 for the rule id: 67 leaves 40.
    expect(stylish(short, { ...PLAIN, width: 67 }).split('\n').slice(2, 6)).toEqual([
      '  12:7  error  validation error: The label               short/rule',
      '               `app.kubernetes.io/name` is required.',
      '               rule check-for-labels failed at path',
      '               /metadata/labels/app.kubernetes.io/name/',
    ]);
    expect(stylish(short, { ...PLAIN, width: 66 }).split('\n').slice(2, 6)).toEqual([
      '  12:7  error  short/rule',
      '               validation error: The label',
      '               `app.kubernetes.io/name` is required. rule',
      '               check-for-labels failed at path',
    ]);
  });

  it('wraps at spaces and cuts only a word longer than the column', () => {
    const path = `/${'a'.repeat(70)}/`;
    const output = stylish(report([{ ...yamlSyntax, message: `see ${path} here` }]), { ...PLAIN, width: 80 });
    // 2 + 3 (4:3) + 2 + 5 (error) + 2 = 14 before the message; the rule id (24) leaves 80 - 14 - 2 - 24 = 40.
    expect(output.split('\n').slice(2, 6)).toEqual([
      `  4:3  error  see /${'a'.repeat(35)}  kyverno-lint/yaml-syntax`,
      `              ${'a'.repeat(35)}/`,
      '              here',
      '',
    ]);
  });

  it('on a terminal narrower than a rule id, breaks the rule id after a slash, under the message column', () => {
    const lines = stylish(longMessagesReport(), { ...PLAIN, width: 60 }).split('\n');
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(60);
    const at = lines.findIndex((line) => line.endsWith('disallow-privileged-containers/'));
    expect(lines.slice(at, at + 3)).toEqual([
      '   112:15  error    disallow-privileged-containers/',
      '                    autogen-privileged-containers',
      '                    validation error: Privileged mode is',
    ]);
  });

  it('a message that fits is neither wrapped nor padded past the longest message', () => {
    expect(stylish(report([liveness]), { ...PLAIN, width: 200 })).toBe(stylish(report([liveness]), PLAIN));
  });

  it('colours do not change the layout', () => {
    for (const width of [80, 200]) expect(strip(stylish(longMessagesReport(), { ...COLOR, width }))).toBe(stylish(longMessagesReport(), { ...PLAIN, width }));
  });

  it('piped: one line per finding (or group), never padded after the message', () => {
    const output = stylish(longMessagesReport(), PLAIN);
    const rows = output.split('\n').filter((line) => /^ {2} *(\d+:\d+|\d+ resources) /.test(line));
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toMatch(/[^ ] {2}[^ ]+$/);
  });
});
