import type { FetchInit, FetchLike, FetchResponse } from '../transport/http';
import type { Answer, Download, InProcessServer } from './in-process-server';
import type { VirtualClock } from './virtual-clock';

/** How badly the network treats requests; each a probability, delays in clock ms. */
export interface NetworkFaults {
  /** The request never reaches the server. */
  readonly lost: number;
  /** The server handles it, and its answer never arrives. */
  readonly answerLost: number;
  /** The server handles it a second time later, as a proxy retrying would. */
  readonly duplicated: number;
  /** Each way takes up to this long, so concurrent requests arrive out of order. */
  readonly maxDelayMs: number;
  /** The operations the faults hit; all when absent. */
  readonly only?: readonly string[];
}

export const NO_FAULTS: NetworkFaults = { lost: 0, answerLost: 0, duplicated: 0, maxDelayMs: 0 };

/** One device's link: it can go offline, and dies with a crash (nothing sent, nothing answered, ever). */
export class Link {
  online = true;
  alive = true;
  requests = 0;
  /** Requests by operation name, for tests that count them. */
  readonly sent: string[] = [];
}

function response(answer: Answer): FetchResponse {
  return { status: 200, headers: { get: () => null }, json: async () => structuredClone(answer) };
}

/** A download's answer as a platform's fetch gives it: the body a stream of the route's pieces. */
function downloadResponse(download: Download): FetchResponse {
  const encoder = new TextEncoder();
  const pieces = [...download.pieces];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
  return {
    status: download.status,
    headers: { get: (name) => (name.toLowerCase() === 'content-disposition' && download.filename ? `attachment; filename="${download.filename}"` : null) },
    json: async () => ({ errors: download.errors }),
    body: download.errors ? null : body,
  };
}

/**
 * Delivers a link's requests to the in-process server on the virtual
 * clock, with the faults asked for: lost requests and answers, duplicated
 * deliveries, random delays that reorder concurrent requests.
 */
export class FakeNetwork {
  faults: NetworkFaults;

  constructor(
    private readonly server: InProcessServer,
    private readonly clock: VirtualClock,
    private readonly random: () => number,
    faults: NetworkFaults = NO_FAULTS,
  ) {
    this.faults = faults;
  }

  fetchFor(link: Link): FetchLike {
    return (_url: string, init: FetchInit) =>
      new Promise<FetchResponse>((resolve, reject) => {
        if (!link.alive) return;
        link.requests += 1;
        if (init.method === 'GET') {
          link.sent.push('GET export');
          if (!link.online) return void this.clock.setTimeout(() => reject(new TypeError('fetch failed: offline')), 1);
          return void this.clock.setTimeout(() => resolve(downloadResponse(this.server.download(_url, init.headers.authorization))), 1);
        }
        const body = JSON.parse(init.body ?? '{}') as { operationName: string; variables: Record<string, unknown> };
        link.sent.push(body.operationName);
        const offline = () => reject(new TypeError('fetch failed: offline'));
        if (!link.online) return void this.clock.setTimeout(offline, 1);
        const faults = !this.faults.only || this.faults.only.includes(body.operationName) ? this.faults : { ...NO_FAULTS, maxDelayMs: this.faults.maxDelayMs };
        const delay = () => Math.floor(this.random() * faults.maxDelayMs);
        if (this.random() < faults.lost) return void this.clock.setTimeout(offline, delay());
        const deliver = () => this.server.handle(body.operationName, structuredClone(body.variables), init.headers.authorization);
        this.clock.setTimeout(() => {
          void deliver().then((answer) => {
            if (this.random() < faults.duplicated) this.clock.setTimeout(() => void deliver(), delay());
            this.clock.setTimeout(() => {
              if (!link.alive) return;
              if (!link.online || this.random() < faults.answerLost) offline();
              else resolve(response(answer));
            }, delay());
          });
        }, delay());
      });
  }
}
