import { PersistenceDefinition } from '@scriptbook/platform';
import { scoringMigrations } from './migrations';
import { GameResultEntity } from './results/game-result.entity';

export const scoringPersistence: PersistenceDefinition = {
  service: 'scoring',
  entities: [GameResultEntity],
  migrations: scoringMigrations,
};
