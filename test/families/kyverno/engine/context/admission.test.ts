import { describe, expect, it } from 'vitest';
import {
  createAdmissionContext,
  extractImages,
  parseImage,
  serviceAccountOf,
} from '../../../../../src/families/kyverno/engine/context/index.js';
import type { JsonObject } from '../../../../../src/types.js';

const DIGEST = 'sha256:dead07b4d8ed7e29e98de0f4504d87e8880d4347859d839686a31da35a3b532f';

describe('parseImage (Kyverno GetImageInfo, default registry docker.io)', () => {
  it.each<[string, Partial<Record<string, string>>]>([
    ['nginx', { registry: 'docker.io', path: 'nginx', name: 'nginx', tag: 'latest', digest: '', reference: 'docker.io/nginx:latest', referenceWithTag: 'docker.io/nginx:latest' }],
    ['nginx:v10.3', { registry: 'docker.io', path: 'nginx', name: 'nginx', tag: 'v10.3', reference: 'docker.io/nginx:v10.3' }],
    ['test/nginx', { registry: 'docker.io', path: 'test/nginx', name: 'nginx', tag: 'latest', reference: 'docker.io/test/nginx:latest' }],
    ['docker.io/test/nginx:v10.3', { registry: 'docker.io', path: 'test/nginx', tag: 'v10.3', reference: 'docker.io/test/nginx:v10.3' }],
    ['index.docker.io/busybox:v1.2.3', { registry: 'index.docker.io', path: 'busybox', name: 'busybox', tag: 'v1.2.3', reference: 'index.docker.io/busybox:v1.2.3' }],
    ['localhost:4443/test/nginx', { registry: 'localhost:4443', path: 'test/nginx', name: 'nginx', tag: 'latest', reference: 'localhost:4443/test/nginx:latest' }],
    ['localhost/netd:v0.4.4-gke.0', { registry: 'localhost', path: 'netd', tag: 'v0.4.4-gke.0' }],
    [`docker.io/test/centos@${DIGEST}`, { registry: 'docker.io', path: 'test/centos', name: 'centos', tag: '', digest: DIGEST, reference: `docker.io/test/centos@${DIGEST}`, referenceWithTag: 'docker.io/test/centos:' }],
    [`ghcr.io/kyverno/kyverno:v1.10@${DIGEST}`, { registry: 'ghcr.io', path: 'kyverno/kyverno', tag: 'v1.10', digest: DIGEST, reference: `ghcr.io/kyverno/kyverno@${DIGEST}`, referenceWithTag: 'ghcr.io/kyverno/kyverno:v1.10' }],
    ['MyRegistry/app', { registry: 'MyRegistry', path: 'app' }],
  ])('%s', (image, expected) => {
    expect(parseImage(image)).toMatchObject(expected);
  });

  it.each<[string, string]>([
    ['++', 'bad image: docker.io/++, defaultRegistry: docker.io, enableDefaultRegistryMutation: true: invalid reference format'],
    ['docker.io/Nginx', 'bad image: docker.io/Nginx, defaultRegistry: docker.io, enableDefaultRegistryMutation: true: repository name must be lowercase'],
    ['nginx@sha256:abc', 'invalid reference format'],
    [`nginx@sha256:${'a'.repeat(63)}`, 'invalid checksum digest length'],
    [`nginx@md5:${'a'.repeat(32)}`, 'unsupported digest algorithm'],
  ])('rejects %j', (image, message) => {
    expect(() => parseImage(image)).toThrow(message);
  });
});

describe('extractImages (the images variable)', () => {
  it('lists the images of a Pod by container type and name', () => {
    const pod: JsonObject = {
      kind: 'Pod',
      spec: {
        initContainers: [{ name: 'init', image: 'index.docker.io/busybox:v1.2.3' }],
        containers: [
          { name: 'nginx', image: 'nginx:latest' },
          { name: 'noimage' },
          { name: 'blank', image: ' ' },
        ],
      },
    };
    expect(extractImages(pod)).toEqual({
      initContainers: {
        init: {
          registry: 'index.docker.io',
          name: 'busybox',
          path: 'busybox',
          tag: 'v1.2.3',
          reference: 'index.docker.io/busybox:v1.2.3',
          referenceWithTag: 'index.docker.io/busybox:v1.2.3',
          jsonPointer: '/spec/initContainers/0/image',
        },
      },
      containers: {
        nginx: {
          registry: 'docker.io',
          name: 'nginx',
          path: 'nginx',
          tag: 'latest',
          reference: 'docker.io/nginx:latest',
          referenceWithTag: 'docker.io/nginx:latest',
          jsonPointer: '/spec/containers/0/image',
        },
      },
    });
  });

  it.each<[string, JsonObject, string]>([
    ['Deployment', { kind: 'Deployment', spec: { template: { spec: { containers: [{ name: 'a', image: 'a' }] } } } }, '/spec/template/spec/containers/0/image'],
    ['CronJob', { kind: 'CronJob', spec: { jobTemplate: { spec: { template: { spec: { containers: [{ name: 'a', image: 'a' }] } } } } } }, '/spec/jobTemplate/spec/template/spec/containers/0/image'],
  ])('reads the Pod template of a %s', (_kind, resource, pointer) => {
    expect(extractImages(resource)).toMatchObject({ containers: { a: { jsonPointer: pointer } } });
  });

  it('gives nothing for other kinds or without images', () => {
    expect(extractImages({ kind: 'Service', spec: { containers: [{ name: 'a', image: 'a' }] } })).toBeNull();
    expect(extractImages({ kind: 'Pod', spec: {} })).toBeNull();
    expect(extractImages({ kind: 'Pod' })).toBeNull();
  });

  it('keeps the last of two containers with the same name', () => {
    const pod: JsonObject = { kind: 'Pod', spec: { containers: [{ name: 'a', image: 'x' }, { name: 'a', image: 'y' }] } };
    expect(extractImages(pod)).toMatchObject({ containers: { a: { path: 'y', jsonPointer: '/spec/containers/1/image' } } });
  });

  it.each<[string, JsonObject, string]>([
    ['an unparsable image', { kind: 'Pod', spec: { containers: [{ name: 'a', image: '++' }] } }, "invalid image '++' (bad image: docker.io/++"],
    ['a container without a name', { kind: 'Pod', spec: { containers: [{ image: 'nginx' }] } }, 'invalid key'],
    ['a container that is not an object', { kind: 'Pod', spec: { containers: ['nginx'] } }, 'invalid image config'],
    ['containers that are not a list', { kind: 'Pod', spec: { containers: 'nginx' } }, 'invalid type'],
    ['a spec that is not an object', { kind: 'Pod', spec: 'x' }, 'invalid image config'],
  ])('fails on %s', (_name, resource, message) => {
    expect(() => extractImages(resource)).toThrow(message);
  });
});

describe('serviceAccountOf (Kyverno AddServiceAccount)', () => {
  it.each<[string, string, string]>([
    ['system:serviceaccount:nirmata:user1', 'user1', 'nirmata'],
    ['system:serviceaccount:', '', ''],
    ['admin', '', ''],
    ['system:serviceaccount:only', '', ''],
    ['xxxxxxxxxxxxxxxxxxxxxxns:name:extra', 'name', 'ns'],
  ])('%s', (username, name, namespace) => {
    expect(serviceAccountOf(username)).toEqual({ serviceAccountName: name, serviceAccountNamespace: namespace });
  });
});

describe('createAdmissionContext (the Kyverno CLI request)', () => {
  const pod: JsonObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'prod' },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  };

  it('builds a CREATE request by default', () => {
    const ctx = createAdmissionContext({ resource: pod });
    expect(ctx.query('request')).toEqual({ object: pod, namespace: 'prod', operation: 'CREATE' });
    expect(() => ctx.query('request.oldObject')).toThrow('Unknown key "oldObject" in path');
    expect(() => ctx.query('serviceAccountName')).toThrow('Unknown key "serviceAccountName" in path');
    expect(() => ctx.query('request.userInfo')).toThrow('Unknown key "userInfo" in path');
    expect(ctx.query('images.containers.c.reference')).toBe('docker.io/nginx:latest');
  });

  it('copies the resource into oldObject for UPDATE', () => {
    const ctx = createAdmissionContext({ resource: pod, operation: 'UPDATE' });
    expect(ctx.query('request.oldObject')).toEqual(pod);
    ctx.addAtPath('request.object.metadata.name', 'changed');
    expect(ctx.query('request.oldObject.metadata.name')).toBe('p');
    expect(ctx.query('request.operation')).toBe('UPDATE');
  });

  it('puts the resource in oldObject only for DELETE', () => {
    const ctx = createAdmissionContext({ resource: pod, operation: 'DELETE' });
    expect(() => ctx.query('request.object')).toThrow('Unknown key "object" in path');
    expect(ctx.query('request.oldObject')).toEqual(pod);
    expect(ctx.query('request.namespace')).toBe('prod');
    expect(ctx.query('request.operation')).toBe('DELETE');
  });

  it('keeps another operation verbatim', () => {
    const ctx = createAdmissionContext({ resource: pod, operation: 'CONNECT' });
    expect(ctx.query('request.operation')).toBe('CONNECT');
    expect(ctx.query('request.object.metadata.name')).toBe('p');
  });

  it('adds user info and the service account only when given', () => {
    const ctx = createAdmissionContext({
      resource: pod,
      userInfo: { roles: [], clusterRoles: ['admin'], userInfo: { username: 'system:serviceaccount:ns:sa', groups: ['g'] } },
    });
    expect(ctx.query('request.clusterRoles')).toEqual(['admin']);
    expect(() => ctx.query('request.roles')).toThrow('Unknown key "roles" in path');
    expect(ctx.query('request.userInfo')).toEqual({ username: 'system:serviceaccount:ns:sa', groups: ['g'] });
    expect(ctx.query('[serviceAccountName, serviceAccountNamespace]')).toEqual(['sa', 'ns']);
  });

  it('uses an empty namespace for cluster-scoped resources', () => {
    const ctx = createAdmissionContext({ resource: { kind: 'Namespace', metadata: { name: 'x' } } });
    expect(ctx.query('request.namespace')).toBe('');
    expect(() => ctx.query('images')).toThrow('Unknown key "images" in path');
  });

  it('leaves images out when they cannot be extracted (the loader error is swallowed)', () => {
    const ctx = createAdmissionContext({ resource: { kind: 'Pod', spec: { containers: [{ name: 'a', image: '++' }] } } });
    expect(() => ctx.query('images.containers')).toThrow('JMESPath query failed: Unknown key "images" in path');
  });

  it('builds images from the resource as given', () => {
    const ctx = createAdmissionContext({ resource: pod });
    ctx.addAtPath('request.object.spec.containers', [{ name: 'c', image: 'redis' }]);
    expect(ctx.query('images.containers.c.name')).toBe('nginx');
  });
});
