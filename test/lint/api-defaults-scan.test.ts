import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';
import { NO_LEGACY_CONFIG, ROOT, runCli, scratchFolder } from '../commands/helpers.js';
import { fixtureFindings } from './fixture-findings.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/lint/api-defaults');
const at = (file: string, position: string): string => `manifests/${file}:${position}`;

// The fixture's manifests omit what the API server defaults: `imagePullPolicy` of an `nginx:latest` container
// (Always), a StorageClass's `reclaimPolicy` (Delete), a Deployment's `replicas` (1).
describe('the scan evaluates manifests as the API server defaults them', () => {
  const cases = [
    { ruleId: 'latest-pulls-always/latest-pulls-always', defaulted: null, written: { severity: 'error', at: at('pod.yaml', '8:5-9:24') } },
    { ruleId: 'vpol-latest-pulls-always', defaulted: null, written: { severity: 'warning', at: 'policies/vpol-pull-policy.yaml:17:82-17:97' } },
    { ruleId: 'storageclass-reclaim-delete/reclaim-delete', defaulted: null, written: { severity: 'error', at: at('storageclass.yaml', '1:1-1:30') } },
    { ruleId: 'replicas-limit/at-most-ten', defaulted: null, written: { severity: 'warning', at: at('deployment.yaml', '1:1-1:20') } },
    // A failure on a defaulted field is located at the nearest field the file has: the container.
    { ruleId: 'pull-if-not-present/pull-if-not-present', defaulted: { severity: 'warning', at: at('pod.yaml', '8:5-9:24') }, written: { severity: 'warning', at: at('pod.yaml', '8:5-9:24') } },
    { ruleId: 'pull-if-not-present/autogen-pull-if-not-present', defaulted: null, written: { severity: 'warning', at: at('deployment.yaml', '14:9-15:40') } },
  ];

  it.each(cases)('$ruleId', async ({ ruleId, defaulted, written }) => {
    const withDefaults = (await fixtureFindings('api-defaults')).filter((finding) => finding.ruleId === ruleId);
    const asWritten = (await fixtureFindings('api-defaults', undefined, { apiDefaults: false })).filter((finding) => finding.ruleId === ruleId);
    expect(withDefaults).toEqual(defaulted === null ? [] : [{ ruleId, ...defaulted }]);
    expect(asWritten).toEqual([{ ruleId, ...written }]);
  });

  it('fixes carry the mutation only, never the defaults', async () => {
    const { fixes } = await lint({ cwd: FIXTURE, paths: [FIXTURE], policyPaths: [], config: NO_LEGACY_CONFIG, fixes: true });
    const byFile = Object.fromEntries(fixes.map((fix) => [path.relative(FIXTURE, fix.file), fix.after]));
    expect(byFile['manifests/pod.yaml']).toBe(
      ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: web', '  namespace: shop', 'spec:', '  containers:', '  - name: web', '    image: nginx:latest', '  securityContext:', '    runAsNonRoot: true', ''].join('\n'),
    );
    expect(byFile['manifests/deployment.yaml']).not.toMatch(/replicas|imagePullPolicy|dnsPolicy|strategy/);
    expect(byFile['manifests/deployment.yaml']).toMatch(/securityContext:\n {8}runAsNonRoot: true\n$/);
  });

  it('the Kubernetes version is checked', async () => {
    const bad = await runCli(['--no-config', '--kubernetes-version', '1.12', FIXTURE]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--kubernetes-version: unsupported Kubernetes version "1\.12"/);
  });
});

describe('apply and test keep the Kyverno CLI behaviour unless --api-defaults is given', () => {
  const policy = (name: string): string => path.join(FIXTURE, 'policies', name);
  const manifest = (name: string): string => path.join(FIXTURE, 'manifests', name);
  it.each([
    { policy: 'pull-policy.yaml', resource: 'pod.yaml', written: 'fail: 1', defaulted: 'pass: 1' },
    { policy: 'reclaim-policy.yaml', resource: 'storageclass.yaml', written: 'fail: 1', defaulted: 'pass: 1' },
    { policy: 'replicas.yaml', resource: 'deployment.yaml', written: 'error: 1', defaulted: 'pass: 1' },
  ])('apply $policy to $resource', async ({ policy: file, resource, written, defaulted }) => {
    const plain = await runCli(['apply', policy(file), '--resource', manifest(resource)]);
    expect(plain.stdout).toContain(written);
    const withDefaults = await runCli(['apply', policy(file), '--resource', manifest(resource), '--api-defaults']);
    expect(withDefaults.stdout).toContain(defaulted);
  });

  it('apply --fix-dry-run with --api-defaults edits only what the mutation changes', async () => {
    const run = await runCli(['apply', policy('run-as-non-root.yaml'), '--resource', manifest('pod.yaml'), '--api-defaults', '--fix-dry-run']);
    expect(run.stdout + run.stderr).toContain('+  securityContext:\n+    runAsNonRoot: true');
    expect(run.stdout + run.stderr).not.toMatch(/^\+.*(imagePullPolicy|dnsPolicy|terminationMessagePath)/m);
  });

  it('--kubernetes-version needs --api-defaults', async () => {
    const run = await runCli(['apply', policy('pull-policy.yaml'), '--resource', manifest('pod.yaml'), '--kubernetes-version', '1.31']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--kubernetes-version applies with --api-defaults only');
  });
});

describe('kyverno-lint test --api-defaults', () => {
  const scratch = scratchFolder('kl-test-defaults-');
  const TEST = `apiVersion: cli.kyverno.io/v1alpha1
kind: Test
metadata:
  name: defaults
policies: [${JSON.stringify(path.join(FIXTURE, 'policies/pull-policy.yaml'))}, ${JSON.stringify(path.join(FIXTURE, 'policies/run-as-non-root.yaml'))}]
resources: [${JSON.stringify(path.join(FIXTURE, 'manifests/pod.yaml'))}]
results:
- policy: latest-pulls-always
  rule: latest-pulls-always
  resources: [web]
  kind: Pod
  result: pass
- policy: add-run-as-non-root
  rule: add-run-as-non-root
  resources: [web]
  kind: Pod
  patchedResources: patched.yaml
  result: pass
`;
  // The expected patched resource need not spell out the defaults: they are applied to it as to the resource.
  const PATCHED = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  securityContext:\n    runAsNonRoot: true\n  containers:\n  - name: web\n    image: nginx:latest\n';

  it('passes with the defaults and fails without them, as the Kyverno CLI', async () => {
    scratch.write('kyverno-test.yaml', TEST);
    scratch.write('patched.yaml', PATCHED);
    const withDefaults = await runCli(['test', scratch.dir, '--api-defaults']);
    expect(withDefaults.stdout).not.toContain('Fail');
    expect(withDefaults.code).toBe(0);
    const plain = await runCli(['test', scratch.dir]);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toMatch(/latest-pulls-always.*\n?.*Fail/);
  });
});
