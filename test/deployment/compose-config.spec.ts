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

  it('accepts docker-compose.yml with the built-in local defaults', () => {
    const result = runComposeConfig();
    expect({ status: result.status, output: result.status === 0 ? '' : describeFailure(result) }).toEqual({
      status: 0,
      output: '',
    });
  });

  it('takes JWT_SECRET and the database password from the environment when set', () => {
    const secret = 'x'.repeat(48);
    const result = runComposeConfig({ JWT_SECRET: secret, POSTGRES_PASSWORD: 'from-the-environment' }, false);
    expect({ status: result.status, output: result.status === 0 ? '' : describeFailure(result) }).toEqual({
      status: 0,
      output: '',
    });
    const resolved = parse(result.stdout) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    expect(resolved.services.gateway.environment?.JWT_SECRET).toBe(secret);
    expect(resolved.services.accounts.environment?.DATABASE_URL).toContain(':from-the-environment@');
  });
});
