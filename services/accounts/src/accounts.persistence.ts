import { PersistenceDefinition } from '@scriptbook/platform';
import { groupEntities } from './groups/group-entities';
import { PlayerDeviceEntity } from './devices/player-device.entity';
import { accountsMigrations } from './migrations';
import { PlayerEntity } from './players/player.entity';
import { RefreshTokenEntity } from './sessions/refresh-token.entity';
import { SessionEntity } from './sessions/session.entity';

export const accountsPersistence: PersistenceDefinition = {
  service: 'accounts',
  entities: [PlayerEntity, ...groupEntities, PlayerDeviceEntity, SessionEntity, RefreshTokenEntity],
  migrations: accountsMigrations,
};
