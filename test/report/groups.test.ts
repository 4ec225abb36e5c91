import { describe, expect, it } from 'vitest';
import { collapseSameReason, sameReasonGroups } from '../../src/report/groups.js';
import type { Finding } from '../../src/report/types.js';
import { celError } from '../reporters/reports.js';

const CEL = celError('a.yaml').message;

function errored(file: string, overrides: Partial<Finding> = {}): Finding {
  return { ...celError(file), ...overrides };
}

describe('findings of the same reason', () => {
  it.each([
    { name: 'same rule, status error, severity and message', other: {}, grouped: true },
    { name: 'another rule id', other: { ruleId: 'cel-replicas/other' }, grouped: false },
    { name: 'another message (naming the resource)', other: { message: `${CEL} for b.yaml` }, grouped: false },
    { name: 'another severity', other: { severity: 'error' as const }, grouped: false },
    { name: 'failures with the same message', both: { status: 'fail' as const }, other: { status: 'fail' as const }, grouped: false },
    { name: 'tool problems with the same message', both: { status: 'problem' as const }, other: { status: 'problem' as const }, grouped: false },
    { name: 'mutations with the same message', both: { status: 'pass' as const, severity: 'info' as const }, other: { status: 'pass' as const, severity: 'info' as const }, grouped: false },
  ])('$name: grouped $grouped', ({ both, other, grouped }) => {
    const a = errored('a.yaml', both);
    const b = errored('b.yaml', { ...both, ...other });
    const groups = sameReasonGroups([a, b]);
    expect(groups.size).toBe(grouped ? 2 : 0);
    if (grouped) {
      expect(groups.get(a)).toBe(groups.get(b));
      expect(groups.get(a)!.findings).toEqual([a, b]);
      expect(groups.get(a)!.key).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('a reason of one finding is no group', () => {
    expect(sameReasonGroups([errored('a.yaml')]).size).toBe(0);
  });

  it('keys are stable: they depend on the reason only, not on the findings or their order', () => {
    const first = sameReasonGroups([errored('a.yaml'), errored('b.yaml')]);
    const second = sameReasonGroups([errored('z.yaml'), errored('y.yaml'), errored('x.yaml')]);
    expect([...first.values()][0]!.key).toBe([...second.values()][0]!.key);
    const other = sameReasonGroups([errored('a.yaml', { message: 'x' }), errored('b.yaml', { message: 'x' })]);
    expect([...other.values()][0]!.key).not.toBe([...first.values()][0]!.key);
  });

  it('collapses each group into one entry at its first finding, other findings kept in order', () => {
    const fail = errored('a.yaml', { status: 'fail', severity: 'error', ruleId: 'p/r', message: 'failed' });
    const [a, b, c] = [errored('a.yaml'), errored('b.yaml'), errored('c.yaml')];
    const lone = errored('c.yaml', { ruleId: 'live/lookup' });
    const entries = collapseSameReason([a, fail, b, lone, c]);
    expect(entries.map((entry) => [entry.finding, entry.group?.findings.length])).toEqual([
      [a, 3],
      [fail, undefined],
      [lone, undefined],
    ]);
  });
});
