import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../src/source/construct.js';
import { locate } from '../../src/source/locate.js';
import { parseDocuments } from '../../src/source/parse.js';
import { isKubernetesObject, normalizeResource } from '../../src/source/resource.js';
import type { JsonValue } from '../../src/types.js';

/** Nine levels of nine aliases each: 9^9 (387 million) leaves once expanded. */
function billionLaughs(): string {
  const lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  for (let level = 1; level < 9; level++) {
    const previous = String.fromCharCode(96 + level);
    const name = String.fromCharCode(97 + level);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}

function depthOf(value: JsonValue): number {
  let depth = 0;
  let current: JsonValue = value;
  while (current !== null && typeof current === 'object') {
    depth++;
    current = Array.isArray(current) ? current[0] : (Object.values(current)[0] ?? null);
  }
  return depth;
}

describe('alias bombs', () => {
  it('rejects a billion-laughs document before expanding it, and still reads the next document', () => {
    const text = `${billionLaughs()}---\nkind: Safe\n`;
    const { documents, problems } = parseDocuments('bomb.yaml', text);
    expect(problems).toEqual([
      { file: 'bomb.yaml', line: 4, column: 20, message: 'document contains excessive aliasing', severity: 'error' },
    ]);
    expect(documents.map((d) => d.value)).toEqual([{ kind: 'Safe' }]);
  });

  it('rejects a bomb hidden behind merge keys and key aliases', () => {
    const lines = ['a: &a {k0: 1, k1: 1, k2: 1, k3: 1, k4: 1, k5: 1, k6: 1, k7: 1, k8: 1, k9: 1}'];
    for (let level = 1; level < 12; level++) {
      const merges = Array.from({ length: 10 }, (_, i) => `m${i}: {<<: *${String.fromCharCode(96 + level)}}`);
      lines.push(`${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} {${merges.join(', ')}}`);
    }
    const { problems } = parseDocuments('merge-bomb.yaml', `${lines.join('\n')}\n`);
    expect(problems.map((p) => p.message)).toEqual(['document contains excessive aliasing']);
  });

  it('accepts ordinary reuse of anchors', () => {
    const lines = ['defaults: &d {cpu: 100m, memory: 128Mi, labels: {app: x, tier: web}}'];
    for (let i = 0; i < 200; i++) lines.push(`c${i}:\n  <<: *d\n  name: c${i}\n  copy: *d`);
    const { documents, problems } = parseDocuments('reuse.yaml', `${lines.join('\n')}\n`);
    expect(problems).toEqual([]);
    const root = documents[0].value as Record<string, Record<string, JsonValue>>;
    expect(Object.keys(root)).toHaveLength(201);
    expect(root.c199).toEqual({
      cpu: '100m',
      memory: '128Mi',
      labels: { app: 'x', tier: 'web' },
      name: 'c199',
      copy: { cpu: '100m', memory: '128Mi', labels: { app: 'x', tier: 'web' } },
    });
  });

  it('rejects aliases that nest beyond the depth limit once expanded', () => {
    const lines = [`a0: &a0 ${'['.repeat(100)}${']'.repeat(100)}`];
    for (let i = 1; i <= 6; i++) lines.push(`a${i}: &a${i} ${'['.repeat(99)}*a${i - 1}${']'.repeat(99)}`);
    const { problems } = parseDocuments('deep-alias.yaml', `${lines.join('\n')}\n`);
    expect(problems.map((p) => [p.line, p.message])).toEqual([[6, `document nesting exceeds ${MAX_DEPTH} levels`]]);
  });
});

describe('deep nesting', () => {
  it.each([
    ['block mappings', Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')],
    ['block sequences', Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i * 2)}-`).join('\n')],
    ['flow sequences', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['flow mappings', `${'{a: '.repeat(20_000)}1${'}'.repeat(20_000)}`],
    ['unclosed flow sequences', '['.repeat(200_000)],
  ])('rejects thousands of levels of %s with a clear problem', (_name, text) => {
    const { documents, problems } = parseDocuments('deep.yaml', text);
    expect(documents).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toBe(`document nesting exceeds ${MAX_DEPTH} levels`);
  });

  it(`accepts exactly ${MAX_DEPTH} levels`, () => {
    const text = `${'['.repeat(MAX_DEPTH)}1${']'.repeat(MAX_DEPTH)}`;
    const { documents, problems } = parseDocuments('limit.yaml', text);
    expect(problems).toEqual([]);
    expect(depthOf(documents[0].value)).toBe(MAX_DEPTH);
    const over = parseDocuments('over.yaml', `[${text}]`);
    expect(over.problems.map((p) => p.message)).toEqual([`document nesting exceeds ${MAX_DEPTH} levels`]);
  });

  it('normalises and locates inside the deepest accepted document without overflowing', () => {
    const text = `apiVersion: v1\nkind: Deep\nspec: ${'{a: '.repeat(MAX_DEPTH - 1)}null${'}'.repeat(MAX_DEPTH - 1)}\n`;
    const { documents } = parseDocuments('deep.yaml', text);
    const resource = documents[0].value;
    expect(isKubernetesObject(resource)).toBe(true);
    if (isKubernetesObject(resource)) normalizeResource(resource);
    const path = ['spec', ...Array<string>(MAX_DEPTH - 2).fill('a')];
    expect(locate('deep.yaml', text, 0, path)).toMatchObject({ line: 3 });
  });

  it('locates in a document too deep to parse without throwing', () => {
    const text = `kind: Deep\n---\n${'['.repeat(50_000)}${']'.repeat(50_000)}\n`;
    expect(locate('too-deep.yaml', text, 1, [0, 0, 0])).toMatchObject({ line: 3 });
  });
});

describe('large input', () => {
  it('reads a 10 MB document', () => {
    const value = 'x'.repeat(90);
    const lines = Array.from({ length: 100_000 }, (_, i) => `key${i}: ${value}${i}`);
    const text = `${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(10_000_000);
    const { documents, problems } = parseDocuments('big.yaml', text);
    expect(problems).toEqual([]);
    const root = documents[0].value as Record<string, string>;
    expect(Object.keys(root)).toHaveLength(100_000);
    expect(root.key99999).toBe(`${value}99999`);
  });

  it('reads a mapping with 100 000 keys (linear time) and duplicate keys keep the last value', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `k${i}: ${i}`);
    lines.push('k0: last');
    const { documents, problems } = parseDocuments('keys.yaml', lines.join('\n'));
    expect(problems).toEqual([]);
    const root = documents[0].value as Record<string, JsonValue>;
    expect(Object.keys(root)).toHaveLength(100_000);
    expect(root.k0).toBe('last');
    expect(root.k99999).toBe(99_999);
  });

  it('reads very long lines and long flow collections', () => {
    const long = 'v'.repeat(5_000_000);
    const flow = `[${Array.from({ length: 200_000 }, (_, i) => i).join(',')}]`;
    const { documents, problems } = parseDocuments('long.yaml', `a: ${long}\n---\nb: ${flow}\n`);
    expect(problems).toEqual([]);
    expect((documents[0].value as Record<string, string>).a).toHaveLength(5_000_000);
    expect((documents[1].value as Record<string, number[]>).b[199_999]).toBe(199_999);
  });

  it('reads many documents in one file', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `kind: Pod\nmetadata:\n  name: p${i}\n`).join('---\n');
    const { documents, problems } = parseDocuments('many.yaml', text);
    expect(problems).toEqual([]);
    expect(documents).toHaveLength(20_000);
    expect(documents[19_999]).toMatchObject({ index: 19_999, line: 19_999 * 4 + 1 });
  });
});

describe('hostile keys', () => {
  it('stores __proto__, constructor and prototype keys as data without polluting prototypes', () => {
    const text = '__proto__:\n  isAdmin: true\nconstructor:\n  prototype:\n    polluted: yes\nlist:\n- __proto__: {x: 1}\n';
    const { documents } = parseDocuments('proto.yaml', text);
    const root = documents[0].value as Record<string, JsonValue>;
    expect(Object.getPrototypeOf(root)).toBe(Object.prototype);
    expect(Object.hasOwn(root, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf((root.list as JsonValue[])[0])).toBe(Object.prototype);
    const resource = { apiVersion: 'v1', kind: 'Pod', ...JSON.parse(JSON.stringify(root)) } as JsonValue;
    if (isKubernetesObject(resource)) normalizeResource(resource);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
