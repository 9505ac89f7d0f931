import { describe, expect, it } from 'vitest';
import { isSpecialPurpose } from '../src/infra/special-addresses.js';

/** The IANA special-purpose ranges a push delivery refuses (infra/special-addresses.ts: node:net's BlockList). */
describe('isSpecialPurpose', () => {
  it('refuses every listed IPv4 range, at both ends', () => {
    const ranges = [
      ['0.0.0.0', '0.255.255.255'],
      ['10.0.0.0', '10.255.255.255'],
      ['100.64.0.0', '100.127.255.255'],
      ['127.0.0.0', '127.255.255.255'],
      ['169.254.0.0', '169.254.255.255'],
      ['172.16.0.0', '172.31.255.255'],
      ['192.0.0.0', '192.0.0.255'],
      ['192.0.2.0', '192.0.2.255'],
      ['192.88.99.0', '192.88.99.255'],
      ['192.168.0.0', '192.168.255.255'],
      ['198.18.0.0', '198.19.255.255'],
      ['198.51.100.0', '198.51.100.255'],
      ['203.0.113.0', '203.0.113.255'],
      ['224.0.0.0', '239.255.255.255'],
      ['240.0.0.0', '255.255.255.255'],
    ];
    for (const [first, last] of ranges) {
      expect(isSpecialPurpose(first!), first).toBe(true);
      expect(isSpecialPurpose(last!), last).toBe(true);
    }
  });

  it('lets public IPv4 through, next to the ranges too', () => {
    for (const a of ['8.8.8.8', '142.250.74.106', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '169.253.255.255', '198.17.255.255', '198.20.0.0', '203.0.114.1', '223.255.255.255']) {
      expect(isSpecialPurpose(a), a).toBe(false);
    }
  });

  it('refuses every listed IPv6 range and the IPv4 ones embedded in IPv6', () => {
    for (const a of [
      '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:8.8.8.8', '0:0:0:0:0:ffff:a9fe:a9fe', '::127.0.0.1', '::a9fe:a9fe',
      '64:ff9b::808:808', '64:ff9b:1::1', '100::1', '2001::1', '2001:1ff:ffff::1', '2001:db8::1', '2002:7f00:1::1',
      'fc00::1', 'fdff:ffff::1', 'fe80::1', 'febf::1', 'ff02::1', 'FE80::1',
    ]) {
      expect(isSpecialPurpose(a), a).toBe(true);
    }
  });

  it('lets public IPv6 through; anything unparsable or zoned is refused', () => {
    for (const a of ['2001:4860:4860::8888', '2a00:1450:4001:80b::200a', '2606:4700:4700::1111', '2001:200::1']) expect(isSpecialPurpose(a), a).toBe(false);
    for (const a of ['', 'localhost', '127.1', '0x7f000001', 'fe80::1%eth0', '[::1]']) expect(isSpecialPurpose(a), a).toBe(true);
  });
});
