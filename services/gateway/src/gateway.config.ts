import { booleanFlag, DEFAULT_PORTS, serviceConfigSchema } from '@scriptbook/platform';
import proxyAddr from 'proxy-addr';
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
  /** Unset: any origin in development, none elsewhere (see `corsOriginsSetting`). */
  CORS_ORIGINS: z.string().optional(),
  /** Proxies whose X-Forwarded-For is believed: addresses, CIDRs or proxy-addr's names (`loopback`). Unset: none. */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .refine(compilesAsProxyList, 'a comma-separated list of IP addresses or CIDR ranges'),
  /**
   * Key the gateway signs every subgraph request with. Read here until the
   * shared configuration carries it; unset, requests go unsigned, which only
   * development subgraphs accept.
   */
  GATEWAY_SIGNING_SECRET: z.string().min(32, 'at least 32 characters').optional(),
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

function compilesAsProxyList(setting: string): boolean {
  try {
    proxyAddr.compile(proxyList(setting));
    return true;
  } catch {
    return false;
  }
}

/** `TRUSTED_PROXIES` as proxy-addr takes it. */
export function proxyList(setting: string): string[] {
  return setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The CORS origins in force: the setting when given; otherwise any origin
 * for a local development run, so a frontend on another port just works,
 * and none anywhere else, so a deployment opens up only what it names.
 */
export function corsOriginsSetting(config: Pick<GatewayConfig, 'CORS_ORIGINS' | 'NODE_ENV'>): string {
  return config.CORS_ORIGINS ?? (config.NODE_ENV === 'development' ? '*' : '');
}

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
