import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  readonly url: string;
  readonly body: string;
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
 * Posts the same GraphQL body `requests` times with at most `concurrency`
 * in flight, like autocannon with a fixed count. A response counts as
 * failed unless it is HTTP 200 without `errors`.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let issued = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + options.timeLimitMs;

  const worker = async () => {
    while (issued < options.requests && performance.now() < deadline) {
      issued++;
      const sent = performance.now();
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: options.body,
        });
        const payload = (await response.json()) as { errors?: unknown };
        if (!response.ok || payload.errors) failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));

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
export async function warmUp(url: string, body: string, requests = 300): Promise<void> {
  const result = await runLoad({ url, body, requests, concurrency: 8, timeLimitMs: 20_000 });
  if (result.failed > 0) throw new Error(`warm-up against ${url} failed ${result.failed} of ${result.completed} requests`);
}
