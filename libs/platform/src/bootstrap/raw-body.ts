import type { IncomingMessage } from 'node:http';

const RAW_BODY = Symbol('rawBody');
const EMPTY = Buffer.alloc(0);

type WithRawBody = IncomingMessage & { [RAW_BODY]?: Buffer };

/**
 * The body parser's `verify` hook: keeps the exact bytes that arrived, which
 * the gateway's signature covers. Re-serializing the parsed JSON would not
 * give back the same bytes.
 */
export function keepRawBody(req: IncomingMessage, _res: unknown, body: Buffer): void {
  (req as WithRawBody)[RAW_BODY] = body;
}

/** The request's body as it arrived; empty when no parser read one. */
export function rawBodyOf(req: IncomingMessage): Buffer {
  return (req as WithRawBody)[RAW_BODY] ?? EMPTY;
}
