/**
 * @file Go's `net/url` as the Kubernetes URLs and Format libraries use it: `Parse`, `ParseRequestURI` (with
 * their `parse "<url>": <reason>` errors), `URL.Hostname`, `Port`, `EscapedPath`, `Query` and `String`. Follows
 * Go's net/url/url.go (`parse`, `parseAuthority`, `parseHost` with the bracketed-host checks of current Go
 * releases, `unescape`, `escape`, `shouldEscape`, `validEncoded`, `parseQuery`, `splitHostPort`).
 *
 * Go strings are bytes: the parser works on "byte strings" (one UTF-16 unit per byte, the UTF-8 encoding of the
 * input), so percent-decoding and the `%q` quoting of error texts (`invalid URL escape "%z\xc3"`) behave as in Go.
 * Results are converted back to text.
 */
import { goQuote } from '../../../util/go-strings.js';
import { parseAddr } from './netip.js';

type Mode = 'path' | 'pathSegment' | 'host' | 'zone' | 'userPassword' | 'queryComponent' | 'fragment';

/** A parsed URL; string fields are byte strings (see the file comment). */
export interface GoURL {
  scheme: string;
  opaque: string;
  user: { username: string; password: string; passwordSet: boolean } | null;
  host: string;
  path: string;
  rawPath: string;
  omitHost: boolean;
  forceQuery: boolean;
  rawQuery: string;
  fragment: string;
  rawFragment: string;
}

/** The UTF-8 bytes of `s` as a byte string. */
export function toBytes(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1');
}

/** A byte string back to text (invalid UTF-8 as U+FFFD). */
export function fromBytes(b: string): string {
  return Buffer.from(b, 'latin1').toString('utf8');
}

/** Length of the valid UTF-8 sequence at `i` of a byte string, or 0 (Go `utf8.DecodeRuneInString`). */
function utf8Length(b: string, i: number): number {
  const c = b.charCodeAt(i);
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => i + k < b.length && b.charCodeAt(i + k) >= lo && b.charCodeAt(i + k) <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) return cont(1, c === 0xe0 ? 0xa0 : 0x80, c === 0xed ? 0x9f : 0xbf) && cont(2) ? 3 : 0;
  if (c >= 0xf0 && c <= 0xf4) return cont(1, c === 0xf0 ? 0x90 : 0x80, c === 0xf4 ? 0x8f : 0xbf) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** Go `strconv.Quote` of a byte string: invalid UTF-8 bytes as `\xNN`. */
export function quoteBytes(b: string): string {
  let out = '"';
  for (let i = 0; i < b.length; ) {
    const n = utf8Length(b, i);
    if (n === 0) {
      out += `\\x${b.charCodeAt(i).toString(16).padStart(2, '0')}`;
      i++;
    } else {
      out += goQuote(fromBytes(b.slice(i, i + n))).slice(1, -1);
      i += n;
    }
  }
  return `${out}"`;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

function unhex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  return c - 0x41 + 10;
}

/** Go `shouldEscape(c, mode)`. */
function shouldEscape(c: number, mode: Mode): boolean {
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39)) return false;
  const ch = String.fromCharCode(c);
  if ((mode === 'host' || mode === 'zone') && `!$&'()*+,;=:[]<>"`.includes(ch)) return false;
  if ('-_.~'.includes(ch)) return false;
  if ('$&+,/:;=?@'.includes(ch)) {
    switch (mode) {
      case 'path':
        return ch === '?';
      case 'pathSegment':
        return ch === '/' || ch === ';' || ch === ',' || ch === '?';
      case 'userPassword':
        return ch === '@' || ch === '/' || ch === '?' || ch === ':';
      case 'queryComponent':
        return true;
      case 'fragment':
        return false;
    }
  }
  if (mode === 'fragment' && '!()*'.includes(ch)) return false;
  return true;
}

/** Go `unescape(s, mode)`; throws Go's `EscapeError` / `InvalidHostError` text. */
function unescape(s: string, mode: Mode): string {
  let n = 0;
  let hasPlus = false;
  for (let i = 0; i < s.length; ) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      n++;
      if (i + 2 >= s.length || !isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) {
        throw new Error(`invalid URL escape ${quoteBytes(s.slice(i, i + 3))}`);
      }
      if (mode === 'host' && unhex(s.charCodeAt(i + 1)) < 8 && s.slice(i, i + 3) !== '%25') {
        throw new Error(`invalid URL escape ${quoteBytes(s.slice(i, i + 3))}`);
      }
      if (mode === 'zone') {
        const v = (unhex(s.charCodeAt(i + 1)) << 4) | unhex(s.charCodeAt(i + 2));
        if (s.slice(i, i + 3) !== '%25' && v !== 0x20 && shouldEscape(v, 'host')) {
          throw new Error(`invalid URL escape ${quoteBytes(s.slice(i, i + 3))}`);
        }
      }
      i += 3;
    } else if (c === 0x2b) {
      hasPlus = mode === 'queryComponent';
      i++;
    } else {
      if ((mode === 'host' || mode === 'zone') && c < 0x80 && shouldEscape(c, mode)) {
        throw new Error(`invalid character ${quoteBytes(s[i]!)} in host name`);
      }
      i++;
    }
  }
  if (n === 0 && !hasPlus) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      out += String.fromCharCode((unhex(s.charCodeAt(i + 1)) << 4) | unhex(s.charCodeAt(i + 2)));
      i += 2;
    } else if (c === 0x2b) {
      out += mode === 'queryComponent' ? ' ' : '+';
    } else {
      out += s[i];
    }
  }
  return out;
}

/** Go `escape(s, mode)`. */
function escape(s: string, mode: Mode): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20 && mode === 'queryComponent') out += '+';
    else if (shouldEscape(c, mode)) out += `%${c.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += s[i];
  }
  return out;
}

/** Go `getScheme`. */
function getScheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) continue;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      if (i === 0) return ['', raw];
      continue;
    }
    if (c === 0x3a) {
      if (i === 0) throw new Error('missing protocol scheme');
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

/** Go `validOptionalPort`: empty, or `:` and digits. */
function validOptionalPort(port: string): boolean {
  return port === '' || /^:[0-9]*$/.test(port);
}

/** Go `validUserinfo`. */
function validUserinfo(s: string): boolean {
  return /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(s);
}

/** Go `parseHost`, with the checks current Go releases make on bracketed hosts and on colons. */
function parseHost(scheme: string, host: string): string {
  const open = host.lastIndexOf('[');
  if (open > 0) throw new Error('invalid IP-literal');
  if (open === 0) {
    const close = host.lastIndexOf(']');
    if (close < 0) throw new Error("missing ']' in host");
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) throw new Error(`invalid port ${quoteBytes(colonPort)} after host`);
    const unescapedColonPort = unescape(colonPort, 'host');
    const hostname = host.slice(1, close);
    const zone = hostname.indexOf('%25');
    const unescapedHostname =
      zone >= 0 ? unescape(hostname.slice(0, zone), 'host') + unescape(hostname.slice(zone), 'zone') : unescape(hostname, 'host');
    // Only an IPv6 address may be bracketed (an IPv4-mapped one included).
    let bits: number;
    try {
      bits = parseAddr(fromBytes(unescapedHostname)).bits;
    } catch (err) {
      throw new Error(`invalid host: ${(err as Error).message}`);
    }
    if (bits === 32) throw new Error('invalid IP-literal');
    return `[${unescapedHostname}]${unescapedColonPort}`;
  }
  let colon = host.indexOf(':');
  if (colon >= 0) {
    // A host list (host1:1,host2:2) keeps the last colon, except for http and https.
    const last = host.lastIndexOf(':');
    if (last !== colon && scheme !== 'http' && scheme !== 'https') colon = last;
    const colonPort = host.slice(colon);
    if (!validOptionalPort(colonPort)) throw new Error(`invalid port ${quoteBytes(colonPort)} after host`);
  }
  return unescape(host, 'host');
}

function emptyURL(): GoURL {
  return {
    scheme: '',
    opaque: '',
    user: null,
    host: '',
    path: '',
    rawPath: '',
    omitHost: false,
    forceQuery: false,
    rawQuery: '',
    fragment: '',
    rawFragment: '',
  };
}

/** Go `parse(rawURL, viaRequest)` on a byte string. */
function parse(raw: string, viaRequest: boolean): GoURL {
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new Error('net/url: invalid control character in URL');
  if (raw === '' && viaRequest) throw new Error('empty url');
  const url = emptyURL();
  if (raw === '*') {
    url.path = '*';
    return url;
  }
  let [scheme, rest] = getScheme(raw);
  url.scheme = scheme.toLowerCase();
  scheme = url.scheme;
  const q = rest.indexOf('?');
  if (rest.endsWith('?') && q === rest.length - 1) {
    url.forceQuery = true;
    rest = rest.slice(0, -1);
  } else if (q >= 0) {
    url.rawQuery = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  if (!rest.startsWith('/')) {
    if (scheme !== '') {
      url.opaque = rest;
      return url;
    }
    if (viaRequest) throw new Error('invalid URI for request');
    const slash = rest.indexOf('/');
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(':')) throw new Error('first path segment in URL cannot contain colon');
  }
  if ((scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) {
      rest = authority.slice(slash);
      authority = authority.slice(0, slash);
    }
    const at = authority.lastIndexOf('@');
    url.host = parseHost(scheme, at < 0 ? authority : authority.slice(at + 1));
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      if (!validUserinfo(userinfo)) throw new Error('net/url: invalid userinfo');
      const colon = userinfo.indexOf(':');
      url.user =
        colon < 0
          ? { username: unescape(userinfo, 'userPassword'), password: '', passwordSet: false }
          : {
              username: unescape(userinfo.slice(0, colon), 'userPassword'),
              password: unescape(userinfo.slice(colon + 1), 'userPassword'),
              passwordSet: true,
            };
    }
  } else if (scheme !== '' && rest.startsWith('/')) {
    url.omitHost = true;
  }
  url.path = unescape(rest, 'path');
  url.rawPath = escape(url.path, 'path') === rest ? '' : rest;
  return url;
}

/** Go `url.Parse`; throws `parse "<url>": <reason>`. */
export function parseURL(text: string): GoURL {
  const raw = toBytes(text);
  const hash = raw.indexOf('#');
  const base = hash < 0 ? raw : raw.slice(0, hash);
  const frag = hash < 0 ? '' : raw.slice(hash + 1);
  let url: GoURL;
  try {
    url = parse(base, false);
  } catch (err) {
    throw new Error(`parse ${quoteBytes(base)}: ${(err as Error).message}`);
  }
  if (frag === '') return url;
  try {
    url.fragment = unescape(frag, 'fragment');
  } catch (err) {
    throw new Error(`parse ${quoteBytes(raw)}: ${(err as Error).message}`);
  }
  url.rawFragment = escape(url.fragment, 'fragment') === frag ? '' : frag;
  return url;
}

/** Go `url.ParseRequestURI`: an absolute URI or an absolute path, no fragment split. */
export function parseRequestURI(text: string): GoURL {
  const raw = toBytes(text);
  try {
    return parse(raw, true);
  } catch (err) {
    throw new Error(`parse ${quoteBytes(raw)}: ${(err as Error).message}`);
  }
}

/** Go `splitHostPort` (url.go). */
function splitHostPort(hostPort: string): [string, string] {
  let host = hostPort;
  let port = '';
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && validOptionalPort(host.slice(colon))) {
    port = host.slice(colon + 1);
    host = host.slice(0, colon);
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return [host, port];
}

/** `URL.Hostname` as text. */
export function urlHostname(url: GoURL): string {
  return fromBytes(splitHostPort(url.host)[0]);
}

/** `URL.Port` as text. */
export function urlPort(url: GoURL): string {
  return fromBytes(splitHostPort(url.host)[1]);
}

/** Go `validEncoded(s, mode)`. */
function validEncoded(s: string, mode: Mode): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ("!$&'()*+,;=:@[]%".includes(s[i]!)) continue;
    if (shouldEscape(c, mode)) return false;
  }
  return true;
}

/** Go `URL.EscapedPath` (a byte string). */
function escapedPath(url: GoURL): string {
  if (url.rawPath !== '' && validEncoded(url.rawPath, 'path')) {
    try {
      if (unescape(url.rawPath, 'path') === url.path) return url.rawPath;
    } catch {
      // Not a valid escaping: computed below.
    }
  }
  if (url.path === '*') return '*';
  return escape(url.path, 'path');
}

/** `URL.EscapedPath` as text. */
export function urlEscapedPath(url: GoURL): string {
  return fromBytes(escapedPath(url));
}

/** Go `URL.EscapedFragment`. */
function escapedFragment(url: GoURL): string {
  if (url.rawFragment !== '' && validEncoded(url.rawFragment, 'fragment')) {
    try {
      if (unescape(url.rawFragment, 'fragment') === url.fragment) return url.rawFragment;
    } catch {
      // Not a valid escaping: computed below.
    }
  }
  return escape(url.fragment, 'fragment');
}

/** Go `URL.String` as text. */
export function urlString(url: GoURL): string {
  let out = '';
  if (url.scheme !== '') out += `${url.scheme}:`;
  if (url.opaque !== '') {
    out += url.opaque;
  } else {
    if (url.scheme !== '' || url.host !== '' || url.user !== null) {
      if (!(url.omitHost && url.host === '' && url.user === null)) {
        if (url.host !== '' || url.path !== '' || url.user !== null) out += '//';
        if (url.user !== null) {
          out += escape(url.user.username, 'userPassword');
          if (url.user.passwordSet) out += `:${escape(url.user.password, 'userPassword')}`;
          out += '@';
        }
        if (url.host !== '') out += escape(url.host, 'host');
      }
    }
    const path = escapedPath(url);
    if (path !== '' && path[0] !== '/' && url.host !== '') out += '/';
    if (out === '') {
      const slash = path.indexOf('/');
      if ((slash < 0 ? path : path.slice(0, slash)).includes(':')) out += './';
    }
    out += path;
  }
  if (url.forceQuery || url.rawQuery !== '') out += `?${url.rawQuery}`;
  if (url.fragment !== '') out += `#${escapedFragment(url)}`;
  return fromBytes(out);
}

/** Go `URL.Query()` (`ParseQuery`, errors ignored): key → values, as text. */
export function urlQuery(url: GoURL): Map<string, string[]> {
  const m = new Map<string, string[]>();
  let query = url.rawQuery;
  while (query !== '') {
    const amp = query.indexOf('&');
    let key = amp < 0 ? query : query.slice(0, amp);
    query = amp < 0 ? '' : query.slice(amp + 1);
    if (key.includes(';') || key === '') continue;
    const eq = key.indexOf('=');
    let value = '';
    if (eq >= 0) {
      value = key.slice(eq + 1);
      key = key.slice(0, eq);
    }
    try {
      key = fromBytes(unescape(key, 'queryComponent'));
      value = fromBytes(unescape(value, 'queryComponent'));
    } catch {
      continue;
    }
    const values = m.get(key);
    if (values) values.push(value);
    else m.set(key, [value]);
  }
  return m;
}

/** `URL.Host` as text. */
export function urlHost(url: GoURL): string {
  return fromBytes(url.host);
}
