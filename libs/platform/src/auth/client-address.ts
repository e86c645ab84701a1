import { isIP } from 'node:net';
import { GATEWAY_CLIENT_ADDRESS_HEADER } from './gateway-signature';

interface RequestLike {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly socket?: { readonly remoteAddress?: string };
}

/**
 * The caller's address, for per-address limits in a subgraph: the one the
 * gateway established and signed, else (a direct call in development or a
 * test) the socket's peer. Anything that is not a plain IP address is never
 * used, so a header cannot name an arbitrary bucket.
 */
export function clientAddressOf(context: { readonly req?: RequestLike }): string {
  const forwarded = context.req?.headers[GATEWAY_CLIENT_ADDRESS_HEADER];
  const value = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  if (value && value.length <= 45 && isIP(value) !== 0) return value.toLowerCase();
  const peer = context.req?.socket?.remoteAddress ?? '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(peer);
  return mapped ? mapped[1] : peer.toLowerCase() || 'unknown';
}
