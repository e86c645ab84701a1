import { isIP } from 'node:net';
import { signedClientAddressOf } from '../graphql/client-address';

interface ContextLike {
  readonly clientAddress?: unknown;
  readonly req?: { readonly socket?: { readonly remoteAddress?: string } };
}

/**
 * The caller's address, for per-address limits in a subgraph: the one the
 * gateway established and signed, else (an unsigned call, which only
 * development accepts, and whose address header the subgraph drops) the
 * socket's peer. Anything that is not a plain IP address is never used, so
 * nothing a client sends can name an arbitrary bucket.
 */
export function clientAddressOf(context: ContextLike): string {
  const signed = plainAddress(signedClientAddressOf(context));
  if (signed) return signed;
  const peer = context.req?.socket?.remoteAddress ?? '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(peer);
  return mapped ? mapped[1] : plainAddress(peer) ?? 'unknown';
}

function plainAddress(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 45 && isIP(value) !== 0 ? value.toLowerCase() : undefined;
}
