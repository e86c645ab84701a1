import { PersistenceDefinition } from '@scriptbook/platform';
import { groupEntities } from './groups/group-entities';
import { accountsMigrations } from './migrations';
import { PlayerEntity } from './players/player.entity';

export const accountsPersistence: PersistenceDefinition = {
  service: 'accounts',
  entities: [PlayerEntity, ...groupEntities],
  migrations: accountsMigrations,
};
