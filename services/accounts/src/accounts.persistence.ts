import { PersistenceDefinition } from '@scriptbook/platform';
import { accountsMigrations } from './migrations';
import { PlayerEntity } from './players/player.entity';

export const accountsPersistence: PersistenceDefinition = {
  service: 'accounts',
  entities: [PlayerEntity],
  migrations: accountsMigrations,
};
