import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeImageData, loadImageDataFile } from '../../src/evaluate/image-data.js';

const DIGEST = `sha256:${'a'.repeat(64)}`;
const OTHER = `sha256:${'b'.repeat(64)}`;

const folder = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-image-data-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Loads `text` as an image data file and gives its problems as `line:column message`. */
function load(text: string): { store: ReturnType<typeof loadImageDataFile>['store']; problems: string[] } {
  const file = path.join(folder, 'images.yaml');
  writeFileSync(file, text);
  const loaded = loadImageDataFile(file, 'images.yaml');
  return { store: loaded.store, problems: loaded.problems.map((problem) => `${problem.line}:${problem.column} ${problem.message}`) };
}

function store(document: unknown) {
  const decoded = decodeImageData(document as never, 'images.yaml');
  expect(decoded.problems).toEqual([]);
  return decoded.store!;
}

describe('image data file: the two shapes', () => {
  const entries = [
    { image: 'nginx:1.2', digest: DIGEST, manifest: { layers: [{ size: 10 }, { size: 20 }] }, config: { config: { User: 'nginx' } } },
    { image: `ghcr.io/acme/app@${DIGEST}`, imageIndex: { manifests: [{}] } },
  ];

  it('reads a plain images: list and a Context file alike', () => {
    const plain = store({ images: entries });
    const context = store({ apiVersion: 'cli.kyverno.io/v1alpha1', kind: 'Context', metadata: { name: 'x' }, spec: { resources: [], images: entries } });
    expect(context.images).toEqual(plain.images);
    expect(plain.images.map((image) => image.image)).toEqual(['nginx:1.2', `ghcr.io/acme/app@${DIGEST}`]);
    expect(plain.source).toBe('images.yaml');
  });

  it('gives CEL image.GetMetadata the Context ImageData shape, derived fields filled in', () => {
    const [nginx, app] = store({ images: entries }).images;
    expect(nginx).toEqual({
      image: 'nginx:1.2',
      resolvedImage: `index.docker.io/library/nginx:1.2@${DIGEST}`,
      registry: 'index.docker.io',
      repository: 'library/nginx',
      tag: '1.2',
      digest: DIGEST,
      manifest: { layers: [{ size: 10 }, { size: 20 }] },
      config: { config: { User: 'nginx' } },
    });
    expect(app).toEqual({
      image: `ghcr.io/acme/app@${DIGEST}`,
      resolvedImage: `ghcr.io/acme/app@${DIGEST}`,
      registry: 'ghcr.io',
      repository: 'acme/app',
      digest: DIGEST,
      imageIndex: { manifests: [{}] },
    });
  });

  it('keeps the fields an entry gives', () => {
    const [entry] = store({ images: [{ image: 'nginx', registry: 'docker.io', repository: 'nginx', resolvedImage: 'docker.io/nginx@x' }] }).images;
    expect(entry).toEqual({ image: 'nginx', resolvedImage: 'docker.io/nginx@x', registry: 'docker.io', repository: 'nginx', tag: 'latest' });
  });

  it('gives imageRegistry context entries the shape of fetchImageDataMap', () => {
    const data = store({ images: entries }).registryData('nginx:1.2');
    expect(data).toEqual({
      configData: { config: { User: 'nginx' } },
      identifier: '1.2',
      image: 'nginx:1.2',
      manifest: { layers: [{ size: 10 }, { size: 20 }] },
      manifestList: null,
      registry: 'index.docker.io',
      repository: 'library/nginx',
      resolvedImage: `index.docker.io/library/nginx@${DIGEST}`,
    });
    expect(Object.keys(data!)).toEqual(['configData', 'identifier', 'image', 'manifest', 'manifestList', 'registry', 'repository', 'resolvedImage']);
  });

  it.each([
    // reference asked for, the entry's image answering it (undefined: none), its identifier
    ['nginx:1.2', 'nginx:1.2', '1.2'],
    ['docker.io/nginx:1.2', 'nginx:1.2', '1.2'],
    ['index.docker.io/library/nginx:1.2', 'nginx:1.2', '1.2'],
    [`nginx@${DIGEST}`, 'nginx:1.2', DIGEST],
    [`nginx:1.2@${DIGEST}`, 'nginx:1.2', `1.2@${DIGEST}`],
    ['nginx:1.3', undefined, ''],
    ['nginx', undefined, ''],
    [`nginx@${OTHER}`, undefined, ''],
    [`ghcr.io/acme/app@${DIGEST}`, `ghcr.io/acme/app@${DIGEST}`, DIGEST],
    ['ghcr.io/acme/app:latest', undefined, ''],
  ])('imageRegistry lookup of %s is answered by %s', (reference, answered, identifier) => {
    const data = store({ images: entries }).registryData(reference);
    if (answered === undefined) {
      expect(data).toBeUndefined();
      return;
    }
    const entry = entries.find((item) => item.image === answered)!;
    // The data names the reference asked for, with the entry's registry data.
    expect(data).toMatchObject({ image: reference, identifier, manifest: entry.manifest ?? null });
  });

  it('answers a digest reference with the digest asked for, and a bare name as the latest tag', () => {
    const latest = store({ images: [{ image: 'docker.io/library/busybox:latest', digest: OTHER }] });
    expect(latest.registryData('busybox')).toMatchObject({ image: 'busybox', identifier: 'latest', resolvedImage: `index.docker.io/library/busybox@${OTHER}` });
    expect(latest.registryData(`busybox@${OTHER}`)).toMatchObject({ identifier: OTHER, resolvedImage: `index.docker.io/library/busybox@${OTHER}` });
    // A digest reference with a tag: CEL sees both, imageRegistry entries find it by either.
    const pinned = store({ images: [{ image: `quay.io/org/tool@${OTHER}`, tag: 'v2' }] });
    expect(pinned.images[0]).toMatchObject({ tag: 'v2', digest: OTHER, resolvedImage: `quay.io/org/tool:v2@${OTHER}` });
    expect(pinned.registryData('quay.io/org/tool:v2')).toMatchObject({ identifier: 'v2', resolvedImage: `quay.io/org/tool@${OTHER}` });
    // Without a digest the resolved image is unknown.
    expect(store({ images: [{ image: 'busybox' }] }).registryData('busybox')).toMatchObject({ resolvedImage: '', manifest: null, configData: null });
  });

  it('throws for a reference go-containerregistry cannot parse', () => {
    expect(() => store({ images: [] }).registryData('Not A Reference')).toThrow(/could not parse reference/);
  });
});

describe('image data file: problems, located', () => {
  it.each([
    ['images:\n  - image: nginx\n    digests: x\n', ['3:5 unknown field "digests"']],
    ['images:\n  - image: nginx\n    configData: {}\n', ['3:5 unknown field "configData": the image config is "config" (imageRegistry context entries read it as configData)']],
    ['images:\n  - image: nginx\n    manifestList: {}\n', ['3:5 unknown field "manifestList": the image index is "imageIndex" (imageRegistry context entries read it as manifestList)']],
    ['images:\n  - digest: sha256:x\n', ['2:5 an image entry needs "image", the reference as policies write it']],
    ['images:\n  - image: ""\n', ['2:5 an image entry needs "image", the reference as policies write it']],
    ['images:\n  - image: "Not A Reference"\n', ['2:5 image "Not A Reference" is not an image reference: could not parse reference: Not A Reference']],
    ['images:\n  - image: nginx\n    digest: sha256:abc\n', ['3:5 digest "sha256:abc" must be sha256:<64 lower-case hex digits>']],
    [`images:\n  - image: nginx@${DIGEST}\n    digest: ${OTHER}\n`, [`3:5 digest "${OTHER}" differs from the digest of image "nginx@${DIGEST}"`]],
    ['images:\n  - image: nginx:1.2\n    tag: "1.3"\n', ['3:5 tag "1.3" differs from the tag "1.2" of image "nginx:1.2"']],
    ['images:\n  - image: nginx\n    tag: "1.3"\n', ['3:5 tag "1.3" differs from the tag "latest" of image "nginx"']],
    ['images:\n  - image: nginx\n    tag: "a b"\n', ['3:5 tag "a b" must be 1 to 128 letters, digits, "_", "." or "-"']],
    ['images:\n  - image: nginx\n  - image: nginx\n', ['3:5 image "nginx" is given twice (first at images.0)']],
    ['images:\n  - image: nginx\n  - image: docker.io/library/nginx:latest\n', ['3:5 image "docker.io/library/nginx:latest" names the same image as "nginx" (index.docker.io/library/nginx:latest)']],
    ['images:\n  - nginx\n', ['2:5 cannot decode string as object for field "0"']],
    ['images:\n  -\n', ['2:4 an image entry must be a mapping, got null']],
    ['images: nginx\n', ['1:1 cannot decode string as list of object for field "images"']],
    ['image: nginx\n', ['1:1 unknown field "image"']],
    ['other: 1\n', ['1:1 unknown field "other"']],
    ['- image: nginx\n', ['1:1 expected "images: [...]" or a cli.kyverno.io/v1alpha1 Context, got a list']],
    ['apiVersion: v1\nkind: ConfigMap\n', ['1:1 apiVersion must be cli.kyverno.io/v1alpha1, got "v1"', '2:1 kind must be Context, got "ConfigMap"']],
    ['apiVersion: cli.kyverno.io/v1alpha1\nkind: Context\nspec:\n  images:\n    - image: a\n      manifest: {}\n      size: 3\n', ['7:7 unknown field "size"']],
    ['images:\n  - image: nginx\n---\nimages: []\n', ['4:1 the image data file must hold a single document']],
    ['', ['1:1 the image data file holds no document: expected "images: [...]" or a cli.kyverno.io/v1alpha1 Context']],
    ['images: [\n', ['1:10 deficient indentation']],
  ])('%j', (text, problems) => {
    const loaded = load(text);
    expect(loaded.problems).toEqual(problems);
    expect(loaded.store).toBeNull();
  });

  it('an empty list is no data', () => {
    const loaded = load('images: []\n');
    expect(loaded.problems).toEqual([]);
    expect(loaded.store?.images).toEqual([]);
  });

  it('a file that cannot be read is a problem at 1:1', () => {
    const loaded = loadImageDataFile(path.join(folder, 'missing.yaml'), 'missing.yaml');
    expect(loaded.store).toBeNull();
    expect(loaded.problems).toEqual([{ line: 1, column: 1, message: expect.stringMatching(/^cannot read the image data file: /) }]);
  });
});
