import { PersistenceDefinition } from '@scriptbook/platform';
import { scoringMigrations } from './migrations';
import { GameResultEntity } from './results/game-result.entity';
import { BoardOutboxEntity, ZoneSurvivalResultEntity } from './results/zone-survival-result.entity';

export const scoringPersistence: PersistenceDefinition = {
  service: 'scoring',
  entities: [GameResultEntity, ZoneSurvivalResultEntity, BoardOutboxEntity],
  migrations: scoringMigrations,
};
