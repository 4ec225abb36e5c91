import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readStreamBounded } from '../../src/source/files.js';
import { formatByteSize, parseByteSize } from '../../src/util/byte-size.js';

describe('parseByteSize', () => {
  it.each([
    ['1', 1],
    ['67108864', 64 * 1024 * 1024],
    ['100B', 100],
    ['64Mi', 64 * 1024 * 1024],
    ['64MiB', 64 * 1024 * 1024],
    ['1.5Ki', 1536],
    ['512KiB', 512 * 1024],
    ['10M', 10_000_000],
    ['10MB', 10_000_000],
    ['2k', 2000],
    ['2K', 2000],
    ['2KB', 2000],
    ['2kB', 2000],
    ['1Gi', 1024 ** 3],
    ['1e3', 1000],
    [' 64MiB ', 64 * 1024 * 1024],
  ])('%j is %d bytes', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
  });

  it.each([[''], ['0'], ['-1'], ['100m'], ['1.5'], ['64 MiB'], ['MiB'], ['64XB'], ['64mib'], ['1Ei'], ['apples']])('%j is not a size', (text) => {
    expect(parseByteSize(text)).toBeNull();
  });
});

describe('formatByteSize', () => {
  it.each([
    [100, '100 bytes'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [64 * 1024 * 1024, '64 MiB'],
    [3 * 1024 ** 3, '3 GiB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatByteSize(bytes)).toBe(text);
  });
});

describe('readStreamBounded', () => {
  it('reads a stream within the limit as UTF-8 text', async () => {
    expect(await readStreamBounded(Readable.from([Buffer.from('kind: '), Buffer.from('Pod\n')]), 10)).toBe('kind: Pod\n');
  });

  it('stops at the first chunk past the limit and reads no further', async () => {
    let pulled = 0;
    function* chunks(): Generator<Buffer> {
      for (;;) {
        pulled++;
        yield Buffer.alloc(1024, 'x');
      }
    }
    expect(await readStreamBounded(Readable.from(chunks()), 4096)).toEqual({ tooLarge: true, size: null, limit: 4096 });
    expect(pulled).toBeLessThan(64);
  });
});
