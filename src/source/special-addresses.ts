/**
 * The address ranges a download refuses, as data: the IANA IPv4 and IPv6
 * Special-Purpose Address Registries (RFC 6890 and its updates) — every entry
 * whose "Globally Reachable" is not True — plus the ranges those registries
 * leave to other documents that no public web page lives in (multicast,
 * site-local, cloud metadata).
 *
 * Entries the registries mark globally reachable are left out on purpose:
 * 64:ff9b::/96 (NAT64, RFC 6052), which on an IPv6-only network with DNS64 is
 * how every IPv4-only site resolves; address-guard.ts decodes the IPv4 address
 * inside it and judges that instead. The reachable anycast entries inside a
 * larger refused block (192.0.0.9/32 and 192.0.0.10/32 in 192.0.0.0/24,
 * 2001:1::1/128 … 2001:30::/28 in 2001::/23) stay refused with their block:
 * none of them serves web pages. AS112 (192.31.196.0/24, 192.175.48.0/24,
 * 2620:4f:8000::/48) and AMT (192.52.193.0/24) are reachable and not listed.
 *
 * Order matters only for the reason given: the first matching entry names it,
 * so narrower entries precede the blocks that hold them.
 *
 * Registries as of 2025: https://www.iana.org/assignments/iana-ipv4-special-registry,
 * https://www.iana.org/assignments/iana-ipv6-special-registry.
 */

/** A refused range: CIDR (IPv4 or IPv6), and why, as a message says it ("… is a private address"). */
export type SpecialRange = readonly [cidr: string, why: string];

export const SPECIAL_IPV4: readonly SpecialRange[] = [
  ['169.254.169.254/32', 'a cloud metadata address'], // AWS, GCP, Azure, OpenStack instance metadata
  ['168.63.129.16/32', 'a cloud metadata address'], // Azure WireServer: public-looking, answers only inside Azure
  ['0.0.0.0/8', 'an unspecified ("this network") address'], // RFC 791 §3.2; 0.0.0.0/32 "this host", RFC 1122 §3.2.1.3
  ['10.0.0.0/8', 'a private address'], // RFC 1918
  ['100.64.0.0/10', 'a private (carrier-grade NAT) address'], // RFC 6598
  ['127.0.0.0/8', 'a loopback address'], // RFC 1122 §3.2.1.3
  ['169.254.0.0/16', 'a link-local address'], // RFC 3927
  ['172.16.0.0/12', 'a private address'], // RFC 1918
  ['192.0.0.0/29', 'a reserved (IPv4 service continuity) address'], // RFC 7335
  ['192.0.0.8/32', 'a reserved (IPv4 dummy) address'], // RFC 7600
  ['192.0.0.170/31', 'a reserved (NAT64/DNS64 discovery) address'], // RFC 8880, RFC 7050
  ['192.0.0.0/24', 'a reserved (IETF protocol) address'], // RFC 6890
  ['192.0.2.0/24', 'a documentation address'], // RFC 5737 TEST-NET-1
  ['192.88.99.0/24', 'a reserved (deprecated 6to4 relay anycast) address'], // RFC 7526; 192.88.99.2/32 6a44 relay, RFC 6751
  ['192.168.0.0/16', 'a private address'], // RFC 1918
  ['198.18.0.0/15', 'a reserved (benchmarking) address'], // RFC 2544
  ['198.51.100.0/24', 'a documentation address'], // RFC 5737 TEST-NET-2
  ['203.0.113.0/24', 'a documentation address'], // RFC 5737 TEST-NET-3
  ['224.0.0.0/4', 'a multicast address'], // RFC 5771 (not in the special-purpose registry)
  ['255.255.255.255/32', 'a broadcast address'], // RFC 8190, RFC 919 §7
  ['240.0.0.0/4', 'a reserved address'], // RFC 1112 §4
];

export const SPECIAL_IPV6: readonly SpecialRange[] = [
  ['fd00:ec2::254/128', 'a cloud metadata address'], // AWS instance metadata over IPv6 (inside fc00::/7)
  ['::/128', 'an unspecified address'], // RFC 4291
  ['::1/128', 'a loopback address'], // RFC 4291
  ['::ffff:0:0:0/96', 'an IPv4-translated address'], // RFC 2765 §2.1 (SIIT, obsoleted by RFC 6145)
  ['::/96', 'a deprecated IPv4-compatible address'], // RFC 4291 §2.5.5.1
  ['64:ff9b:1::/48', 'a local-use NAT64 address'], // RFC 8215
  ['100::/64', 'a reserved (discard-only) address'], // RFC 6666
  ['100:0:0:1::/64', 'a reserved (dummy) address'], // RFC 9780
  ['2001::/32', 'a Teredo address'], // RFC 4380, RFC 8190
  ['2001:2::/48', 'a reserved (benchmarking) address'], // RFC 5180, RFC Errata 1752
  ['2001:10::/28', 'a reserved (deprecated ORCHID) address'], // RFC 4843
  ['2001::/23', 'a reserved (IETF protocol) address'], // RFC 2928
  ['2001:db8::/32', 'a documentation address'], // RFC 3849
  ['2002::/16', 'a 6to4 address'], // RFC 3056
  ['3fff::/20', 'a documentation address'], // RFC 9637
  ['5f00::/16', 'a reserved (SRv6 SID) address'], // RFC 9602
  ['fc00::/7', 'a private (unique local) address'], // RFC 4193, RFC 8190
  ['fe80::/10', 'a link-local address'], // RFC 4291
  ['fec0::/10', 'a private (site-local) address'], // RFC 3879 (deprecated, not in the registry)
  ['ff00::/8', 'a multicast address'], // RFC 4291 §2.7 (not in the special-purpose registry)
];
