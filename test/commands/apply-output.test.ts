import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERATION_DONE, MUTATION_DONE, printObject, resourcePath } from '../../src/commands/apply/mutations.js';
import { countResults, formatApplyJson, formatResponseLines, type ApplyResponse, type ApplyRuleResult } from '../../src/commands/apply/output.js';
import { isOutputFile, MutationOutput } from '../../src/commands/apply/output-files.js';
import type { RuleStatus, RuleType } from '../../src/types.js';

function result(type: RuleType, engineStatus: RuleStatus, message: string, counted: RuleStatus | null = engineStatus): ApplyRuleResult {
  return { rule: `${type.toLowerCase()}-rule`, type, engineStatus, status: engineStatus, counted, message, source: { file: '/repo/pod.yaml', line: 1, column: 1 } };
}

function response(kind: ApplyResponse['kind'], results: ApplyRuleResult[]): ApplyResponse {
  return {
    kind,
    policy: `${kind}-policy`,
    policyLabel: `${kind}-policy`,
    resource: { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'web' },
    resourcePath: 'default/Pod/web',
    auditWarning: false,
    results,
  };
}

const GENERATED = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, data: { a: 'b' } };
const GENERATED_YAML = 'apiVersion: v1\ndata:\n    a: b\nkind: ConfigMap\nmetadata:\n    name: cm\n    namespace: default\n';

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-output-'));
});
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('apply text output for mutate and generate rules', () => {
  it('prints skipped and failed mutations and failed generations with Kyverno\'s spacing', () => {
    const responses = [
      response('mutate', [result('Mutation', 'skip', 'no patches applied'), result('Mutation', 'error', 'failed to patch resource: boom')]),
      response('generate', [result('Generation', 'error', 'failed to generate', 'fail'), result('Generation', 'pass', '')]),
      response('validate', [result('Validation', 'fail', 'validation error: x')]),
    ];
    expect(formatResponseLines(responses)).toBe(
      '\nskipped mutate policy mutate-policy -> resource default/Pod/web\n' +
        '\nerror while applying mutate policy mutate-policy -> resource default/Pod/web \nerror:  failed to patch resource: boom\n' +
        '\nerror while applying generate policy generate-policy -> resource default/Pod/web \nerror:  failed to generate\n' +
        'policy validate-policy -> resource default/Pod/web failed:\n1 - validation-rule validation error: x\n\n',
    );
  });

  it('counts mutate statuses as they are and every generate status but pass as a failure', () => {
    const responses = [
      response('mutate', [result('Mutation', 'pass', ''), result('Mutation', 'skip', ''), result('Mutation', 'error', '')]),
      response('generate', [result('Generation', 'pass', ''), result('Generation', 'skip', '', 'fail')]),
    ];
    expect(countResults(responses, 1)).toEqual({ pass: 2, fail: 1, warn: 0, error: 2, skip: 1 });
  });

  it('prints a generated object like a mutated one, with its own closing line', () => {
    const item = { policy: 'gen', resourcePath: 'default/Namespace/ns', resourceName: 'ns', object: GENERATED, targets: [], generated: true };
    expect(printObject(item, null)).toBe(`\npolicy gen applied to default/Namespace/ns:\n${GENERATED_YAML}\n---\n${GENERATION_DONE}`);
    expect(printObject({ ...item, generated: false }, null).endsWith(MUTATION_DONE)).toBe(true);
  });

  it('gives the path of a resource as <namespace>/<Kind>/<name>', () => {
    expect(resourcePath({ kind: 'Pod', metadata: { name: 'a', namespace: 'ns' } })).toBe('ns/Pod/a');
    expect(resourcePath({ kind: 'Namespace', metadata: { name: 'a' } })).toBe('/Namespace/a');
    expect(resourcePath({})).toBe('//');
  });

  it('adds the patched resource to mutate results and the generated objects to generate results in JSON', () => {
    const mutate = { ...response('mutate', [result('Mutation', 'pass', 'mutated')]), patchedResource: { kind: 'Pod' } };
    const generate = response('generate', [{ ...result('Generation', 'pass', ''), generatedResources: [GENERATED] }]);
    const document = JSON.parse(formatApplyJson({ cwd: '/repo' }, [mutate, generate], [], [])) as { results: Record<string, unknown>[]; mutatedResources: unknown[] };
    expect(document.results[0]).toMatchObject({ type: 'Mutation', patchedResource: { kind: 'Pod' }, source: { file: 'pod.yaml' } });
    expect(document.results[1]).toMatchObject({ type: 'Generation', generatedResources: [GENERATED] });
    expect(document.results[1]).not.toHaveProperty('patchedResource');
    expect(document.mutatedResources).toEqual([]);
  });
});

describe('apply -o targets', () => {
  it.each([
    ['out.yaml', true],
    ['dir/out.yml', true],
    ['out', false],
    ['out.json', false],
    ['dir.yaml/', false],
  ])('%s is a file: %s', (target, file) => {
    expect(isOutputFile(target)).toBe(file);
  });

  it('names generated files after the policy and mutated files after the resource', () => {
    const output = MutationOutput.open(path.join(scratch, 'out'), 'out');
    const item = { policy: 'gen', resourcePath: 'default/Namespace/ns', resourceName: 'ns', object: GENERATED, targets: [], generated: true };
    expect(printObject(item, output)).toBe(GENERATION_DONE);
    printObject({ ...item, object: GENERATED }, output);
    printObject({ ...item, generated: false }, output);
    expect(readdirSync(path.join(scratch, 'out')).sort()).toEqual(['gen-generated.yaml', 'ns-mutated.yaml']);
    expect(readFileSync(path.join(scratch, 'out', 'gen-generated.yaml'), 'utf8')).toBe(`${GENERATED_YAML}\n---\n\n${GENERATED_YAML}\n---\n\n`);
  });

  it('appends the patched targets after the resource in the file', () => {
    const output = MutationOutput.open(path.join(scratch, 'all.yaml'), 'all.yaml');
    printObject({ policy: 'p', resourcePath: 'default/Pod/a', resourceName: 'a', object: { a: 1 }, targets: [{ b: 2 }], generated: false }, output);
    expect(readFileSync(path.join(scratch, 'all.yaml'), 'utf8')).toBe('a: 1\n\n---\n\nb: 2\n\n---\n');
  });
});
