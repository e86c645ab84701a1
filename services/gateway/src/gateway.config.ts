import { BaseConfig, booleanFlag, DEFAULT_PORTS, serviceConfigSchema } from '@scriptbook/platform';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

const subgraphUrl = (port: number) => z.string().url().default(`http://127.0.0.1:${port}/graphql`);
const limit = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The gateway's own settings: where the subgraphs are, who may call from a
 * browser, which proxies are believed, and its request limits. The query
 * limits, the introspection switch and the signing secret are shared
 * settings (`baseConfigSchema`).
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
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/, 'a size such as 100kb').default('100kb'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().nonnegative().default(600),
  SUBGRAPH_TIMEOUT_MS: limit(10_000),
  /**
   * Longest campaigns may stay silent on a campaign file's upload (`POST /campaigns/import`) before it answers 503: it replays and
   * checks the whole file before its first byte of answer, about 25 s for 100,000 actions on a loaded 2-core machine.
   */
  /** Largest campaign file upload the gateway passes on, in bytes; give it campaigns' value (413 past it, whichever counts first). */
  CAMPAIGN_IMPORT_MAX_BYTES: z.coerce.number().int().min(1_024).max(1_073_741_824).default(67_108_864),
  CAMPAIGN_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /** GraphiQL at /explorer and for browsers at /graphql. Unset: on everywhere but production (see `explorerEnabled`). */
  EXPLORER_ENABLED: booleanFlag.optional(),
  /** The community leaderboard page at /leaderboard/. Unset: on everywhere but production (see `leaderboardPageEnabled`). */
  LEADERBOARD_PAGE_ENABLED: booleanFlag.optional(),
  /** The table screen at /play/. Unset: on everywhere but production (see `playPageEnabled`). */
  PLAY_PAGE_ENABLED: booleanFlag.optional(),
  /** How long clients, proxies and the shared Redis cache may keep a content-only answer; 0 turns content caching off. */
  CONTENT_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().nonnegative().max(86_400).default(300),
  /** How often the gateway asks the content subgraph for its `contentVersion`, which every content cache tag carries. */
  CONTENT_VERSION_REFRESH_MS: limit(60_000),
});

/** The query limits (MAX_DEPTH, ...), INTROSPECTION and GATEWAY_SIGNING_SECRET come with the shared base settings. */
export type GatewayConfig = z.infer<typeof gatewayConfigSchema> & BaseConfig;

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

/** The explorer serves nothing secret, but a production API should not offer a playground unless its operator chooses to. */
export function explorerEnabled(config: Pick<GatewayConfig, 'EXPLORER_ENABLED' | 'NODE_ENV'>): boolean {
  return config.EXPLORER_ENABLED ?? config.NODE_ENV !== 'production';
}

/** The page is public and read-only, but a production gateway serves it only when its operator chooses to. */
export function leaderboardPageEnabled(config: Pick<GatewayConfig, 'LEADERBOARD_PAGE_ENABLED' | 'NODE_ENV'>): boolean {
  return config.LEADERBOARD_PAGE_ENABLED ?? config.NODE_ENV !== 'production';
}

/** The table screen signs devices in and keeps campaigns, all through the public API; a production gateway serves it only when its operator chooses to. */
export function playPageEnabled(config: Pick<GatewayConfig, 'PLAY_PAGE_ENABLED' | 'NODE_ENV'>): boolean {
  return config.PLAY_PAGE_ENABLED ?? config.NODE_ENV !== 'production';
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
