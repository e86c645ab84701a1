import { booleanFlag, DEFAULT_PORTS, serviceConfigSchema } from '@scriptbook/platform';
import { z } from 'zod';

const subgraphUrl = (port: number) => z.string().url().default(`http://127.0.0.1:${port}/graphql`);
const limit = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The gateway's settings. Limit defaults are generous for real frontends
 * (a deep campaign view nests about 8 levels) and small enough that one
 * request cannot make the subgraphs do unbounded work.
 */
export const gatewayConfigSchema = serviceConfigSchema(DEFAULT_PORTS.gateway, {
  ACCOUNTS_URL: subgraphUrl(DEFAULT_PORTS.accounts),
  CONTENT_URL: subgraphUrl(DEFAULT_PORTS.content),
  RULES_URL: subgraphUrl(DEFAULT_PORTS.rules),
  CAMPAIGNS_URL: subgraphUrl(DEFAULT_PORTS.campaigns),
  SCORING_URL: subgraphUrl(DEFAULT_PORTS.scoring),
  SUPERGRAPH_PATH: z.string().min(1).optional(),
  CORS_ORIGINS: z.string().default('*'),
  INTROSPECTION: booleanFlag.default('true'),
  MAX_DEPTH: limit(10),
  MAX_ALIASES: limit(15),
  MAX_TOKENS: limit(2_000),
  MAX_COST: limit(5_000),
  MAX_DIRECTIVES: limit(50),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/, 'a size such as 100kb').default('100kb'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().nonnegative().default(600),
  SUBGRAPH_TIMEOUT_MS: limit(10_000),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema> & { JWT_SECRET: string };

const SIZE_UNITS = { b: 1, kb: 1024, mb: 1024 * 1024 } as const;

/** `BODY_LIMIT` in bytes: `100kb` is 102,400 bytes. */
export function bodyLimitBytes(limit: string): number {
  const [, amount, unit] = /^(\d+)(b|kb|mb)$/.exec(limit)!;
  return Number(amount) * SIZE_UNITS[unit as keyof typeof SIZE_UNITS];
}

export function subgraphUrls(config: GatewayConfig): Record<string, string> {
  return {
    accounts: config.ACCOUNTS_URL,
    content: config.CONTENT_URL,
    rules: config.RULES_URL,
    campaigns: config.CAMPAIGNS_URL,
    scoring: config.SCORING_URL,
  };
}
