import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const DIR = 'test/fixtures/cli/input-errors';

interface JsonResult {
  policy: string;
  rule: string;
  resource: { name: string };
  status: string;
  message: string;
}

describe('bad input is reported with file and line, and the other files are still checked', () => {
  it('reports a malformed policy, an unknown policy field, a malformed manifest and an unresolvable variable', async () => {
    const { code, stdout, stderr } = await runCli([
      'apply',
      `${DIR}/policies`,
      '-r',
      `${DIR}/resources/malformed.yaml,${DIR}/resources/pods.yaml`,
      '--format',
      'json',
    ]);
    expect(code).toBe(1);
    // The YAML error names the file, line and column of the problem.
    expect(stderr).toMatch(/^test\/fixtures\/cli\/input-errors\/policies\/malformed\.yaml:8:\d+: /m);
    expect(stderr).toMatch(/^test\/fixtures\/cli\/input-errors\/resources\/malformed\.yaml:5:\d+: /m);
    // The unknown field is reported at its own line, and that policy is not evaluated.
    expect(stderr).toContain(
      'test/fixtures/cli/input-errors/policies/unknown-field.yaml:13:9: ClusterPolicy: unknown field "spec.rules[0].validate.mesage"',
    );
    // No stack trace reaches the user.
    expect(stderr).not.toMatch(/\n\s+at /);

    const { results } = JSON.parse(stdout) as { results: JsonResult[] };
    expect(results.map((result) => [result.policy, result.rule, result.resource.name, result.status])).toEqual([
      ['owner-annotation', 'owner-must-be-team', 'web', 'error'],
      ['owner-annotation', 'require-app', 'web', 'pass'],
    ]);
    expect(results[0]!.message).toBe(
      'failed to check deny conditions: failed to substitute variables in condition key: failed to resolve ' +
        'request.object.metadata.annotations.owner at path : JMESPath query failed: Unknown key "annotations" in path',
    );
  });
});
