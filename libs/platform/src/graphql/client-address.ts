import type { IncomingMessage } from 'node:http';

const SIGNED_CLIENT_ADDRESS = Symbol('signedClientAddress');

type WithSignedClientAddress = IncomingMessage & { [SIGNED_CLIENT_ADDRESS]?: string };

/** Records the address the gateway vouched for, once its signature checked out. */
export function rememberSignedClientAddress(req: IncomingMessage, address: string | undefined): void {
  (req as WithSignedClientAddress)[SIGNED_CLIENT_ADDRESS] = address;
}

/** The address recorded by `rememberSignedClientAddress`, if any. */
export function signedClientAddressOfRequest(req: IncomingMessage): string | undefined {
  return (req as WithSignedClientAddress)[SIGNED_CLIENT_ADDRESS];
}

/**
 * The end client's address from a subgraph's GraphQL context (its
 * `clientAddress`), as the gateway established it and signed it; undefined
 * when no signed address came with the request (an unsigned call in
 * development). Never read from X-Forwarded-For or the socket.
 */
export function signedClientAddressOf(context: unknown): string | undefined {
  const value = (context as { clientAddress?: unknown } | null | undefined)?.clientAddress;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
