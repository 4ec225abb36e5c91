/**
 * @file Go `net.ParseIP` (IPv4 dotted decimal without leading zeros, IPv6 with `::` and an
 * optional embedded IPv4 tail, no zone) and the `IsLoopback`/`IsPrivate` classifications
 * `is_external_url` relies on.
 */

/** 16 bytes (IPv4 addresses in their IPv4-mapped IPv6 form). */
type IpBytes = Uint8Array;

function parseIPv4Fields(s: string): number[] | null {
  const fields = s.split('.');
  if (fields.length !== 4) return null;
  const out: number[] = [];
  for (const f of fields) {
    if (!/^[0-9]{1,3}$/.test(f) || (f.length > 1 && f[0] === '0')) return null;
    const n = Number(f);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

function mapped(v4: number[]): IpBytes {
  const b = new Uint8Array(16);
  b[10] = 0xff;
  b[11] = 0xff;
  b.set(v4, 12);
  return b;
}

function parseIPv6(s: string): IpBytes | null {
  const b = new Uint8Array(16);
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (text: string): number[] | null => {
    if (text === '') return [];
    const out: number[] = [];
    const parts = text.split(':');
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (i === parts.length - 1 && part.includes('.')) {
        const v4 = parseIPv4Fields(part);
        if (v4 === null) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(part)) return null;
        out.push(parseInt(part, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1 ? head.length !== 8 : head.length + tail.length > 7) return null;
  const all = [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  all.forEach((g, i) => {
    b[2 * i] = g >> 8;
    b[2 * i + 1] = g & 0xff;
  });
  return b;
}

/** Go `net.ParseIP`: the address, or null. */
export function parseIP(s: string): IpBytes | null {
  if (s.includes(':')) return parseIPv6(s);
  const v4 = parseIPv4Fields(s);
  return v4 === null ? null : mapped(v4);
}

/** Go `IP.To4() != nil`: an IPv4 address (or IPv4-mapped IPv6 address). */
function isIPv4(ip: IpBytes): boolean {
  for (let i = 0; i < 10; i++) if (ip[i] !== 0) return false;
  return ip[10] === 0xff && ip[11] === 0xff;
}

/** Go `IP.IsLoopback`: 127.0.0.0/8 or ::1. */
export function isLoopback(ip: IpBytes): boolean {
  if (isIPv4(ip)) return ip[12] === 127;
  return ip.every((b, i) => b === (i === 15 ? 1 : 0));
}

/** Go `IP.IsPrivate`: 10/8, 172.16/12, 192.168/16, fc00::/7. */
export function isPrivate(ip: IpBytes): boolean {
  if (isIPv4(ip)) {
    const [a, b] = [ip[12]!, ip[13]!];
    return a === 10 || (a === 172 && (b & 0xf0) === 16) || (a === 192 && b === 168);
  }
  return (ip[0]! & 0xfe) === 0xfc;
}
