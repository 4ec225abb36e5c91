import { describe, expect, it } from 'vitest';
import { errorOf, kyvernoEnvironment, valueOf } from './helpers.js';

const DIGEST = 'sha256:6aefddb645ee6963afd681b1845c661d0ea4c3b20ab9db86d9e753b203d385f2';
const REF = 'registry.k8s.io/kube-apiserver-arm64';

describe('image references (kyverno/sdk libs/image, test vectors of lib_test.go)', () => {
  const env = kyvernoEnvironment();
  const values: [string, unknown][] = [
    [`isImage("${REF}:latest")`, true],
    [`isImage("${REF}:@")`, false],
    [`isImage("Nginx")`, false],
    [`parseImageReference("${REF}").containsDigest()`, false],
    [`parseImageReference("${REF}:latest").containsDigest()`, false],
    [`parseImageReference("${REF}@${DIGEST}").containsDigest()`, true],
    [`parseImageReference("${REF}:latest@${DIGEST}").containsDigest()`, true],
    [`parseImageReference("${REF}").registry()`, 'registry.k8s.io'],
    [`parseImageReference("${REF}").registry().matches("(registry.k8s.io|ghcr.io)")`, true],
    [`parseImageReference("${REF}").repository()`, 'kube-apiserver-arm64'],
    [`parseImageReference("${REF}:testtag").identifier()`, 'testtag'],
    [`parseImageReference("${REF}").identifier()`, 'latest'],
    [`parseImageReference("${REF}@${DIGEST}").identifier()`, DIGEST],
    [`parseImageReference("${REF}:latest@${DIGEST}").identifier()`, DIGEST],
    [`parseImageReference("${REF}:testtag").tag()`, 'testtag'],
    [`parseImageReference("${REF}").tag()`, 'latest'],
    // A digest reference has no tag, even when one was written.
    [`parseImageReference("${REF}@${DIGEST}").tag()`, ''],
    [`parseImageReference("${REF}:latest@${DIGEST}").tag()`, ''],
    [`parseImageReference("${REF}").digest()`, ''],
    [`parseImageReference("${REF}:latest@${DIGEST}").digest()`, DIGEST],
    // Docker Hub defaults.
    ["image('nginx').registry()", 'index.docker.io'],
    ["image('docker.io/nginx').registry()", 'index.docker.io'],
    ["image('nginx').repository()", 'library/nginx'],
    ["image('bitnami/nginx').repository()", 'bitnami/nginx'],
    ["image('localhost:5000/app').registry()", 'localhost:5000'],
    // Equality compares the parsed references, including the text parsed (reflect.DeepEqual).
    ["image('nginx:1.25') == image('nginx:1.25')", true],
    ["image('nginx') == image('nginx:latest')", false],
    ["image('nginx') != image('nginx:1')", true],
    ["image('nginx') in [image('busybox'), image('nginx')]", true],
    ["type(image('nginx')) == type(parseImageReference('x'))", true],
    ["object.spec.containers.map(c, image(c.image).registry())", ['ghcr.io', 'index.docker.io']],
    ["object.spec.containers.all(c, isImage(c.image))", true],
  ];
  it.each(values)('%s', (expression, value) => {
    const object = { spec: { containers: [{ image: 'ghcr.io/kyverno/app:1' }, { image: 'nginx' }] } };
    expect(valueOf(env.run(expression, {}, { object }))).toEqual(value);
  });

  const errors: [string, string][] = [
    [`parseImageReference("${REF}:@")`, `could not parse reference: ${REF}:@`],
    ["image('UPPER/case')", 'could not parse reference: UPPER/case'],
    ["image('nginx@sha256:abc').registry()", 'could not parse reference: nginx@sha256:abc'],
  ];
  it.each(errors)('%s fails', (expression, message) => {
    expect(errorOf(env.run(expression))).toBe(message);
  });

  const compileErrors = ['isImage(0)', "image('a').tag(1)", "string(image('a'))", "image('a') == 'a'", "image('a').name()", 'parseImageReference()'];
  it.each(compileErrors)('%s is a compile error', (expression) => {
    expect(env.compile(expression).ok).toBe(false);
  });

  it('coexists with the image data handle `image`', () => {
    const images = { get: (ref: string) => (ref === 'nginx' ? { image: 'nginx', tag: 'latest' } : undefined) };
    expect(valueOf(env.run("image('nginx').repository() + ' ' + image.GetMetadata('nginx').tag", { images }))).toBe('library/nginx latest');
  });
});
