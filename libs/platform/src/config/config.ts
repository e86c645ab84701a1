import { z } from 'zod';

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

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const DEV_JWT_SECRET = 'scriptbook-local-development-secret-not-for-production';

/** Settings every service and worker reads. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]+$/).default('scriptbook'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'lower-case letters, digits and _').optional(),
  SQLITE_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  JWT_TTL: z.string().regex(/^\d+[smhd]$/, 'a duration such as 15m, 12h or 7d').default('7d'),
});

export type BaseConfig = Omit<z.infer<typeof baseConfigSchema>, 'JWT_SECRET'> & { JWT_SECRET: string };

export { booleanFlag };

/**
 * Validates the environment against a service's schema and reports every
 * problem at once, so an operator fixes a deployment in one pass.
 * Outside production a fixed development JWT secret stands in when none is
 * set, so `npm start` needs no setup; production refuses to start without one.
 */
export function loadConfig<S extends z.ZodTypeAny>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> & BaseConfig {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells and compose files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue: z.ZodIssue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(service, problems);
  }
  const config = parsed.data as z.infer<S> & { NODE_ENV: string; JWT_SECRET?: string };
  if (!config.JWT_SECRET) {
    if (config.NODE_ENV === 'production') throw new ConfigError(service, ['JWT_SECRET: required in production']);
    config.JWT_SECRET = DEV_JWT_SECRET;
  }
  return config as z.infer<S> & BaseConfig;
}

/** Extends the base schema with a service's own settings and its default port. */
export function serviceConfigSchema<T extends z.ZodRawShape>(defaultPort: number, extra: T) {
  return baseConfigSchema.extend({ PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort), ...extra });
}
