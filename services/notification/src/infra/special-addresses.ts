import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * The IANA special-purpose ranges (RFC 6890 and its registries) a push delivery never connects to: this host,
 * private, shared (carrier-grade NAT), loopback, link-local (the cloud metadata services), documentation,
 * benchmarking, multicast, reserved; in IPv6 also the IPv4-mapped and translated forms, Teredo, 6to4,
 * unique-local and link-local. None of them is a browser vendor's push service.
 */
const V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['255.255.255.255', 32],
];
const V6: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible (deprecated, RFC 4291): never a route to a push service.
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

// Two lists: a BlockList matches an IPv6 rule such as ::ffff:0:0/96 against every IPv4 address checked on it.
const v4 = new BlockList();
for (const [net, bits] of V4) v4.addSubnet(net, bits, 'ipv4');
const v6 = new BlockList();
for (const [net, bits] of V6) v6.addSubnet(net, bits, 'ipv6');

/** The IPv4 address in the low 32 bits of an IPv6 address of the ::/96 or ::ffff:0:0/96 forms, if it is one. */
function embeddedV4(address: string): string | undefined {
  const m = /^::(?:ffff:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = parseInt(m[2]!, 16);
  const lo = parseInt(m[3]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an address (IPv4, or IPv6 without brackets or zone) is in a special-purpose range; anything unparsable is. */
export function isSpecialPurpose(address: string): boolean {
  if (isIPv4(address)) return v4.check(address, 'ipv4');
  if (!isIPv6(address) || address.includes('%')) return true;
  const inner = embeddedV4(address);
  if (inner && v4.check(inner, 'ipv4')) return true;
  return v6.check(address, 'ipv6');
}
