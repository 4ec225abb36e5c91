import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/util/unified-diff.js';

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb\n', 'a\nb\n', { from: 'x', to: 'y' })).toBe('');
  });

  it('gives headers, a hunk header and the changed lines with context', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const after = 'a\nb\nc\nd\nE\nf\ng\nh\n';
    expect(unifiedDiff(before, after, { from: 'expected', to: 'actual' })).toBe(
      '--- expected\n+++ actual\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n',
    );
  });

  it('shows an addition to an empty text and colours lines on request', () => {
    expect(unifiedDiff('', 'x\n', { from: 'a', to: 'b' })).toBe('--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n');
    const coloured = unifiedDiff('x\n', 'y\n', { from: 'a', to: 'b', color: true });
    expect(coloured).toContain('\u001b[31m-x\u001b[0m');
    expect(coloured).toContain('\u001b[32m+y\u001b[0m');
  });
});
