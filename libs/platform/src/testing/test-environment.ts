import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { Client } from 'pg';

/** The Postgres and Redis every development machine and CI run. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';
/** What tests sign direct subgraph calls with, standing in for the gateway. */
export const TEST_GATEWAY_SIGNING_SECRET = 'test-gateway-signing-secret-of-32-chars-or-more';

/**
 * The secrets every process a test starts needs outside development.
 * Spread them into any hand-made environment (`{ ...TEST_SECRETS, ... }`).
 */
export const TEST_SECRETS = {
  JWT_SECRET: TEST_JWT_SECRET,
  GATEWAY_SIGNING_SECRET: TEST_GATEWAY_SIGNING_SECRET,
} as const;

/**
 * One isolated corner of the shared Postgres and Redis per test run: a
 * schema per service and a Redis key prefix, all removed by `cleanUp`.
 */
export class TestIsolation {
  readonly id = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  private readonly schemas = new Set<string>();

  get redisPrefix(): string {
    return `sbtest-${this.id}`;
  }

  schemaFor(service: string): string {
    const schema = `${this.id}_${service.replace(/-/g, '_')}`;
    this.schemas.add(schema);
    return schema;
  }

  /** Environment for one service on Postgres, on a free port, quiet. */
  postgresEnv(service: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: this.schemaFor(service),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: this.redisPrefix,
      ...TEST_SECRETS,
      SHUTDOWN_TIMEOUT_MS: '10000',
      ...extra,
    };
  }

  async cleanUp(): Promise<void> {
    if (this.schemas.size > 0) {
      const client = new Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        for (const schema of this.schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    }
    const redis = new Redis(TEST_REDIS_URL);
    try {
      // A key family whose keys share a hash tag starts with `{<prefix>` (see hashTag).
      for (const pattern of [`${this.redisPrefix}*`, `{${this.redisPrefix}*`]) {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      }
    } finally {
      redis.disconnect();
    }
  }
}
