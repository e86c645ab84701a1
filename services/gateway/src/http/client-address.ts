import { isIP } from 'node:net';

/** Whether the hop at `address`, `index` hops from the gateway, is a proxy we trust (proxy-addr's compiled form). */
export type ProxyTrust = (address: string, index: number) => boolean;

/** The longest textual IP address: a fully written IPv6 with an embedded IPv4. */
const MAX_ADDRESS_LENGTH = 45;
/** More trusted proxies than this in a row is a misconfiguration, not a topology. */
const MAX_HOPS = 16;

/**
 * The address a request comes from, for rate limits and for subgraphs.
 *
 * X-Forwarded-For is read only when the peer is a trusted proxy, and only
 * as far back as proxies stay trusted: from the nearest hop outwards, the
 * first address that is not a trusted proxy is the client. Hops further
 * out were written by the client and are never looked at, so a client
 * cannot pick its own bucket. A hop that is read and is not a plain IP
 * address (a name, a port, something oversized) means the header cannot be
 * believed: the peer's own address is used instead.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trust: ProxyTrust): string {
  const peerAddress = normalizeAddress(peer ?? '');
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  if (!header || !trust(peerAddress, 0)) return peerAddress;

  let current = peerAddress;
  let rest = header;
  for (let hop = 1; hop <= MAX_HOPS; hop++) {
    const comma = rest.lastIndexOf(',');
    const value = rest.slice(comma + 1).trim();
    if (value.length > MAX_ADDRESS_LENGTH || isIP(value) === 0) return peerAddress;
    current = normalizeAddress(value);
    if (comma < 0 || !trust(current, hop)) return current;
    rest = rest.slice(0, comma);
  }
  return peerAddress;
}

/** An IPv4 client seen through an IPv6 socket (`::ffff:203.0.113.5`) is that IPv4 address. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address.toLowerCase();
}

/**
 * The rate-limit bucket of an address. IPv6 hosts are routinely given a
 * whole /64, so a bucket per IPv6 address would let one host rotate through
 * billions of them: an IPv6 client is counted by its /64.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(address: string): string[] {
  let text = address.split('%')[0];
  const embedded = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded.slice(1).map(Number);
    text = `${text.slice(0, embedded.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}
