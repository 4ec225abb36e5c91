import { describe, expect, it } from 'vitest';
import { fixtureFindings } from './fixture-findings.js';

// The files as written: with the API server's defaults, the `:latest` container of the Deployment would get
// `imagePullPolicy: Always` and pass require-pull-policy (test/lint/api-defaults-scan.test.ts).
const findings = () => fixtureFindings('cel-positions', undefined, { apiDefaults: false });

describe('CEL finding locations', () => {
  it.each([
    // A ValidatingPolicy failing on a Pod: the field the expression read (`Warn` maps to a warning).
    { ruleId: 'require-run-as-non-root', severity: 'warning', at: 'manifests/pod.yaml:7:5-7:24' },
    // Inside a list element: the image of the second container, the element `all` failed on.
    { ruleId: 'disallow-latest-tag', severity: 'error', at: 'manifests/pod.yaml:12:5-12:41' },
    // A Deployment through autogen: the image inside the pod template.
    { ruleId: 'disallow-latest-tag', severity: 'error', at: 'manifests/deployment.yaml:15:9-15:43' },
    // A field missing from the pod template: the deepest node that exists.
    { ruleId: 'require-run-as-non-root', severity: 'warning', at: 'manifests/deployment.yaml:12:5-15:43' },
    // A ClusterPolicy `validate.cel` rule: the container missing the field, on a Pod and through autogen.
    { ruleId: 'require-pull-policy/always-pull', severity: 'error', at: 'manifests/pod.yaml:9:5-10:38' },
    { ruleId: 'require-pull-policy/autogen-always-pull', severity: 'error', at: 'manifests/deployment.yaml:14:9-15:43' },
    // A compile error in a literal block scalar: the unexpected `)` on the expression's second line.
    { ruleId: 'kyverno-lint/invalid-policy', severity: 'error', at: 'policies/broken.yaml:15:50-15:51' },
    // An evaluation error: the missing key in the policy's expression (`Audit` errors are warnings).
    { ruleId: 'require-team-label', severity: 'warning', at: 'policies/labels.yaml:15:30-15:34' },
  ])('$ruleId at $at', async (expected) => {
    expect(await findings()).toContainEqual(expected);
  });

  it('reports nothing else', async () => {
    expect(await findings()).toHaveLength(8);
  });
});
