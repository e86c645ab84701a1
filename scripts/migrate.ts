import 'reflect-metadata';
import { baseConfigSchema, dataSourceOptions, loadConfig, migrate, openDataSource, PersistenceDefinition } from '@scriptbook/platform';
import { z } from 'zod';
import { accountsPersistence } from '../services/accounts/src/accounts.persistence';
import { campaignsPersistence } from '../services/campaigns/src/campaigns.persistence';
import { scoringPersistence } from '../services/scoring/src/scoring.persistence';

const DEFINITIONS: PersistenceDefinition[] = [accountsPersistence, campaignsPersistence, scoringPersistence];

/**
 * `npm run migrate`: applies every service's pending migrations, on Postgres
 * (DATABASE_URL) or the local SQLite files. DATABASE_SCHEMA is ignored here:
 * each service migrates its own schema.
 */
async function main(): Promise<void> {
  const config = loadConfig('migrate', baseConfigSchema.extend({ PORT: z.coerce.number().default(0) }));
  for (const definition of DEFINITIONS) {
    const dataSource = await openDataSource(dataSourceOptions({ ...config, DATABASE_SCHEMA: undefined }, definition), false);
    try {
      const applied = await migrate(dataSource);
      process.stdout.write(`${definition.service}: ${applied.length ? applied.join(', ') : 'up to date'}\n`);
    } finally {
      await dataSource.destroy();
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
