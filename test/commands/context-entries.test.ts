import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const FIXTURES = 'test/fixtures/context/apply';
const POLICIES = `${FIXTURES}/policies`;
const RESOURCES = `${FIXTURES}/resources`;
const CLUSTER = `${FIXTURES}/cluster`;

interface JsonResult {
  policy: string;
  rule: string;
  resource: { kind: string; namespace: string; name: string };
  status: string;
  message: string;
}

async function applyJson(argv: string[]): Promise<{ code: number; results: JsonResult[] }> {
  const { code, stdout } = await runCli(['apply', POLICIES, '--resource', RESOURCES, '--format', 'json', ...argv]);
  return { code, results: (JSON.parse(stdout) as { results: JsonResult[] }).results };
}

function outcome(results: JsonResult[], policy: string, name: string): JsonResult | undefined {
  return results.find((result) => result.policy === policy && result.resource.name === name);
}

describe('kyverno-lint apply: context entries from the mocked cluster', () => {
  it.each<[string, string, string, string]>([
    ['a configMap lookup (allowed tier)', 'allowed-tiers', 'web', 'pass'],
    ['a configMap lookup (tier not listed)', 'allowed-tiers', 'cache', 'fail'],
    ['an apiCall list lookup (a NetworkPolicy exists)', 'require-netpol', 'storefront', 'pass'],
    ['an apiCall list lookup (empty list)', 'require-netpol', 'scratch', 'fail'],
    ['namespaceSelector with the labels of a cluster Namespace', 'prod-owner', 'web', 'pass'],
    ['a missing ConfigMap', 'quota-limits', 'storefront', 'error'],
  ])('%s', async (_name, policy, resource, status) => {
    const { code, results } = await applyJson(['--cluster-resources', CLUSTER]);
    expect(code).toBe(1);
    expect(outcome(results, policy, resource)?.status).toBe(status);
  });

  it('does not match a namespace whose cluster labels do not select it', async () => {
    const { results } = await applyJson(['--cluster-resources', CLUSTER]);
    expect(outcome(results, 'prod-owner', 'cache')).toBeUndefined();
  });

  it('says which lookup was unresolved and how to supply it', async () => {
    const { results } = await applyJson(['--cluster-resources', CLUSTER]);
    expect(outcome(results, 'quota-limits', 'scratch')?.message).toBe(
      'failed to check deny conditions: failed to substitute variables in condition value:' +
        ' failed to resolve quota.data.maxReplicas at path : JMESPath query failed: Unknown key "quota" in path' +
        ' (context entry "quota" (ConfigMap platform/quota-settings) was not resolved offline:' +
        ' failed to retrieve config map for context entry quota: failed to get configmap platform/quota-settings : configmaps "quota-settings" not found;' +
        ' add the ConfigMap as a manifest of the scanned repository, to --cluster-resources (apply) or to clusterResources (test), or set "quota" in a values file (policies[].rules[].values))',
    );
  });

  it('reads only the resources without --cluster-resources, as kyverno apply', async () => {
    const { results } = await applyJson([]);
    expect(outcome(results, 'allowed-tiers', 'web')?.status).toBe('error');
    expect(outcome(results, 'allowed-tiers', 'web')?.message).toContain('context entry "settings" (ConfigMap platform/tier-settings) was not resolved offline');
    expect(outcome(results, 'require-netpol', 'storefront')?.status).toBe('fail');
    expect(outcome(results, 'prod-owner', 'web')).toBeUndefined();
  });

  it('prefers the namespace labels of the values file', async () => {
    const { stdout } = await runCli(['apply', `${POLICIES}/prod-owner.yaml`, '-r', RESOURCES, '--cluster-resources', CLUSTER, '-f', `${FIXTURES}/values.yaml`]);
    expect(stdout).toContain('policy prod-owner -> resource lab/Pod/cache failed:');
    expect(stdout).toContain('policy prod-owner -> resource lab/Deployment/scratch failed:');
    expect(stdout).toContain('pass: 0, fail: 2,');
  });

  it('reports a cluster resources path that does not exist as a usage error', async () => {
    const { code, stderr } = await runCli(['apply', POLICIES, '-r', RESOURCES, '--cluster-resources', `${FIXTURES}/missing`]);
    expect(code).toBe(2);
    expect(stderr).toContain('no such file or directory');
    expect(stderr).toContain('missing (--cluster-resources)');
  });
});

describe('kyverno-lint test: clusterResources, apiCallResponses, globalContextEntries', () => {
  it('resolves configMap, apiCall and globalReference entries as the test expects', async () => {
    const { code, stdout, stderr } = await runCli(['test', 'test/fixtures/context/test']);
    expect(stderr).not.toContain('not supported yet');
    expect(stderr).toContain('Loading Kubernetes resources ...');
    expect(stdout).toContain('Test Summary: 9 tests passed and 0 tests failed');
    expect(code).toBe(0);
  });

  it('adds the hint to the error of an apiCall that found nothing', async () => {
    const { stdout } = await runCli(['test', 'test/fixtures/context/test', '--format', 'json', '-t', 'policy=spot-classes,resource=unclassified']);
    const report = JSON.parse(stdout) as { tests: { results: { actual: string; message: string }[] }[] };
    const [result] = report.tests[0]!.results;
    expect(result?.actual).toBe('error');
    expect(result?.message).toContain(
      'Unknown key "computeClass" in path (context entry "computeClass" (GET /apis/cloud.example.com/v1/computeclasses/{{ request.object.spec.nodeSelector."cloud.example.com/class" }})' +
        ' was not resolved offline: failed to fetch data for APICall: failed to  resource with raw url: /apis/cloud.example.com/v1/computeclasses/missing:' +
        ' computeclasses.cloud.example.com "missing" not found;',
    );
  });
});
