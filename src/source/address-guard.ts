/**
 * Which network addresses a download may connect to.
 *
 * A server that fetches caller-supplied URLs must not become a proxy into the
 * network it runs in (SSRF): loopback, private and link-local ranges, cloud
 * metadata endpoints, and every other special-purpose range of the IANA
 * registries (special-addresses.ts) are refused. Every address is handled as
 * 16 bytes (IPv4 in its IPv4-mapped IPv6 form) so that one CIDR test covers
 * both families and the mapped spellings (`::ffff:127.0.0.1`) cannot slip
 * through.
 *
 * Two more ways round a table of ranges are closed here:
 * - IPv6 forms that carry an IPv4 address which the packet ends up at (NAT64,
 *   6to4, Teredo, IPv4-compatible and IPv4-translated) have that IPv4 address
 *   judged too, so `64:ff9b::a9fe:a9fe` is the metadata address it reaches;
 * - every spelling a resolver or URL parser accepts for an address is read
 *   (`0x7f.1`, `2130706433`, `0177.0.0.1`, upper case, zone ids), and where
 *   one is read two ways (`010.0.0.1`: octal to inet_aton and WHATWG URLs,
 *   decimal elsewhere) both readings must pass.
 */
import { SPECIAL_IPV4, SPECIAL_IPV6, type SpecialRange } from './special-addresses.js';

type Bytes16 = Uint8Array;

interface Range {
  readonly base: Bytes16;
  readonly prefix: number;
  readonly why: string;
}

// ---------------------------------------------------------------- parsing

/** Parses an IPv4 or IPv6 literal (brackets and zone id allowed) into 16 bytes, or null. Where a spelling reads two ways, the way URLs read it. */
export function parseIp(text: string): Bytes16 | null {
  return ipReadings(text)[0] ?? null;
}

/** Every way `text` reads as an address (none when it is no address), the WHATWG URL reading first. */
function ipReadings(text: string): Bytes16[] {
  let s = text.trim().toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  // A zone id (fe80::1%eth0, or %25eth0 inside a URL) names an interface, not a different address.
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (s.includes(':')) return ipv6Readings(s);
  return ipv4Readings(s).map(mapped);
}

/** 16 bytes of the IPv4 address `v4` (a 32-bit number) in its IPv4-mapped IPv6 form. */
function mapped(v4: number): Bytes16 {
  const out = new Uint8Array(16);
  out[10] = 0xff;
  out[11] = 0xff;
  out[12] = v4 >>> 24;
  out[13] = (v4 >>> 16) & 0xff;
  out[14] = (v4 >>> 8) & 0xff;
  out[15] = v4 & 0xff;
  return out;
}

/**
 * IPv4 in the forms inet_aton and WHATWG URLs accept: one to four parts,
 * each decimal, 0x-hex or 0-led octal, the last filling the bytes left
 * (`127.1`, `2130706433`), and a trailing dot. A 0-led part is also read as
 * decimal (other parsers drop the zeros), giving a second reading.
 */
function ipv4Readings(text: string): number[] {
  const s = text.length > 1 && text.endsWith('.') ? text.slice(0, -1) : text;
  const parts = s.split('.');
  if (parts.length > 4 || parts.some((p) => !/^(0x[0-9a-f]*|[0-9]+)$/.test(p))) return [];
  const asUrl = parts.map((p) => (p.startsWith('0x') ? parseInt(p.slice(2) || '0', 16) : /^0[0-7]+$/.test(p) ? parseInt(p, 8) : /^0\d/.test(p) ? NaN : Number(p)));
  const asDecimal = parts.map((p) => (p.startsWith('0x') ? parseInt(p.slice(2) || '0', 16) : Number(p)));
  const out: number[] = [];
  for (const values of [asUrl, asDecimal]) {
    const v4 = ipv4Value(values);
    if (v4 !== null && !out.includes(v4)) out.push(v4);
  }
  return out;
}

/** The 32-bit address of parts already read as numbers, or null when one is out of range. */
function ipv4Value(values: readonly number[]): number | null {
  const last = values.length - 1;
  let v4 = 0;
  for (let i = 0; i < last; i++) {
    if (!(values[i] <= 0xff)) return null;
    v4 = v4 * 256 + values[i];
  }
  const room = 2 ** (8 * (4 - last));
  if (!(values[last] < room)) return null;
  return v4 * room + values[last];
}

/** IPv6: eight groups of one to four hex digits, one `::` for a run of zero groups, an IPv4 address for the last two. */
function ipv6Readings(s: string): Bytes16[] {
  let tails: number[] = [0];
  let head = s;
  const lastColon = s.lastIndexOf(':');
  if (s.includes('.', lastColon)) {
    // Embedded IPv4 in the last 32 bits (::ffff:1.2.3.4).
    tails = ipv4Readings(s.slice(lastColon + 1));
    if (tails.length === 0) return [];
    head = s.slice(0, lastColon + 1) + '0:0';
  }
  const halves = head.split('::');
  if (halves.length > 2) return [];
  const groupsOf = (h: string): string[] => (h === '' ? [] : h.split(':'));
  const left = groupsOf(halves[0]);
  const right = halves.length === 2 ? groupsOf(halves[1]) : [];
  const explicit = left.length + right.length;
  if (halves.length === 2 ? explicit > 7 : explicit !== 8) return [];
  const groups = [...left, ...Array<string>(8 - explicit).fill('0'), ...right];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return [];
  return tails.map((tail) => {
    const out = new Uint8Array(16);
    groups.forEach((g, i) => {
      const v = parseInt(g, 16);
      out[2 * i] = v >> 8;
      out[2 * i + 1] = v & 0xff;
    });
    if (s.includes('.', lastColon)) out.set(mapped(tail).subarray(12), 12);
    return out;
  });
}

// ---------------------------------------------------------------- ranges

/** A CIDR into a 16-byte range: IPv4 prefixes count from the mapped form's 96 leading bits. */
function cidr(text: string): { base: Bytes16; prefix: number } | null {
  const [addr, bits] = text.split('/');
  const base = parseIp(addr);
  if (!base) return null;
  const v4 = !addr.includes(':');
  const prefix = bits === undefined ? 128 : /^\d{1,3}$/.test(bits) ? Number(bits) + (v4 ? 96 : 0) : NaN;
  if (!(prefix >= (v4 ? 96 : 0) && prefix <= 128)) return null;
  return { base, prefix };
}

function table(entries: readonly SpecialRange[]): Range[] {
  return entries.map(([text, why]) => {
    const r = cidr(text);
    if (!r) throw new Error(`bad built-in CIDR ${text}`);
    return { ...r, why };
  });
}

function inRange(ip: Bytes16, r: { base: Bytes16; prefix: number }): boolean {
  let bits = r.prefix;
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((ip[i] & mask) !== (r.base[i] & mask)) return false;
  }
  return true;
}

const BLOCKED_IPV4 = table(SPECIAL_IPV4);
const BLOCKED_IPV6 = table(SPECIAL_IPV6);
const IPV4_MAPPED = cidr('::ffff:0:0/96')!;

/** IPv6 forms whose packets go on to an IPv4 address they carry, where in them it is, and their name with its article. */
const EMBEDDINGS: ReadonlyArray<{ range: { base: Bytes16; prefix: number }; kind: string; ipv4(ip: Bytes16): Uint8Array }> = [
  // RFC 6052: the well-known prefix puts the IPv4 address in the last 32 bits.
  { range: cidr('64:ff9b::/96')!, kind: 'a NAT64', ipv4: (ip) => ip.subarray(12) },
  // RFC 3056: 2002:AABB:CCDD::/48 is the site behind AA.BB.CC.DD.
  { range: cidr('2002::/16')!, kind: 'a 6to4', ipv4: (ip) => ip.subarray(2, 6) },
  // RFC 4380: the client's public IPv4 address is the last 32 bits, every bit inverted.
  { range: cidr('2001::/32')!, kind: 'a Teredo', ipv4: (ip) => ip.subarray(12).map((b) => b ^ 0xff) },
  // RFC 2765 §2.1: ::ffff:0:a.b.c.d.
  { range: cidr('::ffff:0:0:0/96')!, kind: 'an IPv4-translated', ipv4: (ip) => ip.subarray(12) },
  // RFC 4291 §2.5.5.1: ::a.b.c.d (:: and ::1 are the unspecified and loopback addresses, not this).
  { range: cidr('::/96')!, kind: 'an IPv4-compatible', ipv4: (ip) => ip.subarray(12) },
];

function ipv4Reason(bytes: Uint8Array): string | null {
  const ip = mapped(((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0);
  return BLOCKED_IPV4.find((r) => inRange(ip, r))?.why ?? null;
}

function reason(ip: Bytes16): string | null {
  if (inRange(ip, IPV4_MAPPED)) return ipv4Reason(ip.subarray(12));
  const exact = BLOCKED_IPV6.find((r) => r.prefix === 128 && inRange(ip, r));
  if (exact) return exact.why;
  for (const e of EMBEDDINGS) {
    if (!inRange(ip, e.range)) continue;
    const v4 = e.ipv4(ip);
    const why = ipv4Reason(v4);
    if (why) return `${why}, ${v4.join('.')} inside ${e.kind} address`;
  }
  return BLOCKED_IPV6.find((r) => inRange(ip, r))?.why ?? null;
}

/**
 * Why `address` must not be connected to ("a private address", …), or null
 * when it is a public unicast address. Anything that does not read as an IP
 * address is refused.
 */
export function blockedReason(address: string): string | null {
  const readings = ipReadings(address);
  if (readings.length === 0) return 'not an IP address';
  for (const ip of readings) {
    const why = reason(ip);
    if (why) return why;
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
      const [addr] = entry.split('/');
      if (parseIp(addr)) {
        const r = cidr(entry);
        if (!r) throw new Error(`allowHosts: bad prefix length in ${raw}`);
        this.ranges.push(r);
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

  /** Whether the allow-list covers `address`, in every way it reads. */
  allowsAddress(address: string): boolean {
    const readings = ipReadings(address);
    return readings.length > 0 && readings.every((ip) => this.ranges.some((r) => inRange(ip, r)));
  }
}
