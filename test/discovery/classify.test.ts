import { describe, expect, it } from 'vitest';
import { classifyDocument, type DocumentClass } from '../../src/discovery/classify.js';
import type { JsonValue } from '../../src/types.js';

const object = (apiVersion: JsonValue, kind: JsonValue): JsonValue => ({ apiVersion, kind, metadata: { name: 'x' } });

describe('classifyDocument', () => {
  const table: [string, JsonValue, DocumentClass][] = [
    ['ClusterPolicy v1', object('kyverno.io/v1', 'ClusterPolicy'), 'policy'],
    ['Policy v1', object('kyverno.io/v1', 'Policy'), 'policy'],
    ['ClusterPolicy v2beta1', object('kyverno.io/v2beta1', 'ClusterPolicy'), 'policy'],
    ['PolicyException v2', object('kyverno.io/v2', 'PolicyException'), 'exception'],
    ['PolicyException v2beta1', object('kyverno.io/v2beta1', 'PolicyException'), 'exception'],
    ['other kyverno.io kind', object('kyverno.io/v1', 'ClusterCleanupPolicy'), 'manifest'],
    ['ValidatingPolicy', object('policies.kyverno.io/v1', 'ValidatingPolicy'), 'policy'],
    ['NamespacedValidatingPolicy', object('policies.kyverno.io/v1beta1', 'NamespacedValidatingPolicy'), 'policy'],
    ['MutatingPolicy', object('policies.kyverno.io/v1alpha1', 'MutatingPolicy'), 'policy'],
    ['NamespacedMutatingPolicy', object('policies.kyverno.io/v1', 'NamespacedMutatingPolicy'), 'policy'],
    ['GeneratingPolicy', object('policies.kyverno.io/v1', 'GeneratingPolicy'), 'policy'],
    ['NamespacedGeneratingPolicy', object('policies.kyverno.io/v1', 'NamespacedGeneratingPolicy'), 'policy'],
    ['DeletingPolicy', object('policies.kyverno.io/v1', 'DeletingPolicy'), 'policy'],
    ['NamespacedDeletingPolicy', object('policies.kyverno.io/v1', 'NamespacedDeletingPolicy'), 'policy'],
    ['ImageValidatingPolicy', object('policies.kyverno.io/v1', 'ImageValidatingPolicy'), 'policy'],
    ['NamespacedImageValidatingPolicy', object('policies.kyverno.io/v1', 'NamespacedImageValidatingPolicy'), 'policy'],
    ['CEL PolicyException', object('policies.kyverno.io/v1beta1', 'PolicyException'), 'exception'],
    ['ValidatingAdmissionPolicy', object('admissionregistration.k8s.io/v1', 'ValidatingAdmissionPolicy'), 'policy'],
    ['ValidatingAdmissionPolicyBinding', object('admissionregistration.k8s.io/v1', 'ValidatingAdmissionPolicyBinding'), 'binding'],
    ['MutatingAdmissionPolicy', object('admissionregistration.k8s.io/v1beta1', 'MutatingAdmissionPolicy'), 'policy'],
    ['MutatingAdmissionPolicyBinding', object('admissionregistration.k8s.io/v1alpha1', 'MutatingAdmissionPolicyBinding'), 'binding'],
    ['ValidatingWebhookConfiguration', object('admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration'), 'manifest'],
    ['CLI Test', object('cli.kyverno.io/v1alpha1', 'Test'), 'cli-file'],
    ['legacy Test with kyverno.io/v1', object('kyverno.io/v1', 'Test'), 'cli-file'],
    ['CLI Values', object('cli.kyverno.io/v1alpha1', 'Values'), 'cli-file'],
    ['CLI Value (legacy kind)', object('cli.kyverno.io/v1alpha1', 'Value'), 'cli-file'],
    ['CLI UserInfo', object('cli.kyverno.io/v1alpha1', 'UserInfo'), 'cli-file'],
    ['CLI Context', object('cli.kyverno.io/v1alpha1', 'Context'), 'cli-file'],
    ['CLI ClusterResource', object('cli.kyverno.io/v1alpha1', 'ClusterResource'), 'cli-file'],
    ['Pod', object('v1', 'Pod'), 'manifest'],
    ['Deployment', object('apps/v1', 'Deployment'), 'manifest'],
    ['custom resource', object('example.com/v1', 'Widget'), 'manifest'],
    ['Policy of another group', object('example.com/v1', 'Policy'), 'manifest'],
    ['Kustomization', object('kustomize.config.k8s.io/v1beta1', 'Kustomization'), 'other'],
    ['Kustomize Component', object('kustomize.config.k8s.io/v1alpha1', 'Component'), 'other'],
    ['GitHub workflow', { name: 'ci', on: { push: null }, jobs: {} }, 'other'],
    ['Helm values', { replicaCount: 1, image: { repository: 'nginx' } }, 'other'],
    ['Chart.yaml', { apiVersion: 'v2', name: 'chart', version: '1.0.0' }, 'other'],
    ['kind without apiVersion', { kind: 'Pod' }, 'other'],
    ['empty apiVersion', object('', 'Pod'), 'other'],
    ['empty kind', object('v1', ''), 'other'],
    ['non-string kind', object('v1', 3), 'other'],
    ['list', [object('v1', 'Pod')], 'other'],
    ['scalar', 'text', 'other'],
    ['null', null, 'other'],
  ];
  it.each(table)('%s', (_name, value, expected) => {
    expect(classifyDocument(value)).toBe(expected);
  });
});
