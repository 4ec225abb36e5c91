/**
 * `kyverno-lint apply --image-data`: image metadata read instead of image registries by `imageRegistry` context
 * entries and CEL image lookups; without it `apply` keeps the Kyverno CLI's behaviour.
 */
import { describe, expect, it } from 'vitest';
import { CEL_POLICY, IMAGES, pod, PODS, REGISTRY_POLICY } from '../lint/image-documents.js';
import { runCli, scratchFolder } from './helpers.js';

const scratch = scratchFolder('kyverno-lint-apply-image-data-');

interface JsonResult {
  policy: string;
  rule: string;
  resource: unknown;
  status: string;
  message: string;
}

async function apply(...extra: string[]): Promise<{ code: number; stderr: string; results: string[]; raw: JsonResult[] }> {
  scratch.write('registry.yaml', REGISTRY_POLICY);
  scratch.write('cel.yaml', CEL_POLICY);
  const run = await runCli(['apply', 'registry.yaml', 'cel.yaml', '-r', 'pods.yaml', '--format', 'json', ...extra], { cwd: scratch.dir });
  const raw = (JSON.parse(run.stdout) as { results: JsonResult[] }).results;
  const name = (resource: unknown): string => JSON.stringify(resource).match(/(app|root|other)/)?.[0] ?? '?';
  return { code: run.code, stderr: run.stderr, raw, results: raw.map((result) => `${result.policy}/${result.rule} ${name(result.resource)} ${result.status}`) };
}

describe('apply --image-data', () => {
  it('feeds both families: the rules pass or fail on the data', async () => {
    scratch.write('pods.yaml', PODS);
    scratch.write('images.yaml', IMAGES);
    const { code, results } = await apply('--image-data', 'images.yaml');
    expect(results).toEqual([
      'image-checks/non-root app pass',
      'image-checks/small app pass',
      'cel-non-root/ app pass',
      'image-checks/non-root root fail',
      'image-checks/small root fail',
      'cel-non-root/ root fail',
    ]);
    expect(code).toBe(1);
  });

  it('without it, keeps the Kyverno CLI: imageRegistry entries are left out, CEL lookups read the (empty) Context', async () => {
    scratch.write('pods.yaml', PODS);
    const { results, raw } = await apply();
    expect(results).toEqual([
      // The Kyverno CLI's outcome without registry data: the `|| ''` fallback makes the rule fail.
      'image-checks/non-root app fail',
      'image-checks/small app error',
      'cel-non-root/ app error',
      'image-checks/non-root root fail',
      'image-checks/small root error',
      'cel-non-root/ root error',
    ]);
    expect(raw[1]!.message).toContain('Unknown key "imageSize" in path (context entry "imageSize" (image registry data of {{ element.image }}) was not resolved offline');
  });

  it('an image missing from the data errors its rules', async () => {
    scratch.write('pods.yaml', pod('other', 'ghcr.io/acme/other:2.0'));
    scratch.write('images.yaml', IMAGES);
    const { results, raw } = await apply('--image-data', 'images.yaml');
    expect(results).toEqual(['image-checks/non-root other error', 'image-checks/small other error', 'cel-non-root/ other error']);
    expect(raw[0]!.message).toBe(
      'failed to load context entry imageData: failed to fetch image descriptor: ghcr.io/acme/other:2.0, error: no entry of the image data file images.yaml names this image: add one with "image: ghcr.io/acme/other:2.0"',
    );
  });

  it('a Context file given as --context-file wins over the image data for CEL lookups', async () => {
    scratch.write('pods.yaml', PODS);
    scratch.write('images.yaml', IMAGES);
    // The Context file says the app image runs as root.
    scratch.write('context.yaml', 'apiVersion: cli.kyverno.io/v1alpha1\nkind: Context\nspec:\n  images:\n    - image: ghcr.io/acme/app:1.0\n      config: {config: {User: ""}}\n');
    const { results } = await apply('--image-data', 'images.yaml', '--context-file', 'context.yaml');
    expect(results.filter((result) => result.startsWith('cel-non-root'))).toEqual(['cel-non-root/ app fail', 'cel-non-root/ root fail']);
    // The kyverno.io policy reads the image data only.
    expect(results.filter((result) => result.startsWith('image-checks/non-root'))).toEqual(['image-checks/non-root app pass', 'image-checks/non-root root fail']);
  });

  it('a problem of the image data file is reported at its line and stops the run (exit 1)', async () => {
    scratch.write('pods.yaml', PODS);
    scratch.write('images.yaml', 'images:\n  - image: ghcr.io/acme/app:1.0\n    digest: sha1:abc\n');
    scratch.write('registry.yaml', REGISTRY_POLICY);
    const run = await runCli(['apply', 'registry.yaml', '-r', 'pods.yaml', '--image-data', 'images.yaml'], { cwd: scratch.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('images.yaml:3:5: digest "sha1:abc" must be sha256:<64 lower-case hex digits>');
    expect(run.stdout).not.toContain('pass:');
  });
});
