import { Module } from '@nestjs/common';
import { PersistenceModule, RedisModule, SubgraphGraphQLModule } from '@scriptbook/platform';
import { accountsPersistence } from './accounts.persistence';
import { DevicesModule } from './devices/devices.module';
import { GroupsModule } from './groups/groups.module';
import { PlayersModule } from './players/players.module';
import { SessionsModule } from './sessions/sessions.module';

@Module({
  imports: [SubgraphGraphQLModule(), PersistenceModule.forService(accountsPersistence), RedisModule, PlayersModule, GroupsModule, SessionsModule, DevicesModule],
})
export class AccountsModule {}
