import { describe, expect, it } from 'vitest';
import {
  type ContextLoader,
  ContextQueryError,
  ContextSizeLimitError,
  JsonContext,
  MAX_CONTEXT_SIZE,
  splitDottedKey,
} from '../../../../../src/families/kyverno/engine/context/index.js';
import type { JsonObject, JsonValue } from '../../../../../src/types.js';

function queryError(context: JsonContext, expression: string): ContextQueryError {
  try {
    context.query(expression);
  } catch (err) {
    if (err instanceof ContextQueryError) return err;
    throw err;
  }
  throw new Error(`query ${expression} did not fail`);
}

describe('JsonContext.query', () => {
  const context = new JsonContext({ request: { object: { metadata: { name: 'p' } } } });

  it('evaluates Kyverno JMESPath against the context', () => {
    expect(context.query('request.object.metadata.name')).toBe('p');
    expect(context.query('  request.object.metadata.name\n')).toBe('p');
  });

  it.each<[string, string, string]>([
    ['request.object.metadata.labels', 'notFound', 'JMESPath query failed: Unknown key "labels" in path'],
    ['length(`1`)', 'runtime', 'JMESPath query failed: Invalid type for: 1, expected: []jmespath.JpType{"string", "array", "object"}'],
    [' a.b. ', 'syntax', 'incorrect query a.b.: SyntaxError: Expected identifier, lbracket, or lbrace'],
    ['  ', 'syntax', 'invalid query (nil)'],
  ])('wraps the error of %j as Kyverno does', (expression, kind, message) => {
    const err = queryError(context, expression);
    expect(err.kind).toBe(kind);
    expect(err.message).toBe(message);
  });

  it('returns decoded JSON for Go integers', () => {
    const ctx = new JsonContext();
    ctx.addElement('x', 2, 0);
    expect(ctx.query('elementIndex')).toBe(2);
    expect(ctx.query('[elementIndex0]')).toEqual([2]);
    expect(ctx.search('elementIndex')).toBe(2n);
    expect(ctx.query('elementIndex == `2`')).toBe(false);
  });
});

describe('JsonContext writes', () => {
  it.each<[string, string[]]>([
    ['a.b.c', ['a', 'b', 'c']],
    ['"a.b".c', ['a.b', 'c']],
    ['a."b.c"', ['a', 'b.c']],
    ['a."say ""hi"""', ['a', 'say "hi"']],
    ['a.', ['a', '']],
    ['request.object.metadata.labels."app.kubernetes.io/name"', ['request', 'object', 'metadata', 'labels', 'app.kubernetes.io/name']],
  ])('splits the key %j like Go encoding/csv', (key, fields) => {
    expect(splitDottedKey(key)).toEqual(fields);
  });

  it.each<[string, string]>([
    ['', 'EOF'],
    ['a"b.c', 'parse error on line 1, column 2: bare " in non-quoted-field'],
    ['"a"b.c', 'parse error on line 1, column 3: extraneous or missing " in quoted-field'],
    ['"abc', 'parse error on line 1, column 5: extraneous or missing " in quoted-field'],
  ])('rejects the key %j', (key, message) => {
    expect(() => splitDottedKey(key)).toThrow(message);
  });

  it('merges values at dotted paths without touching the original objects', () => {
    const resource: JsonObject = { metadata: { name: 'p', labels: { a: '1' } } };
    const ctx = new JsonContext();
    ctx.setResource(resource);
    ctx.addAtPath('request.object.metadata.labels.b', '2');
    ctx.addAtPath('request.operation', 'UPDATE');
    ctx.addAtPath('x', { y: [1] });
    ctx.addAtPath('x', { z: true });
    ctx.addAtPath('"dotted.key".inner', 0);
    expect(ctx.query('request.object.metadata.labels')).toEqual({ a: '1', b: '2' });
    expect(ctx.query('request.operation')).toBe('UPDATE');
    expect(ctx.query('x')).toEqual({ y: [1], z: true });
    expect(ctx.query('"dotted.key".inner')).toBe(0);
    expect(resource).toEqual({ metadata: { name: 'p', labels: { a: '1' } } });
  });

  it('replaces scalars and arrays, merges maps, keeps nulls', () => {
    const ctx = new JsonContext({ a: { b: [1, 2], c: 1 } });
    ctx.merge({ a: { b: [3], d: null } });
    expect(ctx.query('a')).toEqual({ b: [3], c: 1, d: null });
    ctx.merge({ a: 'scalar' });
    expect(ctx.query('a')).toBe('scalar');
  });

  it('merges context entries and replaces variable entries', () => {
    const ctx = new JsonContext();
    ctx.addContextEntry('cm', { data: { a: '1' } });
    ctx.addContextEntry('cm', { data: { b: '2' } });
    expect(ctx.query('cm')).toEqual({ data: { a: '1', b: '2' } });
    ctx.replaceContextEntry('cm', { metadata: {} });
    expect(ctx.query('cm')).toEqual({ metadata: {} });
    ctx.replaceContextEntry('n', 1n);
    expect(ctx.search('n')).toBe(1);
  });

  it('replaces the previous foreach element instead of merging it', () => {
    const ctx = new JsonContext();
    ctx.addElement({ name: 'a', image: 'x' }, 0, 0);
    ctx.addElement({ name: 'b' }, 1, 1);
    expect(ctx.query('element')).toEqual({ name: 'b' });
    expect(ctx.query('element0')).toEqual({ name: 'a', image: 'x' });
    expect(ctx.query('[elementIndex, elementIndex0, elementIndex1]')).toEqual([1, 0, 1]);
  });

  it('enforces the cumulative 2 MiB limit on context entries', () => {
    const ctx = new JsonContext();
    const big = 'x'.repeat(MAX_CONTEXT_SIZE / 2);
    ctx.addContextEntry('a', big);
    ctx.checkpoint();
    ctx.restore();
    expect(() => ctx.replaceContextEntry('b', big)).toThrow(
      new ContextSizeLimitError(`context size limit exceeded: ${MAX_CONTEXT_SIZE + 4} bytes exceeds limit of ${MAX_CONTEXT_SIZE} bytes`),
    );
    expect(() => ctx.query('b')).toThrow('Unknown key "b" in path');
  });
});

describe('JsonContext checkpoints (Kyverno checkpoint_test.go)', () => {
  it('isolates writes between checkpoint and restore', () => {
    const ctx = new JsonContext();
    ctx.setResource({ metadata: { name: 'pod', labels: { app: 'test' } } });
    ctx.checkpoint();
    ctx.addAtPath('request.object.metadata.labels.foo', 'bar');
    ctx.addContextEntry('myConfigMap', { key: 'value' });
    ctx.restore();
    expect(ctx.query('request.object.metadata.labels')).toEqual({ app: 'test' });
    expect(() => ctx.query('myConfigMap')).toThrow('Unknown key "myConfigMap" in path');
  });

  it('restores nested checkpoints in order', () => {
    const ctx = new JsonContext();
    ctx.setResource({ metadata: { name: 'initial' } });
    ctx.checkpoint();
    ctx.addAtPath('request.object.metadata.rule', 'outer');
    ctx.checkpoint();
    ctx.addAtPath('request.object.metadata.rule', 'inner');
    ctx.restore();
    expect(ctx.query('request.object.metadata.rule')).toBe('outer');
    ctx.restore();
    expect(ctx.query('request.object.metadata')).toEqual({ name: 'initial' });
  });

  it('resets to the checkpoint and keeps it', () => {
    const ctx = new JsonContext();
    ctx.setResource({ metadata: { name: 'pod' } });
    ctx.checkpoint();
    for (const iteration of ['first', 'second', 'third']) {
      ctx.reset();
      ctx.addAtPath('request.object.metadata.iteration', iteration);
      expect(ctx.query('request.object.metadata.iteration')).toBe(iteration);
    }
    ctx.restore();
    expect(ctx.query('request.object.metadata')).toEqual({ name: 'pod' });
  });

  it('does nothing on restore or reset without a checkpoint', () => {
    const ctx = new JsonContext({ a: 1 });
    ctx.restore();
    ctx.reset();
    expect(ctx.query('a')).toBe(1);
  });

  it('does not let element writes reach the resource', () => {
    const container = { name: 'c1', image: 'nginx:latest' };
    const ctx = new JsonContext();
    ctx.setResource({ spec: { containers: [container] } });
    ctx.checkpoint();
    ctx.addElement(container, 0, 0);
    ctx.addAtPath('element.name', 'mutated');
    ctx.restore();
    expect(ctx.query('request.object.spec.containers[0].name')).toBe('c1');
    expect(container.name).toBe('c1');
  });
});

/** A loader as in Kyverno's deferred_test.go: stores `value` under `name`, optionally after a query. */
class MockLoader implements ContextLoader {
  invocations = 0;
  private loaded = false;
  readonly events: string[] = [];

  constructor(
    private readonly ctx: JsonContext,
    readonly name: string,
    readonly value: JsonValue,
    private readonly query = '',
  ) {}

  hasLoaded(): boolean {
    return this.loaded;
  }

  loadData(): void {
    this.invocations++;
    this.ctx.addAtPath(this.name, this.value);
    if (this.query !== '') this.ctx.addAtPath(this.name, this.ctx.query(this.query));
    this.loaded = true;
    this.events.push(`${this.name}=${String(this.value)}`);
  }
}

function addDeferred(ctx: JsonContext, name: string, value: JsonValue, query = ''): MockLoader {
  const loader = new MockLoader(ctx, name, value, query);
  ctx.registerDeferred(name, loader);
  return loader;
}

describe('deferred loading (Kyverno deferred_test.go)', () => {
  it('loads once, on first use', () => {
    const ctx = new JsonContext();
    const loader = addDeferred(ctx, 'one', '1');
    expect(loader.invocations).toBe(0);
    expect(ctx.query('one')).toBe('1');
    ctx.query('one');
    expect(loader.invocations).toBe(1);
  });

  it.each(['one<two', '(one)', 'one.two.three', 'one-two', 'one; two; three', 'one>two', 'one, two, three', '"one-two"'])(
    'matches %j',
    (query) => {
      const ctx = new JsonContext();
      const loader = addDeferred(ctx, 'one', '1');
      try {
        ctx.query(query);
      } catch {
        // the query itself may fail; what matters is that the loader ran
      }
      expect(loader.invocations).toBe(1);
    },
  );

  it.each(['oneTwoThree', 'one1', 'one_two', 'x.one', 'two.one'])('does not match %j', (query) => {
    const ctx = new JsonContext({ x: { one: 0 }, two: { one: 0 } });
    const loader = addDeferred(ctx, 'one', '1');
    try {
      ctx.query(query);
    } catch {
      // unknown keys are expected
    }
    expect(loader.invocations).toBe(0);
  });

  it('resets loaders to the checkpoint level', () => {
    const ctx = new JsonContext();
    addDeferred(ctx, 'value', '0');
    ctx.checkpoint();
    expect(ctx.query('value')).toBe('0');
    ctx.reset();
    expect(ctx.query('value')).toBe('0');
  });

  it('drops and reloads loaders across checkpoints (TestDeferredCheckpointRestore)', () => {
    const ctx = new JsonContext();
    ctx.checkpoint();
    const unused = addDeferred(ctx, 'unused', 'unused');
    const one = addDeferred(ctx, 'one', '1');
    ctx.restore();
    expect(one.invocations).toBe(0);
    expect(unused.invocations).toBe(0);
    expect(() => ctx.query('unused')).toThrow('Unknown key "unused" in path');
    expect(() => ctx.query('one')).toThrow('Unknown key "one" in path');

    addDeferred(ctx, 'one', '1');
    ctx.checkpoint();
    expect(ctx.query('one')).toBe('1');
    ctx.restore();
    expect(ctx.query('one')).toBe('1');

    const again = addDeferred(ctx, 'one', '1');
    ctx.checkpoint();
    expect(ctx.query('one')).toBe('1');
    expect(again.invocations).toBe(1);
    const two = addDeferred(ctx, 'two', '2');
    expect(ctx.query('two')).toBe('2');
    expect(two.invocations).toBe(1);
    ctx.restore();
    expect(ctx.query('one')).toBe('1');
    expect(again.invocations).toBe(2);
    ctx.query('one');
    expect(again.invocations).toBe(2);
    expect(() => ctx.query('two')).toThrow('Unknown key "two" in path');

    ctx.checkpoint();
    expect(ctx.query('one')).toBe('1');
    expect(again.invocations).toBe(2);
    const three = addDeferred(ctx, 'three', '3');
    expect(ctx.query('three')).toBe('3');
    expect(three.invocations).toBe(1);
    ctx.reset();
    expect(ctx.query('one')).toBe('1');
    expect(again.invocations).toBe(2);
    expect(() => ctx.query('two')).toThrow('Unknown key "two" in path');
    expect(() => ctx.query('three')).toThrow('Unknown key "three" in path');
  });

  it('re-registers loaders per foreach element (TestDeferredForloop)', () => {
    const ctx = new JsonContext();
    addDeferred(ctx, 'value', -1);
    ctx.checkpoint();
    for (let i = 0; i < 5; i++) {
      expect(ctx.query('value')).toBe(i - 1);
      ctx.reset();
      const loader = addDeferred(ctx, 'value', i);
      expect(ctx.query('value')).toBe(i);
      expect(loader.invocations).toBe(1);
    }
    ctx.restore();
    expect(ctx.query('value')).toBe(-1);
  });

  it('does not leak loaders past a reset or restore (TestDeferredValidResetRestore)', () => {
    const ctx = new JsonContext();
    addDeferred(ctx, 'value', '0');
    ctx.checkpoint();
    addDeferred(ctx, 'leak', 'leak');
    ctx.reset();
    expect(() => ctx.query('leak')).toThrow('Unknown key "leak" in path');
    addDeferred(ctx, 'value', '0');
    ctx.checkpoint();
    addDeferred(ctx, 'leak', 'leak');
    ctx.restore();
    expect(() => ctx.query('leak')).toThrow('Unknown key "leak" in path');
  });

  it('runs same-name loaders in declaration order (TestDeferredSameName)', () => {
    const ctx = new JsonContext();
    const first = addDeferred(ctx, 'value', '0');
    const second = addDeferred(ctx, 'value', '1');
    expect(ctx.query('value')).toBe('1');
    expect([first.invocations, second.invocations]).toEqual([1, 1]);
  });

  it('lets a loader query its own name (TestDeferredRecursive)', () => {
    const ctx = new JsonContext();
    addDeferred(ctx, 'value', '0', 'value');
    ctx.checkpoint();
    expect(ctx.query('value')).toBe('0');
  });

  it('resolves dependencies declared before (TestJMESPathDependency)', () => {
    const ctx = new JsonContext();
    addDeferred(ctx, 'foo', 'foo');
    addDeferred(ctx, 'one', '1', 'foo');
    expect(ctx.query('one')).toBe('foo');
  });

  it('hides outer definitions behind inner ones (TestDeferredHiddenEval)', () => {
    const ctx = new JsonContext();
    addDeferred(ctx, 'foo', 'foo');
    ctx.checkpoint();
    addDeferred(ctx, 'foo', 'bar');
    expect(ctx.query('foo')).toBe('bar');
  });

  it('does not let a loader see later definitions (TestDeferredNotHidden, ...Ordered)', () => {
    const ctx = new JsonContext();
    addDeferred(ctx, 'foo', 'foo');
    addDeferred(ctx, 'one', '1', 'foo');
    addDeferred(ctx, 'foo', 'baz');
    ctx.checkpoint();
    addDeferred(ctx, 'foo', 'bar');
    expect(ctx.query('one')).toBe('foo');
    expect(ctx.query('foo')).toBe('bar');
    ctx.restore();
    expect(ctx.query('one')).toBe('foo');
    expect(ctx.query('foo')).toBe('baz');
  });

  it('swallows a failing loader: the query goes on without its data', () => {
    const ctx = new JsonContext();
    let runs = 0;
    ctx.registerDeferred('broken', {
      loadData() {
        runs++;
        throw new Error('failed to fetch');
      },
      hasLoaded: () => false,
    });
    expect(() => ctx.query('broken')).toThrow('JMESPath query failed: Unknown key "broken" in path');
    expect(() => ctx.query('broken')).toThrow('Unknown key "broken"');
    expect(runs).toBe(1);
  });

  it('refuses a name that does not make a valid matcher', () => {
    const ctx = new JsonContext();
    expect(() => ctx.registerDeferred('a(b', new MockLoader(ctx, 'a(b', 1))).toThrow();
  });
});
