import { describe, expect, it } from 'vitest';

import { ipString, isPrintable, isValidIpMask, oidFromDer } from '../../src/util/x509.js';

const hex = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h, 'hex'));

describe('net.IP.String', () => {
  it.each([
    ['0a000001', '10.0.0.1'],
    ['00000000000000000000ffff0a000001', '10.0.0.1'],
    ['20010db8000000000000000000000001', '2001:db8::1'],
    ['20010db8000000010000000100000001', '2001:db8:0:1:0:1:0:1'],
    ['00000000000000000000000000000000', '::'],
    ['0a0000', '?0a0000'],
  ])('%s', (h, text) => {
    expect(ipString(hex(h))).toBe(text);
  });
});

describe('crypto/x509 helpers', () => {
  it.each([
    ['ffffff00', true],
    ['ffffffff', true],
    ['00000000', true],
    ['ff00ff00', false],
    ['fff0000f', false],
    ['fd000000', false],
  ])('isValidIPMask(%s) = %s', (h, valid) => {
    expect(isValidIpMask(hex(h))).toBe(valid);
  });
  it.each<[string, string | null]>([
    ['2a864886f70d', '1.2.840.113549'],
    ['8801', '2.945'],
    ['2affffffffffffffffff7f', '1.2.1180591620717411303423'],
    ['', null],
    ['2a86', null],
    ['2a8001', null],
  ])('newOIDFromDER(%s)', (h, text) => {
    expect(oidFromDer(hex(h))?.join('.') ?? null).toBe(text);
  });
  it('isPrintable accepts PrintableString, * and & only', () => {
    expect([...'Az09 \'()+,-./:=?*&'].every((c) => isPrintable(c.charCodeAt(0)))).toBe(true);
    expect(['@', '_', '!', '\n', 'é'].some((c) => isPrintable(c.charCodeAt(0)))).toBe(false);
  });
});
