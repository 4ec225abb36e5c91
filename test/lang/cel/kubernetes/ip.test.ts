import { describe, expect, it } from 'vitest';
import { cidrLibrary, ipLibrary } from '../../../../src/lang/cel/kubernetes/ip.js';
import { addrString, parseAddr, parsePrefix } from '../../../../src/lang/cel/kubernetes/netip.js';
import { type Case, expectOutcome } from './run.js';

const libraries = [ipLibrary, cidrLibrary];

/** k8s.io/apiserver/pkg/cel/library/ip_test.go, `TestIP`. */
const ipCases: Case[] = [
  ['ip("192.168.0.1") == ip("192.168.0.1")', { value: true }],
  [
    'ip("192.168.0.1.0")',
    { runtimeError: 'IP Address "192.168.0.1.0" parse error during conversion from string: ParseAddr("192.168.0.1.0"): IPv4 address too long' },
  ],
  ['isIP("192.168.0.1")', { value: true }],
  ['isIP("192.168.0.1.0")', { value: false }],
  ['ip.isCanonical("127.0.0.1")', { value: true }],
  [
    'ip.isCanonical("127.0.0.1.0")',
    { runtimeError: 'IP Address "127.0.0.1.0" parse error during conversion from string: ParseAddr("127.0.0.1.0"): IPv4 address too long' },
  ],
  ['ip("192.168.0.1").family()', { value: 4n }],
  ['ip("0.0.0.0").isUnspecified()', { value: true }],
  ['ip("127.0.0.1").isUnspecified()', { value: false }],
  ['ip("127.0.0.1").isLoopback()', { value: true }],
  ['ip("1.2.3.4").isLoopback()', { value: false }],
  ['ip("224.0.0.1").isLinkLocalMulticast()', { value: true }],
  ['ip("224.0.1.1").isLinkLocalMulticast()', { value: false }],
  ['ip("169.254.169.254").isLinkLocalUnicast()', { value: true }],
  ['ip("192.168.0.1").isLinkLocalUnicast()', { value: false }],
  ['ip("192.168.0.1").isGlobalUnicast()', { value: true }],
  ['ip("255.255.255.255").isGlobalUnicast()', { value: false }],
  ['ip("2001:db8::68") == ip("2001:db8:0:0:0:0:0:68")', { value: true }],
  [
    'ip("2001:db8:::68")',
    {
      runtimeError:
        'IP Address "2001:db8:::68" parse error during conversion from string: ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit (at ":68")',
    },
  ],
  ['isIP("2001:db8::68")', { value: true }],
  ['isIP("2001:db8:::68")', { value: false }],
  ['ip.isCanonical("2001:db8::68")', { value: true }],
  ['ip.isCanonical("2001:DB8::68")', { value: false }],
  [
    'ip.isCanonical("2001:db8:::68")',
    {
      runtimeError:
        'IP Address "2001:db8:::68" parse error during conversion from string: ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit (at ":68")',
    },
  ],
  ['ip("2001:db8::68").family()', { value: 6n }],
  ['ip("::").isUnspecified()', { value: true }],
  ['ip("::1").isUnspecified()', { value: false }],
  ['ip("::1").isLoopback()', { value: true }],
  ['ip("2001:db8::abcd").isLoopback()', { value: false }],
  ['ip("ff02::1").isLinkLocalMulticast()', { value: true }],
  ['ip("fd00::1").isLinkLocalMulticast()', { value: false }],
  ['ip("fe80::1").isLinkLocalUnicast()', { value: true }],
  ['ip("fd80::1").isLinkLocalUnicast()', { value: false }],
  ['ip("2001:db8::abcd").isGlobalUnicast()', { value: true }],
  ['ip("ff00::1").isGlobalUnicast()', { value: false }],
  ['isIP(cidr("192.168.0.0/24"))', { compileError: /found no matching overload for 'isIP\(net\.CIDR\)'/ }],
  ['string(ip("192.168.0.1"))', { value: '192.168.0.1' }],
  ['type(ip("192.168.0.1")) == net.IP', { value: true }],
];

/** k8s.io/apiserver/pkg/cel/library/cidr_test.go, `TestCIDR`. */
const cidrCases: Case[] = [
  ['cidr("192.168.0.0/24") == cidr("192.168.0.0/24")', { value: true }],
  [
    'cidr("192.168.0.0/")',
    {
      runtimeError:
        'network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("192.168.0.0/"): bad bits after slash: ""',
    },
  ],
  ['cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))', { value: true }],
  ['cidr("192.168.0.0/24").containsIP(ip("192.168.1.1"))', { value: false }],
  ['cidr("192.168.0.0/24").containsIP("192.168.0.1")', { value: true }],
  ['cidr("192.168.0.0/24").containsIP("192.168.1.1")', { value: false }],
  ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/25"))', { value: true }],
  ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.1/32"))', { value: true }],
  ['cidr("192.168.0.0/24").containsCIDR(cidr("192.168.0.0/23"))', { value: false }],
  ['cidr("192.168.0.0/24").containsCIDR(cidr("192.169.0.1/32"))', { value: false }],
  ['cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")', { value: true }],
  ['cidr("192.168.0.0/24").containsCIDR("192.168.0.0/23")', { value: false }],
  ['cidr("192.168.0.0/24").ip() == ip("192.168.0.0")', { value: true }],
  ['cidr("192.168.0.0/24").masked() == cidr("192.168.0.0/24")', { value: true }],
  ['cidr("192.168.0.1/24").masked() == cidr("192.168.0.0/24")', { value: true }],
  ['cidr("192.168.0.0/24").prefixLength()', { value: 24n }],
  ['cidr("2001:db8::/32") == cidr("2001:db8::/32")', { value: true }],
  [
    'cidr("2001:db8::/")',
    {
      runtimeError:
        'network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("2001:db8::/"): bad bits after slash: ""',
    },
  ],
  ['cidr("2001:db8::/32").containsIP(ip("2001:db8::1"))', { value: true }],
  ['cidr("2001:db8::/32").containsIP(ip("2001:dc8::1"))', { value: false }],
  ['cidr("2001:db8::/32").containsIP("2001:db8::1")', { value: true }],
  ['cidr("2001:db8::/32").containsIP("2001:dc8::1")', { value: false }],
  ['cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))', { value: true }],
  ['cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/31"))', { value: false }],
  ['cidr("2001:db8::/32").containsCIDR("2001:db8::/33")', { value: true }],
  ['cidr("2001:db8::/32").containsCIDR("2001:db8::/31")', { value: false }],
  ['cidr("2001:db8::/32").ip() == ip("2001:db8::")', { value: true }],
  ['cidr("2001:db8::/32").masked() == cidr("2001:db8::/32")', { value: true }],
  ['cidr("2001:db8:1::/32").masked() == cidr("2001:db8::/32")', { value: true }],
  ['cidr("2001:db8::/32").prefixLength()', { value: 32n }],
  ['string(cidr("192.168.0.0/24"))', { value: '192.168.0.0/24' }],
  ['type(cidr("192.168.0.0/24")) == net.CIDR', { value: true }],
];

/** k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation_test.go, "IP and CIDR". */
const crdCases: string[] = [
  'isIP("192.168.0.1")',
  'ip.isCanonical("127.0.0.1")',
  'ip("192.168.0.1").family() > 0',
  'ip("0.0.0.0").isUnspecified()',
  'ip("127.0.0.1").isLoopback()',
  'ip("224.0.0.1").isLinkLocalMulticast()',
  'ip("192.168.0.1").isGlobalUnicast()',
  'type(ip("192.168.0.1")) == net.IP',
  'cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))',
  'cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")',
  'cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))',
  'type(cidr("2001:db8::/32").ip()) == net.IP',
  "cidr('192.168.0.0/24') == cidr('192.168.0.0/24').masked()",
  "cidr('192.168.0.0/16').prefixLength() == 16",
  "cidr('::1/128').ip().family() == 6",
];

/** ip.go / cidr.go documented examples and Kubernetes' rejections. */
const more: Case[] = [
  ["ip('127.0.0.256')", { runtimeError: /IPv4 field has value >255/ }],
  ["ip(':::1')", { runtimeError: /ParseAddr\(":::1"\)/ }],
  ["isIP('127.0.0.256')", { value: false }],
  ["ip.isCanonical('2001:db8::abcd')", { value: true }],
  ["ip.isCanonical('2001:db8::0:0:0:abcd')", { value: false }],
  ["ip('0:0::1') == ip('::1')", { value: true }],
  ["isIP('::ffff:1.2.3.4')", { value: false }],
  ["ip('::ffff:1.2.3.4')", { runtimeError: 'IPv4-mapped IPv6 address "::ffff:1.2.3.4" is not allowed' }],
  ["ip('fe80::1%eth0')", { runtimeError: 'IP address "fe80::1%eth0" with zone value is not allowed' }],
  ["ip('010.0.0.1')", { runtimeError: /IPv4 field has octet with leading zero/ }],
  ["ip('1.2.3')", { runtimeError: /IPv4 address too short/ }],
  ["ip('')", { runtimeError: 'IP Address "" parse error during conversion from string: ParseAddr(""): unable to parse IP' }],
  ["ip('::').isGlobalUnicast()", { value: false }],
  ["ip('10.0.0.1').isGlobalUnicast()", { value: true }],
  ["string(ip('2001:DB8:0:0:1:0:0:1'))", { value: '2001:db8::1:0:0:1' }],
  ["string(ip('::1:2:3:4:5:6:7'))", { value: '0:1:2:3:4:5:6:7' }],
  ["ip('1.2.3.4') == ip('::ffff:1.2.3.5')", { runtimeError: /IPv4-mapped/ }],
  ["cidr('192.168.0.0/33')", { runtimeError: /prefix length out of range/ }],
  ["cidr('::1/129')", { runtimeError: /prefix length out of range/ }],
  ["cidr('192.168.0.1/16').ip() == ip('192.168.0.1')", { value: true }],
  ["isCIDR('192.168.0.0/16')", { value: true }],
  ["isCIDR('192.168.0.0/33')", { value: false }],
  ["isCIDR('192.168.0.0/016')", { value: false }],
  ["isCIDR('192.168.0.0')", { value: false }],
  ["isCIDR('::ffff:1.2.3.4/120')", { value: false }],
  ["string(cidr('2001:DB8::1/64').masked())", { value: '2001:db8::/64' }],
  ["cidr('192.168.0.1/24') == cidr('192.168.0.1/24').masked()", { value: false }],
  ["cidr('0.0.0.0/0').containsIP('10.1.2.3')", { value: true }],
  ["cidr('0.0.0.0/0').containsIP('::1')", { value: false }],
  ["cidr('10.0.0.0/8').containsCIDR('10.0.0.0/8')", { value: true }],
  // cidr.go: a bad string for containsIP surfaces as `no such overload`, for containsCIDR as the parse error.
  ["cidr('10.0.0.0/8').containsIP('x')", { runtimeError: 'no such overload' }],
  ["cidr('10.0.0.0/8').containsCIDR('x')", { runtimeError: /netip\.ParsePrefix\("x"\): no '\/'/ }],
  ["cidr('10.0.0.0/8').containsIP(1)", { compileError: /no matching overload/ }],
  ["ip('1.2.3.4') == cidr('1.2.3.4/32').ip()", { value: true }],
  ["ip('1.2.3.4') != ip('1.2.3.5')", { value: true }],
  ['object.ips.all(i, isIP(i))', { value: true }],
  ['object.ips.exists(i, ip(i).family() == 6)', { value: true }],
];

describe('IP and CIDR libraries', () => {
  it.each(ipCases)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome));
  it.each(cidrCases)('%s', (expression, outcome) => expectOutcome(libraries, expression, outcome));
  it.each(crdCases)('%s', (expression) => expectOutcome(libraries, expression, { value: true }));
  it.each(more)('%s', (expression, outcome) =>
    expectOutcome(libraries, expression, outcome, { object: { ips: ['10.0.0.1', '::1'] } }, { object: 'dyn' }),
  );
});

describe('netip', () => {
  const addrErrors: [string, string][] = [
    ['1.2.3.4.5', 'ParseAddr("1.2.3.4.5"): IPv4 address too long'],
    ['1..2.3', 'ParseAddr("1..2.3"): IPv4 field must have at least one digit (at ".2.3")'],
    ['1.2.3.x', 'ParseAddr("1.2.3.x"): unexpected character (at "x")'],
    ['12345::', 'ParseAddr("12345::"): each group must have 4 or less digits (at "12345::")'],
    ['1:2:3:4:5:6:7:8:9', 'ParseAddr("1:2:3:4:5:6:7:8:9"): trailing garbage after address (at "9")'],
    ['1:2', 'ParseAddr("1:2"): address string too short'],
    ['1::2::3', 'ParseAddr("1::2::3"): multiple :: in address (at ":3")'],
    ['1:2:3:4:5:6:7::8', 'ParseAddr("1:2:3:4:5:6:7::8"): the :: must expand to at least one field of zeros'],
    ['::1.2.3.256', 'ParseAddr("::1.2.3.256"): IPv4 field has value >255'],
    ['1:2:3:1.2.3.4', 'ParseAddr("1:2:3:1.2.3.4"): embedded IPv4 address must replace the final 2 fields of the address (at "1.2.3.4")'],
    ['fe80::1%', 'ParseAddr("fe80::1%"): zone must be a non-empty string'],
    ['%eth0', 'ParseAddr("%eth0"): missing IPv6 address'],
    ['1:', 'ParseAddr("1:"): colon must be followed by more characters (at ":")'],
  ];
  it.each(addrErrors)('ParseAddr(%j) fails', (input, message) => expect(() => parseAddr(input)).toThrow(message));

  const canonical: [string, string][] = [
    ['::', '::'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['1:0:0:0:2:0:0:3', '1::2:0:0:3'],
    ['::ffff:1.2.3.4', '::ffff:1.2.3.4'],
    ['fe80::1%eth0', 'fe80::1%eth0'],
    ['255.255.255.255', '255.255.255.255'],
  ];
  it.each(canonical)('String(ParseAddr(%j)) = %j', (input, output) => expect(addrString(parseAddr(input))).toBe(output));

  it('ParsePrefix rejects zones, signs and leading zeros in the length', () => {
    expect(() => parsePrefix('fe80::1%eth0/64')).toThrow('netip.ParsePrefix("fe80::1%eth0/64"): IPv6 zones cannot be present in a prefix');
    expect(() => parsePrefix('1.2.3.4/+8')).toThrow('netip.ParsePrefix("1.2.3.4/+8"): bad bits after slash: "+8"');
    expect(() => parsePrefix('1.2.3.4/08')).toThrow('bad bits after slash: "08"');
    expect(parsePrefix('1.2.3.4/0')).toEqual({ addr: parseAddr('1.2.3.4'), length: 0 });
  });
});
