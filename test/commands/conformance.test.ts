import { describe, expect, it } from 'vitest';
import { CATEGORIES, categorize, formatConformance, passingFiles, type SuiteConformance } from '../../tools/conformance/runner.js';
import { policyFeatures } from '../../tools/conformance/policy-features.js';
import type { TestDocumentOutcome } from '../../src/commands/test/output.js';
import type { JsonObject } from '../../src/types.js';

const clusterPolicy = (rules: JsonObject[]): JsonObject => ({ apiVersion: 'kyverno.io/v1', kind: 'ClusterPolicy', metadata: { name: 'p' }, spec: { rules } });
const validate = (validation: JsonObject, extra: JsonObject = {}): JsonObject => ({ name: 'r', validate: validation, ...extra });
const ADMISSION = 'admissionregistration.k8s.io/v1';
const cel = (apiVersion: string, kind: string): JsonObject => ({ apiVersion, kind, metadata: { name: 'c' }, spec: {} });
const outcome = (policyDocuments: JsonObject[]): TestDocumentOutcome => ({ file: '/t/kyverno-test.yaml', documentIndex: 0, results: [], policyDocuments });

describe('categorize', () => {
  it.each<{ name: string; documents: JsonObject[]; category: string }>([
    { name: 'pattern rules', documents: [clusterPolicy([validate({ pattern: { spec: {} } })])], category: 'validate-only' },
    {
      name: 'variable context entries',
      documents: [clusterPolicy([validate({ deny: {} }, { context: [{ name: 'x', variable: { value: 1 } }] })])],
      category: 'validate-only',
    },
    { name: 'a custom function', documents: [clusterPolicy([validate({ message: "{{ to_upper('a') }}" })])], category: 'custom functions / context' },
    { name: 'a standard function only', documents: [clusterPolicy([validate({ message: "{{ length('a') }}" })])], category: 'validate-only' },
    {
      name: 'a configMap context entry',
      documents: [clusterPolicy([validate({ deny: {} }, { context: [{ name: 'cm', configMap: { name: 'c', namespace: 'd' } }] })])],
      category: 'custom functions / context',
    },
    { name: 'mutate rules', documents: [clusterPolicy([{ name: 'm', mutate: {} }]), clusterPolicy([validate({ message: 'split(' })])], category: 'mutate' },
    { name: 'generate rules', documents: [clusterPolicy([{ name: 'g', generate: {} }, { name: 'm', mutate: {} }])], category: 'generate' },
    { name: 'a ValidatingPolicy', documents: [cel('policies.kyverno.io/v1', 'ValidatingPolicy')], category: 'ValidatingPolicy' },
    { name: 'a NamespacedValidatingPolicy', documents: [cel('policies.kyverno.io/v1beta1', 'NamespacedValidatingPolicy')], category: 'ValidatingPolicy' },
    { name: 'a ValidatingAdmissionPolicy', documents: [cel(ADMISSION, 'ValidatingAdmissionPolicy')], category: 'ValidatingAdmissionPolicy' },
    { name: 'validate.cel rules', documents: [clusterPolicy([validate({ cel: { expressions: [] } })])], category: 'validate.cel' },
    { name: 'a MutatingPolicy', documents: [cel('policies.kyverno.io/v1', 'MutatingPolicy')], category: 'MutatingPolicy' },
    { name: 'a NamespacedMutatingPolicy', documents: [cel('policies.kyverno.io/v1', 'NamespacedMutatingPolicy')], category: 'MutatingPolicy' },
    { name: 'a NamespacedGeneratingPolicy', documents: [cel('policies.kyverno.io/v1', 'NamespacedGeneratingPolicy')], category: 'GeneratingPolicy' },
    { name: 'a DeletingPolicy', documents: [cel('policies.kyverno.io/v1', 'DeletingPolicy')], category: 'DeletingPolicy' },
    { name: 'a NamespacedDeletingPolicy', documents: [cel('policies.kyverno.io/v1', 'NamespacedDeletingPolicy')], category: 'DeletingPolicy' },
    { name: 'an ImageValidatingPolicy', documents: [cel('policies.kyverno.io/v1alpha1', 'ImageValidatingPolicy')], category: 'ImageValidatingPolicy' },
    { name: 'a MutatingAdmissionPolicy', documents: [cel('admissionregistration.k8s.io/v1beta1', 'MutatingAdmissionPolicy')], category: 'MutatingAdmissionPolicy' },
    // Precedence: ImageValidatingPolicy > MutatingAdmissionPolicy > GeneratingPolicy > MutatingPolicy > ValidatingPolicy >
    // ValidatingAdmissionPolicy > DeletingPolicy > validate.cel > generate > mutate.
    {
      name: 'a ValidatingPolicy beside a MutatingPolicy',
      documents: [cel('policies.kyverno.io/v1', 'ValidatingPolicy'), cel('policies.kyverno.io/v1', 'MutatingPolicy')],
      category: 'MutatingPolicy',
    },
    {
      name: 'a MutatingPolicy beside an ImageValidatingPolicy',
      documents: [cel('policies.kyverno.io/v1', 'MutatingPolicy'), cel('policies.kyverno.io/v1', 'ImageValidatingPolicy')],
      category: 'ImageValidatingPolicy',
    },
    {
      name: 'a ValidatingAdmissionPolicy beside a ValidatingPolicy',
      documents: [cel(ADMISSION, 'ValidatingAdmissionPolicy'), cel('policies.kyverno.io/v1', 'ValidatingPolicy')],
      category: 'ValidatingPolicy',
    },
    {
      name: 'validate.cel rules beside a ValidatingAdmissionPolicy',
      documents: [clusterPolicy([validate({ cel: { expressions: [] } })]), cel(ADMISSION, 'ValidatingAdmissionPolicy')],
      category: 'ValidatingAdmissionPolicy',
    },
    {
      name: 'validate.cel rules beside generate and mutate rules',
      documents: [clusterPolicy([{ name: 'g', generate: {} }]), clusterPolicy([{ name: 'm', mutate: {} }, validate({ cel: { expressions: [] } })])],
      category: 'validate.cel',
    },
    { name: 'a CEL kind of another group (not a policy kind)', documents: [cel('example.com/v1', 'ValidatingPolicy')], category: 'validate-only' },
    { name: 'verifyImages rules', documents: [clusterPolicy([{ name: 'v', verifyImages: [] }])], category: 'other' },
    { name: 'no policy loaded', documents: [], category: 'other' },
  ])('$name → $category', ({ documents, category }) => {
    expect(categorize(outcome(documents))).toBe(category);
  });

  it('puts documents that could not be decoded in other', () => {
    expect(categorize(undefined)).toBe('other');
  });
});

describe('policyFeatures', () => {
  it('finds custom function calls in keys and values but not in longer names', () => {
    expect(policyFeatures(clusterPolicy([validate({ pattern: { "{{ base64_decode('x') }}": 1 } })])).customFunctions).toBe(true);
    expect(policyFeatures(clusterPolicy([validate({ message: 'my_split(a)' })])).customFunctions).toBe(false);
  });
});

describe('conformance report', () => {
  const suite: SuiteConformance = {
    suite: 'suite',
    files: [
      { file: 'b/kyverno-test.yaml', negative: false, passed: true, matched: 2, total: 2, categories: ['validate-only'] },
      { file: 'a/kyverno-test.yaml', negative: false, passed: true, matched: 1, total: 1, categories: ['validate-only'] },
      { file: 'test-fail/x/kyverno-test.yaml', negative: true, passed: false, matched: 0, total: 1, categories: ['validate-only'] },
    ],
    results: { matched: 3, total: 4 },
    categories: {
      'validate-only': { matched: 3, total: 4 },
      'custom functions / context': { matched: 0, total: 0 },
      mutate: { matched: 0, total: 0 },
      generate: { matched: 0, total: 0 },
      'validate.cel': { matched: 1, total: 2 },
      ValidatingPolicy: { matched: 0, total: 0 },
      ValidatingAdmissionPolicy: { matched: 0, total: 0 },
      DeletingPolicy: { matched: 0, total: 0 },
      MutatingPolicy: { matched: 0, total: 3 },
      MutatingAdmissionPolicy: { matched: 0, total: 0 },
      GeneratingPolicy: { matched: 0, total: 0 },
      ImageValidatingPolicy: { matched: 0, total: 0 },
      other: { matched: 0, total: 0 },
    },
  };

  it('lists the passing files sorted, per suite', () => {
    expect(passingFiles([suite])).toEqual({ suite: ['a/kyverno-test.yaml', 'b/kyverno-test.yaml'] });
  });

  it('prints the figures per suite and category, and per file on request', () => {
    const text = formatConformance([suite], true);
    expect(text).toContain('suite: 3/4 expected results matched (75.0%), 2/3 test files pass fully; CEL family (every CEL row) 1/5 (20.0%)\n');
    expect(text).toContain('  validate-only                        3/4   75.0%\n');
    expect(text).toContain('  validate.cel                         1/2   50.0%\n');
    expect(text).toContain('  ValidatingPolicy                     0/0       -\n');
    expect(text).toContain('  ValidatingAdmissionPolicy            0/0       -\n');
    expect(text).toContain('  MutatingPolicy                       0/3    0.0%\n');
    // One row per category, in the order of CATEGORIES.
    const rows = text.split('\n').filter((line) => /^ {2}\S/.test(line)).map((line) => line.slice(2, 30).trim());
    expect(rows).toEqual([...CATEGORIES]);
    expect(text).toContain('    FAIL test-fail/x/kyverno-test.yaml (negative test) 0/1 [validate-only]\n');
    expect(formatConformance([suite], false)).not.toContain('PASS');
  });
});
