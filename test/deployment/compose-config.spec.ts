// Validates docker-compose.yml and docker-compose.scaled.yml with docker-compose itself: interpolation,
// merge keys and the schema (depends_on conditions, healthchecks) are checked
// the way `docker-compose up` would read them. Needs only the docker-compose
// binary, not a Docker engine; .ci/install-tools.sh installs it.
import { spawnSync } from 'child_process';
import { join } from 'path';
import { parse } from 'yaml';

const ROOT = join(__dirname, '..', '..');

function runComposeConfig(extraEnv: Record<string, string> = {}, quiet = true, file = 'docker-compose.yml') {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  // A developer's COMPOSE_FILE would make docker-compose read other files.
  delete env.COMPOSE_FILE;
  return spawnSync('docker-compose', ['--file', file, 'config', ...(quiet ? ['-q'] : [])], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

function describeFailure(result: ReturnType<typeof runComposeConfig>): string {
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    return 'docker-compose is not installed; run .ci/install-tools.sh';
  }
  return [result.error?.message, result.stderr, result.stdout].filter(Boolean).join('\n');
}

describe('docker-compose config', () => {
  jest.setTimeout(90_000);

  const SECRETS = { JWT_SECRET: 'j'.repeat(48), GATEWAY_SIGNING_SECRET: 'g'.repeat(48) };

  it('refuses to resolve without the shared secrets, saying what to set', () => {
    for (const missing of Object.keys(SECRETS)) {
      const env: Record<string, string> = { ...SECRETS };
      delete env[missing];
      // An inherited value would hide the missing one.
      const result = runComposeConfig({ ...env, [missing]: '' });
      expect({ missing, status: result.status }).toEqual({ missing, status: 1 });
      expect(result.stderr).toContain(`set ${missing} to at least 32 random characters`);
    }
  });

  it('accepts docker-compose.yml once the secrets are set, and takes them and the database password from the environment', () => {
    const result = runComposeConfig({ ...SECRETS, POSTGRES_PASSWORD: 'from-the-environment' }, false);
    expect({ status: result.status, output: result.status === 0 ? '' : describeFailure(result) }).toEqual({
      status: 0,
      output: '',
    });
    const resolved = parse(result.stdout) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    for (const [name, service] of Object.entries(resolved.services)) {
      if (name === 'postgres' || name === 'redis') continue;
      expect({ name, jwt: service.environment?.JWT_SECRET, signing: service.environment?.GATEWAY_SIGNING_SECRET }).toEqual({
        name,
        jwt: SECRETS.JWT_SECRET,
        signing: SECRETS.GATEWAY_SIGNING_SECRET,
      });
    }
    expect(resolved.services.accounts.environment?.DATABASE_URL).toContain(':from-the-environment@');
  });
});

describe('docker-compose config of docker-compose.scaled.yml', () => {
  jest.setTimeout(90_000);

  const SECRETS = { JWT_SECRET: 'j'.repeat(48), GATEWAY_SIGNING_SECRET: 'g'.repeat(48) };
  const FILE = 'docker-compose.scaled.yml';

  it('refuses to resolve without the shared secrets, saying what to set', () => {
    for (const missing of Object.keys(SECRETS)) {
      const env: Record<string, string> = { ...SECRETS };
      delete env[missing];
      const result = runComposeConfig({ ...env, [missing]: '' }, true, FILE);
      expect({ missing, status: result.status }).toEqual({ missing, status: 1 });
      expect(result.stderr).toContain(`set ${missing} to at least 32 random characters`);
    }
  });

  it('accepts it once the secrets are set: two gateways behind HAProxy, replicas, PgBouncer and the Redis Cluster as written', () => {
    const result = runComposeConfig({ ...SECRETS, POSTGRES_PASSWORD: 'from-the-environment' }, false, FILE);
    expect({ status: result.status, output: result.status === 0 ? '' : describeFailure(result) }).toEqual({ status: 0, output: '' });
    const resolved = parse(result.stdout) as {
      services: Record<
        string,
        {
          environment?: Record<string, string>;
          deploy?: { replicas?: number };
          ports?: { published?: number | string; target?: number }[];
          depends_on?: Record<string, { condition?: string }>;
        }
      >;
    };
    const { services } = resolved;
    const infra = ['postgres', 'pgbouncer', 'haproxy', 'redis-cluster-init'];
    for (const [name, service] of Object.entries(services)) {
      if (infra.includes(name) || name.startsWith('redis-node-')) continue;
      expect({ name, jwt: service.environment?.JWT_SECRET, signing: service.environment?.GATEWAY_SIGNING_SECRET }).toEqual({
        name,
        jwt: SECRETS.JWT_SECRET,
        signing: SECRETS.GATEWAY_SIGNING_SECRET,
      });
    }
    expect(services.haproxy.ports).toEqual([expect.objectContaining({ published: 4000, target: 4000 })]);
    expect(services['gateway-1'].ports).toBeUndefined();
    expect(services['gateway-2'].ports).toBeUndefined();
    expect(services.haproxy.depends_on).toEqual(expect.objectContaining({ 'gateway-1': expect.anything(), 'gateway-2': expect.anything() }));
    for (const name of ['accounts', 'content', 'rules', 'campaigns', 'scoring', 'campaigns-worker', 'scoring-worker']) {
      expect({ name, replicas: services[name].deploy?.replicas }).toEqual({ name, replicas: 2 });
    }
    expect(services.accounts.environment?.DATABASE_URL).toBe('postgres://scriptbook:from-the-environment@pgbouncer:6432/scriptbook_accounts');
    expect(services.accounts.environment?.DATABASE_MIGRATION_URL).toBe('postgres://scriptbook:from-the-environment@postgres:5432/scriptbook');
    expect(services.pgbouncer.environment?.DB_PASSWORD).toBe('from-the-environment');
    expect(services['scoring-worker'].depends_on?.['redis-cluster-init']?.condition).toBe('service_completed_successfully');
    expect(Object.keys(services).filter((name) => name.startsWith('redis-node-'))).toHaveLength(6);
  });
});
