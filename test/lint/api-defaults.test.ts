import { describe, expect, it } from 'vitest';
import { withoutApiDefaults } from '../../src/lint/api-defaults.js';
import type { JsonObject } from '../../src/types.js';

const pod = (container: JsonObject, spec: JsonObject = {}): JsonObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [container], ...spec } });

// original (as written) → defaulted (API server) → patched (defaulted, then mutated) → what the file should say.
const cases: { name: string; original: JsonObject; defaulted: JsonObject; patched: JsonObject; expected: JsonObject }[] = [
  {
    name: 'a mutation beside defaulted fields writes only its change',
    original: pod({ name: 'c', image: 'nginx' }),
    defaulted: pod({ name: 'c', image: 'nginx', imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log' }, { restartPolicy: 'Always' }),
    patched: pod({ name: 'c', image: 'nginx', imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log', securityContext: { runAsNonRoot: true } }, { restartPolicy: 'Always' }),
    expected: pod({ name: 'c', image: 'nginx', securityContext: { runAsNonRoot: true } }),
  },
  {
    name: 'a defaulted field the mutation changes is written',
    original: pod({ name: 'c', image: 'nginx:1.25' }),
    defaulted: pod({ name: 'c', image: 'nginx:1.25', imagePullPolicy: 'IfNotPresent' }),
    patched: pod({ name: 'c', image: 'nginx:1.25', imagePullPolicy: 'Always' }),
    expected: pod({ name: 'c', image: 'nginx:1.25', imagePullPolicy: 'Always' }),
  },
  {
    name: 'a defaulted map the mutation adds to gets only the added key',
    original: pod({ name: 'c', image: 'nginx' }),
    defaulted: pod({ name: 'c', image: 'nginx' }, { securityContext: {}, dnsPolicy: 'ClusterFirst' }),
    patched: pod({ name: 'c', image: 'nginx' }, { securityContext: { runAsUser: 1000 }, dnsPolicy: 'ClusterFirst' }),
    expected: pod({ name: 'c', image: 'nginx' }, { securityContext: { runAsUser: 1000 } }),
  },
  {
    name: 'a container prepended by the mutation keeps the others as written',
    original: pod({ name: 'c', image: 'nginx' }),
    defaulted: pod({ name: 'c', image: 'nginx', imagePullPolicy: 'Always' }),
    patched: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'side', image: 'busybox' }, { name: 'c', image: 'nginx', imagePullPolicy: 'Always' }] } },
    expected: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'side', image: 'busybox' }, { name: 'c', image: 'nginx' }] } },
  },
  {
    name: 'a field the mutation removes is removed',
    original: pod({ name: 'c', image: 'nginx', command: ['sh'] }),
    defaulted: pod({ name: 'c', image: 'nginx', command: ['sh'], imagePullPolicy: 'Always' }),
    patched: pod({ name: 'c', image: 'nginx', imagePullPolicy: 'Always' }),
    expected: pod({ name: 'c', image: 'nginx' }),
  },
  {
    name: 'a mutation that only restates a default changes nothing',
    original: pod({ name: 'c', image: 'nginx' }),
    defaulted: pod({ name: 'c', image: 'nginx', imagePullPolicy: 'Always' }),
    patched: pod({ name: 'c', image: 'nginx', imagePullPolicy: 'Always' }),
    expected: pod({ name: 'c', image: 'nginx' }),
  },
];

describe('withoutApiDefaults', () => {
  it.each(cases)('$name', ({ original, defaulted, patched, expected }) => {
    expect(withoutApiDefaults(original, defaulted, patched)).toEqual(expected);
  });

  it('returns the patched object when nothing was defaulted', () => {
    const original = pod({ name: 'c', image: 'nginx' });
    const patched = pod({ name: 'c', image: 'nginx', imagePullPolicy: 'Never' });
    expect(withoutApiDefaults(original, original, patched)).toBe(patched);
  });
});
