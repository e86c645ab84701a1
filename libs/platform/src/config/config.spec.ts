import { z } from 'zod';
import { ConfigError, loadConfig, serviceConfigSchema } from './config';

const schema = serviceConfigSchema(4999, { EXTRA_LIMIT: z.coerce.number().int().positive().default(5) });

describe('loadConfig', () => {
  it('fills every default for a zero-configuration local run', () => {
    const config = loadConfig('test', schema, {});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4999,
      REDIS_URL: 'redis://127.0.0.1:6379',
      SQLITE_DIR: './data',
      EXTRA_LIMIT: 5,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('lists every bad variable in one error', () => {
    const attempt = () =>
      loadConfig('accounts', schema, { PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_TTL: 'forever', EXTRA_LIMIT: '-1' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_TTL', 'EXTRA_LIMIT']) expect(problems).toContain(name);
      expect((error as ConfigError).message).toMatch(/^accounts: invalid configuration/);
    }
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig('test', schema, { DATABASE_URL: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(4999);
  });

  it('refuses to run in production without a JWT secret', () => {
    expect(() => loadConfig('accounts', schema, { NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required in production/);
  });

  it('rejects a JWT secret too short to be safe', () => {
    expect(() => loadConfig('accounts', schema, { JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: at least 32 characters/);
  });
});
