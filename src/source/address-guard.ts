/**
 * Which network addresses a download may connect to.
 *
 * A server that fetches caller-supplied URLs must not become a proxy into the
 * network it runs in (SSRF): loopback, private and link-local ranges, cloud
 * metadata endpoints and the like are refused. Every address is handled as 16
 * bytes (IPv4 in its IPv4-mapped IPv6 form) so that one CIDR test covers both
 * families and the mapped spellings (`::ffff:127.0.0.1`) cannot slip through.
 */
import { isIP } from 'node:net';

type Bytes16 = Uint8Array;

interface Range {
  readonly base: Bytes16;
  readonly prefix: number;
  readonly why: string;
}

/** Parses an IPv4 or IPv6 literal (brackets and zone id allowed) into 16 bytes, or null. */
export function parseIp(text: string): Bytes16 | null {
  let s = text.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const family = isIP(s);
  if (family === 4) {
    const out = new Uint8Array(16);
    out[10] = 0xff;
    out[11] = 0xff;
    s.split('.').forEach((part, i) => (out[12 + i] = Number(part)));
    return out;
  }
  if (family === 6) return parseIpv6(s);
  return null;
}

function parseIpv6(s: string): Bytes16 {
  const out = new Uint8Array(16);
  let tail4: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.indexOf('.', lastColon) >= 0) {
    // Embedded dotted IPv4 in the last 32 bits (::ffff:1.2.3.4).
    tail4 = s.slice(lastColon + 1).split('.').map(Number);
    s = s.slice(0, lastColon + 1) + '0:0';
  }
  const [head, rest] = s.includes('::') ? s.split('::') : [s, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = rest === undefined ? [] : rest ? rest.split(':') : [];
  const groups = rest === undefined
    ? headGroups
    : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  groups.forEach((g, i) => {
    const v = parseInt(g, 16);
    out[2 * i] = v >> 8;
    out[2 * i + 1] = v & 0xff;
  });
  if (tail4.length === 4) tail4.forEach((b, i) => (out[12 + i] = b));
  return out;
}

function range(cidr: string, why: string): Range {
  const [addr, bits] = cidr.split('/');
  const base = parseIp(addr);
  if (!base) throw new Error(`bad built-in CIDR ${cidr}`);
  const v4 = isIP(addr) === 4;
  const prefix = bits === undefined ? 128 : Number(bits) + (v4 ? 96 : 0);
  return { base, prefix, why };
}

function inRange(ip: Bytes16, r: { base: Bytes16; prefix: number }): boolean {
  let bits = r.prefix;
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((ip[i] & mask) !== (r.base[i] & mask)) return false;
  }
  return true;
}

/** Ranges a download never connects to unless the caller allow-lists them. */
const BLOCKED: readonly Range[] = [
  range('169.254.169.254', 'a cloud metadata address'),
  range('fd00:ec2::254', 'a cloud metadata address'),
  range('0.0.0.0/8', 'an unspecified ("this network") address'),
  range('10.0.0.0/8', 'a private address'),
  range('100.64.0.0/10', 'a private (carrier-grade NAT) address'),
  range('127.0.0.0/8', 'a loopback address'),
  range('169.254.0.0/16', 'a link-local address'),
  range('172.16.0.0/12', 'a private address'),
  range('192.0.0.0/24', 'a reserved (IETF protocol) address'),
  range('192.168.0.0/16', 'a private address'),
  range('198.18.0.0/15', 'a reserved (benchmarking) address'),
  range('224.0.0.0/4', 'a multicast address'),
  range('240.0.0.0/4', 'a reserved address'),
  range('::/128', 'an unspecified address'),
  range('::1/128', 'a loopback address'),
  range('100::/64', 'a reserved (discard) address'),
  range('fc00::/7', 'a private (unique local) address'),
  range('fe80::/10', 'a link-local address'),
  range('fec0::/10', 'a private (site-local) address'),
  range('ff00::/8', 'a multicast address'),
];

/** IPv6 prefixes whose last 32 bits are an IPv4 address that would be reached. */
const EMBEDS_IPV4: readonly Range[] = [
  range('::/96', 'IPv4-compatible'),
  range('64:ff9b::/96', 'NAT64'),
];

/**
 * Why `address` must not be connected to ("a private address", …), or null
 * when it is a public unicast address.
 */
export function blockedReason(address: string): string | null {
  const ip = parseIp(address);
  if (!ip) return 'not an IP address';
  for (const r of BLOCKED) if (inRange(ip, r)) return r.why;
  for (const r of EMBEDS_IPV4) {
    if (inRange(ip, r)) {
      const mapped = new Uint8Array(16);
      mapped[10] = 0xff;
      mapped[11] = 0xff;
      mapped.set(ip.subarray(12), 12);
      for (const b of BLOCKED) if (inRange(mapped, b)) return b.why;
    }
  }
  return null;
}

/**
 * The caller's allow-list: hostnames (exact, case-insensitive) and IPs or
 * CIDRs. Tests use it to reach their local server; a deployment may use it
 * for an intranet it trusts.
 */
export class AllowList {
  private readonly hosts = new Set<string>();
  private readonly ranges: Array<{ base: Bytes16; prefix: number }> = [];

  constructor(entries: readonly string[] = []) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      const [addr, bits] = entry.split('/');
      const ip = parseIp(addr);
      if (ip) {
        const v4 = isIP(addr.replace(/^\[|\]$/g, '')) === 4;
        const prefix = bits === undefined ? 128 : Number(bits) + (v4 ? 96 : 0);
        if (!Number.isInteger(prefix) || prefix < 0 || prefix > 128) {
          throw new Error(`allowHosts: bad prefix length in ${raw}`);
        }
        this.ranges.push({ base: ip, prefix });
      } else {
        this.hosts.add(entry.replace(/\.$/, ''));
      }
    }
  }

  get isEmpty(): boolean {
    return this.hosts.size === 0 && this.ranges.length === 0;
  }

  allowsHost(hostname: string): boolean {
    return this.hosts.has(hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, ''));
  }

  allowsAddress(address: string): boolean {
    const ip = parseIp(address);
    return ip !== null && this.ranges.some((r) => inRange(ip, r));
  }
}
