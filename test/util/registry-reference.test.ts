import { describe, expect, it } from 'vitest';
import { identifierOf, parseRegistryReference, repositoryOf } from '../../src/util/registry-reference.js';

const DIGEST = 'sha256:deadb33fdeadb33fdeadb33fdeadb33fdeadb33fdeadb33fdeadb33fdeadb33f';

/** [reference, kind, registry, repository, identifier] — vectors of go-containerregistry pkg/name/*_test.go. */
const valid: [string, 'tag' | 'digest', string, string, string][] = [
  ['gcr.io/g-convoy/hello-world:latest', 'tag', 'gcr.io', 'g-convoy/hello-world', 'latest'],
  ['gcr.io/google.com/g-convoy/hello-world:latest', 'tag', 'gcr.io', 'google.com/g-convoy/hello-world', 'latest'],
  ['us.gcr.io/project-id/image:with.period.in.tag', 'tag', 'us.gcr.io', 'project-id/image', 'with.period.in.tag'],
  ['gcr.io/project-id/image:w1th-alpha_num3ric.PLUScaps', 'tag', 'gcr.io', 'project-id/image', 'w1th-alpha_num3ric.PLUScaps'],
  ['domain.with.port:9001/image:latest', 'tag', 'domain.with.port:9001', 'image', 'latest'],
  ['namespace/pathcomponent/image', 'tag', 'index.docker.io', 'namespace/pathcomponent/image', 'latest'],
  ['library/ubuntu', 'tag', 'index.docker.io', 'library/ubuntu', 'latest'],
  ['ubuntu', 'tag', 'index.docker.io', 'library/ubuntu', 'latest'],
  ['nginx:1.25', 'tag', 'index.docker.io', 'library/nginx', '1.25'],
  ['docker.io/nginx', 'tag', 'index.docker.io', 'library/nginx', 'latest'],
  ['localhost/testimage:mytag', 'tag', 'localhost', 'testimage', 'mytag'],
  ['localhost:5000/a', 'tag', 'localhost:5000', 'a', 'latest'],
  ['www.example.test:12345/repo/path', 'tag', 'www.example.test:12345', 'repo/path', 'latest'],
  ['[::1]:5000/repo', 'tag', '[::1]:5000', 'repo', 'latest'],
  // Weak validation accepts what the Docker grammar rejects: upper-case registries, empty segments, `__`.
  ['Example.COM/repo', 'tag', 'Example.COM', 'repo', 'latest'],
  ['example.com/a//b', 'tag', 'example.com', 'a//b', 'latest'],
  ['example.com/a__-b', 'tag', 'example.com', 'a__-b', 'latest'],
  ['0', 'tag', 'index.docker.io', 'library/0', 'latest'],
  ['gcr.io/g-convoy/hello-world@' + DIGEST, 'digest', 'gcr.io', 'g-convoy/hello-world', DIGEST],
  ['library/ubuntu@' + DIGEST, 'digest', 'index.docker.io', 'library/ubuntu', DIGEST],
  ['nginx:latest@' + DIGEST, 'digest', 'index.docker.io', 'library/nginx', DIGEST],
  ['example.text:8443/foo/bar:latest@' + DIGEST, 'digest', 'example.text:8443', 'foo/bar', DIGEST],
];

describe('parseRegistryReference (go-containerregistry name.ParseReference, weak validation)', () => {
  it.each(valid)('%s', (text, kind, registry, repository, identifier) => {
    const ref = parseRegistryReference(text);
    expect(ref.kind).toBe(kind);
    expect(ref.registry).toBe(registry);
    expect(repositoryOf(ref)).toBe(repository);
    expect(identifierOf(ref)).toBe(identifier);
    expect(ref.original).toBe(text);
  });

  const invalid = [
    '',
    'gcr.io/project-id/bad_chars:c@n\'tuse',
    'gcr.io/project-id/wrong-length:white space',
    'gcr.io/project-id/too-many-chars:' + 'x'.repeat(129),
    'library/ubuntu:',
    'gcr.io/project-id/unknown-alg@unknown:abc123',
    'gcr.io/project-id/wrong-length@sha256:d34db33fd34db33f',
    'gcr.io/project-id/missing-digest@',
    'repo@sha256:' + ':'.repeat(64),
    'repo@sha256:' + 'sh'.repeat(32),
    `repo@${DIGEST}@${DIGEST}`,
    `library/nginx:@${DIGEST}`,
    'white space',
    'b@char/image',
    'Nginx',
    'gcr?com/repo',
    'registry.k8s.io/kube-apiserver-arm64:@',
    'a'.repeat(256),
    'example.com:port/repo',
    '[zz]:80/repo',
    'ex%41mple.com/repo',
  ];
  it.each(invalid)('rejects %j', (text) => {
    expect(() => parseRegistryReference(text)).toThrow(`could not parse reference: ${text}`);
  });
});
