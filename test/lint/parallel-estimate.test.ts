import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { estimatePairs } from '../../src/lint/parallel.js';
import { DEFAULT_CONFIG } from '../../src/config/types.js';

const dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-estimate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

write('repo/policies/p.yaml', 'apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata:\n  name: a\n---\napiVersion: policies.kyverno.io/v1\nkind: ValidatingPolicy\nmetadata:\n  name: b\n');
write('repo/apps/many.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: b\n---\n# a comment only\n');
write('repo/apps/one.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: c\nspec:\n  template:\n    metadata:\n      labels: {kind: Policy}\n');
write('repo/README.md', 'kind: Pod\n');
// JSON syntax: a policy and a manifest.
write('json/policy.yaml', '{\n "apiVersion": "kyverno.io/v1",\n "kind": "ClusterPolicy",\n "metadata": {"name": "j"}\n}\n');
write('json/manifests.yaml', '# rendered\n{"apiVersion": "v1", "metadata": {"name": "d"}, "kind": "ConfigMap"}\n---\n{"apiVersion": "v1", "kind": "Secret"}\n');
write('outside/n.yaml', 'apiVersion: admissionregistration.k8s.io/v1\nkind: "ValidatingAdmissionPolicy"\nmetadata:\n  name: c\n');

describe('estimatePairs (whether worker threads pay)', () => {
  it.each([
    ['the scan paths: 2 policies × 3 manifests', [], 6],
    ['with a --policy path outside them: 3 policies × 3 manifests', ['outside'], 9],
    ['with documents in JSON syntax: 3 policies × 5 manifests', ['json'], 15],
  ])('%s', async (_, policyPaths, expected) => {
    const cwd = path.join(dir, 'repo');
    const pairs = await estimatePairs({ cwd, paths: [cwd], policyPaths: policyPaths.map((item) => path.join(dir, item)), config: DEFAULT_CONFIG });
    expect(pairs).toBe(expected);
  });

});
