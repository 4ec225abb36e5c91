import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walk } from '../../../src/lang/cel/ast.js';
import { type CelProgram, createCelEnvironment, programAst } from '../../../src/lang/cel/environment.js';
import { explainFailure } from '../../../src/lang/cel/explain.js';

const podSpec = {
  hostNetwork: false,
  securityContext: { runAsNonRoot: true },
  containers: [
    { name: 'app', image: 'nginx:1.25', ports: [{ containerPort: 80, name: 'http' }], securityContext: { allowPrivilegeEscalation: false } },
    {
      name: 'sidecar',
      image: 'busybox:latest',
      ports: [{ containerPort: 9090 }],
      securityContext: { privileged: true },
      env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'creds', key: 'token' } } }],
    },
  ],
  initContainers: [{ name: 'init', image: 'alpine' }],
  volumes: [
    { name: 'data', emptyDir: {} },
    { name: 'sock', hostPath: { path: '/var/run' } },
  ],
};

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'prod', labels: { app: 'web' }, annotations: { 'nginx.ingress.kubernetes.io/auth-tls-verify-client': 'maybe' } },
  spec: podSpec,
};

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'prod' },
  spec: { replicas: 3, template: { metadata: { labels: { app: 'web' } }, spec: podSpec } },
};

const ingress = {
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: { name: 'web' },
  spec: { tls: [{ hosts: ['a.example.com'] }], rules: [{ host: 'a.example.com' }, { host: 'b.example.com' }] },
};

const clusterRole = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRole',
  metadata: { name: 'reader' },
  rules: [
    { apiGroups: [''], resources: ['pods'], verbs: ['get', 'delete'] },
    { apiGroups: [''], resources: ['configmaps', 'secrets'], verbs: ['watch', 'list'] },
  ],
};

const env = createCelEnvironment({ variables: { object: 'dyn', variables: 'dyn' } });

function compile(expression: string): CelProgram {
  const compiled = env.compile(expression);
  if (!compiled.ok) throw new Error(`${expression}: ${compiled.error.message}`);
  return compiled.program;
}

describe('explainFailure', () => {
  const cases: [string, object, (string | number)[]][] = [
    // The failing element of `all`, and the field its predicate read.
    ["object.spec.containers.all(c, c.image.endsWith(':latest') == false)", pod, ['spec', 'containers', 1, 'image']],
    ["object.spec.template.spec.containers.all(c, c.image.endsWith(':latest') == false)", deployment, ['spec', 'template', 'spec', 'containers', 1, 'image']],
    ['object.spec.containers.all(c, size(c.name) > 3)', pod, ['spec', 'containers', 0, 'name']],
    [
      'object.spec.containers.all(c, !has(c.securityContext) || !has(c.securityContext.privileged) || c.securityContext.privileged == false)',
      pod,
      ['spec', 'containers', 1, 'securityContext', 'privileged'],
    ],
    // Optionals: the field read, or the parent lacking it.
    ['object.spec.containers.all(c, c.?securityContext.?privileged.orValue(false) == false)', pod, ['spec', 'containers', 1, 'securityContext', 'privileged']],
    ['object.spec.containers.all(c, c.?securityContext.?runAsNonRoot.orValue(false) == true)', pod, ['spec', 'containers', 0, 'securityContext']],
    ['object.spec.?tls.orValue([]).size() > 0', pod, ['spec']],
    ["object.metadata.?annotations[?'team'].orValue('') != ''", pod, ['metadata', 'annotations']],
    ['int(object.spec.?maxUnavailable.orValue(0)) > 0', pod, ['spec']],
    // has() and in: the parent lacking the field, the key found, the collection searched.
    ['has(object.spec.securityContext.seccompProfile)', pod, ['spec', 'securityContext']],
    ['!has(object.spec.hostNetwork)', pod, ['spec', 'hostNetwork']],
    ["'team' in object.metadata.labels", pod, ['metadata', 'labels']],
    ["!('app' in object.metadata.labels)", pod, ['metadata', 'labels', 'app']],
    ["'ReadWriteOncePod' in object.spec.containers.map(c, c.name)", pod, ['spec', 'containers']],
    ["object.spec.containers.all(c, c.image in ['nginx:1.25'])", pod, ['spec', 'containers', 1, 'image']],
    // Comparisons and calls: the field their operands read.
    ["object.metadata.labels.app == 'api'", pod, ['metadata', 'labels', 'app']],
    ['object.spec.hostNetwork', pod, ['spec', 'hostNetwork']],
    ['int(object.spec.replicas) <= 2', deployment, ['spec', 'replicas']],
    ["object.metadata.name.matches('^[a-z]+-[0-9]+$')", pod, ['metadata', 'name']],
    ["object.spec.containers[1].image == 'x'", pod, ['spec', 'containers', 1, 'image']],
    ['size(object.spec.containers) < 2', pod, ['spec', 'containers']],
    // exists, exists_one: the list when nothing matches, the match under a negation, the second match.
    ["object.spec.containers.exists(c, c.name == 'istio-proxy')", pod, ['spec', 'containers']],
    ['!object.spec.containers.exists(c, c.?securityContext.?privileged.orValue(false))', pod, ['spec', 'containers', 1, 'securityContext', 'privileged']],
    ["object.spec.containers.exists_one(c, c.image.contains(':'))", pod, ['spec', 'containers', 1]],
    ["object.spec.initContainers.exists(c, c.image.contains(':'))", pod, ['spec', 'initContainers', 0, 'image']],
    // map/filter chains, concatenations, nested comprehensions, bind, conditionals, maps.
    ["object.spec.containers.map(c, c.image).all(image, !image.endsWith(':latest'))", pod, ['spec', 'containers', 1, 'image']],
    ["object.spec.containers.filter(c, c.image.endsWith(':latest')).size() == 0", pod, ['spec', 'containers', 1]],
    ['size(object.spec.volumes.filter(v, has(v.hostPath))) == 0', pod, ['spec', 'volumes', 1]],
    ["(object.spec.containers + object.spec.?initContainers.orValue([])).all(c, c.image.contains(':'))", pod, ['spec', 'initContainers', 0, 'image']],
    ['object.spec.containers.all(c, c.?ports.orValue([]).all(p, has(p.name)))', pod, ['spec', 'containers', 1, 'ports', 0]],
    [
      "object.spec.containers.all(c, c.?env.orValue([]).all(e, e.?valueFrom.?secretKeyRef.?name.orValue('safe-').startsWith('safe-')))",
      pod,
      ['spec', 'containers', 1, 'env', 0, 'valueFrom', 'secretKeyRef', 'name'],
    ],
    ["object.spec.volumes.all(v, !has(v.hostPath) || v.hostPath.path.startsWith('/data'))", pod, ['spec', 'volumes', 1, 'hostPath', 'path']],
    ["cel.bind(cs, object.spec.containers, cs.all(c, c.name.startsWith('app')))", pod, ['spec', 'containers', 1, 'name']],
    ["object.kind == 'Pod' ? object.spec.containers.all(c, c.image.startsWith('nginx')) : true", pod, ['spec', 'containers', 1, 'image']],
    ["object.metadata.labels.all(key, key.startsWith('app.kubernetes.io/'))", pod, ['metadata', 'labels', 'app']],
    ["object.kind != 'Pod' || object.spec.containers.all(c, c.name != 'sidecar')", pod, ['spec', 'containers', 1, 'name']],
    ["object.kind == 'Deployment' && object.spec.replicas > 1", pod, ['kind']],
    // Inside the failing element rather than in the list it is compared with; the last condition on a tie.
    [
      'object.spec.rules.all(rule, !has(rule.host) || object.spec.tls.exists(tls, tls.?hosts.orValue([]).exists(tlsHost, tlsHost == rule.host)))',
      ingress,
      ['spec', 'rules', 1, 'host'],
    ],
    ["object.rules == null || !object.rules.exists(rule, 'secrets' in rule.resources && rule.verbs.exists(verb, verb in ['list', 'delete']))", clusterRole, ['rules', 1, 'verbs', 1]],
    // An error absorbed by `all` (the first container has no `privileged`): the element that is false.
    ['object.spec.containers.all(c, c.securityContext.privileged == false)', pod, ['spec', 'containers', 1, 'securityContext', 'privileged']],
    // Nothing finer than the resource.
    ['false', pod, []],
    ['1 == 2', pod, []],
  ];

  it.each(cases)('%s', (expression, resource, expected) => {
    const program = compile(expression);
    const activation = { object: resource, variables: {} };
    const before = program.evaluate(activation);
    expect(before).toEqual({ ok: true, value: false });
    expect(explainFailure(program, activation)).toEqual(expected);
    // The explanation changed nothing.
    expect(program.evaluate(activation)).toEqual(before);
  });

  it.each([
    ["object.metadata.labels.team == 'a'", ['metadata', 'labels']],
    ["object.spec.containers[5].image == 'x'", ['spec', 'containers']],
    ["object.spec.containers.all(c, c.securityContext.runAsNonRoot == true)", ['spec', 'containers', 0, 'securityContext']],
  ])('blames the field whose selection raised an error: %s', (expression, expected) => {
    const program = compile(expression);
    const activation = { object: pod, variables: {} };
    expect(program.evaluate(activation).ok).toBe(false);
    expect(explainFailure(program, activation)).toEqual(expected);
  });

  it('explains nothing for a true result or a program of another origin', () => {
    const program = compile("object.kind == 'Pod'");
    expect(explainFailure(program, { object: pod, variables: {} })).toEqual([]);
    const foreign: CelProgram = { expression: 'false', outputType: 'bool', evaluate: () => ({ ok: true, value: false }) };
    expect(explainFailure(foreign, { object: pod })).toEqual([]);
  });

  it('leaves every AST node as it found it', () => {
    const program = compile("object.spec.containers.all(c, c.?ports.orValue([]).all(p, has(p.name)) && c.image.matches('^[a-z]'))");
    const activation = { object: pod, variables: {} };
    program.evaluate(activation);
    const nodes: object[] = [];
    walk(programAst(program)!, (node) => nodes.push(node));
    const own = () => nodes.map((node) => Object.getOwnPropertyDescriptor(node, 'evaluate')?.value as unknown);
    const before = own();
    expect(explainFailure(program, activation)).toEqual(['spec', 'containers', 1, 'ports', 0]);
    expect(own()).toEqual(before);
  });

  it('gives up on a trace too large, with the result unchanged', () => {
    const containers = Array.from({ length: 30_000 }, (_, i) => ({ name: `c${i}`, image: i === 29_999 ? 'x:latest' : 'x:1' }));
    const program = compile("object.spec.containers.all(c, !c.image.endsWith(':latest'))");
    const activation = { object: { spec: { containers } }, variables: {} };
    expect(program.evaluate(activation)).toEqual({ ok: true, value: false });
    expect(explainFailure(program, activation)).toEqual([]);
    const small = { object: { spec: { containers: containers.slice(29_990) } }, variables: {} };
    expect(explainFailure(program, small)).toEqual(['spec', 'containers', 9, 'image']);
  });

  it('gives nothing when the cost limit ended the evaluation', () => {
    const limited = createCelEnvironment({ variables: { object: 'dyn' }, costLimit: 10 });
    const compiled = limited.compile('object.items.all(i, i > 0)');
    if (!compiled.ok) throw new Error(compiled.error.message);
    const activation = { object: { items: Array.from({ length: 50 }, () => 1) } };
    expect(compiled.program.evaluate(activation).ok).toBe(false);
    expect(explainFailure(compiled.program, activation)).toEqual([]);
  });
});

describe('explainFailure with variables', () => {
  /** Evaluates a policy's variables in order, as values of `variables`, and explains the failing expression. */
  function explainWithVariables(variables: Record<string, string>, expression: string, resource: object, withPrograms: boolean) {
    const programs: Record<string, CelProgram> = {};
    const values: Record<string, unknown> = {};
    for (const [name, source] of Object.entries(variables)) {
      programs[name] = compile(source);
      const result = programs[name]!.evaluate({ object: resource, variables: values });
      if (!result.ok) throw new Error(result.error.message);
      values[name] = result.value;
    }
    const program = compile(expression);
    const activation = { object: resource, variables: values };
    expect(program.evaluate(activation)).toEqual({ ok: true, value: false });
    return explainFailure(program, activation, withPrograms ? { variables: programs } : {});
  }

  const allContainers = { allContainers: 'object.spec.containers + object.spec.?initContainers.orValue([]) + object.spec.?ephemeralContainers.orValue([])' };
  const cases: [string, Record<string, string>, string, object, (string | number)[], (string | number)[]][] = [
    // [name, variables, expression, resource, blamed with the variables' programs, blamed with their values only]
    ['a list of the resource', { containers: 'object.spec.containers' }, "variables.containers.all(c, c.image.startsWith('nginx'))", pod, ['spec', 'containers', 1, 'image'], ['spec', 'containers', 1, 'image']],
    ['a concatenation', allContainers, "variables.allContainers.all(c, c.image.contains(':'))", pod, ['spec', 'initContainers', 0, 'image'], ['spec', 'initContainers', 0, 'image']],
    [
      'a filter of a variable',
      { ...allContainers, controllers: "variables.allContainers.filter(c, c.name != 'init')" },
      "variables.controllers.all(c, c.image.startsWith('nginx'))",
      pod,
      ['spec', 'containers', 1, 'image'],
      ['spec', 'containers', 1, 'image'],
    ],
    [
      'a derived string',
      { authTls: "object.metadata.?annotations[?'nginx.ingress.kubernetes.io/auth-tls-verify-client'].orValue('')" },
      "variables.authTls == '' || variables.authTls in ['on', 'off', 'optional']",
      pod,
      ['metadata', 'annotations', 'nginx.ingress.kubernetes.io/auth-tls-verify-client'],
      [],
    ],
    ['a mapped list', { images: 'object.spec.containers.map(c, c.image)' }, "variables.images.all(i, !i.endsWith(':latest'))", pod, ['spec', 'containers', 1, 'image'], []],
    [
      'a boolean guard and autogen',
      { isPod: "object.kind == 'Pod'", containers: 'object.spec.template.spec.containers' },
      "variables.isPod || variables.containers.all(c, c.name != 'sidecar')",
      deployment,
      ['spec', 'template', 'spec', 'containers', 1, 'name'],
      ['spec', 'template', 'spec', 'containers', 1, 'name'],
    ],
  ];

  it('traces variables computed lazily on first use, as Kyverno binds them', () => {
    const programs = { containers: compile('object.spec.template.spec.containers'), names: compile('variables.containers.map(c, c.name)') };
    const activation: Record<string, unknown> = { object: deployment };
    const cache = new Map<string, unknown>();
    const value = (name: string | symbol): unknown => {
      if (typeof name !== 'string' || !Object.hasOwn(programs, name)) return undefined;
      if (!cache.has(name)) {
        const result = programs[name as keyof typeof programs].evaluate(activation);
        cache.set(name, result.ok ? result.value : undefined);
      }
      return cache.get(name);
    };
    // cel-js reads a field after checking it is an own property.
    activation.variables = new Proxy(
      {},
      {
        get: (_target, name) => value(name),
        has: (_target, name) => Object.hasOwn(programs, name),
        getOwnPropertyDescriptor: (_target, name) =>
          Object.hasOwn(programs, name) ? { value: value(name), enumerable: true, configurable: true, writable: false } : undefined,
      },
    );
    const program = compile("variables.names.all(n, n != 'sidecar')");
    expect(program.evaluate(activation)).toEqual({ ok: true, value: false });
    expect(explainFailure(program, activation, { variables: programs })).toEqual(['spec', 'template', 'spec', 'containers', 1, 'name']);
    expect(explainFailure(program, activation)).toEqual([]);
  });

  it.each(cases)('%s', (_name, variables, expression, resource, withPrograms, withValues) => {
    expect(explainWithVariables(variables, expression, resource, true)).toEqual(withPrograms);
    expect(explainWithVariables(variables, expression, resource, false)).toEqual(withValues);
  });
});

describe('explainFailure on generated Pods', () => {
  const expressions = [
    "object.spec.containers.all(c, !c.image.endsWith(':latest'))",
    'object.spec.containers.all(c, c.?securityContext.?privileged.orValue(false) == false)',
    'object.spec.containers.all(c, has(c.securityContext) && c.securityContext.runAsNonRoot == true)',
    "!has(object.metadata.labels) || !('forbidden' in object.metadata.labels)",
    "object.metadata.?labels[?'app'].orValue('') != ''",
    'object.spec.?volumes.orValue([]).all(v, !has(v.hostPath))',
    "(object.spec.containers + object.spec.?initContainers.orValue([])).exists_one(c, c.name == 'main')",
    "object.spec.containers.map(c, c.image).filter(i, i.contains('latest')).size() == 0",
    'object.spec.containers.all(c, c.ports.all(p, p.containerPort < 1024.0))',
    "object.metadata.labels.all(k, k.startsWith('app'))",
  ].map((expression) => compile(expression));

  const container = fc.record(
    {
      name: fc.constantFrom('main', 'side', 'init'),
      image: fc.constantFrom('nginx:1.25', 'nginx:latest', 'busybox'),
      securityContext: fc.record({ privileged: fc.boolean(), runAsNonRoot: fc.boolean() }, { requiredKeys: [] }),
      ports: fc.array(fc.record({ containerPort: fc.constantFrom(80, 8080, 9090) }), { maxLength: 2 }),
    },
    { requiredKeys: ['name', 'image'] },
  );
  const generatedPod = fc.record({
    apiVersion: fc.constant('v1'),
    kind: fc.constant('Pod'),
    metadata: fc.record({ name: fc.constant('p'), labels: fc.dictionary(fc.constantFrom('app', 'tier', 'forbidden'), fc.constantFrom('a', '')) }, { requiredKeys: ['name'] }),
    spec: fc.record(
      {
        containers: fc.array(container, { minLength: 1, maxLength: 3 }),
        initContainers: fc.array(container, { maxLength: 2 }),
        volumes: fc.array(fc.oneof(fc.record({ name: fc.constant('h'), hostPath: fc.record({ path: fc.constant('/x') }) }), fc.record({ name: fc.constant('e'), emptyDir: fc.constant({}) }))),
      },
      { requiredKeys: ['containers'] },
    ),
  });

  /** Whether `path` leads to something in `value`. */
  function exists(value: unknown, path: (string | number)[]): boolean {
    let current = value;
    for (const segment of path) {
      if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return false;
      current = (current as Record<string | number, unknown>)[segment];
    }
    return true;
  }

  it('blames a field the resource has, and changes no result', () => {
    let explained = 0;
    fc.assert(
      fc.property(generatedPod, (resource) => {
        for (const program of expressions) {
          const activation = { object: resource, variables: {} };
          const before = program.evaluate(activation);
          const blamed = explainFailure(program, activation);
          expect(program.evaluate(activation)).toEqual(before);
          if (before.ok && before.value === true) expect(blamed).toEqual([]);
          else {
            explained++;
            expect(exists(resource, blamed), `${program.expression} ${JSON.stringify(blamed)}`).toBe(true);
          }
        }
      }),
      { numRuns: 150, seed: 7 },
    );
    expect(explained).toBeGreaterThan(300);
  });
});
