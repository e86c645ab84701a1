import { CloseCode } from 'graphql-ws';
import type { GraphQLFormattedError } from 'graphql';
import type { WebSocket } from 'ws';

/** Longest a connection whose token stopped holding stays open for its other subscriptions' errors to go out. */
const CLOSE_GRACE_MS = 1_000;

/**
 * graphql-ws reads a connection's credentials once, from connection_init,
 * and has no way to replace them on an open connection. So once one of its
 * subscriptions ends UNAUTHENTICATED, nothing on that connection can start
 * again: it is closed with 4401 (Unauthorized, which graphql-ws clients do
 * not retry blindly) as soon as the error messages of its subscriptions
 * have gone out, and the device reconnects with a refreshed token. The close
 * reason is the error's rule.
 */
export class UnauthenticatedClose {
  private readonly closing = new WeakMap<WebSocket, { reason: string; grace: NodeJS.Timeout }>();

  /** A subscription's errors are about to be sent on `socket`. */
  erred(socket: WebSocket, errors: readonly GraphQLFormattedError[]): void {
    const refusal = errors.find((error) => error.extensions?.code === 'UNAUTHENTICATED');
    if (!refusal || this.closing.has(socket)) return;
    const rule = refusal.extensions?.rule;
    const reason = typeof rule === 'string' ? rule : 'unauthenticated';
    const grace = setTimeout(() => this.close(socket), CLOSE_GRACE_MS);
    grace.unref();
    this.closing.set(socket, { reason, grace });
  }

  /** A subscription on `socket` has finished and its last message was sent; `others` still run. */
  completed(socket: WebSocket, others: number): void {
    if (others === 0 && this.closing.has(socket)) this.close(socket);
  }

  private close(socket: WebSocket): void {
    const pending = this.closing.get(socket);
    if (!pending) return;
    clearTimeout(pending.grace);
    this.closing.delete(socket);
    if (socket.readyState === socket.OPEN) socket.close(CloseCode.Unauthorized, pending.reason);
  }
}
