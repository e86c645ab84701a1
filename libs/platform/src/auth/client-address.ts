import { isIP } from 'node:net';
import { GATEWAY_CLIENT_ADDRESS_HEADER } from './gateway-signature';

interface RequestLike {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly socket?: { readonly remoteAddress?: string };
}

interface ContextLike {
  /** Set by the subgraph context once the gateway's signature over it checked out. */
  readonly clientAddress?: unknown;
  readonly req?: RequestLike;
}

/**
 * The caller's address, for per-address limits in a subgraph: the one the
 * gateway established and signed, else (an unsigned call, which only
 * development accepts) the forwarded header or the socket's peer. Anything
 * that is not a plain IP address is never used, so no header can name an
 * arbitrary bucket.
 */
export function clientAddressOf(context: ContextLike): string {
  const signed = plainAddress(context.clientAddress);
  if (signed) return signed;
  const forwarded = context.req?.headers[GATEWAY_CLIENT_ADDRESS_HEADER];
  const header = plainAddress(Array.isArray(forwarded) ? forwarded[0] : forwarded);
  if (header) return header;
  const peer = context.req?.socket?.remoteAddress ?? '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(peer);
  return mapped ? mapped[1] : plainAddress(peer) ?? 'unknown';
}

function plainAddress(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 45 && isIP(value) !== 0 ? value.toLowerCase() : undefined;
}
