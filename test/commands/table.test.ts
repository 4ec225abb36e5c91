import { describe, expect, it } from 'vitest';
import { palette } from '../../src/commands/color.js';
import { renderTable } from '../../src/commands/table.js';

describe('renderTable', () => {
  it('draws the Kyverno CLI table (numbers right-aligned, text left-aligned)', () => {
    expect(renderTable(['ID', 'POLICY', 'RULE', 'RESOURCE', 'RESULT', 'REASON', 'MESSAGE'], [[1, 'Policy1', 'Rule1', 'Resource1', 'Pass', 'Valid', 'No issues found']])).toBe(
      [
        '┌────┬─────────┬───────┬───────────┬────────┬────────┬─────────────────┐',
        '│ ID │ POLICY  │ RULE  │ RESOURCE  │ RESULT │ REASON │ MESSAGE         │',
        '├────┼─────────┼───────┼───────────┼────────┼────────┼─────────────────┤',
        '│  1 │ Policy1 │ Rule1 │ Resource1 │ Pass   │ Valid  │ No issues found │',
        '└────┴─────────┴───────┴───────────┴────────┴────────┴─────────────────┘',
      ].join('\n'),
    );
  });

  it('draws an empty table', () => {
    expect(renderTable(['ID', 'POLICY'], [])).toBe(['┌────┬────────┐', '│ ID │ POLICY │', '├────┼────────┤', '└────┴────────┘'].join('\n'));
  });

  it('wraps long cells on words at 100 characters and splits lines', () => {
    const long = `${'word '.repeat(30).trim()}\nsecond line`;
    const lines = renderTable(['ID', 'MESSAGE'], [[1, long]]).split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[3]).toBe(`│  1 │ ${'word '.repeat(20).trim().padEnd(99)} │`);
    expect(lines[4]).toBe(`│    │ ${'word '.repeat(10).trim().padEnd(99)} │`);
    expect(lines[5]).toBe(`│    │ ${'second line'.padEnd(99)} │`);
  });

  it('ignores colour codes when measuring cells', () => {
    const colors = palette(true);
    const lines = renderTable(['RESULT'], [[colors.pass('Pass')]]).split('\n');
    expect(lines[3]).toBe(`│ ${colors.pass('Pass')}   │`);
  });
});
