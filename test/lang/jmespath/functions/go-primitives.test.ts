/**
 * The Go primitives behind the functions that the expression tests reach only indirectly:
 * quantity scales, `math.Pow`/`math.Round`, PEM decoding, URL parsing and time layouts.
 */
import { describe, expect, it } from 'vitest';
import { goPowInt, goRound } from '../../../../src/util/go-math.js';
import { parseGoTime } from '../../../../src/lang/jmespath/functions/go-time-parse.js';
import { formatRFC3339Nano } from '../../../../src/lang/jmespath/functions/go-time.js';
import { parseGoUrl } from '../../../../src/lang/jmespath/functions/go-url.js';
import { approximateFloat, quantityDecimal } from '../../../../src/lang/jmespath/functions/quantity-decimal.js';
import { parseQuantity } from '../../../../src/util/quantity.js';

describe('the decimal Go keeps for a parsed quantity (Quantity.AsDec, whose scale quantity.Divide uses)', () => {
  it.each([
    ['1.50', 150n, 2],
    ['500m', 500n, 3],
    ['1k', 1n, -3],
    ['12Ki', 12288n, 0],
    ['1.5Gi', 1610612736000000000n, 9],
    ['0.3', 3n, 1],
    ['1e+06', 1n, -6],
    ['1e-07', 1n, 7],
    ['0', 0n, 0],
    ['0.000', 0n, 3],
    ['1e-12', 1n, 9],
    ['12345678901234567890', 12345678901234567890000000000n, 9],
  ])('%s has unscaled value %s and scale %s', (text, unscaled, scale) => {
    expect(quantityDecimal(text, parseQuantity(text)!)).toEqual({ unscaled, scale });
  });

  it.each([
    ['12Ki', 12288],
    ['100m', 0.1],
    ['1.5Gi', 1610612736],
    ['-7', -7],
  ])('%s is approximately %s', (text, value) => {
    expect(approximateFloat(quantityDecimal(text, parseQuantity(text)!))).toBe(value);
  });
});

describe('Go math', () => {
  it('computes 10^n exactly where float64 can', () => {
    for (let n = 0; n <= 22; n++) expect(goPowInt(10, n)).toBe(10 ** n);
  });
  it('overflows to +Inf', () => {
    expect(goPowInt(10, 400)).toBe(Infinity);
  });
  it.each([
    [2.5, 3],
    [-2.5, -3],
    [0.49999999999999994, 0],
    [-0.4, -0],
    [4503599627370495.5, 4503599627370496],
  ])('math.Round(%s) = %s', (x, rounded) => {
    expect(goRound(x)).toBe(rounded);
  });
});

describe('url.Parse', () => {
  it.each([
    ['https://user:pw@example.com:8443/a%20b?q=1#frag', { Scheme: 'https', User: {}, Host: 'example.com:8443', Path: '/a b', RawQuery: 'q=1', Fragment: 'frag' }],
    ['mailto:ops@example.com', { Scheme: 'mailto', Opaque: 'ops@example.com', Host: '' }],
    ['file:///etc/hosts', { Scheme: 'file', Host: '', Path: '/etc/hosts', OmitHost: false }],
    ['/relative/path', { Scheme: '', Path: '/relative/path' }],
    ['http://example.com/a%2Fb', { Path: '/a/b', RawPath: '/a%2Fb' }],
    ['HTTP://Example.com', { Scheme: 'http', Host: 'Example.com' }],
  ])('%s', (raw, fields) => {
    expect(parseGoUrl(raw)).toMatchObject(fields);
  });
  it.each([
    ['http://%zz', 'parse "http://%zz": invalid URL escape "%zz"'],
    ['http://x/%', 'parse "http://x/%": invalid URL escape "%"'],
    ['1a:b', 'parse "1a:b": first path segment in URL cannot contain colon'],
  ])('%s fails', (raw, error) => {
    expect(() => parseGoUrl(raw)).toThrow(error);
  });
});

describe('time.Parse layouts', () => {
  it.each([
    ['2006-01-02T15:04:05.999999999Z07:00', '2023-01-02T03:04:05.123456789+01:00', '2023-01-02T03:04:05.123456789+01:00'],
    ['Jan _2 15:04:05.000000', 'Feb  3 10:00:00.500000', '0000-02-03T10:00:00.5Z'],
    ['02/01/06 3PM', '07/08/69 11PM', '1969-08-07T23:00:00Z'],
    ['January 2, 2006', 'march 9, 2024', '2024-03-09T00:00:00Z'],
    ['2006-01-02 15:04:05 -07', '2024-03-09 10:00:00 +05', '2024-03-09T10:00:00+05:00'],
    ['20060102150405Z0700', '20240309100000Z', '2024-03-09T10:00:00Z'],
    ['2006-01-02T15:04:05', '2024-03-09T10:00:00,25', '2024-03-09T10:00:00.25Z'],
    ['_2006', '_2024', '2024-01-01T00:00:00Z'],
  ])('%s reads %s', (layout, value, rfc3339) => {
    expect(formatRFC3339Nano(parseGoTime(layout, value))).toBe(rfc3339);
  });
  it.each([
    ['2006-01-02', '2024-02-30', 'parsing time "2024-02-30": day out of range'],
    ['15:04', '24:00', 'parsing time "24:00": hour out of range'],
    ['Jan 2', 'Foo 2', 'parsing time "Foo 2" as "Jan 2": cannot parse "Foo 2" as "Jan"'],
    ['2006-01-02 -0700', '2024-01-02 +2500', 'parsing time "2024-01-02 +2500": time zone offset hour out of range'],
    ['2006-002', '2023-366', 'parsing time "2023-366": day-of-year out of range'],
    ['2006-01-02', '2024-1-02', 'parsing time "2024-1-02" as "2006-01-02": cannot parse "1-02" as "01"'],
    ['2006', '2024é', 'parsing time "2024\\xc3\\xa9": extra text: "\\xc3\\xa9"'],
  ])('%s rejects %s', (layout, value, error) => {
    expect(() => parseGoTime(layout, value)).toThrow(error);
  });
});
