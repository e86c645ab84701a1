import type { AnyZodObject, ZodTypeAny } from 'zod';
import { accountsConfigSchema } from '../../services/accounts/src/accounts.config';
import { campaignsConfigSchema } from '../../services/campaigns/src/campaigns.app';
import { gatewayConfigSchema } from '../../services/gateway/src/gateway.config';
import { scoringConfigSchema } from '../../services/scoring/src/scoring.config';

/** The seed when `FUZZ_SEED` is not set: every run of `npm test` sends the same requests in the same order. */
export const DEFAULT_SEED = 'scriptbook-fuzz-1';

export interface FuzzSettings {
  readonly seed: string;
  /** Requests the fuzz families send in all, shared out by `FAMILY_SHARES`. */
  readonly requests: number;
  /** Wall time the fuzz families may take in all; a family that runs out stops early and says so. */
  readonly wallTimeMs: number;
  /** How long an answer may take: the gateway's own subgraph timeout, plus a second for the gateway's own work. */
  readonly deadlineMs: number;
}

/** How the request budget is shared between the families. */
export const FAMILY_SHARES = { operations: 0.62, documents: 0.14, live: 0.18, sessions: 0.06 } as const;
export type Family = keyof typeof FAMILY_SHARES;

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  return {
    seed: env.FUZZ_SEED || DEFAULT_SEED,
    requests: Math.floor(positive(env.FUZZ_REQUESTS, 2_400)),
    wallTimeMs: positive(env.FUZZ_WALL_TIME_MS, 90_000),
    deadlineMs: gatewayConfigSchema.shape.SUBGRAPH_TIMEOUT_MS.parse(undefined) + 1_000,
  };
}

/**
 * Every throttle on, but far above what one fuzz run sends from its one
 * address, so generated requests reach the checks behind the throttles
 * instead of stopping at RATE_LIMITED; the limiters still count every
 * request. Read from the services' own settings (`*_LIMIT`,
 * `*_PER_MINUTE` with a numeric default), so a throttle added later is
 * raised too.
 */
export function throttlesRaised(schemas: readonly AnyZodObject[] = SERVICE_SETTINGS): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const schema of schemas) {
    for (const [name, setting] of Object.entries(schema.shape as Record<string, ZodTypeAny>)) {
      if (!/(_LIMIT|_PER_MINUTE)$/.test(name)) continue;
      const fallback = setting.safeParse(undefined);
      if (fallback.success && typeof fallback.data === 'number' && setting.safeParse(HIGH).success) env[name] = HIGH;
    }
  }
  return env;
}

const HIGH = '1000000';
const SERVICE_SETTINGS = [accountsConfigSchema, campaignsConfigSchema, scoringConfigSchema, gatewayConfigSchema];
