import { PersistenceDefinition } from '@scriptbook/platform';
import { WEBHOOK_ENTITIES } from '@scriptbook/platform/webhooks';
import { scoringMigrations } from './migrations';
import { BoardOutboxEntity, ResultEntity } from './results/result.entity';

export const scoringPersistence: PersistenceDefinition = {
  service: 'scoring',
  entities: [ResultEntity, BoardOutboxEntity, ...WEBHOOK_ENTITIES],
  migrations: scoringMigrations,
};
