import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/source/edit.js';
import { parseDocuments } from '../../src/source/parse.js';
import { ROOT, runCli } from './helpers.js';

const FIXTURES = 'test/fixtures/cli/apply-mutate';
const POLICIES = `${FIXTURES}/policies`;
const PODS = `${FIXTURES}/resources/pods.yaml`;

const LONELY_YAML = [
  'apiVersion: v1',
  'kind: Pod',
  'metadata:',
  '    labels:',
  '        team: unassigned',
  '    name: lonely',
  '    namespace: default',
  'spec:',
  '    containers:',
  '        - image: nginx:1.25',
  '          name: app',
  '',
].join('\n');

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-apply-'));
});
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

interface JsonEntry {
  policy: string;
  rule: string;
  type: string;
  resource: { name: string };
  status: string;
  message: string;
  patchedResource?: { metadata: { labels?: Record<string, string> } };
}

interface JsonMutated {
  resource: { kind: string; name: string; namespace: string };
  file: string;
  patchedResource: Record<string, unknown>;
  edits: { file: string; startLine: number; endLine: number; replacement: string }[];
}

describe('apply: mutate policies', () => {
  it('prints every patched resource as Kyverno does, then the skipped mutations and the counters', async () => {
    const { code, stdout } = await runCli(['apply', POLICIES, '-r', PODS]);
    expect(code).toBe(1);
    const expected =
      '\nApplying 6 policy rule(s) to 2 resource(s)...\n' +
      `\npolicy add-team applied to default/Pod/lonely:\n${LONELY_YAML}\n---\n` +
      '\n\nMutation:\nMutation has been applied successfully.' +
      '\npolicy add-team applied to default/Pod/owned:\n' +
      LONELY_YAML.replace('team: unassigned', 'team: payments').replace('name: lonely', 'name: owned') +
      '\n---\n\n\nMutation:\nMutation has been applied successfully.' +
      // Kyverno's failure line follows the unterminated mutation line directly.
      'policy require-team -> resource default/Pod/lonely failed:\n' +
      '1 - check-team validation error: team must not be unassigned. rule check-team failed at path /metadata/labels/team/\n\n' +
      '\nskipped mutate policy add-team -> resource default/Pod/owned\n' +
      '\npass: 2, fail: 1, warn: 0, error: 0, skip: 1 \n';
    expect(stdout).toBe(expected);
  });

  it('reports failed patches with Kyverno\'s error lines and counts them as errors', async () => {
    const { code, stdout } = await runCli(['apply', `${FIXTURES}/other/broken-patch.yaml`, '-r', PODS]);
    expect(code).toBe(1);
    // Kyverno continues with an empty resource after a failed patch.
    expect(stdout).toContain('\npolicy broken-patch applied to default/Pod/lonely:\n{}\n\n---\n');
    expect(stdout).toContain(
      '\nerror while applying mutate policy broken-patch -> resource default/Pod/lonely \nerror:  failed to patch resource: replace operation does not apply: doc is missing key: /spec/missing: missing value\n',
    );
    expect(stdout.endsWith('\npass: 0, fail: 0, warn: 0, error: 2, skip: 0 \n')).toBe(true);
  });

  it('shows mutate rules in the table', async () => {
    const { stdout } = await runCli(['apply', POLICIES, '-r', PODS, '-t', '--detailed-results']);
    expect(stdout).toMatch(/Mutation has been applied successfully\.\n┌/);
    expect(stdout).toMatch(/│ +1 │ add-team +│ default-team +│ default\/Pod\/lonely +│ Pass +│ mutated Pod\/lonely in namespace default +│/);
    expect(stdout).toMatch(/│ +\d │ add-team +│ default-team +│ default\/Pod\/owned +│ Skip +│ no patches applied +│/);
  });

  it('prints the patched targets of mutate-existing rules given with --target-resource', async () => {
    const { stdout } = await runCli([
      'apply',
      `${FIXTURES}/existing/policy.yaml`,
      '-r',
      PODS,
      '--target-resource',
      `${FIXTURES}/existing/target.yaml`,
    ]);
    expect(stdout).toContain(
      '\n---\npatched targets: \n\napiVersion: v1\ndata:\n    last-pod: lonely\n    mode: fast\nkind: ConfigMap\nmetadata:\n    name: settings\n    namespace: default\n\n---\n\n\n\nMutation:\n',
    );
  });

  it('gives mutate results their patched resource and mutated resources their source edits in JSON', async () => {
    const { code, stdout, stderr } = await runCli(['apply', POLICIES, '-r', PODS, '--format', 'json']);
    expect(code).toBe(1);
    expect(stderr).toContain('Applying 6 policy rule(s) to 2 resource(s)...');
    expect(stderr).not.toContain('Mutation has been applied');
    const document = JSON.parse(stdout) as { results: JsonEntry[]; mutatedResources: JsonMutated[] };
    const mutate = document.results.filter((entry) => entry.type === 'Mutation');
    expect(mutate.map((entry) => [entry.resource.name, entry.status, entry.message])).toEqual([
      ['lonely', 'pass', 'mutated Pod/lonely in namespace default'],
      ['owned', 'skip', 'no patches applied'],
    ]);
    expect(mutate[0].patchedResource?.metadata.labels).toEqual({ team: 'unassigned' });
    expect(mutate[1].patchedResource?.metadata.labels).toEqual({ team: 'payments' });
    expect(document.results.find((entry) => entry.type === 'Validation' && entry.resource.name === 'lonely')?.status).toBe('fail');

    // Only the resource the mutation changed, with an edit that keeps the rest of the file.
    expect(document.mutatedResources).toHaveLength(1);
    const [lonely] = document.mutatedResources;
    expect(lonely.resource).toMatchObject({ kind: 'Pod', name: 'lonely', namespace: 'default' });
    expect(lonely.file).toBe(PODS);
    expect(lonely.edits).toEqual([{ file: PODS, startLine: 5, endLine: 5, replacement: '  name: lonely   # no labels at all\n  labels:\n    team: unassigned\n' }]);
    const text = readFileSync(path.join(ROOT, PODS), 'utf8');
    const edited = applyEdits(text, lonely.edits);
    const documents = parseDocuments(PODS, edited).documents;
    expect(documents[0].value).toEqual({ ...(lonely.patchedResource as object), metadata: { name: 'lonely', labels: { team: 'unassigned' } } });
    expect(documents[1].value).toEqual(parseDocuments(PODS, text).documents[1].value);
  });
});

describe('apply -o/--output', () => {
  it('writes every patched resource to a .yaml file, emptied first, and prints only the closing lines', async () => {
    const out = path.join(scratch, 'nested', 'mutated.yaml');
    await runCli(['apply', POLICIES, '-r', PODS, '-o', out]);
    const first = readFileSync(out, 'utf8');
    expect(first.startsWith(`${LONELY_YAML}\n---\n\n`)).toBe(true);
    expect(first.split('\n---\n\n')).toHaveLength(3);
    const { stdout } = await runCli(['apply', POLICIES, '-r', PODS, '-o', out]);
    expect(readFileSync(out, 'utf8')).toBe(first);
    expect(stdout).not.toContain('applied to');
    expect(stdout).toContain('\n\nMutation:\nMutation has been applied successfully.\n\nMutation:\nMutation has been applied successfully.');
  });

  it('writes <resource>-mutated.yaml files into a directory', async () => {
    const out = path.join(scratch, 'out');
    await runCli(['apply', POLICIES, '-r', PODS, '--output', out]);
    await runCli(['apply', POLICIES, '-r', PODS, '--output', out]);
    expect(readdirSync(out).sort()).toEqual(['lonely-mutated.yaml', 'owned-mutated.yaml']);
    expect(readFileSync(path.join(out, 'lonely-mutated.yaml'), 'utf8')).toBe(`${LONELY_YAML}\n---\n\n`);
  });

  it('fails with a message naming the path when the output cannot be created', async () => {
    const blocker = path.join(scratch, 'file');
    writeFileSync(blocker, 'x');
    const { code, stderr, stdout } = await runCli(['apply', POLICIES, '-r', PODS, '-o', path.join(blocker, 'out.yaml')]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Error: failed to create file\/folder .*file\/out\.yaml \((EEXIST|ENOTDIR): [^,]*\)\n$/);
    expect(stdout).toBe('');
    expect(existsSync(path.join(blocker, 'out.yaml'))).toBe(false);
  });
});
