import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void>;

export interface ReadinessReport {
  readonly ready: boolean;
  readonly checks: Record<string, { ok: boolean; error?: string }>;
}

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(check: ReadinessCheck): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    check().then(
      () => (clearTimeout(timer), resolve()),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/**
 * What this process needs before it can serve: its database, Redis, or (for
 * the gateway) its subgraphs. Modules register their dependency here; the
 * readiness probe runs them all, each bounded in time.
 */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();
  private shuttingDown = false;

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** Once shutdown starts the process reports not ready, so traffic drains away. */
  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async readiness(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await withTimeout(check);
          return [name, { ok: true }] as const;
        } catch (error) {
          return [name, { ok: false, error: (error as Error).message }] as const;
        }
      }),
    );
    const checks: ReadinessReport['checks'] = Object.fromEntries(entries);
    if (this.shuttingDown) checks.shutdown = { ok: false, error: 'shutting down' };
    return { ready: Object.values(checks).every((c) => c.ok), checks };
  }
}
