import { z } from 'zod';
import { queryLimitsConfigShape } from '../graphql/query-limits';
import { booleanFlag } from './boolean-flag';
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS } from '../redis/redis-connection';
import { developmentSecrets, SHARED_SECRET_NAMES, SharedSecretName } from './development-secrets';

/** Thrown when the environment does not describe a runnable service. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: readonly string[],
  ) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const port = () => z.coerce.number().int().min(0).max(65535);
const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const redisClusterNodes = () =>
  z
    .string()
    .transform((list) => list.split(',').map((node) => node.trim()).filter((node) => node.length > 0))
    .pipe(z.array(z.string().regex(/^[^\s:,]+:\d{1,5}$/, 'each node is host:port')).min(1, 'at least one host:port'));
const secret = () => z.string().min(32, 'at least 32 characters').optional();

/** How far above PORT the metrics port sits when METRICS_PORT is not set. */
export const METRICS_PORT_DISTANCE = 1000;

/** Settings every service and worker reads. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port(),
  METRICS_PORT: port().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(10_000),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(5_000),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /**
   * A Redis Cluster's seed nodes, comma-separated `host:port`; unset for a
   * single Redis. With it, REDIS_URL gives only credentials and TLS.
   */
  REDIS_CLUSTER_NODES: redisClusterNodes().optional(),
  REDIS_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]+$/).default('scriptbook'),
  /** How long one Redis command may take before it fails, so a frozen or unreachable Redis gives an error, never a request that hangs. */
  REDIS_COMMAND_TIMEOUT_MS: milliseconds(DEFAULT_REDIS_COMMAND_TIMEOUT_MS),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'lower-case letters, digits and _').optional(),
  /**
   * What DATABASE_URL points at: `none` for Postgres itself, `transaction`
   * for a pooler in transaction mode (PgBouncer `pool_mode = transaction`).
   * With `transaction` no session settings are sent (the pooler's
   * `connect_query` sets the search_path) and migrations go to
   * DATABASE_MIGRATION_URL.
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  /**
   * Postgres itself, never a pooler: schema creation and migrations connect
   * here when set. Required with DATABASE_POOLER=transaction in a process
   * that applies migrations at start.
   */
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SQLITE_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: secret(),
  JWT_TTL: z.string().regex(/^\d+[smhd]$/, 'a duration such as 15m, 12h or 7d').default('7d'),
  GATEWAY_SIGNING_SECRET: secret(),
  ...queryLimitsConfigShape,
});

type ResolvedLater = SharedSecretName | 'METRICS_PORT';
export type BaseConfig = Omit<z.infer<typeof baseConfigSchema>, ResolvedLater> & Record<SharedSecretName, string> & { METRICS_PORT: number };

export { booleanFlag };

export interface LoadedConfig<C> {
  readonly config: C;
  /** What an operator should hear once the logger is up (for example, where development secrets came from). */
  readonly notices: readonly string[];
}

/**
 * Validates the environment against a service's schema and reports every
 * problem at once, so an operator fixes a deployment in one pass.
 *
 * JWT_SECRET and GATEWAY_SIGNING_SECRET have no default anywhere in the
 * source. Outside development a missing one is a configuration problem; in
 * development the data folder's own random secrets stand in (see
 * `developmentSecrets`), so `npm start` needs no setup and restarts keep
 * sessions.
 */
export function readConfig<S extends z.ZodTypeAny>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): LoadedConfig<z.infer<S> & BaseConfig> {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells and compose files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue: z.ZodIssue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  const nodeEnv = parsed.success ? (parsed.data as { NODE_ENV: string }).NODE_ENV : (present.NODE_ENV ?? 'development');
  if (nodeEnv !== 'development') {
    for (const name of SHARED_SECRET_NAMES) {
      if (!present[name]) problems.push(`${name}: required when NODE_ENV is ${nodeEnv} (at least 32 random characters, the same in every process)`);
    }
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(service, problems);

  const config = parsed.data as z.infer<S> & Partial<BaseConfig> & Omit<BaseConfig, ResolvedLater>;
  const notices: string[] = [];
  const missing = SHARED_SECRET_NAMES.filter((name) => !config[name]);
  if (missing.length > 0) {
    const local = developmentSecrets(config.SQLITE_DIR);
    for (const name of missing) config[name] = local.secrets[name];
    notices.push(
      `${missing.join(' and ')} not set: using this data folder's development ${missing.length > 1 ? 'secrets' : 'secret'} ` +
        `${local.created ? 'just generated in' : 'from'} ${local.path}`,
    );
  }

  const timing = timingProblems(config);
  config.METRICS_PORT ??= config.PORT === 0 ? 0 : config.PORT + METRICS_PORT_DISTANCE;
  if (config.METRICS_PORT > 65535) timing.push(`METRICS_PORT: PORT + ${METRICS_PORT_DISTANCE} is past 65535; set METRICS_PORT`);
  else if (config.METRICS_PORT !== 0 && config.METRICS_PORT === config.PORT) timing.push('METRICS_PORT: must differ from PORT');
  if (timing.length > 0) throw new ConfigError(service, timing);
  return { config: config as z.infer<S> & BaseConfig, notices };
}

/** `readConfig` for callers with nothing to log. */
export function loadConfig<S extends z.ZodTypeAny>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> & BaseConfig {
  return readConfig(service, schema, env).config;
}

function timingProblems(config: Pick<BaseConfig, 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS'>): string[] {
  // Node refuses a server whose headers may take longer than the whole request.
  return config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS
    ? ['HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS']
    : [];
}

/** Extends the base schema with a service's own settings and its default port. */
export function serviceConfigSchema<T extends z.ZodRawShape>(defaultPort: number, extra: T) {
  return baseConfigSchema.extend({ PORT: port().default(defaultPort), ...extra });
}

/** A service's configuration once loaded: its own settings over the base ones, secrets resolved. */
export type ServiceConfig<S extends z.ZodTypeAny> = z.infer<S> & BaseConfig;
