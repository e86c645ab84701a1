import { RateLimitedError } from '@scriptbook/platform';
import { MessageType } from 'graphql-ws';

/** How one socket's incoming messages are counted: whole seconds, each allowing `perSecond`. */
export class SocketMessageRate {
  private windowStart = 0;
  private count = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one message; true while the socket is within its rate (always, with a rate of 0). */
  admit(): boolean {
    if (this.perSecond <= 0) return true;
    const now = this.now();
    if (now - this.windowStart >= 1_000) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.perSecond;
  }
}

/**
 * What to do with a message that came over the rate: a `subscribe` is
 * refused with its own typed error, so the client knows to wait and which
 * operation did not start; a `complete` is still handled, as it only frees
 * what the client held; anything else (pings) is dropped.
 */
export function overRate(data: string, perSecond: number): { readonly reply?: string; readonly handle: boolean } {
  let message: { type?: unknown; id?: unknown };
  try {
    message = JSON.parse(data) as { type?: unknown; id?: unknown };
  } catch {
    return { handle: false };
  }
  if (message.type === MessageType.Complete) return { handle: true };
  if (message.type !== MessageType.Subscribe || typeof message.id !== 'string') return { handle: false };
  const refusal = new RateLimitedError(1);
  const payload = [
    { message: `Over ${perSecond} messages per second on this socket; retry in 1 s`, extensions: { code: refusal.code, ...refusal.details } },
  ];
  return { handle: false, reply: JSON.stringify({ id: message.id, type: MessageType.Error, payload }) };
}
