import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach outside development: what would let a
 * registered URL probe the platform's own network (SSRF). IPv4-mapped IPv6
 * addresses are checked as the IPv4 address they carry.
 */
const REFUSED: readonly [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['64:ff9b:1::', 48, 'ipv6', 'local-use NAT64'],
  ['fc00::', 7, 'ipv6', 'private (unique local)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const blocks = REFUSED.map(([network, prefix, family, reason]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, reason };
});

/** Why `address` may not be a webhook's peer, or null for a public address. */
export function refusedAddressReason(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  const family = isIP(ip) === 4 ? 'ipv4' : isIP(ip) === 6 ? 'ipv6' : null;
  if (!family) return 'not an IP address';
  for (const block of blocks) if (block.family === family && block.list.check(ip, family)) return block.reason;
  return null;
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Thrown when a host cannot be reached under the address policy; `rule` names what it broke. */
export class AddressRefusedError extends Error {
  constructor(
    readonly rule: 'resolvable-host' | 'public-address',
    message: string,
  ) {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

/**
 * Every address `host` resolves to, all checked: one refused address refuses
 * the host, since a resolver may hand out any of them later. With
 * `allowPrivate` (development and tests only) nothing is refused.
 */
export async function resolvePermittedAddresses(host: string, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) as 4 | 6 }];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
    } catch {
      throw new AddressRefusedError('resolvable-host', `${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new AddressRefusedError('resolvable-host', `${host} does not resolve`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const reason = refusedAddressReason(address);
      if (reason) throw new AddressRefusedError('public-address', `${host} resolves to ${address}, a ${reason} address; webhooks reach public addresses only`);
    }
  }
  return addresses;
}
