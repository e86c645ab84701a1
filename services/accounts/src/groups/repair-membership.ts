import 'reflect-metadata';
import { createLogger, createRedisClient, dataSourceOptions, loadConfig, openDataSource } from '@scriptbook/platform';
import { accountsApp } from '../accounts.app';
import { accountsPersistence } from '../accounts.persistence';
import { GroupMembershipSync } from './group-membership-sync';

/**
 * Rebuilds the membership read model from accounts' database, for an
 * operator who cannot wait for accounts' own upkeep (it rebuilds at start,
 * every five minutes, and within seconds of noticing a flush).
 * Returns how many shared groups were written.
 */
export async function repairMembership(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const config = loadConfig(accountsApp.name, accountsApp.configSchema, env);
  const logger = createLogger(`${accountsApp.name}-membership-repair`, config.LOG_LEVEL);
  const dataSource = await openDataSource(dataSourceOptions(config, accountsPersistence), false);
  const redis = createRedisClient(config, 'scriptbook-membership-repair');
  try {
    return await new GroupMembershipSync(dataSource, redis, config, logger).rebuildAll();
  } finally {
    await redis.quit().catch(() => redis.disconnect());
    await dataSource.destroy();
  }
}

if (require.main === module) {
  repairMembership().then(
    (groups) => {
      process.stdout.write(`membership read model rebuilt: ${groups} shared groups\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`membership repair failed: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
