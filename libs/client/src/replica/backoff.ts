/**
 * How long to wait before the next attempt after `failures` failures in a
 * row: exponential from `baseMs`, capped at `maxMs`, with "equal jitter"
 * (half the step fixed, half random) so a table of devices that lost the
 * network together does not come back in step; never less than what the
 * server asked for (`Retry-After`, `extensions.retryAfter`).
 */
export interface BackoffPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 60_000 };

export function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number, leastMs = 0): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  const jittered = step / 2 + random() * (step / 2);
  return Math.max(leastMs, Math.round(jittered));
}
