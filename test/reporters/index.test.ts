import { describe, expect, it } from 'vitest';
import { isReporterName, REPORTER_NAMES, reportBlocks, reporters, reportWriters } from '../../src/reporters/index.js';
import { addRequests, COLOR, emptyReport, latestTag, missingLabel, PLAIN, report, sampleReport } from './reports.js';

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

  it('writes each format in pieces that make up the whole text', () => {
    const suppressed = { ...latestTag, suppressions: [{ kind: 'disable-next-line' as const, line: 2 }] };
    for (const name of REPORTER_NAMES) {
      for (const sample of [sampleReport(), emptyReport(), report([missingLabel, addRequests], { suppressedFindings: [suppressed] })]) {
        expect([...reportWriters[name](sample, PLAIN)].join('')).toBe(reporters[name](sample, PLAIN));
      }
    }
  });

  it('writes the JSON and SARIF pieces as one JSON.stringify of the whole value would (2-space indent)', () => {
    const suppressed = { ...latestTag, suppressions: [{ kind: 'disable-next-line' as const, line: 2, justification: 'legacy' }] };
    for (const name of ['json', 'sarif'] as const) {
      for (const sample of [sampleReport(), emptyReport(), report([missingLabel, addRequests, latestTag], { suppressedFindings: [suppressed] })]) {
        const text = [...reportWriters[name](sample, PLAIN)].join('');
        expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
      }
    }
  });

  it('writes the JSON, SARIF and JUnit texts of a large report a finding at a time', () => {
    const findings = Array.from({ length: 300 }, (_, index) => ({ ...missingLabel, location: { ...missingLabel.location, line: index + 1 } }));
    const large = report(findings);
    for (const name of ['json', 'sarif', 'junit'] as const) {
      const pieces = [...reportWriters[name](large, PLAIN)];
      expect(pieces.length).toBeGreaterThan(findings.length);
      expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(2000);
    }
    // Each piece is made when it is asked for: the first comes before the last finding is read.
    let read = 0;
    const counted = report(findings.map((finding) => new Proxy(finding, { get: (target, key, receiver) => (key === 'message' && read++, Reflect.get(target, key, receiver)) })));
    const pieces = reportWriters.json(counted, PLAIN)[Symbol.iterator]();
    pieces.next();
    pieces.next();
    expect(read).toBeLessThan(findings.length);
  });
});

describe('reportBlocks', () => {
  const cases: [string, string[], number, string[]][] = [
    ['nothing', [], 4, []],
    ['only empty pieces', ['', ''], 4, []],
    ['pieces joined until a block holds the size', ['a', 'bb', 'ccc', 'd'], 3, ['abb', 'ccc', 'd']],
    ['a piece longer than the size on its own', ['abcdef', 'g'], 3, ['abcdef', 'g']],
    ['everything in one block', ['a', 'b', 'c'], 100, ['abc']],
  ];
  it.each(cases)('joins %s', (_name, pieces, size, blocks) => {
    expect([...reportBlocks(pieces, size)]).toEqual(blocks);
  });
});

