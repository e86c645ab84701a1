import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError, loadConfig, readConfig, serviceConfigSchema } from './config';
import { DEVELOPMENT_SECRETS_FILE } from './development-secrets';

const schema = serviceConfigSchema(4999, { EXTRA_LIMIT: z.coerce.number().int().positive().default(5) });
const SECRETS = { JWT_SECRET: 'j'.repeat(40), GATEWAY_SIGNING_SECRET: 'g'.repeat(40) };

function problemsOf(attempt: () => unknown): string[] {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'scriptbook-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fills every default for a zero-configuration local run', () => {
    const config = loadConfig('test', schema, { SQLITE_DIR: dataDir });
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4999,
      METRICS_PORT: 5999,
      REDIS_URL: 'redis://127.0.0.1:6379',
      SQLITE_DIR: dataDir,
      EXTRA_LIMIT: 5,
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_REQUEST_TIMEOUT_MS: 30_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 5_000,
      MAX_DEPTH: 10,
      MAX_ALIASES: 15,
      MAX_COST: 5_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad variable in one error', () => {
    const attempt = () =>
      loadConfig('accounts', schema, { PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_TTL: 'forever', EXTRA_LIMIT: '-1' });
    expect(attempt).toThrow(/^accounts: invalid configuration/);
    const problems = problemsOf(attempt).join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_TTL', 'EXTRA_LIMIT']) expect(problems).toContain(name);
  });

  it('reads a Redis Cluster as a list of seed nodes, and refuses one that is not host:port', () => {
    expect(loadConfig('test', schema, { ...SECRETS, REDIS_CLUSTER_NODES: '10.0.0.1:7001, redis-2:7002,' }).REDIS_CLUSTER_NODES).toEqual(['10.0.0.1:7001', 'redis-2:7002']);
    expect(loadConfig('test', schema, SECRETS).REDIS_CLUSTER_NODES).toBeUndefined();
    expect(problemsOf(() => loadConfig('test', schema, { ...SECRETS, REDIS_CLUSTER_NODES: 'redis://10.0.0.1:7001' })).join('\n')).toMatch(/REDIS_CLUSTER_NODES.*host:port/);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig('test', schema, { ...SECRETS, DATABASE_URL: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(4999);
  });

  it('rejects secrets too short to be safe', () => {
    const problems = problemsOf(() => loadConfig('accounts', schema, { JWT_SECRET: 'short', GATEWAY_SIGNING_SECRET: 'short' }));
    expect(problems).toEqual(['JWT_SECRET: at least 32 characters', 'GATEWAY_SIGNING_SECRET: at least 32 characters']);
  });

  it('reads the database pooler mode and the direct URL for migrations, refusing anything else', () => {
    const plain = loadConfig('test', schema, SECRETS);
    expect(plain.DATABASE_POOLER).toBe('none');
    expect(plain.DATABASE_MIGRATION_URL).toBeUndefined();
    const pooled = loadConfig('test', schema, {
      ...SECRETS,
      DATABASE_URL: 'postgres://app@pgbouncer:6432/scriptbook_accounts',
      DATABASE_POOLER: 'transaction',
      DATABASE_MIGRATION_URL: 'postgresql://owner@postgres:5432/scriptbook',
    });
    expect(pooled).toMatchObject({ DATABASE_POOLER: 'transaction', DATABASE_MIGRATION_URL: 'postgresql://owner@postgres:5432/scriptbook' });
    expect(loadConfig('test', schema, { ...SECRETS, DATABASE_MIGRATION_URL: '' }).DATABASE_MIGRATION_URL).toBeUndefined();
    const problems = problemsOf(() => loadConfig('test', schema, { ...SECRETS, DATABASE_POOLER: 'session', DATABASE_MIGRATION_URL: 'mysql://x' }));
    expect(problems).toEqual([expect.stringMatching(/^DATABASE_POOLER: /), 'DATABASE_MIGRATION_URL: must be a postgres:// URL']);
  });

  describe.each(['test', 'production'])('with NODE_ENV=%s', (nodeEnv) => {
    it('refuses to start without either secret, naming both with the other problems in one pass', () => {
      const problems = problemsOf(() => loadConfig('accounts', schema, { NODE_ENV: nodeEnv, SQLITE_DIR: dataDir, PORT: 'eighty' }));
      expect(problems).toEqual([
        expect.stringMatching(/^PORT:/),
        `JWT_SECRET: required when NODE_ENV is ${nodeEnv} (at least 32 random characters, the same in every process)`,
        `GATEWAY_SIGNING_SECRET: required when NODE_ENV is ${nodeEnv} (at least 32 random characters, the same in every process)`,
      ]);
      expect(() => readFileSync(join(dataDir, DEVELOPMENT_SECRETS_FILE))).toThrow(/ENOENT/);
    });

    it('refuses to start with only one of them', () => {
      const problems = problemsOf(() => loadConfig('accounts', schema, { NODE_ENV: nodeEnv, JWT_SECRET: SECRETS.JWT_SECRET }));
      expect(problems).toEqual([expect.stringMatching(/^GATEWAY_SIGNING_SECRET: required when NODE_ENV is/)]);
    });

    it('never falls back to the data folder\'s development secrets', () => {
      loadConfig('accounts', schema, { SQLITE_DIR: dataDir });
      expect(() => loadConfig('accounts', schema, { NODE_ENV: nodeEnv, SQLITE_DIR: dataDir })).toThrow(ConfigError);
    });

    it('takes the secrets it is given', () => {
      const config = loadConfig('accounts', schema, { NODE_ENV: nodeEnv, ...SECRETS });
      expect(config).toMatchObject(SECRETS);
    });
  });

  describe('in development without secrets', () => {
    it('generates random secrets once per data folder, stores them with mode 0600 and says so', () => {
      const first = readConfig('accounts', schema, { SQLITE_DIR: dataDir });
      const path = join(dataDir, DEVELOPMENT_SECRETS_FILE);
      expect(first.notices).toEqual([
        `JWT_SECRET and GATEWAY_SIGNING_SECRET not set: using this data folder's development secrets just generated in ${path}`,
      ]);
      expect(first.config.JWT_SECRET).toMatch(/^[\w-]{64}$/);
      expect(first.config.GATEWAY_SIGNING_SECRET).toMatch(/^[\w-]{64}$/);
      expect(first.config.GATEWAY_SIGNING_SECRET).not.toBe(first.config.JWT_SECRET);
      expect(statSync(path).mode & 0o777).toBe(0o600);

      const restarted = readConfig('content', schema, { SQLITE_DIR: dataDir });
      expect(restarted.config.JWT_SECRET).toBe(first.config.JWT_SECRET);
      expect(restarted.config.GATEWAY_SIGNING_SECRET).toBe(first.config.GATEWAY_SIGNING_SECRET);
      expect(restarted.notices).toEqual([expect.stringContaining(`development secrets from ${path}`)]);
    });

    it('gives another data folder other secrets', () => {
      const other = mkdtempSync(join(tmpdir(), 'scriptbook-config-'));
      try {
        expect(loadConfig('a', schema, { SQLITE_DIR: other }).JWT_SECRET).not.toBe(loadConfig('a', schema, { SQLITE_DIR: dataDir }).JWT_SECRET);
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    });

    it('keeps a secret set in the environment and fills only the missing one', () => {
      const { config, notices } = readConfig('accounts', schema, { SQLITE_DIR: dataDir, JWT_SECRET: SECRETS.JWT_SECRET });
      expect(config.JWT_SECRET).toBe(SECRETS.JWT_SECRET);
      expect(config.GATEWAY_SIGNING_SECRET).toBe(JSON.parse(readFileSync(join(dataDir, DEVELOPMENT_SECRETS_FILE), 'utf8')).GATEWAY_SIGNING_SECRET);
      expect(notices).toEqual([expect.stringMatching(/^GATEWAY_SIGNING_SECRET not set: using this data folder's development secret /)]);
    });

    it('says nothing when both are set', () => {
      expect(readConfig('accounts', schema, { SQLITE_DIR: dataDir, ...SECRETS }).notices).toEqual([]);
    });

    it('refuses a secrets file that was tampered into something unsafe', () => {
      writeFileSync(join(dataDir, DEVELOPMENT_SECRETS_FILE), JSON.stringify({ JWT_SECRET: 'short', GATEWAY_SIGNING_SECRET: 'short' }));
      expect(() => loadConfig('accounts', schema, { SQLITE_DIR: dataDir })).toThrow(/JWT_SECRET is missing or shorter than 32 characters/);
    });
  });

  describe('the metrics port', () => {
    it('sits a fixed distance above PORT unless set', () => {
      expect(loadConfig('a', schema, { ...SECRETS, PORT: '4002' }).METRICS_PORT).toBe(5002);
      expect(loadConfig('a', schema, { ...SECRETS, PORT: '4002', METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    });

    it('is picked by the system too when PORT is', () => {
      expect(loadConfig('a', schema, { ...SECRETS, PORT: '0' }).METRICS_PORT).toBe(0);
    });

    it('must be a usable port other than PORT', () => {
      expect(problemsOf(() => loadConfig('a', schema, { ...SECRETS, PORT: '65000' }))).toEqual([
        'METRICS_PORT: PORT + 1000 is past 65535; set METRICS_PORT',
      ]);
      expect(problemsOf(() => loadConfig('a', schema, { ...SECRETS, PORT: '4002', METRICS_PORT: '4002' }))).toEqual([
        'METRICS_PORT: must differ from PORT',
      ]);
    });
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(problemsOf(() => loadConfig('a', schema, { ...SECRETS, HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' }))).toEqual([
      'HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS',
    ]);
  });
});
