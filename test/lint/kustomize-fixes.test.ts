import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { changesBetween } from '../../src/lint/built-fixes.js';
import { ROOT } from '../commands/helpers.js';
import type { JsonValue } from '../../src/types.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/kustomize/mutate');

describe('mutations of built resources', () => {
  it('are fixed in the base file that holds the enclosing field, once for the builds that share it', async () => {
    const result = await lint({ cwd: FIXTURE, paths: [FIXTURE], policyPaths: [], config: DEFAULT_CONFIG, fixes: true });
    expect(result.fixes.map((fix) => path.relative(FIXTURE, fix.file))).toEqual(['base/app.yaml']);
    expect(result.fixes[0]!.after).toContain('          image: docker.io/example/app:1.0\n      securityContext:\n        runAsNonRoot: true\n');
    const fixable = result.report.findings.filter((finding) => finding.fix !== undefined);
    expect(fixable.map((finding) => [finding.location.file, finding.location.line, finding.message])).toEqual([
      ['base/app.yaml', 1, 'run-as-non-root/autogen-set-run-as-non-root mutates Deployment/app (fixable with --fix) (in the builds of overlay-plain, overlay-plain-2)'],
    ]);
  });

  it('get no fix when they change a field a kustomization entry sets, saying which file sets it', async () => {
    const { report } = await lint({ cwd: FIXTURE, paths: [FIXTURE], policyPaths: [], config: DEFAULT_CONFIG, fixes: true });
    const unfixed = report.findings.filter((finding) => finding.type === 'Mutation' && finding.fix === undefined);
    expect(unfixed.map((finding) => finding.message)).toEqual([
      'Deployment/app is mutated by run-as-non-root/autogen-set-run-as-non-root, mirror-images/use-mirror (no fix: it changes fields that overlay/kustomization.yaml sets through a kustomization entry, a JSON patch or a generator, not as plain YAML) (in the build of overlay)',
    ]);
  });
});

describe('changesBetween', () => {
  it.each<{ name: string; before: JsonValue; after: JsonValue; changes: unknown[] }>([
    { name: 'a replaced scalar', before: { a: { b: 1 } }, after: { a: { b: 2 } }, changes: [{ path: ['a', 'b'], value: 2, existed: true }] },
    { name: 'an added key', before: { a: {} }, after: { a: { c: 'x' } }, changes: [{ path: ['a', 'c'], value: 'x', existed: false }] },
    { name: 'a removed key', before: { a: { b: 1 } }, after: { a: {} }, changes: [{ path: ['a', 'b'], existed: true }] },
    { name: 'a list element changed in place', before: { l: [{ n: 1 }, { n: 2 }] }, after: { l: [{ n: 1 }, { n: 3 }] }, changes: [{ path: ['l', 1, 'n'], value: 3, existed: true }] },
    { name: 'a list of another length', before: { l: [1] }, after: { l: [1, 2] }, changes: [{ path: ['l'], value: [1, 2], existed: true }] },
  ])('$name', ({ before, after, changes }) => {
    expect(changesBetween(before, after)).toEqual(changes);
  });
});
