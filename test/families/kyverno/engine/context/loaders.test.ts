import { describe, expect, it } from 'vitest';
import { JsonContext, createAdmissionContext, registerContextEntries } from '../../../../../src/families/kyverno/engine/context/index.js';
import type { ContextEntry } from '../../../../../src/families/kyverno/policy/types.js';
import type { JsonObject } from '../../../../../src/types.js';
import { substituteAll } from '../../../../../src/families/kyverno/engine/variables/index.js';

const pod: JsonObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'prod', labels: { app: 'nginx' } },
  spec: { containers: [{ name: 'c', image: 'nginx' }], replicas: 3 },
};

function contextWith(entries: ContextEntry[]): JsonContext {
  const ctx = createAdmissionContext({ resource: pod });
  registerContextEntries(ctx, entries);
  return ctx;
}

describe('variable context entries (Kyverno variable loader)', () => {
  it.each<[string, ContextEntry['variable'], unknown]>([
    ['a literal value', { value: 'x' }, 'x'],
    ['a typed value', { value: { a: [1, true] } }, { a: [1, true] }],
    ['a substituted value', { value: '{{ request.object.metadata.name }}-1' }, 'web-1'],
    ['a whole-variable value keeps its type', { value: '{{ request.object.spec.replicas }}' }, 3],
    ['jmesPath against the context', { jmesPath: 'request.object.metadata.labels.app' }, 'nginx'],
    ['jmesPath against the value', { value: { a: { b: 'c' } }, jmesPath: 'a.b' }, 'c'],
    ['jmesPath with variables in it', { value: { web: 1 }, jmesPath: '{{ request.object.metadata.name }}' }, 1],
    ['default when jmesPath fails', { jmesPath: 'request.object.metadata.missing', default: 'd' }, 'd'],
    ['default when jmesPath gives null', { jmesPath: 'request.object.metadata.labels.nope || `null`', default: 'd' }, 'd'],
    ['default when jmesPath fails on the value', { value: {}, jmesPath: 'a.b', default: { x: 1 } }, { x: 1 }],
    ['null from jmesPath on the value', { value: { a: null }, jmesPath: 'a', default: 'unused' }, null],
    ['substituted default', { jmesPath: 'nope', default: '{{ request.object.metadata.namespace }}' }, 'prod'],
  ])('%s', (_name, variable, expected) => {
    const ctx = contextWith([{ name: 'v', variable }]);
    if (expected === null) {
      expect(() => ctx.query('v')).toThrow('Unknown key "v" in path');
    } else {
      expect(ctx.query('v')).toEqual(expected);
    }
  });

  it('only evaluates entries a query mentions', () => {
    const ctx = contextWith([
      { name: 'broken', variable: { jmesPath: 'request.object.missing' } },
      { name: 'fine', variable: { value: 'ok' } },
    ]);
    expect(ctx.query('fine')).toBe('ok');
  });

  it('redefines an entry in declaration order; earlier entries see the earlier value', () => {
    const ctx = contextWith([
      { name: 'v', variable: { value: 'first' } },
      { name: 'w', variable: { value: '{{ v }}-w' } },
      { name: 'v', variable: { value: '{{ v }}-second' } },
    ]);
    expect(ctx.query('w')).toBe('first-w');
    expect(ctx.query('v')).toBe('first-second');
  });

  it('cannot use an entry declared after it', () => {
    const ctx = contextWith([
      { name: 'a', variable: { value: '{{ b }}' } },
      { name: 'b', variable: { value: 'x' } },
    ]);
    expect(() => ctx.query('a')).toThrow('Unknown key "a" in path');
    expect(ctx.query('b')).toBe('x');
  });

  it('replaces a value injected under the same name', () => {
    const ctx = createAdmissionContext({ resource: pod });
    ctx.addAtPath('v', { from: 'values' });
    registerContextEntries(ctx, [{ name: 'v', variable: { value: { from: 'entry' } } }]);
    expect(ctx.query('v')).toEqual({ from: 'entry' });
  });

  it('disappears with the rule checkpoint', () => {
    const ctx = createAdmissionContext({ resource: pod });
    ctx.checkpoint();
    registerContextEntries(ctx, [{ name: 'v', variable: { value: 1 } }]);
    expect(ctx.query('v')).toBe(1);
    ctx.restore();
    expect(() => ctx.query('v')).toThrow('Unknown key "v" in path');
  });

  it('feeds substitution in other documents', () => {
    const ctx = contextWith([{ name: 'prefix', variable: { value: 'registry.io/' } }]);
    expect(substituteAll('{{ prefix }}{{ request.object.metadata.name }}', ctx)).toBe('registry.io/web');
  });
});

describe('variable loader errors', () => {
  it.each<[string, ContextEntry, string]>([
    [
      'an unresolvable jmesPath without default',
      { name: 'v', variable: { jmesPath: 'request.object.missing' } },
      'failed to apply jmespath request.object.missing to variable <nil>: JMESPath query failed: Unknown key "missing" in path',
    ],
    [
      'jmesPath on the value',
      { name: 'v', variable: { value: { a: 1 }, jmesPath: 'b' } },
      'failed to apply jmespath b to variable map[a:1]: Unknown key "b" in path',
    ],
    [
      'a bad jmesPath on the value',
      { name: 'v', variable: { value: 1, jmesPath: 'a.' } },
      'failed to apply jmespath a. to variable 1: failed to compile JMESPath: a., error: SyntaxError: Expected identifier, lbracket, or lbrace',
    ],
    [
      'a jmesPath that is not a string after substitution',
      { name: 'v', variable: { jmesPath: '{{ request.object.spec.replicas }}' } },
      'jmespath value must be a string v {{ request.object.spec.replicas }}: <nil>',
    ],
    [
      'a value that does not substitute',
      { name: 'v', variable: { value: '{{ nope }}' } },
      'failed to substitute variables in context entry v &{[34 123 123 32 110 111 112 101 32 125 125 34]}: failed to resolve nope at path : JMESPath query failed: Unknown key "nope" in path',
    ],
    [
      'nothing at all',
      { name: 'v', variable: {} },
      'failed to add context entry for variable v since it evaluated to nil',
    ],
    [
      'a NaN result',
      { name: 'v', variable: { jmesPath: 'avg(`[]`)' } },
      'failed to add context entry for variable v: json: unsupported value: NaN',
    ],
  ])('%s', (_name, entry, message) => {
    // With deferred loading the failure is swallowed: the query only finds no entry.
    const ctx = createAdmissionContext({ resource: pod });
    registerContextEntries(ctx, [entry]);
    expect(() => ctx.query(entry.name)).toThrow(`Unknown key "${entry.name}" in path`);
    expect(directLoadError(entry)).toBe(message);
  });
});

/** The error of the loader of `entry` run directly, as with deferred loading disabled. */
function directLoadError(entry: ContextEntry): string {
  const ctx = createAdmissionContext({ resource: pod });
  let failure = '';
  ctx.registerDeferred = (_name, loader) => {
    try {
      loader.loadData();
    } catch (err) {
      failure = (err as Error).message;
    }
  };
  registerContextEntries(ctx, [entry]);
  return failure;
}

describe('registerContextEntries', () => {
  it('leaves external entries out unless a loader is provided', () => {
    const ctx = createAdmissionContext({ resource: pod });
    registerContextEntries(ctx, [
      { name: 'cm', configMap: { name: 'x', namespace: 'y' } },
      { name: 'api', apiCall: { urlPath: '/api/v1/namespaces' } },
      { name: 'g', globalReference: { name: 'x' } },
      { name: 'img', imageRegistry: { reference: 'nginx' } },
    ]);
    for (const name of ['cm', 'api', 'g', 'img']) expect(() => ctx.query(name)).toThrow(`Unknown key "${name}" in path`);
  });

  it('uses a provided external loader', () => {
    const ctx = createAdmissionContext({ resource: pod });
    registerContextEntries(ctx, [{ name: 'cm', configMap: { name: 'x' } }], {
      externalLoaders: {
        configMap: (entry, context) => ({
          loadData: () => context.addContextEntry(entry.name, { data: { key: entry.configMap!.name } }),
          hasLoaded: () => false,
        }),
      },
    });
    expect(ctx.query('cm.data.key')).toBe('x');
  });

  it('leaves out an entry whose factory gives no loader', () => {
    const ctx = createAdmissionContext({ resource: pod });
    ctx.addAtPath('cm', { data: { key: 'from values' } });
    registerContextEntries(ctx, [{ name: 'cm', configMap: { name: 'x' } }], { externalLoaders: { configMap: () => undefined } });
    expect(ctx.query('cm.data.key')).toBe('from values');
  });

  it('resolves entries eagerly first, then registers the others in order', () => {
    const ctx = createAdmissionContext({ resource: pod });
    const seen: string[][] = [];
    registerContextEntries(
      ctx,
      [
        { name: 'api', apiCall: { urlPath: '/api/v1/namespaces' } },
        { name: 'v', variable: { value: '{{ api.count }}' } },
      ],
      {
        resolveEagerly: (entries, context) => {
          seen.push(entries.map((entry) => entry.name));
          context.addContextEntry('api', { count: 2 });
          return entries.filter((entry) => entry.apiCall === undefined);
        },
      },
    );
    expect(seen).toEqual([['api', 'v']]);
    expect(ctx.query('v')).toBe(2);
  });

  it.each<[string, ContextEntry]>([
    ['an entry of no known type', { name: 'empty' }],
    ['a name that is not a valid matcher', { name: 'a(b', variable: { value: 1 } }],
  ])('refuses %s', (_name, entry) => {
    const ctx = new JsonContext();
    expect(() => registerContextEntries(ctx, [entry])).toThrow(`failed to create deferred loader for context entry ${entry.name}`);
  });
});

