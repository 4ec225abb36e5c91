/**
 * @file The Kubernetes IP and CIDR libraries (k8s.io/apiserver/pkg/cel/library/ip.go, cidr.go; values
 * apiserver `pkg/cel/ip.go`, `pkg/cel/cidr.go`): `ip(string)`, `isIP(string)`, `ip.isCanonical(string)`,
 * `family()`, `isUnspecified()`, `isLoopback()`, `isLinkLocalMulticast()`, `isLinkLocalUnicast()`,
 * `isGlobalUnicast()`, `string(ip)`; `cidr(string)`, `isCIDR(string)`, `containsIP(ip|string)`,
 * `containsCIDR(cidr|string)`, `ip()`, `masked()`, `prefixLength()`, `string(cidr)`; `==` on both types; the type
 * denotations `net.IP` and `net.CIDR`.
 *
 * Parsing is Go's `netip.ParseAddr`/`ParsePrefix` (netip.ts: no leading zeros in IPv4 octets), plus Kubernetes'
 * rejections: zones (`fe80::1%eth0`) and IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`). A CIDR keeps its host bits
 * (`cidr('192.168.0.1/24').ip()` is 192.168.0.1; `masked()` clears them). Error texts are Kubernetes', including
 * the doubled prefix of `cidr()` errors.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { goQuote } from '../../../util/go-strings.js';
import type { CelLibrary } from '../environment.js';
import { celError, chargeNominal, chargeSize, chargeStringTraversal, NO_SUCH_OVERLOAD, registerOnce, typeValueOf } from './common.js';
import {
  addrEqual,
  addrString,
  is4In6,
  isGlobalUnicast,
  isLinkLocalMulticast,
  isLinkLocalUnicast,
  isLoopback,
  isUnspecified,
  type NetAddr,
  type NetPrefix,
  parseAddr,
  parsePrefix,
  prefixContains,
  prefixEqual,
  prefixMasked,
  prefixOverlaps,
  prefixString,
} from './netip.js';

/** A CEL `net.IP` value. */
export class IPValue {
  constructor(readonly addr: NetAddr) {}
}

/** A CEL `net.CIDR` value. */
export class CIDRValue {
  constructor(readonly prefix: NetPrefix) {}
}

const IP = 'net.IP';
const CIDR = 'net.CIDR';

/** ip.go `parseIPAddr`: the address, or Kubernetes' error text. */
export function parseIPAddr(raw: string): NetAddr | string {
  let addr: NetAddr;
  try {
    addr = parseAddr(raw);
  } catch (err) {
    return `IP Address ${goQuote(raw)} parse error during conversion from string: ${(err as Error).message}`;
  }
  if (addr.zone !== '') return `IP address ${goQuote(raw)} with zone value is not allowed`;
  if (is4In6(addr)) return `IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`;
  return addr;
}

/** cidr.go `parseCIDR`: the prefix, or Kubernetes' error text. */
export function parseCIDR(raw: string): NetPrefix | string {
  let prefix: NetPrefix;
  try {
    prefix = parsePrefix(raw);
  } catch (err) {
    return `network address parse error during conversion from string: ${(err as Error).message}`;
  }
  if (is4In6(prefix.addr)) return `IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`;
  return prefix;
}

/** ip.go `stringToIP`. */
function stringToIP(s: string): IPValue {
  const addr = parseIPAddr(s);
  if (typeof addr === 'string') throw celError(addr);
  return new IPValue(addr);
}

/** cidr.go `stringToCIDR` (which prefixes parseCIDR's already prefixed message once more). */
function stringToCIDR(s: string): CIDRValue {
  const prefix = parseCIDR(s);
  if (typeof prefix === 'string') throw celError(`network address parse error during conversion from string: ${prefix}`);
  return new CIDRValue(prefix);
}

/** The `net` namespace constant, whose fields are the type values `net.IP` and `net.CIDR`. */
class NetNamespace {
  IP: unknown;
  CIDR: unknown;
}

const namespaces = new WeakMap<Environment, NetNamespace>();

/** The types and the `net` namespace both libraries need, registered once per environment. */
function registerNetTypes(env: Environment): NetNamespace {
  registerOnce(env, 'net.IP', () => {
    env.registerType(IP, IPValue);
    env.registerType(CIDR, CIDRValue);
    env.registerFunction(`string(${IP}): string`, (ip: IPValue) => addrString(ip.addr));
    env.registerFunction(`string(${CIDR}): string`, (c: CIDRValue) => prefixString(c.prefix));
    env.registerOperator(`${IP} == ${IP}`, (a: IPValue, b: IPValue) => addrEqual(a.addr, b.addr));
    env.registerOperator(`${CIDR} == ${CIDR}`, (a: CIDRValue, b: CIDRValue) => prefixEqual(a.prefix, b.prefix));
    const net = new NetNamespace();
    namespaces.set(env, net);
    env.registerType('NetNamespace', { ctor: NetNamespace, fields: { IP: 'type', CIDR: 'type' } });
    env.registerConstant('net', 'NetNamespace', net);
  });
  return namespaces.get(env)!;
}

/** The `ip` namespace constant of `ip.isCanonical`. */
class IPNamespace {}

/** Registers the IP library. */
export const ipLibrary: CelLibrary = (env: Environment) => {
  const net = registerNetTypes(env);
  env.registerFunction(`ip(string): ${IP}`, (s: string) => {
    chargeStringTraversal(s);
    return stringToIP(s);
  });
  net.IP = typeValueOf(env, 'ip("0.0.0.0")');
  env.registerFunction('isIP(string): bool', (s: string) => {
    chargeStringTraversal(s);
    return typeof parseIPAddr(s) !== 'string';
  });
  env.registerType('IPNamespace', IPNamespace);
  env.registerConstant('ip', 'IPNamespace', new IPNamespace());
  env.registerFunction('IPNamespace.isCanonical(string): bool', (_ns: IPNamespace, s: string) => {
    chargeStringTraversal(s, 2);
    const addr = parseIPAddr(s);
    if (typeof addr === 'string') throw celError(addr);
    return addrString(addr) === s;
  });
  env.registerFunction(`${IP}.family(): int`, (ip: IPValue) => {
    chargeNominal();
    return ip.addr.bits === 32 ? 4n : 6n;
  });
  const predicates: [string, (a: NetAddr) => boolean][] = [
    ['isUnspecified', isUnspecified],
    ['isLoopback', isLoopback],
    ['isLinkLocalMulticast', isLinkLocalMulticast],
    ['isLinkLocalUnicast', isLinkLocalUnicast],
    ['isGlobalUnicast', isGlobalUnicast],
  ];
  for (const [name, predicate] of predicates) {
    env.registerFunction(`${IP}.${name}(): bool`, (ip: IPValue) => {
      chargeNominal();
      return predicate(ip.addr);
    });
  }
};

/** Registers the CIDR library. */
export const cidrLibrary: CelLibrary = (env: Environment) => {
  const net = registerNetTypes(env);
  env.registerFunction(`cidr(string): ${CIDR}`, (s: string) => {
    chargeStringTraversal(s);
    return stringToCIDR(s);
  });
  env.registerFunction('isCIDR(string): bool', (s: string) => {
    chargeStringTraversal(s);
    return typeof parseCIDR(s) !== 'string';
  });
  env.registerFunction(`${CIDR}.containsIP(${IP}): bool`, (c: CIDRValue, ip: IPValue) => {
    chargeSize(cidrSize(c), 2);
    return prefixContains(c.prefix, ip.addr);
  });
  env.registerFunction(`${CIDR}.containsIP(string): bool`, (c: CIDRValue, s: string) => {
    chargeSize(cidrSize(c), 2);
    chargeStringTraversal(s);
    // cidr.go `cidrContainsIPString` hands stringToIP's error to cidrContainsIP, which reports it as a
    // `no such overload` (MaybeNoSuchOverloadErr of its first operand).
    const addr = parseIPAddr(s);
    if (typeof addr === 'string') throw celError(NO_SUCH_OVERLOAD);
    return prefixContains(c.prefix, addr);
  });
  const containsCIDR = (c: CIDRValue, other: NetPrefix): boolean =>
    prefixOverlaps(c.prefix, other) && c.prefix.length <= other.length;
  env.registerFunction(`${CIDR}.containsCIDR(${CIDR}): bool`, (c: CIDRValue, o: CIDRValue) => {
    chargeSize(cidrSize(c), 3);
    return containsCIDR(c, o.prefix);
  });
  env.registerFunction(`${CIDR}.containsCIDR(string): bool`, (c: CIDRValue, s: string) => {
    chargeSize(cidrSize(c), 3);
    chargeStringTraversal(s);
    return containsCIDR(c, stringToCIDR(s).prefix);
  });
  env.registerFunction(`${CIDR}.ip(): ${IP}`, (c: CIDRValue) => {
    chargeNominal();
    return new IPValue(c.prefix.addr);
  });
  // The values cel-js's type() returns for these types, which `net.CIDR` / `net.IP` denote.
  net.CIDR = typeValueOf(env, 'cidr("0.0.0.0/0")');
  net.IP ??= typeValueOf(env, 'cidr("0.0.0.0/0").ip()');
  env.registerFunction(`${CIDR}.masked(): ${CIDR}`, (c: CIDRValue) => {
    chargeNominal();
    return new CIDRValue(prefixMasked(c.prefix));
  });
  env.registerFunction(`${CIDR}.prefixLength(): int`, (c: CIDRValue) => {
    chargeNominal();
    return BigInt(c.prefix.length);
  });
};

/** apiserver `pkg/cel/cidr.go` `CIDR.Size`: the prefix length in bytes, rounded up. */
function cidrSize(c: CIDRValue): number {
  return Math.ceil(c.prefix.length / 8);
}
