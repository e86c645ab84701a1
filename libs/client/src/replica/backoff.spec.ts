import { backoffDelay, DEFAULT_BACKOFF } from './backoff';

describe('the retry schedule', () => {
  it('doubles from the base up to the cap, each delay between half its step and the whole step', () => {
    const steps = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000];
    steps.forEach((step, i) => {
      expect(backoffDelay(i + 1, DEFAULT_BACKOFF, () => 0)).toBe(step / 2);
      expect(backoffDelay(i + 1, DEFAULT_BACKOFF, () => 0.999999)).toBe(Math.round(step / 2 + 0.999999 * (step / 2)));
    });
  });

  it('spreads devices that failed together over the upper half of the step', () => {
    const delays = [0.1, 0.3, 0.5, 0.7, 0.9].map((r) => backoffDelay(4, DEFAULT_BACKOFF, () => r));
    expect(new Set(delays).size).toBe(5);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(2_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(4_000);
  });

  it('never retries sooner than the server asked (RATE_LIMITED retryAfter)', () => {
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 0.5, 30_000)).toBe(30_000);
    expect(backoffDelay(9, DEFAULT_BACKOFF, () => 0.5, 1_000)).toBe(45_000);
  });
});
