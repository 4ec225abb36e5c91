import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';

/** A ValidatingPolicy on ConfigMaps whose only validation is `expression` (a folded block scalar on line 13). */
function policy(name: string, expression: string): string {
  return `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: ${name}
spec:
  matchConstraints:
    resourceRules:
    - apiGroups: ['']
      apiVersions: [v1]
      operations: [CREATE]
      resources: [configmaps]
  validations:
  - expression: >-
      ${expression}
`;
}

const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: fast\n';

describe('hostile CEL expressions in a scanned policy', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-cel-hostile-'));
    writeFileSync(path.join(dir, 'range.yaml'), policy('huge-range', 'lists.range(1000000).all(i, i >= 0)'));
    writeFileSync(path.join(dir, 'deep.yaml'), policy('deep', `object.data.size() > ${'('.repeat(5000)}0${')'.repeat(5000)}`));
    writeFileSync(path.join(dir, 'regex.yaml'), policy('backtracking', "!('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!').matches('(a+)+$')"));
    writeFileSync(path.join(dir, 'config.yaml'), CONFIG_MAP);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('end with their errors at the expression, the scan going on', async () => {
    const started = performance.now();
    const result = await lint({ cwd: dir, paths: [dir], policyPaths: [], config: DEFAULT_CONFIG });
    const seconds = (performance.now() - started) / 1000;
    const findings = result.report.findings.map((finding) => ({ ruleId: finding.ruleId, at: `${finding.location.file}:${finding.location.line}:${finding.location.column}`, message: finding.message }));
    // The 10^6-element comprehension: the cost limit, at the start of the expression.
    expect(findings).toContainEqual({ ruleId: 'huge-range', at: 'range.yaml:14:7', message: 'rule could not be evaluated: error: operation cancelled: actual cost limit exceeded (on ConfigMap default/settings)' });
    // The 5,000-deep expression: a compile error, at its line.
    expect(findings.find((finding) => finding.ruleId === 'kyverno-lint/invalid-policy')).toMatchObject({ at: expect.stringMatching(/^deep\.yaml:14:\d+$/) });
    // The catastrophic pattern: RE2 answers at once; the validation holds.
    expect(findings.filter((finding) => finding.ruleId === 'backtracking')).toEqual([]);
    expect(findings).toHaveLength(2);
    expect(seconds).toBeLessThan(10);
  });
});
