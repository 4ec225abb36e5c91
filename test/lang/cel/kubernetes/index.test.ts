import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../../src/lang/cel/environment.js';
import { escapeKey } from '../../../../src/lang/cel/kubernetes/jsonpatch.js';
import { jsonPatchLibrary, KUBERNETES_LIBRARIES } from '../../../../src/lang/cel/kubernetes/index.js';
import { type Case, expectOutcome } from './run.js';

/** Expressions over every library in one environment, with Kyverno-like variables. */
const cases: Case[] = [
  // jsonpatch.go documented example.
  ['"/metadata/labels/" + jsonpatch.escapeKey(\'k8s.io/my~label\')', { value: '/metadata/labels/k8s.io~1my~0label' }],
  ["jsonpatch.escapeKey('~/~1')", { value: '~0~1~01' }],
  ['jsonpatch.escapeKey(1)', { compileError: /no matching overload/ }],
  // The libraries together, on resource data (JSON numbers are doubles).
  ["object.spec.containers.all(c, quantity(c.resources.limits.memory).isLessThan(quantity('1Gi')))", { value: true }],
  ["object.spec.containers.map(c, quantity(c.resources.limits.cpu).asApproximateFloat()).sum() == 0.75", { value: true }],
  ['object.spec.containers.map(c, c.name).isSorted()', { value: true }],
  ['object.spec.containers.map(c, c.ports.size()).max() == 2', { value: true }],
  ["url(object.metadata.annotations['docs']).getHostname()", { value: 'kubernetes.io' }],
  ["cidr('10.0.0.0/8').containsIP(object.status.podIP)", { value: true }],
  ['format.dns1123Label().validate(object.metadata.name).hasValue()', { value: false }],
  ["semver(object.metadata.labels['version'], true).major() >= 1", { value: true }],
  ["object.metadata.name.find('[0-9]+')", { value: '12' }],
  ["'/spec/containers/' + string(object.spec.containers.map(c, c.name).indexOf('b'))", { value: '/spec/containers/1' }],
];

const pod = {
  metadata: { name: 'web-12', labels: { version: 'v1.2' }, annotations: { docs: 'https://kubernetes.io/docs' } },
  spec: {
    containers: [
      { name: 'a', ports: [{ containerPort: 80 }], resources: { limits: { memory: '512Mi', cpu: '500m' } } },
      { name: 'b', ports: [{ containerPort: 80 }, { containerPort: 443 }], resources: { limits: { memory: '256Mi', cpu: '250m' } } },
    ],
  },
  status: { podIP: '10.1.2.3' },
};

describe('KUBERNETES_LIBRARIES', () => {
  it('registers in Kubernetes base-environment order, JSONPatch last', () => {
    expect(KUBERNETES_LIBRARIES).toHaveLength(9);
    expect(KUBERNETES_LIBRARIES.at(-1)).toBe(jsonPatchLibrary);
  });
  it('builds environments repeatedly (each library registers on its own environment)', () => {
    for (let i = 0; i < 3; i++) expect(createCelEnvironment({ libraries: KUBERNETES_LIBRARIES }).compile("ip('::1').isLoopback()").ok).toBe(true);
  });
  it.each(cases)('%s', (expression, outcome) => expectOutcome(KUBERNETES_LIBRARIES, expression, outcome, { object: pod }, { object: 'dyn' }));
  it('escapeKey replaces in one pass', () => expect(escapeKey('a/~b')).toBe('a~1~0b'));
});
