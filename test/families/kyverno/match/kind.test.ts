import { describe, expect, it } from 'vitest';
import {
  checkKind,
  containsKind,
  kindOfSelector,
  parseApiVersion,
  parseKindSelector,
  resourceGroupVersionKind,
} from '../../../../src/families/kyverno/match/kind.js';

describe('parseKindSelector (Kyverno ParseKindSelector vectors)', () => {
  const cases: [string, string][] = [
    ['*', '*,*,*,'],
    ['*.*', '*,*,*,*'],
    ['*/*', '*,*,*,*'],
    ['*/*/*', '*,*,*,*'],
    ['*/*/*/*', '*,*,*,*'],
    ['Pod', '*,*,Pod,'],
    ['v1/Pod', '*,v1,Pod,'],
    ['v1beta10/Pod', '*,v1beta10,Pod,'],
    ['storage.k8s.io/v1beta10/CSIDriver', 'storage.k8s.io,v1beta10,CSIDriver,'],
    ['v1alpha12/Pod/status', '*,v1alpha12,Pod,status'],
    ['v1/Pod.status', '*,v1,Pod,status'],
    ['*/Pod.eviction', '*,*,Pod,eviction'],
    ['Pod/status', '*,*,Pod,status'],
    ['Pod.status', '*,*,Pod,status'],
    ['apps/v1/Deployment/scale', 'apps,v1,Deployment,scale'],
    ['apps/v1/Deployment.scale', 'apps,v1,Deployment,scale'],
    ['*/Deployment/scale', '*,*,Deployment,scale'],
    ['v1.demo/v1/Demo', 'v1.demo,v1,Demo,'],
    ['*/scale', '*,*,*,scale'],
    ['Pod/*', '*,*,Pod,*'],
    ['*/*/*/*/*', ',,,'],
  ];
  it.each(cases)('%s → %s', (input, expected) => {
    const s = parseKindSelector(input);
    expect([s.group, s.version, s.kind, s.subresource].join(',')).toBe(expected);
  });
});

describe('checkKind (Kyverno CheckKind vectors)', () => {
  const pod = { group: '', version: 'v1', kind: 'Pod' };
  const cases: [string[], { group: string; version: string; kind: string }, string, boolean, boolean][] = [
    [['*'], { group: 'apps', version: 'v1', kind: 'Deployment' }, '', true, true],
    [['Pod'], pod, '', true, true],
    [['v1/Pod'], pod, '', true, true],
    [['v1/Pod'], pod, 'status', true, false],
    [['v1/Pod'], pod, 'ephemeralcontainers', true, true],
    [['v1/Pod'], pod, 'ephemeralcontainers', false, false],
    [['tekton.dev/v1beta1/TaskRun'], { group: 'tekton.dev', version: 'v1beta1', kind: 'TaskRun' }, '', true, true],
    [['tekton.dev/*/TaskRun'], { group: 'tekton.dev', version: 'v1alpha1', kind: 'TaskRun' }, '', true, true],
    [['postgresdb'], { group: 'acid.zalan.do', version: 'v1', kind: 'postgresdb' }, '', true, true],
    [['Postgresdb'], { group: 'acid.zalan.do', version: 'v1', kind: 'postgresdb' }, '', true, false],
    [
      ['networking.k8s.io/v1/NetworkPolicy/status'],
      { group: 'networking.k8s.io', version: 'v1', kind: 'NetworkPolicy' },
      'status',
      true,
      true,
    ],
    [['v1/Pod.status'], pod, 'status', true, true],
    [['*/Pod.eviction'], pod, 'eviction', true, true],
    [['v1alpha1/Pod.eviction'], pod, 'eviction', true, false],
    [['v1/Pod.status'], pod, '', true, false],
    [['Deployment'], { group: 'apps', version: 'v1', kind: 'Deployment' }, '', true, true],
    [['v1/Deployment'], { group: 'apps', version: 'v1', kind: 'Deployment' }, '', true, true],
    [['apps/v1/Deployment'], { group: 'apps', version: 'v1beta1', kind: 'Deployment' }, '', true, false],
    [['batch/*/CronJob'], { group: 'batch', version: 'v1beta1', kind: 'CronJob' }, '', true, true],
    [['*'], pod, 'status', true, false],
    [['*/*'], pod, 'status', true, true],
    [['Pod/*'], pod, '', true, true],
    [['Pod/*'], pod, 'exec', true, true],
    [['Pod'], pod, 'status', true, false],
    [['*Policy'], { group: 'kyverno.io', version: 'v1', kind: 'ClusterPolicy' }, '', true, true],
    [['ConfigMap', 'Pod'], pod, '', true, true],
    [[], pod, '', true, false],
  ];
  it.each(cases)('%j on %j/%s (ephemeral=%s) → %s', (kinds, gvk, sub, eph, expected) => {
    expect(checkKind(kinds, gvk, sub, eph)).toBe(expected);
  });
});

describe('parseApiVersion / resourceGroupVersionKind', () => {
  it.each([
    ['v1', { group: '', version: 'v1' }],
    ['apps/v1', { group: 'apps', version: 'v1' }],
    ['', { group: '', version: '' }],
    ['a/b/c', null],
  ])('%s', (input, expected) => {
    expect(parseApiVersion(input)).toEqual(expected);
  });
  it('reads the GVK of an object and empties it on an invalid apiVersion', () => {
    expect(resourceGroupVersionKind({ apiVersion: 'batch/v1', kind: 'Job' })).toEqual({
      group: 'batch',
      version: 'v1',
      kind: 'Job',
    });
    expect(resourceGroupVersionKind({ apiVersion: 'x/y/z', kind: 'Job' })).toEqual({ group: '', version: '', kind: '' });
  });
});

describe('kindOfSelector / containsKind (Kyverno GetKindFromGVK + SplitSubresource)', () => {
  it.each([
    ['Pod', 'Pod'],
    ['v1/Pod', 'Pod'],
    ['Pod/status', 'Pod'],
    ['Pod.status', 'Pod'],
    ['v1/Pod.status', 'Pod'],
    ['apps/v1/Deployment', 'Deployment'],
    ['apps/v1/Deployment/scale', 'Deployment'],
    ['*/*', '*'],
  ])('%s → %s', (input, expected) => {
    expect(kindOfSelector(input)).toBe(expected);
  });
  it('compares bare kinds', () => {
    expect(containsKind(['apps/v1/Deployment', 'v1/Pod'], 'Pod')).toBe(true);
    expect(containsKind(['PodTemplate'], 'Pod')).toBe(false);
    expect(containsKind(undefined, 'Pod')).toBe(false);
  });
});
