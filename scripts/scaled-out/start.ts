import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startScaledOutPlatform } from './scaled-out-platform';

/**
 * `npm run start:scaled-out`: the whole platform scaled out on this machine
 * (see scaled-out-platform.ts) against the Postgres of DATABASE_URL, until
 * Ctrl-C. Needs redis-server, pgbouncer and haproxy on the machine
 * (.ci/install-tools.sh installs the last two) and the build.
 */
async function main(): Promise<void> {
  if (!existsSync(join(__dirname, '..', '..', 'dist', 'services', 'gateway', 'src', 'main.js'))) throw new Error('run `npm run build` first');
  const name = `scaled_${process.pid}`;
  const platform = await startScaledOutPlatform({
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    name,
    jwtSecret: randomBytes(32).toString('base64url'),
    gatewaySigningSecret: randomBytes(32).toString('base64url'),
  });
  const counts = [...platform.replicas].map(([piece, replicas]) => `${replicas.length} × ${piece}`).join(', ');
  process.stdout.write(
    [
      `Scriptbook, scaled out: ${platform.url}/graphql`,
      `  ${counts}`,
      `  Redis Cluster: ${platform.redis.nodes.join(' ')}`,
      `  PgBouncer (transaction mode) on port ${platform.pgbouncer.port}; schemas ${name}_*`,
      'Ctrl-C stops everything (the schemas stay).',
      '',
    ].join('\n'),
  );
  const stop = () => void platform.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
