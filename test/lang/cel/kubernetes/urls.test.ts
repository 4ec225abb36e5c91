import { describe, expect, it } from 'vitest';
import { parseRequestURI, parseURL, urlEscapedPath, urlString } from '../../../../src/lang/cel/kubernetes/go-url.js';
import { urlsLibrary } from '../../../../src/lang/cel/kubernetes/urls.js';
import { type Case, expectOutcome } from './run.js';

const libraries = [urlsLibrary];
const self = { url: 'https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor' };

/** k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go, "URL parsing" (all valid). */
const crdCases = [
  "url('/path').getScheme() == ''",
  "url('https://example.com/').getScheme() == 'https'",
  "url('https://example.com:80/').getHost() == 'example.com:80'",
  "url('https://example.com/').getHost() == 'example.com'",
  "url('https://[::1]:80/').getHost() == '[::1]:80'",
  "url('https://[::1]/').getHost() == '[::1]'",
  "url('/path').getHost() == ''",
  "url('https://example.com:80/').getHostname() == 'example.com'",
  "url('https://127.0.0.1/').getHostname() == '127.0.0.1'",
  "url('https://[::1]/').getHostname() == '::1'",
  "url('/path').getHostname() == ''",
  "url('https://example.com:80/').getPort() == '80'",
  "url('https://example.com/').getPort() == ''",
  "url('/path').getPort() == ''",
  "url('https://example.com/path').getEscapedPath() == '/path'",
  "url('https://example.com/with space/').getEscapedPath() == '/with%20space/'",
  "url('https://example.com').getEscapedPath() == ''",
  "url('https://example.com/path?k1=a&k2=b&k2=c').getQuery() == { 'k1': ['a'], 'k2': ['b', 'c']}",
  "url('https://example.com/path?key with spaces=value with spaces').getQuery() == { 'key with spaces': ['value with spaces']}",
  "url('https://example.com/path?').getQuery() == {}",
  "url('https://example.com/path').getQuery() == {}",
  "url(self.url).getScheme() == 'https'",
  "url(self.url).getHost() == 'kubernetes.io:80'",
  "url(self.url).getHostname() == 'kubernetes.io'",
  "url(self.url).getPort() == '80'",
  "url(self.url).getEscapedPath() == '/docs/home'",
  "url(self.url).getQuery() == {'k1': ['a'], 'k2': ['b', 'c']}",
  "isURL('https://user:pass@example.com:80/path?query=val#fragment')",
  "isURL('/path') == true",
  "isURL('https://a:b:c/') == false",
  "isURL('../relative-path') == false",
  // "cost for extended lib calculated correctly: url"
  "url('https:://kubernetes.io/').getHostname() != 'test'",
];

/** urls.go documented examples, errors and equality. */
const more: Case[] = [
  ["url('https://user:pass@example.com:80/path?query=val#fragment').getEscapedPath()", { value: '/path' }],
  ["url('https://example.com/path with spaces/').getEscapedPath()", { value: '/path%20with%20spaces/' }],
  ["url('https://[::1]:80/').getHostname()", { value: '::1' }],
  ["url('https://a:b:c/')", { runtimeError: 'URL parse error during conversion from string: parse "https://a:b:c/": invalid port ":b:c" after host' }],
  ["url('../relative-path')", { runtimeError: 'URL parse error during conversion from string: parse "../relative-path": invalid URI for request' }],
  ["url('')", { runtimeError: 'URL parse error during conversion from string: parse "": empty url' }],
  ["url('https://example.com/%zz')", { runtimeError: 'URL parse error during conversion from string: parse "https://example.com/%zz": invalid URL escape "%zz"' }],
  ["url('https://[1.2.3.4]/')", { runtimeError: /invalid IP-literal$/ }],
  ["url('https://a b/')", { runtimeError: /invalid character " " in host name$/ }],
  ["url('https://ex%41mple.com/')", { runtimeError: /invalid URL escape "%41"$/ }],
  ["url('HTTPS://Example.COM/').getScheme()", { value: 'https' }],
  ["url('HTTPS://Example.COM/').getHost()", { value: 'Example.COM' }],
  ["url('https://example.com/a%2Fb').getEscapedPath()", { value: '/a%2Fb' }],
  ["url('https://example.com/ü').getEscapedPath()", { value: '/%C3%BC' }],
  ["url('https://example.com/?a=1&a=2&b=%20x+y&c').getQuery()", { value: new Map([['a', ['1', '2']], ['b', [' x y']], ['c', ['']]]) }],
  ["url('https://example.com/?a=1;b=2&c=3').getQuery()", { value: new Map([['c', ['3']]]) }],
  ["url('mailto:user@example.com').getScheme()", { value: 'mailto' }],
  ["url('mailto:user@example.com').getHost()", { value: '' }],
  ["url('https://example.com/a#b') == url('https://example.com/a#b')", { value: true }],
  ["url('https://example.com/a') == url('https://example.com/b')", { value: false }],
  ["url('https://example.com/%7e') == url('https://example.com/~')", { value: false }],
  ['url(1)', { compileError: /no matching overload/ }],
  ["url('/a').getQuery()['x']", { runtimeError: /no such key/i }],
];

describe('URLs library', () => {
  it.each(crdCases)('%s', (expression) => expectOutcome(libraries, expression, { value: true }, { self }, { self: 'dyn' }));
  it.each(more)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome));
});

describe('go-url', () => {
  const roundTrips: [string, string][] = [
    ['https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b#anchor', 'https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b#anchor'],
    ['https://example.com/with space/', 'https://example.com/with%20space/'],
    ['file:///etc/hosts', 'file:///etc/hosts'],
    ['https://[fe80::1%25en0]:8080/', 'https://[fe80::1%25en0]:8080/'],
    ['/a?b', '/a?b'],
  ];
  it.each(roundTrips)('String(Parse(%j))', (input, output) => expect(urlString(parseURL(input))).toBe(output));

  it('quotes invalid UTF-8 bytes in errors as Go does', () => {
    expect(() => parseURL('https://example.com/%zé')).toThrow('parse "https://example.com/%zé": invalid URL escape "%z\\xc3"');
  });

  it('keeps the raw path when it is a valid escaping', () => {
    expect(urlEscapedPath(parseRequestURI('/a%2fb'))).toBe('/a%2fb');
    expect(urlEscapedPath(parseRequestURI('/a%41'))).toBe('/a%41');
    expect(urlEscapedPath(parseRequestURI('/a b'))).toBe('/a%20b');
  });

  it('rejects control characters and bracketed IPv4 addresses', () => {
    expect(() => parseRequestURI('/a\nb')).toThrow('net/url: invalid control character in URL');
    expect(() => parseURL('https://[v1.x]/')).toThrow('parse "https://[v1.x]/": invalid host: ParseAddr("v1.x"): unexpected character (at "v1.x")');
  });
});
