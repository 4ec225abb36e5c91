import { describe, expect, it } from 'vitest';
import { contextFileImages } from '../../../../src/lang/cel/kyverno/index.js';
import { errorOf, kyvernoEnvironment, valueOf } from './helpers.js';

const images = contextFileImages([
  {
    image: 'ghcr.io/kyverno/test-busybox:1.35',
    manifest: { annotations: { 'org.opencontainers.image.base.name': 'gcr.io/distroless/static:nonroot' } },
    config: { created: '2024-01-01T00:00:00Z', architecture: 'amd64', Env: ['NVIDIA_VISIBLE_DEVICES=all'], size: 3 },
  },
  { image: 'nginx', resolvedImage: 'docker.io/library/nginx@sha256:abc', tag: 'latest', digest: '' },
  { image: 'ghcr.io/x:1', config: { created: 'old' } },
  { image: 'ghcr.io/x:1', config: { created: '2025-05-05T00:00:00Z' } },
]);

describe('image.GetMetadata', () => {
  const env = kyvernoEnvironment();
  const values: [string, unknown][] = [
    ["image.GetMetadata('ghcr.io/x:1').config.created", '2025-05-05T00:00:00Z'],
    ["image.getMetadata('ghcr.io/kyverno/test-busybox:1.35').manifest.annotations['org.opencontainers.image.base.name']", 'gcr.io/distroless/static:nonroot'],
    ["image.GetMetadata('ghcr.io/kyverno/test-busybox:1.35').config.?Env.orValue([]).exists(e, e.startsWith('NVIDIA_VISIBLE_DEVICES='))", true],
    // Numbers are doubles (the CLI round-trips the entry through JSON).
    ["type(image.GetMetadata('ghcr.io/kyverno/test-busybox:1.35').config.size) == double", true],
    ["timestamp(image.GetMetadata('ghcr.io/x:1').config.created) < timestamp('2026-01-01T00:00:00Z')", true],
    // The fields of the CLI's ImageData: strings always, tag and digest when set, the rest when present.
    ["image.GetMetadata('nginx')", { image: 'nginx', resolvedImage: 'docker.io/library/nginx@sha256:abc', registry: '', repository: '', tag: 'latest' }],
    ["'config' in image.GetMetadata('nginx')", false],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(valueOf(env.run(expression, { images }))).toEqual(value);
  });

  it('fails for an image not in the Context file, naming what to supply', () => {
    const message = errorOf(env.run("image.GetMetadata('ghcr.io/x:2')", { images }));
    expect(message).toMatch(/^failed to get image data: image data for ghcr\.io\/x:2 not found in the context/);
    expect(message).toContain("spec.images of the Test's Context file");
  });

  it('fails with what the source says is missing, when it says it', () => {
    const source = { get: images.get, missing: (image: string) => `no ${image} in images.yaml` };
    expect(errorOf(env.run("image.GetMetadata('ghcr.io/x:2')", { images: source }))).toBe('failed to get image data: no ghcr.io/x:2 in images.yaml');
    expect(valueOf(env.run("image.GetMetadata('ghcr.io/x:1').config.created", { images: source }))).toBe('2025-05-05T00:00:00Z');
  });

  it('looks images up by the exact string', () => {
    expect(errorOf(env.run("image.GetMetadata('docker.io/library/nginx')", { images }))).toMatch(/not found in the context/);
    expect(errorOf(env.run("image.GetMetadata('nginx')"))).toMatch(/not found in the context/);
  });

  it.each(["image.GetMetadata()", 'image.GetMetadata(1)', "image.GetMetadata('a', 'b')"])('%s is a compile error', (expression) => {
    expect(env.compile(expression).ok).toBe(false);
  });
});
