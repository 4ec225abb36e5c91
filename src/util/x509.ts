/**
 * @file Small Go primitives that both x509 decoders (the JMESPath `x509_decode` and the CEL `x509.decode`) use:
 * crypto/x509's `isPrintable` and `isValidIPMask`, `newOIDFromDER` (x509/oid.go), and `net.IP`'s `To4` test and
 * `String`.
 */

/** Go `isPrintable` of crypto/x509 (parser.go): PrintableString bytes plus `*` and `&`. */
export function isPrintable(b: number): boolean {
  return (
    (b >= 0x61 && b <= 0x7a) ||
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x30 && b <= 0x39) ||
    (b >= 0x27 && b <= 0x29) ||
    (b >= 0x2b && b <= 0x2f) ||
    b === 0x20 ||
    b === 0x3a ||
    b === 0x3d ||
    b === 0x3f ||
    b === 0x2a ||
    b === 0x26
  );
}

/** Go `isValidIPMask` (crypto/x509 parser.go): ones then zeros. */
export function isValidIpMask(mask: Uint8Array): boolean {
  let seenZero = false;
  for (const b of mask) {
    if (seenZero) {
      if (b !== 0) return false;
      continue;
    }
    if ([0x00, 0x80, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc, 0xfe].includes(b)) seenZero = true;
    else if (b !== 0xff) return false;
  }
  return true;
}

/** Go `newOIDFromDER` (crypto/x509 oid.go): the arcs of an OID of any size (minimal base-128), or null. */
export function oidFromDer(bytes: Uint8Array): bigint[] | null {
  if (bytes.length === 0 || (bytes[bytes.length - 1]! & 0x80) !== 0) return null;
  const arcs: bigint[] = [];
  let value = 0n;
  let start = true;
  for (const b of bytes) {
    if (start && b === 0x80) return null;
    start = false;
    value = (value << 7n) | BigInt(b & 0x7f);
    if ((b & 0x80) === 0) {
      arcs.push(value);
      value = 0n;
      start = true;
    }
  }
  const first = arcs.shift()!;
  return first < 80n ? [first / 40n, first % 40n, ...arcs] : [2n, first - 80n, ...arcs];
}

/** Whether 16 address bytes are an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, Go `net.IP.To4` of a 16-byte IP). */
export function isIPv4Mapped(ip: Uint8Array): boolean {
  return ip.length === 16 && ip.subarray(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;
}

/** Go `net.IP.String()`: dotted IPv4 (mapped addresses too), RFC 5952 IPv6, `?hex` for another length. */
export function ipString(ip: Uint8Array): string {
  if (ip.length === 4 || isIPv4Mapped(ip)) return [...ip.subarray(ip.length - 4)].join('.');
  if (ip.length !== 16) return `?${Buffer.from(ip).toString('hex')}`;
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((ip[i]! << 8) | ip[i + 1]!);
  // The longest run of at least two zero groups becomes `::`.
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength && j - i >= 2) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
