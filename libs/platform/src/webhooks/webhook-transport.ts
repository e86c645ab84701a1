import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { AddressRefusedError, refusedAddressReason, resolvePermittedAddresses } from './address-policy';

export interface DeliveryAttempt {
  readonly url: string;
  readonly body: string;
  readonly headers: Record<string, string>;
  readonly timeoutMs: number;
  /** Development and tests only: lets http:// and private addresses through. */
  readonly allowLocal: boolean;
}

/** How one attempt went: the receiver's status, or why no status came back. */
export type AttemptOutcome = { readonly ok: true; readonly status: number } | { readonly ok: false; readonly status: number | null; readonly error: string };

/**
 * One POST of a delivery. The host is resolved and every address checked
 * here, at delivery, and the connection is made to the checked address
 * itself (the lookup handed to Node returns it instead of asking DNS again),
 * so a name that resolved to a public address at registration and to an
 * internal one now (DNS rebinding) is refused. The peer the socket reached
 * is checked once more before a byte is sent. Redirects are not followed:
 * a 3xx counts as a failure. TLS is verified against the URL's host name.
 */
export async function postWebhook(attempt: DeliveryAttempt): Promise<AttemptOutcome> {
  const url = new URL(attempt.url);
  let pinned: { address: string; family: 4 | 6 };
  try {
    [pinned] = await resolvePermittedAddresses(url.hostname, attempt.allowLocal);
  } catch (error) {
    if (error instanceof AddressRefusedError) return { ok: false, status: null, error: error.message };
    throw error;
  }
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptOutcome>((done) => {
    let settled = false;
    // Node's `timeout` is an idle timeout; a receiver that drips bytes would never trip it, so the whole attempt has a deadline too.
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${attempt.timeoutMs} ms`)), attempt.timeoutMs);
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      done(outcome);
    };
    const req = send(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(attempt.body), 'user-agent': 'Scriptbook-Webhooks/1', ...attempt.headers },
        timeout: attempt.timeoutMs,
      },
      (res) => {
        // The body is not kept: the status is the whole answer, and a large body must not cost memory.
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` });
        });
        res.on('error', (error) => finish({ ok: false, status: res.statusCode ?? null, error: error.message }));
      },
    );
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        const reason = attempt.allowLocal ? null : refusedAddressReason(peer);
        if (peer !== pinned.address || reason) req.destroy(new Error(`connected to ${peer}, not the checked ${pinned.address}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${attempt.timeoutMs} ms`)));
    req.on('error', (error) => finish({ ok: false, status: null, error: error.message }));
    req.end(attempt.body);
  });
}
