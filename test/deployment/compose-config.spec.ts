// Validates docker-compose.yml with docker-compose itself: interpolation,
// merge keys and the schema (depends_on conditions, healthchecks) are checked
// the way `docker-compose up` would read them. Needs only the docker-compose
// binary, not a Docker engine; .ci/install-tools.sh installs it.
import { spawnSync } from 'child_process';
import { join } from 'path';
import { parse } from 'yaml';

const ROOT = join(__dirname, '..', '..');

function runComposeConfig(extraEnv: Record<string, string> = {}, quiet = true) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  // A developer's COMPOSE_FILE would make docker-compose read other files.
  delete env.COMPOSE_FILE;
  return spawnSync('docker-compose', ['--file', 'docker-compose.yml', 'config', ...(quiet ? ['-q'] : [])], {
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
