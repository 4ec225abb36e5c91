/**
 * @file Go `net/url.Parse` as far as Kyverno's functions observe it: the host name
 * (`is_external_url`) and the `url.URL` fields of certificate URIs (`x509_decode`), with
 * `url.Parse`'s errors (`parse "http://[::1": missing ']' in host`, `missing protocol scheme`,
 * `invalid port ":x" after host`, `invalid URL escape "%zz"`, `invalid character " " in host name`).
 */
import { goQuote } from '../../../util/go-strings.js';
import { goBytesToString } from './go-utf8.js';

/** `url.URL` as `encoding/json` renders it (`User` is `{}` when present: its fields are unexported). */
export interface GoUrl {
  Scheme: string;
  Opaque: string;
  User: Record<string, never> | null;
  Host: string;
  Path: string;
  RawPath: string;
  OmitHost: boolean;
  ForceQuery: boolean;
  RawQuery: string;
  Fragment: string;
  RawFragment: string;
}

type Mode = 'host' | 'path' | 'fragment';

const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const ALNUM = /^[A-Za-z0-9]$/;

/** Go `shouldEscape(c, mode)` for an ASCII character. */
function shouldEscape(c: string, mode: Mode): boolean {
  if (ALNUM.test(c)) return false;
  if (mode === 'host' && `!$&'()*+,;=:[]<>"`.includes(c)) return false;
  if ('-_.~'.includes(c)) return false;
  if ('$&+,/:;=?@'.includes(c)) return mode === 'path' ? c === '?' : mode !== 'fragment';
  if (mode === 'fragment' && '!()*'.includes(c)) return false;
  return true;
}

/** Go `unescape(s, mode)`: percent-decoding with Go's checks; throws Go's error text. */
function unescape(s: string, mode: Mode): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%') {
      const escape = s.slice(i, i + 3);
      if (!isHex(s[i + 1]) || !isHex(s[i + 2])) throw new Error(`invalid URL escape ${goQuote(escape)}`);
      if (mode === 'host' && parseInt(s[i + 1]!, 16) < 8 && escape !== '%25') {
        throw new Error(`invalid URL escape ${goQuote(escape)}`);
      }
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
      continue;
    }
    if (mode === 'host' && c.charCodeAt(0) < 0x80 && shouldEscape(c, 'host')) {
      throw new Error(`invalid character ${goQuote(c)} in host name`);
    }
    bytes.push(...Buffer.from(c, 'utf8'));
  }
  return goBytesToString(Uint8Array.from(bytes));
}

/** Go `escape(s, mode)`: the canonical escaped form (upper-case hex). */
function escape(s: string, mode: Mode): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    out += b < 0x80 && !shouldEscape(c, mode) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Go `getScheme`. */
function splitScheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return ['', raw];
      continue;
    }
    if (c === ':') {
      if (i === 0) throw new Error('missing protocol scheme');
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

const validOptionalPort = (port: string): boolean => port === '' || /^:[0-9]*$/.test(port);

/** Go `parseHost`. */
function parseHost(host: string): string {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) throw new Error("missing ']' in host");
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) throw new Error(`invalid port ${goQuote(colonPort)} after host`);
  } else {
    const colon = host.lastIndexOf(':');
    if (colon !== -1 && !validOptionalPort(host.slice(colon))) {
      throw new Error(`invalid port ${goQuote(host.slice(colon))} after host`);
    }
  }
  return unescape(host, 'host');
}

/** Go's `parse(rawURL, false)` (the URL without its fragment). */
function parseWithoutFragment(raw: string): GoUrl {
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new Error('net/url: invalid control character in URL');
  const url: GoUrl = {
    Scheme: '',
    Opaque: '',
    User: null,
    Host: '',
    Path: '',
    RawPath: '',
    OmitHost: false,
    ForceQuery: false,
    RawQuery: '',
    Fragment: '',
    RawFragment: '',
  };
  if (raw === '*') {
    url.Path = '*';
    return url;
  }
  let [scheme, rest] = splitScheme(raw);
  url.Scheme = scheme.toLowerCase();
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) {
    url.ForceQuery = true;
    rest = rest.slice(0, -1);
  } else {
    const q = rest.indexOf('?');
    if (q >= 0) {
      url.RawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith('/')) {
    if (url.Scheme !== '') {
      url.Opaque = rest;
      return url;
    }
    if (rest.split('/')[0]!.includes(':')) throw new Error('first path segment in URL cannot contain colon');
  }
  if ((url.Scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    const slash = authority.indexOf('/');
    rest = slash >= 0 ? authority.slice(slash) : '';
    authority = slash >= 0 ? authority.slice(0, slash) : authority;
    const at = authority.lastIndexOf('@');
    url.Host = parseHost(at < 0 ? authority : authority.slice(at + 1));
    if (at >= 0) url.User = {};
  } else if (url.Scheme !== '' && rest.startsWith('/')) {
    url.OmitHost = true;
  }
  url.Path = unescape(rest, 'path');
  url.RawPath = escape(url.Path, 'path') === rest ? '' : rest;
  return url;
}

/** Go `url.Parse(raw)`; throws `parse "<url>": <reason>`. */
export function parseGoUrl(raw: string): GoUrl {
  const hash = raw.indexOf('#');
  const withoutFragment = hash < 0 ? raw : raw.slice(0, hash);
  let url: GoUrl;
  try {
    url = parseWithoutFragment(withoutFragment);
  } catch (err) {
    throw new Error(`parse ${goQuote(withoutFragment)}: ${(err as Error).message}`);
  }
  if (hash >= 0) {
    const fragment = raw.slice(hash + 1);
    try {
      url.Fragment = unescape(fragment, 'fragment');
    } catch (err) {
      throw new Error(`parse ${goQuote(raw)}: ${(err as Error).message}`);
    }
    url.RawFragment = escape(url.Fragment, 'fragment') === fragment ? '' : fragment;
  }
  return url;
}

/** Go `URL.Hostname()`: the host without a valid `:port` and without IPv6 brackets. */
export function urlHostname(url: GoUrl): string {
  let host = url.Host;
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && validOptionalPort(host.slice(colon))) host = host.slice(0, colon);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host;
}
