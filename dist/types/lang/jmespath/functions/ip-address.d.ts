/**
 * @file Go `net.ParseIP` (IPv4 dotted decimal without leading zeros, IPv6 with `::` and an
 * optional embedded IPv4 tail, no zone) and the `IsLoopback`/`IsPrivate` classifications
 * `is_external_url` relies on.
 */
/** 16 bytes (IPv4 addresses in their IPv4-mapped IPv6 form). */
type IpBytes = Uint8Array;
/** Go `net.ParseIP`: the address, or null. */
export declare function parseIP(s: string): IpBytes | null;
/** Go `IP.IsLoopback`: 127.0.0.0/8 or ::1. */
export declare function isLoopback(ip: IpBytes): boolean;
/** Go `IP.IsPrivate`: 10/8, 172.16/12, 192.168/16, fc00::/7. */
export declare function isPrivate(ip: IpBytes): boolean;
export {};
