/**
 * The closures of CEL programs (src/lang/cel/closures.ts) against cel-js's evaluation: each expression is evaluated
 * both ways and must give the same value or the same error (message and range); the table says whether the
 * closures answer it themselves or leave it to cel-js, and that is checked too.
 */
import { describe, expect, it } from 'vitest';
import { type CelEnvironment, type CelEvalResult, createCelEnvironment, programAst } from '../../../src/lang/cel/environment.js';
import { ADMISSION_REQUEST_TYPE, NAMESPACE_TYPE } from '../../../src/lang/cel/object-types.js';
import { BAIL, closureGaps, compileClosures, Raised, withoutClosures } from '../../../src/lang/cel/closures.js';
import { ImageDataContext, imageDataLibrary } from '../../../src/lang/cel/kyverno/image-data.js';

const VARIABLES = 'kyverno.variables';
const env: CelEnvironment = createCelEnvironment({
  variables: { object: 'dyn', oldObject: 'dyn', variables: VARIABLES, request: ADMISSION_REQUEST_TYPE, namespaceObject: NAMESPACE_TYPE },
  objectTypes: { [VARIABLES]: { containers: 'dyn', broken: 'dyn', names: 'dyn', thrown: 'dyn' } },
  libraries: [imageDataLibrary()],
});

const pod = {
  metadata: { name: 'web', labels: { app: 'web', tier: 'front' }, annotations: {} },
  spec: {
    containers: [
      { name: 'app', image: 'ghcr.io/acme/app:1.0', ports: [{ containerPort: 8080n }], env: [{ name: 'A', value: 'x' }] },
      { name: 'side', image: 'docker.io/library/nginx:latest', securityContext: { privileged: true, runAsUser: 0n } },
    ],
    initContainers: [{ name: 'init', image: 'busybox' }],
    replicas: 3n,
    ratio: 0.5,
    nothing: null,
  },
  // Values cel-js does not know, deep inside: it fails when it types them.
  odd: {
    unset: { u: undefined, a: 1n },
    instances: [new (class Foo {})()],
    empty: [] as unknown[],
    // Arrays cel-js does not take for lists (it goes by the constructor): a subclass, one without prototype.
    subclass: (() => {
      const list = new (class MyArray extends Array<string> {})();
      list.push('x');
      return list;
    })(),
    orphan: Object.setPrototypeOf(['x'], null) as unknown,
  },
};

const images = new ImageDataContext({
  get: (image: string) => (image === 'ghcr.io/acme/app:1.0' ? { config: { created: '2024-01-01T00:00:00Z', Volumes: null }, manifest: { annotations: { a: 'b' } } } : undefined),
});

const request = {
  operation: 'CREATE',
  namespace: 'default',
  name: 'web',
  kind: { group: '', version: 'v1', kind: 'Pod' },
  userInfo: { username: 'alice', groups: ['dev'] },
  dryRun: false,
  options: null,
  requestSubResource: null,
  object: pod,
  oldObject: null,
};
const namespace = { metadata: { name: 'default', labels: { team: 'a' }, generation: 2, resourceVersion: 7 }, spec: { finalizers: ['kubernetes'] } };

/** The activation: the pod and its request, a `variables` object with lazy fields (one failing), the image data handle. */
function activation(namespaceObject: unknown = namespace): Record<string, unknown> {
  const variables = Object.create(null, {
    containers: { enumerable: true, get: () => [...pod.spec.containers, ...pod.spec.initContainers] },
    broken: {
      enumerable: true,
      get: () => {
        throw new Error('variable broken: no such key: x');
      },
    },
    names: { enumerable: true, get: () => ['app', 'side'] },
    thrown: {
      enumerable: true,
      get: () => {
        throw 'not an error';
      },
    },
  }) as Record<string, unknown>;
  return { object: pod, oldObject: null, variables, image: images, request, namespaceObject };
}

/** A result as the test compares it. */
function outcome(result: CelEvalResult): unknown {
  return result.ok ? { value: result.value } : { error: result.error };
}

/** Whether the program's closures answer the activation themselves (a value or a raised error, not giving up). */
function answeredByClosures(expression: string): boolean {
  const compiled = env.compile(expression);
  if (!compiled.ok) throw new Error(compiled.error.message);
  const closures = compileClosures(programAst(compiled.program)!, { variablesName: 'variables' });
  if (closures === null) return false;
  try {
    closures(activation());
    return true;
  } catch (error) {
    if (error instanceof Raised) return true;
    if (error === BAIL) return false;
    throw error;
  }
}

/** [expression, answered by the closures]. */
const CASES: [string, boolean][] = [
  // Selection, indexing, literals.
  ['object.metadata.name', true],
  ['object.spec.replicas', true],
  ['object.spec.ratio', true],
  ['object.spec.nothing', true],
  ["object.metadata.labels['app']", true],
  ['object.spec.containers[1].name', true],
  ['object.spec.containers[5].name', false],
  ['object.spec.containers[-1].name', false],
  ['object.metadata.missing', true],
  ['object.metadata.missing.deeper', true],
  ['object.spec.nothing.field', true],
  ['object.metadata.name.field', true],
  ['object.spec.containers.name', true],
  ['oldObject.metadata', true],
  ['[object.spec.replicas, object.metadata.name]', true],
  ['[object.metadata.name, object.metadata.labels.app]', true],
  ['[]', true],
  // Optional selection and orValue.
  ["object.?metadata.?labels.?app.orValue('none')", true],
  ["object.?metadata.?labels.?missing.orValue('none')", true],
  ["object.spec.?nothing.?field.orValue('none')", true],
  ["object.metadata.?name.?x.orValue('none')", true],
  ['object.spec.?containers.?name.hasValue()', true],
  ["object.metadata.?labels[?'tier'].orValue('')", true],
  ["object.metadata.?labels[?'x'].orValue('')", true],
  ['object.spec.containers[?1].orValue(null)', true],
  ['object.spec.containers[?7].hasValue()', true],
  ['object.spec.?initContainers.orValue([]).size()', true],
  ["object.metadata.name.orValue('x')", true],
  // Operators.
  ["object.metadata.name == 'web' && object.spec.replicas > 2", true],
  ["object.metadata.name != 'web' || object.spec.replicas >= 4", true],
  ['!(object.spec.replicas < 3)', true],
  ['object.spec.replicas <= 3 ? "few" : "many"', true],
  ['object.spec.ratio < 1.0', true],
  ['object.spec.replicas == 3.0', false],
  ['object.spec.replicas < 3.5', false],
  ["object.metadata.name < 'x'", true],
  ['object.spec.nothing == null', true],
  ["object.metadata.missing == 'x' || true", true],
  ["object.metadata.missing == 'x' && false", true],
  ["object.metadata.missing == 'x' || false", true],
  ["true && object.metadata.missing == 'x'", true],
  ["object.metadata.name && true", false],
  ['object.metadata.missing || object.metadata.other', true],
  ["'app' in object.metadata.labels", true],
  ["'x' in object.metadata.labels", true],
  ["'app' in variables.names", true],
  ["'nope' in variables.names", true],
  ["'a' in []", false],
  ['1 in [1, 2]', false],
  ["object.metadata.name + '-' + object.metadata.labels.tier", true],
  ['object.spec.replicas + 1', true],
  ['object.spec.replicas + 9223372036854775807', false],
  ['-object.spec.replicas', true],
  ['object.spec.containers + object.spec.initContainers', true],
  ['object.spec.containers + object.spec.?volumes.orValue([])', true],
  ['[1] + object.spec.containers', false],
  ['size(object.spec.containers) + size(object.metadata.labels) + size("héllo 🙂")', true],
  ['object.metadata.name.size()', true],
  ["object.metadata.name.startsWith('w') && object.metadata.name.endsWith('b') && object.metadata.name.contains('e')", true],
  ["object.spec.replicas.startsWith('w')", false],
  ["object.metadata.name.matches('^w.b$')", true],
  ["object.metadata.name.matches(object.metadata.labels.app + '(')", false],
  // has.
  ['has(object.metadata.labels)', true],
  ['has(object.metadata.labels.app)', true],
  ['has(object.metadata.labels.nope)', true],
  ['has(object.metadata.missing.x)', true],
  ['has(object.spec.nothing.x)', true],
  ['has(object.spec.containers.x)', true],
  // Comprehensions.
  ['object.spec.containers.all(c, has(c.image))', true],
  ["object.spec.containers.all(c, c.image.startsWith('ghcr.io/'))", true],
  ['object.spec.containers.exists(c, c.securityContext.privileged)', true],
  ['object.spec.containers.all(c, c.securityContext.privileged)', true],
  ['object.spec.containers.all(c, !c.securityContext.privileged)', true],
  ['object.spec.containers.exists(c, c.securityContext.runAsUser == 1)', true],
  ["object.spec.containers.exists_one(c, c.name == 'app')", true],
  ["object.spec.containers.exists_one(c, c.securityContext.runAsUser == 0)", true],
  ['object.spec.containers.map(c, c.name)', true],
  ["object.spec.containers.filter(c, c.name != 'app').map(c, c.image)", true],
  ['object.spec.containers.map(c, c.securityContext.privileged)', true],
  ['object.metadata.labels.all(k, k.size() > 2)', true],
  ["object.spec.containers.all(c, c.?ports.orValue([]).all(p, p.containerPort > 1024))", true],
  ['object.spec.containers.all(c, object.spec.containers.exists(d, d.name == c.name))', true],
  ["[1, 2, 3].all(x, x > 0) && ['a', 'b'].exists(s, s == 'b')", true],
  ['object.spec.containers.all(c, c.name.size() > 1) && object.spec.ratio.all(x, true)', false],
  // The variables object.
  ['variables.containers.all(c, has(c.name))', true],
  ['variables.broken', true],
  ['variables.broken || true', true],
  ['variables.containers.exists(c, variables.broken)', true],
  ["variables.names.all(n, n == 'app' || variables.broken)", true],
  // Image data.
  ["has(image.GetMetadata('ghcr.io/acme/app:1.0').config.created)", true],
  ["has(image.GetMetadata('ghcr.io/acme/app:1.0').config.Volumes)", true],
  ['object.spec.containers.all(c, !has(image.GetMetadata(c.image).config.Volumes))', true],
  ['object.spec.containers.all(c, has(image.GetMetadata(c.image).manifest.annotations))', true],
  ["object.spec.containers.exists(c, image.getMetadata(c.image).manifest.annotations.a == 'b')", true],
  // Strings and map literals.
  ["object.metadata.name.split('e')", true],
  ["object.metadata.name.split('')", true],
  ["'A,b,,c'.split(',').map(s, s.upperAscii() + s.lowerAscii() + ' x '.trim())", true],
  ['object.spec.replicas.split(",")', false],
  ["{'a': object.metadata.name, 'b': object.spec.replicas}", true],
  ["{'__proto__': 1, 'x': 2}", true],
  ["{'constructor': 1, 'prototype': 2, 'x': 3}", true],
  ["{1: 'one', 2: 'two'}", true],
  ['{}', true],
  ["object.spec.containers.all(c, c.?resources.orValue({}).?limits.orValue({}).size() == 0)", true],
  // The order cel-js evaluates operands in: list elements and a method's arguments before its receiver, last first.
  ['[object.metadata.missing1, object.metadata.missing2]', true],
  ['object.metadata.missing1.startsWith(object.metadata.missing2)', true],
  ['object.metadata.missing1.split(object.metadata.missing2)', true],
  ['image.GetMetadata(object.metadata.missing1)', true],
  // Values cel-js does not know, found when it types a list or map deeply.
  ["'a' in object.odd.unset", false],
  ['size(object.odd.unset)', false],
  ['object.odd.instances.size()', false],
  ['object.odd.empty + object.odd.instances', false],
  ['object.odd.empty + object.spec.containers', true],
  ['object.odd.subclass', false],
  ['size(object.odd.subclass)', false],
  ["'x' in object.odd.orphan", false],
  ['object.odd.orphan.all(x, true)', false],
  // A variable that throws something else than an error.
  ['variables.thrown && true', false],
  ['[1, 2].exists(x, variables.thrown)', false],
  // The fields of `request` and `namespaceObject`, typed as Kubernetes types them.
  ["request.operation == 'CREATE' && request.namespace == 'default'", true],
  ["request.kind.kind + '/' + request.name + ' by ' + request.userInfo.username", true],
  ['request.dryRun || request.options == null', true],
  ['request.object.metadata.name', true],
  ['request.oldObject', true],
  ['request.subResource', true],
  ['request.requestSubResource', true],
  ["request.userInfo.uid == ''", true],
  ['namespaceObject.metadata.name', true],
  ['namespaceObject.metadata.generation + 1', true],
  ['namespaceObject.metadata.resourceVersion', false],
  ['namespaceObject.metadata.labels', false],
  ['request.userInfo.groups', false],
  ['namespaceObject.spec.finalizers.size()', false],
  // Left to cel-js throughout.
  ["object.metadata.name.split('e', 1)", false],
  ["timestamp('2024-01-01T00:00:00Z') < timestamp('2025-01-01T00:00:00Z')", false],
];

describe('CEL closures against cel-js', () => {
  it.each(CASES)('%s', (expression, answered) => {
    const compiled = env.compile(expression);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const { program } = compiled;
    const reference = withoutClosures(() => program.evaluate(activation()));
    expect(outcome(program.evaluate(activation()))).toStrictEqual(outcome(reference));
    expect(answeredByClosures(expression)).toBe(answered);
  });

  it('raise errors in the cases the table expects', () => {
    // The table's expressions include errors of each kind the closures raise: a missing key, a variable, image data.
    const messages = CASES.map(([expression]) => {
      const compiled = env.compile(expression);
      return compiled.ok ? compiled.program.evaluate(activation()) : null;
    }).flatMap((result) => (result !== null && !result.ok ? [result.error.message] : []));
    expect(messages).toContain('no such key: missing');
    expect(messages).toContain('variable broken: no such key: x');
    expect(messages.some((message) => message.startsWith('failed to get image data: image data for docker.io/library/nginx:latest'))).toBe(true);
  });

  it('read the fields of a null namespaceObject as cel-js does', () => {
    for (const expression of ['namespaceObject.metadata.name', "namespaceObject == null || namespaceObject.metadata.name == 'x'", 'namespaceObject.metadata.generation']) {
      const compiled = env.compile(expression);
      if (!compiled.ok) throw new Error(compiled.error.message);
      const { program } = compiled;
      expect(outcome(program.evaluate(activation(null)))).toStrictEqual(outcome(withoutClosures(() => program.evaluate(activation(null)))));
    }
  });

  it('leave the nodes they do not handle to cel-js, and run the rest', () => {
    const compiled = env.compile("object.metadata.name == 'web' || object.metadata.name.split('e', 2).size() > 1");
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(closureGaps(programAst(compiled.program)!, { variablesName: 'variables' })).toEqual(['patched rcall']);
    // The branch that is not handled is not reached here.
    expect(answeredByClosures("object.metadata.name == 'web' || object.metadata.name.split('e', 2).size() > 1")).toBe(true);
    expect(answeredByClosures("object.metadata.name == 'x' || object.metadata.name.split('e', 2).size() > 1")).toBe(false);
  });

  it('charge what cel-js charges, at every cost limit, and meter the same cost', () => {
    // `has` evaluates its base twice in cel-js (has.ts `patchPresence`): its cost counts twice.
    const expressions = [
      "has((object.items.all(x, x != '') ? object : object).items)",
      "object.items.exists(x, x == 'n19') && 'n3' in object.items",
      "size(object.items.map(x, x + x).filter(y, y.size() > 4)) > 0",
      "object.items.join(',').split(',').size() > 0",
    ];
    const data = { object: { items: Array.from({ length: 20 }, (_, i) => `n${i}`) } };
    for (let limit = 1; limit <= 400; limit += 3) {
      const limited = createCelEnvironment({ variables: { object: 'dyn' }, costLimit: limit });
      for (const expression of expressions) {
        const compiled = limited.compile(expression);
        if (!compiled.ok) throw new Error(compiled.error.message);
        const meter = { cost: 0 };
        const reference = { cost: 0 };
        expect([limit, expression, outcome(compiled.program.evaluate(data, meter)), meter.cost]).toStrictEqual([
          limit,
          expression,
          outcome(withoutClosures(() => compiled.program.evaluate(data, reference))),
          reference.cost,
        ]);
      }
    }
  });

  it('give the cost error of cel-js when the budget runs out', () => {
    const small = createCelEnvironment({ variables: { object: 'dyn' }, costLimit: 10 });
    const compiled = small.compile('object.spec.containers.all(c, object.spec.containers.all(d, d.name != ""))');
    if (!compiled.ok) throw new Error(compiled.error.message);
    const result = compiled.program.evaluate({ object: pod });
    expect(result).toStrictEqual(withoutClosures(() => compiled.program.evaluate({ object: pod })));
    expect(result.ok).toBe(false);
    // A membership test is charged the list's size; a concatenation a tenth of its length.
    const names = { items: Array.from({ length: 20 }, (_, i) => `n${i}`) };
    for (const expression of ["'zz' in object.items", 'size(object.items + object.items + object.items + object.items) > 0', "size('a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z,a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z,a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z,a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z'.split(',')) > 0"]) {
      const membership = small.compile(expression);
      if (!membership.ok) throw new Error(membership.error.message);
      const charged = membership.program.evaluate({ object: names });
      expect(charged).toStrictEqual(withoutClosures(() => membership.program.evaluate({ object: names })));
      expect(charged.ok).toBe(false);
    }
  });
});
