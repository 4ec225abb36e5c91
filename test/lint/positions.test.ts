import { describe, expect, it } from 'vitest';
import { fixtureFindings } from './fixture-findings.js';

const findings = () => fixtureFindings('positions');

describe('finding locations: the node of the field that failed', () => {
  it.each([
    // A pattern over a nested list: the second port of the first container.
    { ruleId: 'nested-list/no-privileged-ports', severity: 'error', at: 'manifests/pod.yaml:17:11-17:29' },
    // anyPattern: the field every pattern failed on.
    { ruleId: 'any-pattern/pull-policy', severity: 'error', at: 'manifests/pod.yaml:14:7-14:29' },
    // deny has no field: the document start (after the leading comment).
    { ruleId: 'deny-host-network/no-host-network', severity: 'error', at: 'manifests/pod.yaml:2:1-2:15' },
    // foreach: the element that failed (the sidecar has no resources), located through the list path.
    { ruleId: 'foreach-memory/memory-limits', severity: 'error', at: 'manifests/pod.yaml:21:7-23:36' },
    // autogen on a Deployment: the field inside the pod template; Audit maps to warning.
    { ruleId: 'require-run-as-non-root/autogen-run-as-non-root', severity: 'warning', at: 'manifests/deployment.yaml:16:9-16:28' },
    // autogen, missing list: the deepest node that exists (the container).
    { ruleId: 'nested-list/autogen-no-privileged-ports', severity: 'error', at: 'manifests/deployment.yaml:18:11-23:28' },
  ])('$ruleId at $at', async (expected) => {
    expect(await findings()).toContainEqual(expected);
  });

  it('reports nothing else', async () => {
    expect(await findings()).toHaveLength(6);
  });
});
