import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Plain node:http with pooled keep-alive sockets, and no JSON parsing of
 * answers: the load generator shares the machine's two cores with the
 * services it measures, so it must cost as little as it can.
 */
export function post(url: URL, body: string, agent: Agent, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface LoadOptions {
  readonly url: string;
  /** The GraphQL body, or one per request (its index) when each must differ, as submissions do. */
  readonly body: string | ((index: number) => string);
  /** Extra request headers, e.g. `authorization`; or per request (its index and body), when each caller or signature differs. */
  readonly headers?: Record<string, string> | ((index: number, body: string) => Record<string, string>);
  /** Requests to send in all. */
  readonly requests: number;
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** Stop early after this long, whatever is left. */
  readonly timeLimitMs: number;
}

export interface LoadResult {
  readonly completed: number;
  readonly failed: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * Posts a GraphQL body `requests` times with at most `concurrency`
 * in flight, like autocannon with a fixed count. A response counts as
 * failed unless it is HTTP 200 without an `errors` member.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let issued = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + options.timeLimitMs;

  const url = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });

  const worker = async () => {
    while (issued < options.requests && performance.now() < deadline) {
      const body = typeof options.body === 'string' ? options.body : options.body(issued);
      const headers = typeof options.headers === 'function' ? options.headers(issued, body) : options.headers;
      issued++;
      const sent = performance.now();
      try {
        const response = await post(url, body, agent, headers);
        if (response.status !== 200 || response.text.includes('"errors":')) failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();

  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    completed: latencies.length,
    failed,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

/** A short run first, so JIT, connection pools and the gateway's plan cache are warm before measuring. */
export async function warmUp(url: string, body: string, requests = 1000): Promise<void> {
  const result = await runLoad({ url, body, requests, concurrency: 8, timeLimitMs: 20_000 });
  if (result.failed > 0) throw new Error(`warm-up against ${url} failed ${result.failed} of ${result.completed} requests`);
}

/** CPU time a process has used so far, in ms (Linux); the machine is shared, so CPU per request tells more than wall time. */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
