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

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) => {
    expect(blockedReason(ip)).toBeNull();
  });

  it('names metadata addresses as such', () => {
    expect(blockedReason('169.254.169.254')).toMatch(/metadata/);
  });

  it('parses IPv4-mapped and compressed IPv6 to the same bytes', () => {
    expect(parseIp('::ffff:127.0.0.1')).toEqual(parseIp('127.0.0.1'));
    expect(parseIp('0:0:0:0:0:0:0:1')).toEqual(parseIp('::1'));
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
});
