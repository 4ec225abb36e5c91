/**
 * A JMESPath expression nested too deeply, in a policy's `{{ }}` or in `jp query`: a clean error naming the
 * policy's file and line (scan, apply) or the expression (jp), never "Maximum call stack size exceeded"; the
 * other policies are still applied.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { runCli } from '../commands/helpers.js';
import { teamWorkspace } from './team-documents.js';

function deepPolicy(expression: string): string {
  return `# a policy with a deeply nested expression
apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: deep
spec:
  rules:
    - name: r
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: x
        deny:
          conditions:
            any:
              - key: "{{ ${expression} }}"
                operator: Equals
                value: app
`;
}

const EXPRESSIONS: [string, string][] = [
  ['5,000 parentheses', `${'('.repeat(5000)}request.object.metadata.name${')'.repeat(5000)}`],
  ['a 5,000-field chain', `request.object${'.a'.repeat(5000)}`],
  ['5,000 nested function calls', `${'to_string('.repeat(5000)}request.object.metadata.name${')'.repeat(5000)}`],
];

const STACK = /Maximum call stack|RangeError|internal error|\n\s+at /;

const scratch = teamWorkspace('kyverno-lint-nesting-');

describe('deeply nested JMESPath in a policy', () => {
  it.each(EXPRESSIONS)('%s: the scan reports the policy at its line, and the other policy runs', async (_name, expression) => {
    writeFileSync(path.join(scratch.dir, 'policies/deep.yaml'), deepPolicy(expression));
    const { report } = await lint({ cwd: scratch.dir, paths: ['.'], policyPaths: [], config: DEFAULT_CONFIG });
    const deep = report.findings.filter((f) => f.location?.file === 'policies/deep.yaml');
    expect(deep).toHaveLength(1);
    expect(deep[0]).toMatchObject({ ruleId: 'kyverno-lint/invalid-policy', location: { line: 2 } });
    expect(deep[0]!.message).toMatch(/^ClusterPolicy deep is not evaluated: .*: expression nested too deeply: more than 1000 levels$/s);
    expect(deep[0]!.message).not.toMatch(STACK);
    expect(report.findings.some((f) => f.location?.file === 'manifests/pod.yaml' && f.policy === 'require-team')).toBe(true);
  });

  it.each(EXPRESSIONS)('%s: apply skips the policy with the reason, and applies the other', async (_name, expression) => {
    writeFileSync(path.join(scratch.dir, 'policies/deep.yaml'), deepPolicy(expression));
    const { code, stdout, stderr } = await runCli(['apply', 'policies', '-r', 'manifests'], { cwd: scratch.dir });
    expect(stdout + stderr).not.toMatch(STACK);
    expect(stdout).toMatch(/1\. deep: .*: expression nested too deeply: more than 1000 levels/);
    expect(stdout).toContain('policy require-team -> resource default/Pod/app failed');
    expect(code).toBe(1);
  });
});

describe('deeply nested JMESPath in jp', () => {
  it.each(EXPRESSIONS)('%s: jp query fails with the nesting error (exit 1)', async (_name, expression) => {
    const { code, stdout, stderr } = await runCli(['jp', 'query', expression], { stdin: '{"request": {"object": {}}}' });
    expect(stdout + stderr).not.toMatch(STACK);
    expect(stdout + stderr).toMatch(/failed to compile JMESPath: .*: expression nested too deeply: more than 1000 levels/s);
    expect(code).toBe(1);
  });

  it.each(EXPRESSIONS)('%s: jp parse fails with the nesting error (exit 1)', async (_name, expression) => {
    const { code, stdout, stderr } = await runCli(['jp', 'parse', expression]);
    expect(stdout + stderr).not.toMatch(STACK);
    expect(stdout + stderr).toContain('expression nested too deeply: more than 1000 levels');
    expect(code).toBe(1);
  });
});
