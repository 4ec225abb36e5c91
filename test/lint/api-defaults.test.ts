import { describe, expect, it } from 'vitest';
import { applyApiDefaults, DEFAULT_KUBERNETES_VERSION } from '../../src/cluster/api-defaults/index.js';
import { withoutApiDefaults } from '../../src/lint/api-defaults.js';
import type { JsonObject } from '../../src/types.js';
import { cloneJson } from '../../src/util/json-value.js';

const VERSION = DEFAULT_KUBERNETES_VERSION;
const pod = (containers: JsonObject[], spec: JsonObject = {}): JsonObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers, ...spec } });
type Spec = { containers: JsonObject[] } & JsonObject;
const specOf = (object: JsonObject): Spec => object.spec as Spec;

// original (as written) → the API server's defaults → a mutation of the defaulted object → what the file should say.
const cases: { name: string; original: JsonObject; mutate: (defaulted: JsonObject) => void; expected: JsonObject }[] = [
  {
    name: 'a mutation beside defaulted fields writes only its change',
    original: pod([{ name: 'c', image: 'nginx' }]),
    mutate: (object) => (specOf(object).containers[0]!.securityContext = { runAsNonRoot: true }),
    expected: pod([{ name: 'c', image: 'nginx', securityContext: { runAsNonRoot: true } }]),
  },
  {
    name: 'a defaulted field the mutation changes is written',
    original: pod([{ name: 'c', image: 'nginx:1.25' }]),
    mutate: (object) => (specOf(object).containers[0]!.imagePullPolicy = 'Always'),
    expected: pod([{ name: 'c', image: 'nginx:1.25', imagePullPolicy: 'Always' }]),
  },
  {
    name: 'a defaulted map the mutation adds to gets only the added key',
    original: pod([{ name: 'c', image: 'nginx' }]),
    mutate: (object) => (specOf(object).securityContext = { runAsUser: 1000 }),
    expected: pod([{ name: 'c', image: 'nginx' }], { securityContext: { runAsUser: 1000 } }),
  },
  {
    name: 'a container prepended by the mutation keeps the others as written',
    original: pod([{ name: 'c', image: 'nginx' }]),
    mutate: (object) => specOf(object).containers.unshift({ name: 'side', image: 'busybox:1.36' }),
    expected: pod([{ name: 'side', image: 'busybox:1.36' }, { name: 'c', image: 'nginx' }]),
  },
  {
    name: 'a container added while another is edited: the edited one is matched by its name',
    original: pod([{ name: 'app', image: 'nginx:1.25' }]),
    mutate: (object) => {
      const containers = specOf(object).containers;
      containers[0]!.resources = { limits: { cpu: '500m' } };
      containers.push({ name: 'side', image: 'busybox:1.36' });
    },
    expected: pod([{ name: 'app', image: 'nginx:1.25', resources: { limits: { cpu: '500m' } } }, { name: 'side', image: 'busybox:1.36' }]),
  },
  {
    name: 'a container removed while another is edited',
    original: pod([{ name: 'a', image: 'nginx:1.25' }, { name: 'b', image: 'redis:7' }]),
    mutate: (object) => {
      const containers = specOf(object).containers;
      containers.shift();
      containers[0]!.args = ['--save', ''];
    },
    expected: pod([{ name: 'b', image: 'redis:7', args: ['--save', ''] }]),
  },
  {
    name: 'a default that depends on a changed field is written as the mutation left it',
    original: pod([{ name: 'c', image: 'nginx:1.25' }]),
    // The mutation sees imagePullPolicy IfNotPresent; in the file without it, the new tag would default to Always.
    mutate: (object) => (specOf(object).containers[0]!.image = 'nginx:latest'),
    expected: pod([{ name: 'c', image: 'nginx:latest', imagePullPolicy: 'IfNotPresent' }]),
  },
  {
    name: 'a field the mutation removes is removed',
    original: pod([{ name: 'c', image: 'nginx', command: ['sh'] }]),
    mutate: (object) => delete specOf(object).containers[0]!.command,
    expected: pod([{ name: 'c', image: 'nginx' }]),
  },
  {
    name: 'a mutation that only restates a default changes nothing',
    original: pod([{ name: 'c', image: 'nginx' }]),
    mutate: (object) => (specOf(object).containers[0]!.imagePullPolicy = 'Always'),
    expected: pod([{ name: 'c', image: 'nginx' }]),
  },
];

describe('withoutApiDefaults', () => {
  it.each(cases)('$name', ({ original, mutate, expected }) => {
    const defaulted = applyApiDefaults(original, VERSION);
    const patched = cloneJson(defaulted);
    mutate(patched);
    const written = withoutApiDefaults(original, defaulted, patched, VERSION);
    expect(written).toEqual(expected);
    // What the file says is what the mutation made, once the API server defaults both again (after the webhooks).
    expect(applyApiDefaults(written, VERSION)).toEqual(applyApiDefaults(patched, VERSION));
  });

  it('returns the patched object when nothing was defaulted or defaults are off', () => {
    const original = pod([{ name: 'c', image: 'nginx', imagePullPolicy: 'Always' }]);
    const patched = pod([{ name: 'c', image: 'nginx', imagePullPolicy: 'Never' }]);
    expect(withoutApiDefaults(original, original, patched, VERSION)).toBe(patched);
    expect(withoutApiDefaults(original, applyApiDefaults(original, VERSION), patched, null)).toBe(patched);
  });
});
