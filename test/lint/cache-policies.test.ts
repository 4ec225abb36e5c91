import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint, type LintResult } from '../../src/lint/lint.js';
import { validatePolicy } from '../../src/families/kyverno/policy/validate.js';

vi.mock('../../src/families/kyverno/policy/validate.js', async (original) => {
  const module = await original<typeof import('../../src/families/kyverno/policy/validate.js')>();
  return { ...module, validatePolicy: vi.fn(module.validatePolicy) };
});

const policy = (name: string, message: string): string => `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: ${name}
spec:
  rules:
    - name: team
      match:
        any:
          - resources:
              kinds: [ConfigMap]
      validate:
        message: ${message}
        pattern:
          metadata:
            labels:
              team: "?*"
`;

// A generate rule creating a cluster-scoped custom kind without a namespace: valid only while a definition says the
// kind is cluster-scoped (Kyverno checks it against the kinds the cluster serves).
const GENERATE = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: widgets
spec:
  rules:
    - name: widget
      match:
        any:
          - resources:
              kinds: [Namespace]
      generate:
        apiVersion: example.com/v1
        kind: Widget
        name: "{{ request.object.metadata.name }}"
        data:
          spec: {}
`;
const WIDGET_DEFINITION = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Cluster
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  versions:
    - name: v1
      served: true
      storage: true
      schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`;

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-cache-policies-'));
  write('policies/a.yaml', policy('a', 'a team label is required'));
  write('policies/b.yaml', policy('b', 'b team label is required'));
  write('manifests/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  namespace: default\n');
  vi.mocked(validatePolicy).mockClear();
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

function scan(cache?: string): Promise<LintResult> {
  return lint({ cwd: dir, paths: [dir], policyPaths: [], config: DEFAULT_CONFIG, ...(cache !== undefined ? { cache } : {}) });
}

function comparable(result: LintResult): unknown {
  const { durationMs: _duration, ...report } = result.report;
  const { cache: _cache, ...rest } = result;
  return { ...rest, report };
}

/** The names of the policies checked (validated) since the last call. */
function checked(): string[] {
  const names = vi.mocked(validatePolicy).mock.calls.map(([checkedPolicy]) => checkedPolicy.metadata.name as string);
  vi.mocked(validatePolicy).mockClear();
  return names.sort();
}

describe('the results cache and the checks of policies', () => {
  it('compiles the policies a run accepted without checking them again; a changed policy is checked', async () => {
    const location = path.join(dir, '.kyverno-lint-cache');
    await scan(location);
    expect(checked()).toEqual(['a', 'b']);
    write('manifests/cm.yaml', readFileSync(path.join(dir, 'manifests/cm.yaml'), 'utf8').replace('name: cm', 'name: cm2'));
    const afterManifest = await scan(location);
    expect(checked()).toEqual([]);
    expect(comparable(afterManifest)).toEqual(comparable(await scan()));
    checked();
    write('policies/b.yaml', policy('b', 'b team label is needed'));
    const afterPolicy = await scan(location);
    expect(checked()).toEqual(['b']);
    expect(comparable(afterPolicy)).toEqual(comparable(await scan()));
  });

  it('checks a policy again when the definitions of the kinds it names change', async () => {
    write('policies/widgets.yaml', GENERATE);
    write('crds/widget.yaml', WIDGET_DEFINITION);
    write('manifests/ns.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n');
    const location = path.join(dir, '.kyverno-lint-cache');
    const first = await scan(location);
    expect(first.report.findings.some((finding) => finding.ruleId === 'kyverno-lint/invalid-policy')).toBe(false);
    checked();
    // Without the definition, Widget is not known to be cluster-scoped: the generate rule needs a namespace.
    rmSync(path.join(dir, 'crds/widget.yaml'));
    const cached = await scan(location);
    expect(checked()).toEqual(['a', 'b', 'widgets']);
    const fresh = await scan();
    expect(fresh.report.findings.some((finding) => finding.ruleId === 'kyverno-lint/invalid-policy' && finding.message.includes('widgets'))).toBe(true);
    expect(comparable(cached)).toEqual(comparable(fresh));
  });
});
