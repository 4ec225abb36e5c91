import { describe, expect, it } from 'vitest';
import { isReporterName, REPORTER_NAMES, reporters } from '../../src/reporters/index.js';
import { COLOR, emptyReport, PLAIN, sampleReport } from './reports.js';

describe('reporter registry', () => {
  it('lists the formats, stylish first, and has a reporter for each', () => {
    expect(REPORTER_NAMES).toEqual(['stylish', 'json', 'sarif', 'github', 'junit']);
    expect(Object.keys(reporters).sort()).toEqual([...REPORTER_NAMES].sort());
  });

  it('recognises only the listed names', () => {
    for (const name of REPORTER_NAMES) expect(isReporterName(name)).toBe(true);
    for (const name of ['', 'Stylish', 'checkstyle', 'toString', 'constructor']) expect(isReporterName(name)).toBe(false);
  });

  it('writes machine formats without colours even when colours are on', () => {
    for (const name of ['json', 'sarif', 'github', 'junit'] as const) {
      expect(reporters[name](sampleReport(), COLOR)).toBe(reporters[name](sampleReport(), PLAIN));
      expect(reporters[name](sampleReport(), COLOR)).not.toContain('\u001b[');
    }
  });

  it('ends every non-empty output with a line break; only stylish and github print nothing for a clean scan', () => {
    for (const name of REPORTER_NAMES) {
      expect(reporters[name](sampleReport(), PLAIN).endsWith('\n')).toBe(true);
      const clean = reporters[name](emptyReport(), PLAIN);
      expect(clean === '' || clean.endsWith('\n')).toBe(true);
      expect(clean === '').toBe(name === 'stylish' || name === 'github');
    }
  });
});
