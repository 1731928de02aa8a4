/**
 * The download guard's decision, offline: a table of addresses and what the
 * guard says of each. Nothing here opens a connection.
 */
import { describe, expect, it } from 'vitest';
import { AllowList, blockedReason, parseIp } from '../../src/source/address-guard.js';

describe('blockedReason', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '169.254.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::', '::1', 'fc00::1', 'fd12:3456::1',
    'fe80::1', 'ff02::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe', '[::1]', 'fe80::1%eth0',
  ])('refuses %s', (ip) => {
    expect(blockedReason(ip)).not.toBeNull();
  });

  // One address from every entry of the IANA special-purpose registries that is not globally reachable,
  // and from the other ranges the guard refuses, with the reason it gives.
  it.each([
    // IPv4 registry
    ['0.1.2.3', /this network/], // 0.0.0.0/8
    ['10.20.30.40', /private/], // 10.0.0.0/8
    ['100.127.255.254', /carrier-grade NAT/], // 100.64.0.0/10
    ['127.0.0.2', /loopback/], // 127.0.0.0/8
    ['169.254.10.10', /link-local/], // 169.254.0.0/16
    ['172.20.0.1', /private/], // 172.16.0.0/12
    ['192.0.0.1', /service continuity/], // 192.0.0.0/29
    ['192.0.0.8', /dummy/], // 192.0.0.8/32
    ['192.0.0.9', /IETF protocol/], // inside 192.0.0.0/24 (PCP anycast: no web server)
    ['192.0.0.171', /NAT64\/DNS64 discovery/], // 192.0.0.170/32, 192.0.0.171/32
    ['192.0.0.200', /IETF protocol/], // 192.0.0.0/24
    ['192.0.2.1', /documentation/], // 192.0.2.0/24
    ['192.88.99.2', /6to4 relay/], // 192.88.99.0/24
    ['192.168.255.255', /private/], // 192.168.0.0/16
    ['198.19.255.1', /benchmarking/], // 198.18.0.0/15
    ['198.51.100.7', /documentation/], // 198.51.100.0/24
    ['203.0.113.9', /documentation/], // 203.0.113.0/24
    ['240.0.0.1', /reserved/], // 240.0.0.0/4
    ['255.255.255.255', /broadcast/],
    ['239.255.255.250', /multicast/], // 224.0.0.0/4
    ['168.63.129.16', /metadata/],
    // IPv6 registry
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['64:ff9b:1::a00:1', /local-use NAT64/], // 64:ff9b:1::/48
    ['64:ff9b:1:ffff::8.8.8.8', /local-use NAT64/],
    ['100::1', /discard/], // 100::/64
    ['100:0:0:1::1', /dummy/], // 100:0:0:1::/64
    ['2001:2::1', /benchmarking/], // 2001:2::/48
    ['2001:10::1', /ORCHID/], // 2001:10::/28
    ['2001:20::1', /IETF protocol/], // 2001::/23
    ['2001:1ff::1', /IETF protocol/], // 2001::/23
    ['2001:db8::1', /documentation/], // 2001:db8::/32
    ['2001:DB8:FFFF::', /documentation/],
    ['3fff::1', /documentation/], // 3fff::/20
    ['5f00::1', /SRv6/], // 5f00::/16
    ['fc00::1', /unique local/], // fc00::/7
    ['fe80::1', /link-local/], // fe80::/10
    ['fec0::1', /site-local/],
    ['ff05::2', /multicast/],
    // IPv6 forms that carry an IPv4 address: the IPv4 address is judged, and the form itself refused where it is
    ['::ffff:127.0.0.1', /loopback/], // IPv4-mapped
    ['::ffff:0:7f00:1', /loopback address, 127\.0\.0\.1 inside an IPv4-translated address/],
    ['::ffff:0:8.8.8.8', /IPv4-translated/],
    ['::127.0.0.1', /loopback address, 127\.0\.0\.1 inside an IPv4-compatible address/],
    ['::a9fe:a9fe', /metadata/],
    ['::8.8.8.8', /IPv4-compatible/],
    ['2002:7f00:1::', /loopback address, 127\.0\.0\.1 inside a 6to4 address/],
    ['2002:a9fe:a9fe::1', /metadata/],
    ['2002:c0a8:0101:1::1', /private address, 192\.168\.1\.1 inside a 6to4 address/],
    ['2002:808:808::1', /^a 6to4 address$/],
    ['64:ff9b::7f00:1', /loopback address, 127\.0\.0\.1 inside a NAT64 address/],
    ['64:ff9b::10.0.0.1', /private/],
    ['64:ff9b::192.0.2.1', /documentation/],
    // Teredo (RFC 4380 §4): the client's address inverted; 3fff:fdd2 is 192.0.2.45, 80ff:fffe is 127.0.0.1
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', /documentation address, 192\.0\.2\.45 inside a Teredo address/],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', /loopback address, 127\.0\.0\.1 inside a Teredo address/],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', /^a Teredo address$/],
    // spellings: hex, octal, decimal, short forms, zero padding, upper case, zone ids, brackets, a trailing dot
    ['0x7f.1', /loopback/],
    ['0X7F.0.0.1', /loopback/],
    ['0x7f000001', /loopback/],
    ['2130706433', /loopback/],
    ['017700000001', /loopback/],
    ['0177.0.0.1', /loopback/],
    ['127.000.000.001', /loopback/],
    ['127.1', /loopback/],
    ['127.0.1', /loopback/],
    ['127.0.0.1.', /loopback/],
    ['0xa9.0xfe.0xa9.0xfe', /metadata/],
    ['0251.0376.0251.0376', /metadata/],
    ['2852039166', /metadata/],
    ['010.0.0.1', /private/], // octal 8.0.0.1 to a URL parser, 10.0.0.1 to a parser that drops zeros: both must pass
    ['0:0:0:0:0:0:0:1', /loopback/],
    ['0000:0000:0000:0000:0000:0000:0000:0001', /loopback/],
    ['::FFFF:7F00:1', /loopback/],
    ['::ffff:0x7f.1', /loopback/],
    ['FE80::1%25eth0', /link-local/],
    ['[fe80::1%eth0]', /link-local/],
    [' 127.0.0.1 ', /loopback/],
    // not an address at all
    ['', /not an IP address/],
    ['localhost', /not an IP address/],
    ['1.2.3.4.5', /not an IP address/],
    ['256.0.0.1', /not an IP address/],
    ['1.2.3.0x100', /not an IP address/],
    ['1.2.65536', /not an IP address/],
    ['4294967296', /not an IP address/],
    ['::1::', /not an IP address/],
    ['1:2:3:4:5:6:7:8:9', /not an IP address/],
    ['12345::', /not an IP address/],
    ['::ffff:1.2.3.4.5', /not an IP address/],
  ])('refuses %s: %s', (ip, why) => {
    expect(blockedReason(ip)).toMatch(why);
  });

  it.each([
    '8.8.8.8', '172.32.0.1', '100.128.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8',
    // next to refused ranges
    '198.51.99.255', '198.51.101.0', '203.0.112.255', '203.0.114.0', '192.0.1.255', '192.0.3.0', '223.255.255.255',
    '2001:db9::1', '2001:200::1', '2001:4860:4860::8888', '2003::1', '2a00:1450:4001:82a::200e',
    // globally reachable registry entries (AS112, AMT)
    '192.31.196.1', '192.175.48.1', '192.52.193.1',
    // NAT64 of a public address: how an IPv6-only network with DNS64 reaches every IPv4-only site
    '64:ff9b::808:808', '64:ff9b::8.8.8.8',
    // odd spellings of a public address
    '0x8.0x8.0x8.0x8', '134744072', '8.8.2056', '08.08.08.08', '2606:4700:4700:0000:0000:0000:0000:1111', '2606:4700:4700::1111'.toUpperCase(),
  ])('allows %s', (ip) => {
    expect(blockedReason(ip)).toBeNull();
  });

  it('names metadata addresses as such', () => {
    expect(blockedReason('169.254.169.254')).toMatch(/metadata/);
  });

  it('parses IPv4-mapped, compressed and odd IPv4 spellings to the same bytes', () => {
    expect(parseIp('::ffff:127.0.0.1')).toEqual(parseIp('127.0.0.1'));
    expect(parseIp('0:0:0:0:0:0:0:1')).toEqual(parseIp('::1'));
    expect(parseIp('0x7f.1')).toEqual(parseIp('127.0.0.1'));
    expect(parseIp('2130706433')).toEqual(parseIp('127.0.0.1'));
    // the way a URL reads it: a leading zero is octal
    expect(parseIp('010.0.0.1')).toEqual(parseIp('8.0.0.1'));
    expect(parseIp('not-an-ip')).toBeNull();
  });
});

describe('AllowList', () => {
  it('matches hostnames, IPs and CIDRs', () => {
    const a = new AllowList(['LocalHost', '10.1.0.0/16', '::1']);
    expect(a.allowsHost('localhost')).toBe(true);
    expect(a.allowsHost('example.com')).toBe(false);
    expect(a.allowsAddress('10.1.200.3')).toBe(true);
    expect(a.allowsAddress('10.2.0.1')).toBe(false);
    expect(a.allowsAddress('::1')).toBe(true);
    expect(a.allowsAddress('127.0.0.1')).toBe(false);
  });

  it('matches every spelling of an allowed address, and only where each reading is allowed', () => {
    const a = new AllowList(['127.0.0.1', '[fe80::1]', '10.0.0.0/8']);
    expect(a.allowsAddress('::ffff:127.0.0.1')).toBe(true);
    expect(a.allowsAddress('0x7f.1')).toBe(true);
    expect(a.allowsAddress('FE80::1%eth0')).toBe(true);
    expect(a.allowsAddress('2002:7f00:1::')).toBe(false);
    // 010.0.0.1 also reads as 8.0.0.1, which the list does not cover
    expect(a.allowsAddress('010.0.0.1')).toBe(false);
    expect(a.allowsAddress('not-an-ip')).toBe(false);
  });

  it('refuses bad prefix lengths', () => {
    expect(() => new AllowList(['10.0.0.0/33'])).toThrow(/bad prefix length/);
    expect(() => new AllowList(['::1/129'])).toThrow(/bad prefix length/);
    expect(() => new AllowList(['10.0.0.0/x'])).toThrow(/bad prefix length/);
  });
});
