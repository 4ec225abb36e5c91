/**
 * @file Go's `net/netip` as the Kubernetes IP and CIDR libraries use it: `ParseAddr` and `ParsePrefix` with their
 * error texts (`ParseAddr("1.2.3"): IPv4 address too short`, `netip.ParsePrefix("x/"): bad bits after slash: ""`),
 * `Addr.String` (RFC 5952 form, `::ffff:1.2.3.4` for IPv4-mapped addresses), the address classes, and
 * `Prefix.Contains`/`Overlaps`/`Masked`. Follows Go's net/netip/netip.go (`parseIPv4Fields`, `parseIPv6`,
 * `appendTo6`, `IsGlobalUnicast`, …).
 *
 * An address is held as Go holds it: a 128-bit value (IPv4 in its IPv4-mapped form) and its family.
 */
import { goQuote } from '../../../util/go-strings.js';

/** A `netip.Addr`: IPv4 (`bits` 32) or IPv6 (`bits` 128, with an optional zone). */
export interface NetAddr {
  /** The 128-bit address; an IPv4 address is stored as `::ffff:a.b.c.d`. */
  readonly value: bigint;
  readonly bits: 32 | 128;
  readonly zone: string;
}

/** A `netip.Prefix`: an address and a prefix length (host bits are kept, as `ParsePrefix` keeps them). */
export interface NetPrefix {
  readonly addr: NetAddr;
  readonly length: number;
}

const V4_MAPPED = 0xffffn << 32n;
const MASK128 = (1n << 128n) - 1n;

/** Go's `parseAddrError.Error()`. */
function addrError(input: string, msg: string, at = ''): Error {
  return new Error(at !== '' ? `ParseAddr(${goQuote(input)}): ${msg} (at ${goQuote(at)})` : `ParseAddr(${goQuote(input)}): ${msg}`);
}

/** Go `parseIPv4Fields(in, off, end)`: the four octets, or throws. */
function parseIPv4Fields(input: string, off: number, end: number): number[] {
  const s = input.slice(off, end);
  const fields: number[] = [];
  let val = 0;
  let digLen = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (digLen === 1 && val === 0) throw addrError(input, 'IPv4 field has octet with leading zero');
      val = val * 10 + (c - 0x30);
      digLen++;
      if (val > 255) throw addrError(input, 'IPv4 field has value >255');
    } else if (c === 0x2e) {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') {
        throw addrError(input, 'IPv4 field must have at least one digit', s.slice(i));
      }
      if (fields.length === 3) throw addrError(input, 'IPv4 address too long');
      fields.push(val);
      val = 0;
      digLen = 0;
    } else {
      throw addrError(input, 'unexpected character', s.slice(i));
    }
  }
  if (fields.length < 3) throw addrError(input, 'IPv4 address too short');
  fields.push(val);
  return fields;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/** Go `parseIPv6`. */
function parseIPv6(input: string): NetAddr {
  let s = input;
  let zone = '';
  const percent = s.indexOf('%');
  if (percent !== -1) {
    zone = s.slice(percent + 1);
    s = s.slice(0, percent);
    if (zone === '') throw addrError(input, 'zone must be a non-empty string');
  }
  const ip = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { value: 0n, bits: 128, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const h = hexValue(s.charCodeAt(off));
      if (h < 0) break;
      acc = acc * 16 + h;
      if (off > 3) throw addrError(input, 'each group must have 4 or less digits', s);
      if (acc > 0xffff) throw addrError(input, 'IPv6 field has value >=2^16', s);
    }
    if (off === 0) throw addrError(input, 'each colon-separated field must have at least one digit', s);
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) {
        throw addrError(input, 'embedded IPv4 address must replace the final 2 fields of the address', s);
      }
      if (i + 4 > 16) throw addrError(input, 'too many hex fields to fit an embedded IPv4 at the end of the address', s);
      let end = input.length;
      if (zone.length > 0) end -= zone.length + 1;
      const fields = parseIPv4Fields(input, end - s.length, end);
      for (let k = 0; k < 4; k++) ip[i + k] = fields[k]!;
      s = '';
      i += 4;
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ':') throw addrError(input, 'unexpected character, want colon', s);
    if (s.length === 1) throw addrError(input, 'colon must be followed by more characters', s);
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) throw addrError(input, 'multiple :: in address', s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) throw addrError(input, 'trailing garbage after address', s);
  if (i < 16) {
    if (ellipsis < 0) throw addrError(input, 'address string too short');
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    for (let j = ellipsis; j < ellipsis + n; j++) ip[j] = 0;
  } else if (ellipsis >= 0) {
    throw addrError(input, 'the :: must expand to at least one field of zeros');
  }
  let value = 0n;
  for (const b of ip) value = (value << 8n) | BigInt(b);
  return { value, bits: 128, zone };
}

/** Go `netip.ParseAddr`; throws an `Error` with Go's message. */
export function parseAddr(s: string): NetAddr {
  for (let i = 0; i < s.length; i++) {
    switch (s[i]) {
      case '.': {
        const f = parseIPv4Fields(s, 0, s.length);
        const v = (BigInt(f[0]!) << 24n) | (BigInt(f[1]!) << 16n) | (BigInt(f[2]!) << 8n) | BigInt(f[3]!);
        return { value: V4_MAPPED | v, bits: 32, zone: '' };
      }
      case ':':
        return parseIPv6(s);
      case '%':
        throw addrError(s, 'missing IPv6 address');
    }
  }
  throw addrError(s, 'unable to parse IP');
}

/** `Addr.Is4In6`. */
export function is4In6(a: NetAddr): boolean {
  return a.bits === 128 && a.value >> 32n === 0xffffn;
}

/** `Addr.Unmap`. */
function unmap(a: NetAddr): NetAddr {
  return is4In6(a) ? { value: a.value, bits: 32, zone: '' } : a;
}

function v4(a: NetAddr, i: number): number {
  return Number((a.value >> BigInt((3 - i) * 8)) & 0xffn);
}

function v6u16(a: NetAddr, i: number): number {
  return Number((a.value >> BigInt((7 - i) * 16)) & 0xffffn);
}

function string4(a: NetAddr): string {
  return `${v4(a, 0)}.${v4(a, 1)}.${v4(a, 2)}.${v4(a, 3)}`;
}

/** Go `appendTo6`: the longest run (>= 2) of zero groups as `::`, lowercase hex without leading zeros. */
function string6(a: NetAddr): string {
  let zeroStart = 255;
  let zeroEnd = 255;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && v6u16(a, j) === 0) j++;
    const l = j - i;
    if (l >= 2 && l > zeroEnd - zeroStart) {
      zeroStart = i;
      zeroEnd = j;
    }
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === zeroStart) {
      out += '::';
      i = zeroEnd;
      if (i >= 8) break;
    } else if (i > 0) {
      out += ':';
    }
    out += v6u16(a, i).toString(16);
  }
  return a.zone !== '' ? `${out}%${a.zone}` : out;
}

/** Go `Addr.String`. */
export function addrString(a: NetAddr): string {
  if (a.bits === 32) return string4(a);
  if (is4In6(a)) return `::ffff:${string4(unmap(a))}${a.zone !== '' ? `%${a.zone}` : ''}`;
  return string6(a);
}

/** `Addr == Addr` (family, address and zone). */
export function addrEqual(a: NetAddr, b: NetAddr): boolean {
  return a.bits === b.bits && a.value === b.value && a.zone === b.zone;
}

/** `Addr.IsUnspecified`. */
export function isUnspecified(a: NetAddr): boolean {
  return a.zone === '' && (a.bits === 32 ? a.value === V4_MAPPED : a.value === 0n);
}

/** `Addr.IsLoopback`. */
export function isLoopback(a: NetAddr): boolean {
  const u = unmap(a);
  return u.bits === 32 ? v4(u, 0) === 127 : u.value === 1n;
}

/** `Addr.IsMulticast`. */
export function isMulticast(a: NetAddr): boolean {
  const u = unmap(a);
  return u.bits === 32 ? (v4(u, 0) & 0xf0) === 0xe0 : u.value >> 120n === 0xffn;
}

/** `Addr.IsLinkLocalMulticast`. */
export function isLinkLocalMulticast(a: NetAddr): boolean {
  const u = unmap(a);
  return u.bits === 32 ? v4(u, 0) === 224 && v4(u, 1) === 0 && v4(u, 2) === 0 : (v6u16(u, 0) & 0xff0f) === 0xff02;
}

/** `Addr.IsLinkLocalUnicast`. */
export function isLinkLocalUnicast(a: NetAddr): boolean {
  const u = unmap(a);
  return u.bits === 32 ? v4(u, 0) === 169 && v4(u, 1) === 254 : (v6u16(u, 0) & 0xffc0) === 0xfe80;
}

/** `Addr.IsGlobalUnicast`. */
export function isGlobalUnicast(a: NetAddr): boolean {
  const u = unmap(a);
  if (u.bits === 32 && (u.value === V4_MAPPED || u.value === (V4_MAPPED | 0xffffffffn))) return false;
  const ipv6Unspecified = u.bits === 128 && u.value === 0n && u.zone === '';
  return !ipv6Unspecified && !isLoopback(u) && !isMulticast(u) && !isLinkLocalUnicast(u);
}

/** `mask6(n)`: the top n bits of 128. */
function mask6(n: number): bigint {
  return n === 0 ? 0n : (MASK128 << BigInt(128 - n)) & MASK128;
}

/** Go's `parsePrefixError`. */
function prefixError(input: string, msg: string): Error {
  return new Error(`netip.ParsePrefix(${goQuote(input)}): ${msg}`);
}

/** Go `netip.ParsePrefix`; throws an `Error` with Go's message. */
export function parsePrefix(s: string): NetPrefix {
  const slash = s.lastIndexOf('/');
  if (slash < 0) throw prefixError(s, "no '/'");
  let addr: NetAddr;
  try {
    addr = parseAddr(s.slice(0, slash));
  } catch (err) {
    throw prefixError(s, (err as Error).message);
  }
  if (addr.bits === 128 && addr.zone !== '') throw prefixError(s, 'IPv6 zones cannot be present in a prefix');
  const bitsStr = s.slice(slash + 1);
  const bad = (): Error => prefixError(s, `bad bits after slash: ${goQuote(bitsStr)}`);
  if (bitsStr.length > 1 && (bitsStr[0]! < '1' || bitsStr[0]! > '9')) throw bad();
  // strconv.Atoi: an optional sign, then decimal digits, within int64.
  if (!/^[+-]?[0-9]+$/.test(bitsStr)) throw bad();
  const bits = BigInt(bitsStr);
  if (bits > (1n << 63n) - 1n || bits < -(1n << 63n)) throw bad();
  if (bits < 0n || bits > BigInt(addr.bits)) throw prefixError(s, 'prefix length out of range');
  return { addr, length: Number(bits) };
}

/** `Prefix.String`. */
export function prefixString(p: NetPrefix): string {
  return `${addrString(p.addr)}/${p.length}`;
}

/** `Prefix == Prefix`. */
export function prefixEqual(a: NetPrefix, b: NetPrefix): boolean {
  return a.length === b.length && addrEqual(a.addr, b.addr);
}

/** `Addr.Prefix(bits)`: the address with its host bits cleared. */
function maskAddr(a: NetAddr, bits: number): NetAddr {
  const effective = a.bits === 32 ? bits + 96 : bits;
  return { value: a.value & mask6(effective), bits: a.bits, zone: '' };
}

/** `Prefix.Masked`. */
export function prefixMasked(p: NetPrefix): NetPrefix {
  return { addr: maskAddr(p.addr, p.length), length: p.length };
}

/** `Prefix.Contains`: same family, no zone, equal top bits. */
export function prefixContains(p: NetPrefix, ip: NetAddr): boolean {
  if (ip.bits === 128 && ip.zone !== '') return false;
  if (p.addr.bits !== ip.bits) return false;
  const effective = ip.bits === 32 ? p.length + 96 : p.length;
  return ((ip.value ^ p.addr.value) & mask6(effective)) === 0n;
}

/** `Prefix.Overlaps`. */
export function prefixOverlaps(p: NetPrefix, o: NetPrefix): boolean {
  if (prefixEqual(p, o)) return true;
  if ((p.addr.bits === 32) !== (o.addr.bits === 32)) return false;
  const minBits = Math.min(p.length, o.length);
  if (minBits === 0) return true;
  return maskAddr(p.addr, minBits).value === maskAddr(o.addr, minBits).value;
}
