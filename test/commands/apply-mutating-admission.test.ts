import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const FIXTURE = 'test/fixtures/lint/mutating-admission';

describe('apply: MutatingAdmissionPolicies', () => {
  it('prints the resource a bound policy patched with its parameters; an unmatched resource prints nothing', async () => {
    const { code, stdout } = await runCli(['apply', `${FIXTURE}/policy.yaml`, '-r', `${FIXTURE}/configmaps.yaml`, '--parameter-resource', `${FIXTURE}/params.yaml`]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      '\nApplying 1 policy rule(s) to 2 resource(s)...\n' +
        '\npolicy add-team-label applied to default/ConfigMap/web-settings:\n' +
        'apiVersion: v1\ndata:\n    mode: fast\nkind: ConfigMap\nmetadata:\n    labels:\n        app: web\n        team: platform\n    name: web-settings\n    namespace: default\n' +
        '\n---\n' +
        '\n\nMutation:\nMutation has been applied successfully.' +
        '\npass: 1, fail: 0, warn: 0, error: 0, skip: 0 \n',
    );
  });

  it('without the parameters the mutation fails: no response, nothing counted', async () => {
    const { code, stdout } = await runCli(['apply', `${FIXTURE}/policy.yaml`, '-r', `${FIXTURE}/configmaps.yaml`]);
    expect(code).toBe(0);
    expect(stdout).toBe('\nApplying 1 policy rule(s) to 2 resource(s)...\n\npass: 0, fail: 0, warn: 0, error: 0, skip: 0 \n');
  });
});
